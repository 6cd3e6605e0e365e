import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NEXT_MONTH_PAY_DAY_MAX, PAYROLL_MSG, PAY_DAY_TYPES, PAY_PERIOD_TYPES, type PayrollSettings } from '@tankha/contracts';
import { PAYSLIP_PASSWORD_EXAMPLE } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { ErrorState } from '../../ui/ErrorState';
import { applyFieldErrors } from '../../ui/server-errors';
import {
  DAY_OPTIONS,
  MONTH_NAMES,
  PAY_DAY_TYPE_OPTIONS,
  PAY_PERIOD_OPTIONS,
  fixedRangeDays,
  initialValues,
  isLastPayrollEditable,
  lastPayrollIsSet,
  monthYearText,
  payDayHint,
  payDayOptions,
  toInput,
  yearOptions,
  type SettingsValues,
} from './settings-form';
import { PAYROLL_SETUP_KEY, markSettingsCompleted, savePayrollSettings, usePayrollSettings, usePayrollStatus } from './setup.api';
import { PayrollSettingsTabs } from './SettingsTabs';
import { toastApiError, toastUnlessHandled } from '../../ui/kit/api-error-toast';

export const CONFIRM_TITLE = 'Confirm Last Payroll Month';
export const CONFIRM_TICK = 'I understand that the last payroll month and year cannot be changed later';
export const PROTECT_LABEL = 'Protect payslip PDFs with a password';
/** The help text under the switch: the pattern, an example, and what happens without a PAN or a date of birth. */
export const PROTECT_HELP = `Password: the first five letters of the PAN in capitals and the date of birth as DDMM, e.g. ${PAYSLIP_PASSWORD_EXAMPLE} (PAN ABCDE1234F, born 1 August). Applies to downloaded and e-mailed payslips, including those already issued; employees are told the pattern. An employee without a PAN or a date of birth gets a payslip without a password: the payroll run lists them in its warnings.`;

const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const FIELDS = ['payPeriodType', 'payStartDay', 'payEndDay', 'payDayType', 'payDay', 'lastPayrollRunMonth', 'lastPayrollYear', 'protectPayslipPdfs'];

/**
 * /payroll/settings (people spec §2.9, §4, §5; needs the Settings feature): pay period, pay day and
 * the last payroll month and year, which the first save fixes after a confirm dialog with a tick box.
 * 'Mark as Completed' (once they are set) completes the checklist's settings step → /payroll-setup.
 */
export function PayrollSettingsPage({ today: todayProp }: { today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const status = usePayrollStatus();
  const settings = usePayrollSettings();
  return (
    <Stack gap="md">
      <Title order={3}>Payroll Settings</Title>
      <PayrollSettingsTabs current="general" />
      {status.isPending || settings.isPending ? (
        <Text role="status">Loading...</Text>
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error, 'Failed to load the payroll settings.')} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} payrollEnabled={status.data === true} today={today} />
      )}
    </Stack>
  );
}

