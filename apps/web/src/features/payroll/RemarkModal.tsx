import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { PayrollEmployeeRow, PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { inr, inrChange } from '../../ui/format';
import { saveRemark } from './payroll.api';

const MAX_REMARK = 500;

/** The reason for an employee's change against last month (the variance's reason column). */
export function RemarkModal({ run, row, onClose, onSaved }: { run: PayrollRun; row: PayrollEmployeeRow; onClose: () => void; onSaved: () => void }) {
  const [remark, setRemark] = useState(row.remark ?? '');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await saveRemark(run.id, row.userId, remark.trim());
      toast.success('Reason saved');
      onSaved();
    } catch (error) {
      toastApiError(error, 'Failed to save the reason');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Reason for variance: ${row.name}`} centered>
      <Stack>
        {row.netPay !== null && (
          <Text size="sm" c="dimmed">
            {row.lastMonthNetPay === null
              ? `Net pay ${inr(row.netPay)}; no payslip last month to compare with.`
              : `Net pay ${inr(row.netPay)} against ${inr(row.lastMonthNetPay)} last month: ${inrChange(row.netPayVariance)}.`}
          </Text>
        )}
        <Textarea
          label="Reason"
          placeholder="e.g. Joined on 10 November; annual increment from this month"
          autosize
          minRows={3}
          maxLength={MAX_REMARK}
          description={`${String(remark.length)} / ${String(MAX_REMARK)}`}
          value={remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
