import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { type AttendanceToday } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { useAddLog } from './attendance.api';

/** 'Add log' (self update): date, check-in and check-out times, the reason when the settings ask for it. The server enforces every restriction. */
export function AddLogModal({ opened, onClose, today }: { opened: boolean; onClose: () => void; today: AttendanceToday }) {
  const [date, setDate] = useState(today.date);
  const [checkIn, setCheckIn] = useState('10:00');
  const [checkOut, setCheckOut] = useState('19:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddLog();
  const rules = today.selfUpdate;
  const minDate = rules.restrictLogsForPastDates ? shiftDate(today.date, -rules.maxPastDays) : undefined;

  const submit = () => {
    setError(null);
    if (!date || !checkIn || !checkOut) return setError('Please fill in all required fields');
    if (rules.isReasonEnabled && !reason.trim()) return setError('Please enter a reason');
    add.mutate(
      { date, checkIn, checkOut, reason: reason.trim() || null },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Failed to add the log')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add log" centered>
      <Stack>
        {error && <FormAlert message={error} />}
        <DateField label="Date" required value={date} max={rules.restrictLogsForFutureDates ? today.date : undefined} min={minDate} onChange={setDate} />
        <Group grow>
          <TextInput type="time" label="Check in" required value={checkIn} onChange={(e) => setCheckIn(e.currentTarget.value)} />
          <TextInput type="time" label="Check out" required value={checkOut} onChange={(e) => setCheckOut(e.currentTarget.value)} />
        </Group>
        <Textarea label="Reason" required={rules.isReasonEnabled} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            Add log
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
