import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { AfterPageSettled } from '../../app/AfterPageSettled';
import { useCurrentUser } from '../../app/current-user';
import { useToday as useOrganizationToday } from '../../app/today';
import { useNoConnection } from '../../app/offline';
import { ErrorState } from '../../ui/ErrorState';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { PageLoader } from '../../ui/PageLoader';
import { useDeferredData } from '../../ui/kit/useDeferredData';
import { CheckInCard } from './CheckInCard';
import { WorklogTable } from './WorklogTable';
import { monthTitle, shiftMonth } from './attendance-rules';

// The form (date and time inputs) loads when it is opened, not with the page.
const AddLogModal = lazy(async () => ({ default: (await import('./AddLogModal')).AddLogModal }));
// The requests list (its status filter, pagination and contract) sits below a month's worklog: it loads
// once the page has settled (its reads done and painted): inside the first render React held the first paint for
// its ten chunks, and right after it they still came before the worklog's rows painted (decision 0310).
const MyRequestsPanel = lazy(async () => ({ default: (await import('../regularization/MyRequestsPanel')).MyRequestsPanel }));
import { useDays, useToday } from './attendance.api';

function monthRange(month: string, today: string): { startDate: string; endDate: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  // The worklog lists days up to today; later days of the current month have nothing to show yet.
  return { startDate: `${month}-01`, endDate: last > today ? today : last };
}

/** /my-attendance and /attendance/my-attendance: today's card and the month's worklog (people spec §2.12). */
export function MyAttendancePage() {
  const today = useToday();
  const organizationToday = useOrganizationToday();
  const [month, setMonth] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const todayDate = today.data?.date ?? organizationToday;
  const shown = month ?? todayDate.slice(0, 7);
  const range = monthRange(shown, todayDate);
  const days = useDays(range.startDate, range.endDate);
  // The month's rows, the page's largest render, in a background pass while the loader holds their room.
  const worklog = useDeferredData(days.data);
  const isCurrent = shown >= todayDate.slice(0, 7);
  // Regularization requests are a premium feature (people spec §6); members file theirs here.
  const canRequest = useCurrentUser().accessableFeatures.some((f) => f.key === 'AttendanceRequests');
  const noConnection = useNoConnection();

  return (
    <Stack gap="lg">
      <Title order={2}>My Attendance</Title>
      <OfflineNotice />
      <CheckInCard />
      <Card component="section" aria-label="Worklog">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => setMonth(shiftMonth(shown, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} miw={140} ta="center">
              {monthTitle(shown)}
            </Text>
            <ActionIcon variant="subtle" aria-label="Next month" disabled={isCurrent} onClick={() => setMonth(shiftMonth(shown, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          {/* Shown (disabled) while today's settings load, so the header does not grow under the reader's eye. */}
          {(today.isPending || today.data?.selfUpdate.allowed) && (
            <Button leftSection={<IconPlus size={16} />} variant="light" disabled={noConnection || today.isPending} onClick={() => setAdding(true)}>
              Add log
            </Button>
          )}
        </Group>
        {/* A month's worklog is taller than a screen: the loader holds that room so what follows does not jump. */}
        {(days.isPending || worklog.catchingUp) && <PageLoader label="Loading worklog" minHeight="70vh" />}
        {days.isError && <ErrorState message={days.error.message} onRetry={() => void days.refetch()} />}
        {worklog.data && range.startDate <= range.endDate && <WorklogTable days={[...worklog.data].reverse()} />}
      </Card>
      {canRequest && (
        <AfterPageSettled>
          <Suspense fallback={null}>
            <MyRequestsPanel title="Regularization requests" />
          </Suspense>
        </AfterPageSettled>
      )}
      {adding && today.data && (
        <Suspense fallback={null}>
          <AddLogModal opened onClose={() => setAdding(false)} today={today.data} />
        </Suspense>
      )}
    </Stack>
  );
}
