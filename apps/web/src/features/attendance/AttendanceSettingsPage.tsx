import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Radio, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTENDANCE_SETTINGS_MSG, GRACE_PERIOD_MAX_MINUTES, MAX_PAST_DAYS_LIMIT, type AttendanceSettings } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { isAdminOrModerator, useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { SETTINGS_KEY, fetchAttendanceSettings, saveAttendanceSettings } from './settings-api';
import {
  clampGrace,
  clampMaxPastDays,
  enabledInputs,
  formToPayload,
  sanitizeDuration,
  settingsToForm,
  validateSettingsForm,
  withSelfUpdate,
  type SettingsFormValues,
} from './settings-form';
import { toastApiError } from '../../ui/kit/api-error-toast';

type BooleanKey = { [K in keyof SettingsFormValues]: SettingsFormValues[K] extends boolean ? K : never }[keyof SettingsFormValues];

/** Attendance settings at /attendance/settings (people spec §2.1, §3, §4, §5, §7). */
export function AttendanceSettingsPage() {
  const user = useCurrentUser();
  const allowed = isAdminOrModerator(user.roleId);
  // People spec §6: the settings load only for administrators and moderators.
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchAttendanceSettings(signal), enabled: allowed, retry: false });

  if (!allowed) return <Alert color="yellow">Attendance settings are available to administrators and moderators.</Alert>;
  if (query.isError) return <ErrorState message={errorMessage(query.error, ATTENDANCE_SETTINGS_MSG.loadFailed)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader label="Loading attendance settings" />;
  return <SettingsForm initial={query.data} />;
}

/** The form over the loaded settings; it keeps its own values until saved. */
function SettingsForm({ initial }: { initial: AttendanceSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SettingsFormValues>(() => settingsToForm(initial));
  const [errors, setErrors] = useState<Partial<Record<keyof SettingsFormValues, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const live = enabledInputs(values);
  const toggle = (key: BooleanKey, label: string, description?: string) => (
    <Switch label={label} description={description} checked={values[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
  );

  const save = async () => {
    const found = validateSettingsForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveAttendanceSettings(formToPayload(values));
      queryClient.setQueryData(SETTINGS_KEY, saved);
      toast.success(ATTENDANCE_SETTINGS_MSG.saved);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors as typeof errors);
      toastApiError(error, ATTENDANCE_SETTINGS_MSG.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Attendance Settings</Title>
        <Button onClick={() => void save()} loading={saving}>
          Save Settings
        </Button>
      </Group>
      <Card withBorder radius="md">
        <Tabs defaultValue="hours">
          <Tabs.List>
            <Tabs.Tab value="hours">Working Hours</Tabs.Tab>
            <Tabs.Tab value="logs">Time Logs</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="hours" pt="md">
            <Stack gap="lg" maw={640}>
              <Radio.Group
                label="Total hours calculation"
                value={String(values.totalHoursCalculationType)}
                onChange={(v) => set('totalHoursCalculationType', v === '2' ? 2 : 1)}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="1" label="First check-in and last check-out" />
                  <Radio value="2" label="Every valid check-in and check-out" />
                </Stack>
              </Radio.Group>
              <Radio.Group label="Minimum hours required" value={String(values.minHoursRequiredMode)} onChange={(v) => set('minHoursRequiredMode', v === '2' ? 2 : 1)}>
                <Stack gap={6} mt={6}>
                  <Radio value="1" label="Strict" description="A day needs the full hours; otherwise half day, then absent." />
                  <Radio value="2" label="Lenient (expected hours)" description="A shortfall up to the grace period is forgiven." />
                </Stack>
              </Radio.Group>
              <Radio.Group label="Minimum hours input" value={String(values.minHoursInputType)} onChange={(v) => set('minHoursInputType', v === '2' ? 2 : 1)}>
                <Stack gap={6} mt={6}>
                  <Radio value="1" label="Manual input" />
                  <Radio value="2" label="Shift hours" description="The shift's length is a full day, half of it a half day." />
                </Stack>
              </Radio.Group>
              {live.durations && (
                <Group grow align="flex-start">
                  <TextInput
                    label="Full day duration"
                    placeholder="HH:mm"
                    value={values.fullDayDuration}
                    maxLength={5}
                    inputMode="numeric"
                    error={errors.fullDayDuration}
                    onChange={(e) => set('fullDayDuration', sanitizeDuration(e.currentTarget.value))}
                  />
                  <TextInput
                    label="Half day duration"
                    placeholder="HH:mm"
                    value={values.halfDayDuration}
                    maxLength={5}
                    inputMode="numeric"
                    error={errors.halfDayDuration}
                    onChange={(e) => set('halfDayDuration', sanitizeDuration(e.currentTarget.value))}
                  />
                </Group>
              )}
              <Group grow align="flex-start">
                <TextInput label="Shift start" type="time" value={values.shiftStart} error={errors.shiftStart} onChange={(e) => set('shiftStart', e.currentTarget.value)} />
                <TextInput label="Shift end" type="time" value={values.shiftEnd} error={errors.shiftEnd} onChange={(e) => set('shiftEnd', e.currentTarget.value)} />
              </Group>
              <NumberInput
                label="Grace period (minutes)"
                description={`0 to ${GRACE_PERIOD_MAX_MINUTES.toString()} minutes`}
                min={0}
                max={GRACE_PERIOD_MAX_MINUTES}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={values.gracePeriodMinutes}
                onChange={(v) => set('gracePeriodMinutes', clampGrace(v))}
              />
              {toggle('areHolidaysIncluded', 'Count work on holidays', 'Work on a holiday shows as Present (Holiday).')}
              {toggle('areLeavesIncluded', 'Count work on leave days', 'Work on a leave day shows as Present (Leave).')}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="logs" pt="md">
            <Stack gap="lg" maw={640}>
              <Switch
                label="Allow self attendance update"
                description="Employees may add or correct their own time logs."
                checked={values.allowSelfAttendanceUpdate}
                onChange={(e) => {
                  const allow = e.currentTarget.checked;
                  setValues((v) => withSelfUpdate(v, allow));
                }}
              />
              <NumberInput
                label="Max past days for attendance update"
                min={0}
                max={MAX_PAST_DAYS_LIMIT}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                disabled={!live.maxPastDays}
                value={values.maxPastDaysForAttendanceUpdate}
                onChange={(v) => set('maxPastDaysForAttendanceUpdate', clampMaxPastDays(v))}
              />
              {toggle('restrictLogsToEstimatedJobHours', 'Restrict logs to estimated job hours', 'Logs must fall within the shift hours.')}
              {toggle('restrictLogsForFutureDates', 'Restrict logs for future dates')}
              {toggle('restrictLogsForPastDates', 'Restrict logs for past dates', 'Beyond the max past days above.')}
              {toggle('restrictLogsForWeekend', 'Restrict logs on weekends')}
              {toggle('restrictLogsForHolidays', 'Restrict logs on holidays')}
              {toggle('isFutureDateRegularizationEnabled', 'Allow regularization for future dates')}
              {toggle('isReasonEnabled', 'Require a reason for attendance updates')}
              <Radio.Group label="Regularization entry" value={String(values.regularizationEntryType)} onChange={(v) => set('regularizationEntryType', v === '2' ? 2 : 1)}>
                <Stack gap={6} mt={6}>
                  <Radio value="1" label="Start and end time" />
                  <Radio value="2" label="Total hours" />
                </Stack>
              </Radio.Group>
              <Text size="xs" c="dimmed">
                Saving recomputes attendance of the current and previous month for everyone.
              </Text>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