function SettingsForm({ settings, payrollEnabled, today }: { settings: PayrollSettings | null; payrollEnabled: boolean; today: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editable = isLastPayrollEditable(settings);
  const [confirming, setConfirming] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [completing, setCompleting] = useState(false);
  const form = useForm<SettingsValues>({ initialValues: initialValues(settings, today) });
  const { values } = form;
  const fixedRange = values.payPeriodType === String(PAY_PERIOD_TYPES.FixedRange);
  const dayOptions = payDayOptions(values.payDayType);

  const save = async () => {
    setSaving(true);
    try {
      await savePayrollSettings(toInput(form.getValues(), settings));
      toast.success(PAYROLL_MSG.settingsUpdated);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_SETUP_KEY] });
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(FIELDS, error.errors, form.setErrors);
      toastUnlessHandled(error, PAYROLL_MSG.settingsError);
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };

  const apply = form.onSubmit(() => {
    if (editable) {
      // The first save fixes the last payroll month and year: ask first (people §4).
      setTicked(false);
      setConfirming(true);
      return;
    }
    void save();
  });

  const markCompleted = async () => {
    setCompleting(true);
    try {
      await markSettingsCompleted();
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_SETUP_KEY] });
      void navigate(PATHS.payrollSetup);
    } catch (error) {
      toastApiError(error, PAYROLL_MSG.settingsError);
    } finally {
      setCompleting(false);
    }
  };

  /** The next month offers the 1st to the 7th: a later day is brought back to the 7th. */
  const changePayDayType = (value: string) => {
    form.setFieldValue('payDayType', value);
    if (value === String(PAY_DAY_TYPES.DayOfNextMonth) && Number(form.getValues().payDay) > NEXT_MONTH_PAY_DAY_MAX) form.setFieldValue('payDay', String(NEXT_MONTH_PAY_DAY_MAX));
  };

  const changePeriod = (value: string) => {
    form.setFieldValue('payPeriodType', value);
    if (value === String(PAY_PERIOD_TYPES.FixedRange)) form.setValues(fixedRangeDays(settings));
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={760}>
      <form onSubmit={apply} noValidate>
        <Stack gap="lg">
          <div>
            <Title order={4}>Pay period</Title>
            <Text size="sm" c="dimmed">
              How each month’s pay period runs and when salaries are paid.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Pay Period" data={PAY_PERIOD_OPTIONS} {...form.getInputProps('payPeriodType')} onChange={(e) => changePeriod(e.currentTarget.value)} />
            {fixedRange && (
              <>
                <NativeSelect label="Pay Start Day" data={DAY_OPTIONS} {...form.getInputProps('payStartDay')} />
                <NativeSelect label="Pay End Day" data={DAY_OPTIONS} {...form.getInputProps('payEndDay')} />
              </>
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Pay Day Type" data={PAY_DAY_TYPE_OPTIONS} {...form.getInputProps('payDayType')} onChange={(e) => changePayDayType(e.currentTarget.value)} />
            {dayOptions && <NativeSelect label="Pay Day" data={dayOptions} {...form.getInputProps('payDay')} />}
          </SimpleGrid>
          <Text size="sm" c="dimmed" aria-live="polite">
            {payDayHint(values.payDayType, values.payDay)} A change applies to the month not finalized yet.
          </Text>

          <div>
            <Title order={4}>Last payroll</Title>
            <Text size="sm" c="dimmed">
              The last month whose payroll was run before Tankha. Payroll here starts with the month after it.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Last Payroll Month" data={MONTH_OPTIONS} disabled={!editable} required={editable} {...form.getInputProps('lastPayrollRunMonth')} />
            <NativeSelect label="Last Payroll Year" data={yearOptions(today)} disabled={!editable} required={editable} {...form.getInputProps('lastPayrollYear')} />
          </SimpleGrid>
          {editable ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
              The last payroll month and year cannot be changed once saved.
            </Alert>
          ) : (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
              The last payroll month is {monthYearText(values.lastPayrollRunMonth, values.lastPayrollYear)}. It cannot be changed.
            </Alert>
          )}

          <div>
            <Title order={4}>Payslips</Title>
            <Text size="sm" c="dimmed">
              How payslip PDFs travel.
            </Text>
          </div>
          <Switch label={PROTECT_LABEL} description={PROTECT_HELP} {...form.getInputProps('protectPayslipPdfs', { type: 'checkbox' })} />

          <Group justify="flex-end">
            {!payrollEnabled && (
              <Button variant="default" disabled={!lastPayrollIsSet(settings)} loading={completing} onClick={() => void markCompleted()}>
                Mark as Completed
              </Button>
            )}
            <Button type="submit" loading={saving && !confirming}>
              Apply Changes
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={CONFIRM_TITLE} centered>
        <Stack>
          <Text size="sm">
            You are setting the last payroll month to <b>{monthYearText(values.lastPayrollRunMonth, values.lastPayrollYear)}</b>. Payroll in Tankha starts with the month after it, and this
            setting cannot be changed afterwards.
          </Text>
          <Checkbox label={CONFIRM_TICK} checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={saving}>
              Cancel
            </Button>
            <Button disabled={!ticked} loading={saving} onClick={() => void save()}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
