import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { monthLabel, payrollMarkPaidInputSchema, type PayrollRun } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { inr } from './payroll-format';
import { markRunPaid } from './payroll.api';

const FIELDS = ['paidOn', 'reference'] as const;

/** Records the bank transfer of a finalized run: the date it was paid and the payment reference. */
export function MarkPaidModal({ run, onClose, onPaid, today = dateInZone(new Date(), 'Asia/Kolkata') }: { run: PayrollRun; onClose: () => void; onPaid: () => void; today?: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { paidOn: run.payDate <= today ? run.payDate : today, reference: '' },
    validate: (v) => zodFieldErrors(payrollMarkPaidInputSchema, v),
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await markRunPaid(run.id, v);
      toast.success(`${monthLabel(run.month)} marked as paid`);
      onPaid();
    } catch (error) {
      if (error instanceof ApiError && (applyFieldErrors(FIELDS, error.errors, form.setErrors) || error.handled)) return;
      setServerError(errorMessage(error, 'Failed to mark the payroll as paid'));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Mark as Paid" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Net pay of {inr(run.netPay)} for {monthLabel(run.month)}.
          </Text>
          <FormAlert message={serverError} />
          <DateField
            label="Paid on"
            required
            max={today}
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
