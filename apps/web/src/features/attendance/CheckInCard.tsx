import { ApiError } from '../../app/api';
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { ATTENDANCE_STATUS_LABELS } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { elapsedLabel, formatClock } from './attendance-rules';
import { useCheckInOut, useCurrentShift, useToday } from './attendance.api';

/** Live elapsed time since check-in, from the server's "now" so a wrong browser clock does not matter. */
function Elapsed({ since, serverNow }: { since: string; serverNow: string }) {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return (
    <Text fw={600} ff="monospace" aria-label="Elapsed time">
      {elapsedLabel(since, now)}
    </Text>
  );
}

/** Today's attendance with Check In / Check Out: the dashboard and my-attendance. */
export function CheckInCard({ showShift = true }: { showShift?: boolean }) {
  const today = useToday();
  const shift = useCurrentShift();
  const action = useCheckInOut();

  if (today.isPending) return <PageLoader label="Loading today's attendance" />;
  if (today.isError) return <ErrorState message={today.error.message} onRetry={() => void today.refetch()} />;
  const data = today.data;
  const day = data.day;
  const submit = (kind: 'check-in' | 'check-out') =>
    action.mutate(kind, {
      onSuccess: ({ message }) => toast.success(message),
      // The location could not be read (the server's refusals toast through the API client).
      onError: (error) => {
        if (!(error instanceof ApiError)) toast.error(error.message);
      },
    });

  return (
    <Card component="section" aria-label="Today's attendance">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={3} size="h5">
            Today · {formatDisplayDate(data.date)}
          </Title>
          {showShift && (
            <Text size="sm" c="dimmed">
              Shift: {shift.data?.shift ? `${shift.data.shift.shiftName} (${formatClock(shift.data.shift.shiftStart)} - ${formatClock(shift.data.shift.shiftEnd)})` : 'No Shift'}
            </Text>
          )}
          <Group gap="xs">
            <Text size="sm">Status:</Text>
            <Badge variant="light" color={data.isCheckedIn ? 'teal' : 'gray'}>
              {data.isCheckedIn ? 'Checked in' : day ? ATTENDANCE_STATUS_LABELS[day.attendanceStatus] : 'Not checked in'}
            </Badge>
          </Group>
          <Text size="sm">
            First In: {formatClock(day?.startTime ?? data.openLog?.checkIn)} · Last Out: {formatClock(day?.endTime)}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          {data.isCheckedIn && data.openLog && <Elapsed since={data.openLog.checkInAt} serverNow={data.now} />}
          {data.isCheckedIn ? (
            <Button color="red" leftSection={<IconLogout2 size={16} />} loading={action.isPending} onClick={() => submit('check-out')}>
              Check Out
            </Button>
          ) : (
            <Button leftSection={<IconLogin2 size={16} />} loading={action.isPending} onClick={() => submit('check-in')}>
              Check In
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
