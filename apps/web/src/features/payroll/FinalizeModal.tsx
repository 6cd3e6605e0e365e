import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarDue, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { PAYROLL_MSG, monthLabel, type PayrollRun } from '@tankha/contracts';
import { addDaysToDate } from '@tankha/domain';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { displayDate, inr } from '../../ui/format';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { finalizeRun } from './payroll.api';

const employees = (count: number, one: string, many: string) => (count === 1 ? `1 employee ${one}` : `${String(count)} employees ${many}`);

/** What finalizing does to attendance and leave: the days gone by lock; today and the days after it stay open (DESIGN §10). */
export function attendanceLockText(run: Pick<PayrollRun, 'periodStart' | 'daysToCome'>): string {
  if (!run.daysToCome) return 'attendance and leave of the pay period can no longer change;';
  if (run.daysToCome.from <= run.periodStart) return 'no day of the pay period has passed yet, so attendance and leave stay open;';
  return `attendance and leave up to ${displayDate(addDaysToDate(run.daysToCome.from, -1))} can no longer change;`;
}

/**
 * The days of a month finalized before its period ends: which they are, and how they are
 * treated — paid as present, still open for attendance and leave, later changes settled next month.
 */
export function daysToComeText(run: Pick<PayrollRun, 'daysToCome'>): { title: string; body: string } | null {
  const days = run.daysToCome;
  if (!days) return null;
  const which = days.days === 1 ? `${displayDate(days.from)} (today) has not ended yet` : `${displayDate(days.from)} (today) to ${displayDate(days.to)} have not happened yet`;
  return {
    title: days.days === 1 ? '1 day still to come' : `${String(days.days)} days still to come`,
    body:
      `${which}. Finalizing now pays ${days.days === 1 ? 'it' : 'them'} as present, except unpaid leave already approved. ` +
      `Attendance and leave can still be recorded for ${days.days === 1 ? 'that day' : 'those days'}; later changes that affect pay are carried to the next month’s payroll.`,
  };
}

interface FinalizeModalProps {
  run: PayrollRun;
  onClose: () => void;
  onFinalized: () => void;
  /** The server refused (409: inputs changed since processing, already finalized…): the run is read again. */
  onRefused?: () => void;
}

/** The confirmation before the month is locked for good (DESIGN §10). */
export function FinalizeModal({ run, onClose, onFinalized, onRefused }: FinalizeModalProps) {
  const month = monthLabel(run.month);
  const toCome = daysToComeText(run);
  const finalize = useMutation({
    mutationFn: () => finalizeRun(run.id),
    onSuccess: () => {
      toast.success(`${PAYROLL_MSG.finalized}: ${month}`);
      onFinalized();
    },
    onError: (error) => {
      // A refusal is kept in the dialog, where it was asked for (a toast would be gone before the names are read).
      if (error instanceof ApiError && error.status === 409) onRefused?.();
      else toastApiError(error, 'Failed to finalize the payroll');
    },
  });
  const refusal = finalize.error instanceof ApiError && finalize.error.status === 409 ? finalize.error.message : null;

  return (
    <Modal opened onClose={onClose} title="Finalize Payroll" centered size="lg">
      <Stack>
        <Text size="sm">
          Finalizing <b>{month}</b> pays {run.employeeCount === 1 ? '1 employee' : `${String(run.employeeCount)} employees`} a net {inr(run.netPay)}. It locks the month for good:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{attendanceLockText(run)}</List.Item>
          <List.Item>payslips and their figures can no longer change (corrections go into a later month);</List.Item>
          <List.Item>payslip PDFs are generated and e-mailed to employees;</List.Item>
          <List.Item>the next month opens as a draft.</List.Item>
        </List>
        {toCome && (
          <Alert color="blue" variant="light" icon={<IconCalendarDue size={18} />} title={toCome.title} role="note">
            {toCome.body}
          </Alert>
        )}
        {(run.warningCount > 0 || run.holds.payout > 0 || run.holds.processing > 0) && (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
            {`${[
              run.warningCount > 0 ? employees(run.warningCount, 'has warnings', 'have warnings') : null,
              run.holds.payout > 0 ? employees(run.holds.payout, 'has the payout on hold', 'have the payout on hold') : null,
              run.holds.processing > 0 ? employees(run.holds.processing, 'is excluded from processing', 'are excluded from processing') : null,
            ]
              .filter(Boolean)
              .join('; ')}.`}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not finalized" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={finalize.isPending}>
            {refusal ? 'Close' : 'Cancel'}
          </Button>
          <Button color="red" loading={finalize.isPending} disabled={refusal !== null} onClick={() => finalize.mutate()}>
            Yes, finalize {month}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
