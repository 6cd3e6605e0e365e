import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { PAYROLL_BANK_MSG, bankPaymentPaidInputSchema, paidOnProblem, type BankPaymentRow, type PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { markPaymentPaid } from './bank.api';
import { paidOnRange } from './MarkPaidModal';
import { inr } from '../../ui/format';
import { PAYROLL_KEY } from './payroll.api';
import { formFailure } from '../../ui/kit/form-failure';

const FIELDS = ['paidOn', 'reference'] as const;

/**
 * One payment recorded paid without the bank's return file (the bank confirmed it another way): the
 * date, from the day the month was finalized to today, and the UTR or the bank's reference.
 */
export function MarkPaymentPaidModal({ run, payment, onClose }: { run: PayrollRun; payment: BankPaymentRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const range = paidOnRange(run);
  const form = useForm({
    initialValues: { paidOn: range.max, reference: '' },
    validate: (v) => {
      const errors = zodFieldErrors(bankPaymentPaidInputSchema, v);
      const problem = errors.paidOn ? null : paidOnProblem(v.paidOn, range.min, range.max);
      return problem ? { ...errors, paidOn: problem } : errors;
    },
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await markPaymentPaid(run.id, payment.payslipId, v);
      toast.success(PAYROLL_BANK_MSG.paymentMarkedPaid);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY, 'bank-payments', run.id] });
      onClose();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to mark the payment as paid' });
    }
  });

  return (
    <Modal opened onClose={onClose} title="Mark payment as paid" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {payment.name} · net pay {inr(payment.netPay)}
            {payment.reference ? ` · sent as ${payment.reference}` : ''}
          </Text>
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
          <TextInput label="UTR or payment reference" required maxLength={35} {...form.getInputProps('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Mark as paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
