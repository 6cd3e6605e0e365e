import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { WEEK_DAYS, WORKING_HOURS_MAX, WORKING_HOURS_MIN } from '@tankha/domain';
import type { Wizard } from './useWizard';

/** Working hours (whole number 6–14) and up to two weekly days off. */
export function SettingsStep({ wizard }: { wizard: Wizard }) {
  const daysError = wizard.dayOffWarning ?? wizard.errorOf('weekDaysOff');
  return (
    <Stack gap="lg">
      <NumberInput
        label="Working hours per day"
        description={`A whole number from ${WORKING_HOURS_MIN.toString()} to ${WORKING_HOURS_MAX.toString()}`}
        required
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        maw={260}
        value={wizard.values.workingHours}
        onChange={wizard.setWorkingHours}
        error={wizard.errorOf('workingHours')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="week-days-off-label">
          Weekly days off
        </Text>
        <Text size="xs" c="dimmed">
          Choose one or two days.
        </Text>
        <Group gap="md" role="group" aria-labelledby="week-days-off-label">
          {WEEK_DAYS.map((day) => (
            <Checkbox key={day} label={day} checked={wizard.values.weekDaysOff.includes(day)} onChange={() => wizard.toggleDayOff(day)} />
          ))}
        </Group>
        {daysError && (
          <Text size="sm" c="red" role="alert">
            {daysError}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
