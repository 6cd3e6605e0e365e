import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { PAYROLL_HOLD_KINDS, PAYROLL_HOLD_LABELS, monthLabel, type PayrollEmployeeRow, type PayrollHoldKind, type PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { setHold } from './payroll.api';

/** What each hold does, shown beside the choice (two different holds). */
export const HOLD_EXPLANATIONS: Record<PayrollHoldKind, string> = {
  payout:
    'Pay is calculated as usual: EPF, ESI, Professional Tax and TDS are deducted and the payslip is issued, but the net pay is left out of the bank transfer until you release the hold.',
  processing: 'The employee is left out of this month entirely: no pay, no payslip, no statutory contributions and no TDS for this month.',
};

interface HoldModalProps {
  run: PayrollRun;
  row: PayrollEmployeeRow;
  onClose: () => void;
  onSaved: () => void;
}

export function HoldModal({ run, row, onClose, onSaved }: HoldModalProps) {
  const [kind, setKind] = useState<PayrollHoldKind>(row.hold?.kind ?? 'payout');
  const [reason, setReason] = useState(row.hold?.reason ?? '');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await setHold(run.id, row.userId, { kind, reason: reason.trim() === '' ? null : reason.trim() });
      toast.success(`${row.name}: ${PAYROLL_HOLD_LABELS[kind]}`);
      onSaved();
    } catch (error) {
      toastApiError(error, 'Failed to put the employee on hold');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Put ${row.name} on hold`} centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          For {monthLabel(run.month)} only. You can release the hold until the payroll is finalized.
        </Text>
        <Radio.Group label="Kind of hold" value={kind} onChange={(value) => setKind(value as PayrollHoldKind)}>
          <Stack gap="md" mt="xs">
            {PAYROLL_HOLD_KINDS.map((k) => (
              <Radio key={k} value={k} label={PAYROLL_HOLD_LABELS[k]} description={HOLD_EXPLANATIONS[k]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label="Reason" placeholder="e.g. Full and final settlement pending" autosize minRows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="orange" loading={busy} onClick={() => void save()}>
            Put on hold
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
