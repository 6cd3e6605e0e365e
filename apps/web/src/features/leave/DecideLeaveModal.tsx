import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { LEAVE_MSG, LeaveStatus, type LeaveRequest } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { formatDays, formatLeaveDates } from './leave-format';
import { setLeaveStatus } from './leave.api';

interface DecideLeaveModalProps {
  decision: { request: LeaveRequest; action: 'approve' | 'reject' | 'cancel' } | null;
  onClose: () => void;
  onDone: () => void;
}

const TITLES = { approve: 'Approve Leave', reject: 'Reject Leave', cancel: 'Cancel Leave' } as const;
const CONFIRM = { approve: 'Approve', reject: 'Reject', cancel: 'Yes, cancel it' } as const;
const STATUS = { approve: LeaveStatus.Approved, reject: LeaveStatus.Rejected, cancel: LeaveStatus.Cancelled } as const;
const DONE = { approve: LEAVE_MSG.approved, reject: LEAVE_MSG.rejected, cancel: LEAVE_MSG.cancelled } as const;

/** Approve or reject with remarks, or confirm a cancellation; toasts the outcome. */
export function DecideLeaveModal({ decision, onClose, onDone }: DecideLeaveModalProps) {
  const [remarks, setRemarks] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = decision?.action ?? 'approve';
  const request = decision?.request;

  const confirm = async () => {
    if (!request) return;
    setSaving(true);
    setError(null);
    try {
      await setLeaveStatus(request.id, { status: STATUS[action], remarks: remarks.trim() || null });
      toast.success(DONE[action]);
      setRemarks('');
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.handled) return;
      const message = errorMessage(e, LEAVE_MSG.statusFailed);
      setError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={decision !== null} onClose={onClose} title={TITLES[action]} centered>
      {request && (
        <Stack>
          <FormAlert message={error} />
          <Text size="sm">
            {action === 'cancel' ? 'Cancel your' : `${request.employeeName}:`} {request.leaveTypeName}, {formatLeaveDates(request.startDate, request.endDate, request.portion)} ({formatDays(request.days)})
            {action === 'cancel' ? '?' : ''}
          </Text>
          {request.reason && action !== 'cancel' && (
            <Text size="sm" c="dimmed">
              Reason: {request.reason}
            </Text>
          )}
          {action !== 'cancel' && <Textarea label="Remarks" autosize minRows={2} maxLength={500} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {action === 'cancel' ? 'Keep it' : 'Close'}
            </Button>
            <Button color={action === 'approve' ? 'green' : action === 'reject' ? 'red' : 'gray'} loading={saving} onClick={() => void confirm()}>
              {CONFIRM[action]}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
