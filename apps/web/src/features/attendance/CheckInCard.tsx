import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconLogout2, IconMapPinExclamation } from '@tabler/icons-react';
import { ATTENDANCE_STATUS_LABELS } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { useNoConnection } from '../../app/offline';
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
  const [problem, setProblem] = useState<string | null>(null);
  const noConnection = useNoConnection();

  if (today.isPending) return <PageLoader label="Loading today's attendance" />;
  if (today.isError) return <ErrorState message={today.error.message} onRetry={() => void today.refetch()} />;
  const data = today.data;
  const day = data.day;
  const submit = (kind: 'check-in' | 'check-out') => {
    setProblem(null);
    action.mutate(kind, {
      onSuccess: ({ message }) => toast.success(message),
      // A refusal (outside the sites, with the nearest and its distance) or a location that could not be
      // read stays on the card: a toast vanishes before someone standing at a gate has read it.
      onError: (error) => setProblem(error.message),
    });
  };

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
          {/* size lg: a 50 px target for a thumb on a phone. */}
          {data.isCheckedIn ? (
            <Button size="lg" color="red" leftSection={<IconLogout2 size={18} />} loading={action.isPending} disabled={noConnection} onClick={() => submit('check-out')}>
              Check Out
            </Button>
          ) : (
            <Button size="lg" leftSection={<IconLogin2 size={18} />} loading={action.isPending} disabled={noConnection} onClick={() => submit('check-in')}>
              Check In
            </Button>
          )}
          {noConnection && (
            // Never queued for later: the server stamps the time (and place) when the request arrives.
            <Text size="xs" c="dimmed" maw={220} ta="right">
              Offline: checking in and out needs a connection, so the time recorded is the real one.
            </Text>
          )}
          {data.requireLocation && (
            <Text size="xs" c="dimmed" ta="right" maw={220}>
              Your location is sent with each check-in and check-out.
            </Text>
          )}
        </Stack>
      </Group>
      {problem && (
        <Alert mt="sm" color="red" variant="light" icon={<IconMapPinExclamation size={18} />} title={data.isCheckedIn ? 'Not checked out' : 'Not checked in'} role="alert">
          {problem}
        </Alert>
      )}
    </Card>
  );
}
