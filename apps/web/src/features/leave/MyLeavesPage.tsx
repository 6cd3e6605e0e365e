import { lazy, Suspense, useState } from 'react';
import { Button, Card, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, LEAVE_STATUS_NAMES, type LeaveRequest } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { useTouchSize } from '../../ui/kit/touch';
import { useDeferredData } from '../../ui/kit/useDeferredData';
import { BalanceCards, BalanceCardsSkeleton } from './BalanceCards';
import { LeaveRequestsTable } from './LeaveRequestsTable';
import { LEAVE_KEY, useLeaveBalances, useLeaveRequests } from './leave.api';

// The forms (date inputs, @mantine/form) load when opened, not with the page.
const ApplyLeaveModal = lazy(async () => ({ default: (await import('./ApplyLeaveModal')).ApplyLeaveModal }));
const DecideLeaveModal = lazy(async () => ({ default: (await import('./DecideLeaveModal')).DecideLeaveModal }));

const STATUS_FILTER = [{ value: 'all', label: 'All' }, ...Object.entries(LEAVE_STATUS_NAMES).map(([value, label]) => ({ value, label }))];

/** /leaves/my-leaves: balances per type, Apply Leave, and my requests with Cancel. */
export function MyLeavesPage() {
  const queryClient = useQueryClient();
  const balances = useLeaveBalances();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('all');
  const requests = useLeaveRequests({ scope: 'mine', pageNumber: page, ...(status === 'all' ? {} : { status: Number(status) }) });
  // The list renders in a background pass while the loader stays up.
  const shownRequests = useDeferredData(requests.data);
  const [applying, setApplying] = useState(0);
  const [cancelling, setCancelling] = useState<LeaveRequest | null>(null);
  const touch = useTouchSize();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>My Leaves</Title>
        <Button size={touch.button} leftSection={<IconPlus size={16} />} onClick={() => setApplying(Date.now())} disabled={!balances.data}>
          Apply Leave
        </Button>
      </Group>

      {balances.isPending ? (
        <BalanceCardsSkeleton label="Loading balances" />
      ) : balances.isError ? (
        <ErrorState message={errorMessage(balances.error, 'Failed to load leave balances.')} onRetry={() => void balances.refetch()} />
      ) : (
        <BalanceCards balances={balances.data} />
      )}

      <Group justify="space-between">
        <Title order={3} size="h4">
          My requests
        </Title>
        {/* The browser's own select (a phone's picker), as the regularization panel's: SegmentedControl measured
            the page's layout in an effect on every data render, the largest piece of the page's work (decision 0310). */}
        <NativeSelect
          aria-label="Status filter"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value);
            setPage(1);
          }}
          data={STATUS_FILTER}
          w={140}
        />
      </Group>
      <Card withBorder padding={0} radius="md">
        {requests.isPending || shownRequests.catchingUp ? (
          <PageLoader label="Loading leave requests" />
        ) : requests.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(requests.error, LEAVE_MSG.fetchFailed)} onRetry={() => void requests.refetch()} />
          </Stack>
        ) : requests.data.rows.length === 0 ? (
          <Stack p="xl">
            <EmptyState message={status === 'all' ? 'No leave requests yet. Use Apply Leave to request time off.' : 'No leave requests with this status.'} />
          </Stack>
        ) : (
          <LeaveRequestsTable
            label="My leave requests"
            rows={requests.data.rows}
            totalRecords={requests.data.totalRecords}
            page={page}
            onPage={setPage}
            onCancel={(r) => setCancelling(r)}
          />
        )}
      </Card>

      <Suspense fallback={null}>
      {applying > 0 && (
        <ApplyLeaveModal
          key={applying}
          opened
          balances={balances.data ?? []}
          onClose={() => setApplying(0)}
          onApplied={() => {
            setApplying(0);
            setPage(1);
            void refresh();
          }}
        />
      )}
      {cancelling && (
        <DecideLeaveModal
          decision={{ request: cancelling, action: 'cancel' }}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            void refresh();
          }}
        />
      )}
      </Suspense>
    </Stack>
  );
}
