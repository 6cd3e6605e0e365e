import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { monthLabel, paidOnProblem, payrollMarkPaidInputSchema, type BankPayments, type PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { useBankPayments } from './bank.api';
import { inr } from '../../ui/format';
import { markRunPaid } from './payroll.api';
import { formFailure } from '../../ui/kit/form-failure';

const FIELDS = ['paidOn', 'reference'] as const;

/** The earliest and latest "paid on" of a finalized run: the day it was finalized, and today (the server's calendar). */
export function paidOnRange(run: Pick<PayrollRun, 'finalizedOn' | 'periodStart' | 'today'>): { min: string; max: string } {
  return { min: run.finalizedOn ?? run.periodStart, max: run.today };
}

/** The pay date when it falls in the range, else the nearest end of it. */
function defaultPaidOn(run: PayrollRun): string {
  const { min, max } = paidOnRange(run);
  if (run.payDate < min) return min;
  if (run.payDate > max) return max;
  return run.payDate;
}

/** What marking the month paid records, from the payments as they stand (payroll-bank: left out and failed stay as they are). */
export function markPaidEffect(counts: BankPayments['counts']): string {
  const pending = counts.sent + counts.notSent;
  const parts = [
    pending > 0 ? `${String(pending)} payment${pending === 1 ? '' : 's'} not recorded yet (${String(counts.sent)} awaiting the bank, ${String(counts.notSent)} not sent) will be recorded as paid on this date.` : 'Every payment in the bank transfer is already recorded.',
  ];
  if (counts.leftOut > 0 || counts.failed > 0) {
    parts.push(`${[counts.leftOut > 0 ? `${String(counts.leftOut)} left out of the bank transfer` : null, counts.failed > 0 ? `${String(counts.failed)} failed` : null].filter(Boolean).join(' and ')} stay as they are.`);
  }
  return parts.join(' ');
}

/**
 * Records the bank transfer of a finalized run: the date it was paid (from the day it was finalized
 * to today) and the payment reference. The payments not recorded yet are recorded paid with it.
 */
export function MarkPaidModal({ run, onClose, onPaid }: { run: PayrollRun; onClose: () => void; onPaid: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const payments = useBankPayments(run.id, true);
  const range = paidOnRange(run);
  const form = useForm({
    initialValues: { paidOn: defaultPaidOn(run), reference: '' },
    validate: (v) => {
      const errors = zodFieldErrors(payrollMarkPaidInputSchema, v);
      const problem = errors.paidOn ? null : paidOnProblem(v.paidOn, range.min, range.max);
      return problem ? { ...errors, paidOn: problem } : errors;
    },
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await markRunPaid(run.id, v);
      toast.success(`${monthLabel(run.month)} marked as paid`);
      onPaid();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to mark the payroll as paid' });
    }
  });

  return (
    <Modal opened onClose={onClose} title="Mark as Paid" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Net pay of {inr(run.netPay)} for {monthLabel(run.month)}.
          </Text>
          {payments.data && <Text size="sm">{markPaidEffect(payments.data.counts)}</Text>}
          <FormAlert message={serverError} />
          <DateField
            label="Paid on"
            description="From the day the payroll was finalized to today"
            required
            min={range.min}
            max={range.max}
            value={form.values.paidOn}
            onChange={(paidOn) => form.setFieldValue('paidOn', paidOn)}
            error={form.errors.paidOn}
          />
          <TextInput label="Payment reference" required placeholder="e.g. UTR or bank batch number" maxLength={100} {...form.getInputProps('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Mark as Paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
