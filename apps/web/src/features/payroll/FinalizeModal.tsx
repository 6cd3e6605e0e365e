import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PAYROLL_MSG, monthLabel, type PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { toastFailure } from './notify';
import { inr } from './payroll-format';
import { finalizeRun } from './payroll.api';

const employees = (count: number, one: string, many: string) => (count === 1 ? `1 employee ${one}` : `${String(count)} employees ${many}`);

/** The confirmation before the month is locked for good (DESIGN §10). */
export function FinalizeModal({ run, onClose, onFinalized }: { run: PayrollRun; onClose: () => void; onFinalized: () => void }) {
  const [busy, setBusy] = useState(false);
  const month = monthLabel(run.month);

  const finalize = async () => {
    setBusy(true);
    try {
      await finalizeRun(run.id);
      toast.success(`${PAYROLL_MSG.finalized}: ${month}`);
      onFinalized();
    } catch (error) {
      toastFailure(error, 'Failed to finalize the payroll');
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Finalize Payroll" centered size="lg">
      <Stack>
        <Text size="sm">
          Finalizing <b>{month}</b> pays {run.employeeCount === 1 ? '1 employee' : `${String(run.employeeCount)} employees`} a net {inr(run.netPay)}. It locks the month for good:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>attendance and leave of the pay period can no longer change;</List.Item>
          <List.Item>payslips and their figures can no longer change (corrections go into a later month);</List.Item>
          <List.Item>payslip PDFs are generated and e-mailed to employees;</List.Item>
          <List.Item>the next month opens as a draft.</List.Item>
        </List>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void finalize()}>
            Yes, finalize {month}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
