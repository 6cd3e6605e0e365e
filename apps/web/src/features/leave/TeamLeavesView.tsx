import { useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, LEAVE_STATUS_NAMES, LeaveStatus, type LeaveRequest } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { DecideLeaveModal } from './DecideLeaveModal';
import { LeaveRequestsTable } from './LeaveRequestsTable';
import { LEAVE_KEY, useLeaveRequests } from './leave.api';

const HISTORY_FILTER = [{ value: 'all', label: 'All' }, ...Object.entries(LEAVE_STATUS_NAMES).map(([value, label]) => ({ value, label }))];

/**
 * The team's leave: requests waiting for a decision (Approve / Reject with remarks) and the history.
 * The server scopes 'team' to direct reportees, or everyone else for administrators and moderators.
 */
export function TeamLeavesView({ title }: { title: string }) {
  const queryClient = useQueryClient();
  const [pendingPage, setPendingPage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const [status, setStatus] = useState('all');
  const pending = useLeaveRequests({ scope: 'team', status: LeaveStatus.Pending, pageNumber: pendingPage });
  const history = useLeaveRequests({ scope: 'team', pageNumber: historyPage, ...(status === 'all' ? {} : { status: Number(status) }) });
  const [decision, setDecision] = useState<{ request: LeaveRequest; action: 'approve' | 'reject' } | null>(null);

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>

      <Title order={4}>Pending approval</Title>
      <Card withBorder padding={0} radius="md">
        {pending.isPending ? (
          <PageLoader label="Loading pending requests" />
        ) : pending.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(pending.error, LEAVE_MSG.fetchFailed)} onRetry={() => void pending.refetch()} />
          </Stack>
        ) : pending.data.rows.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No leave requests waiting for your approval." />
          </Stack>
        ) : (
          <LeaveRequestsTable
            label="Pending leave requests"
            withEmployee
            rows={pending.data.rows}
            totalRecords={pending.data.totalRecords}
            page={pendingPage}
            onPage={setPendingPage}
            onDecide={(request, action) => setDecision({ request, action })}
          />
        )}
      </Card>

      <Group justify="space-between">
        <Title order={4}>Leave history</Title>
        <SegmentedControl
          size="xs"
          aria-label="History status filter"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setHistoryPage(1);
          }}
          data={HISTORY_FILTER}
        />
      </Group>
      <Card withBorder padding={0} radius="md">
        {history.isPending ? (
          <PageLoader label="Loading leave history" />
        ) : history.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(history.error, LEAVE_MSG.fetchFailed)} onRetry={() => void history.refetch()} />
          </Stack>
        ) : history.data.rows.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No leave taken by your team yet." />
          </Stack>
        ) : (
          <LeaveRequestsTable label="Team leave history" withEmployee rows={history.data.rows} totalRecords={history.data.totalRecords} page={historyPage} onPage={setHistoryPage} />
        )}
      </Card>

      <DecideLeaveModal
        key={decision ? `${decision.request.id}-${decision.action}` : 'none'}
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={() => {
          setDecision(null);
          void queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
        }}
      />
    </Stack>
  );
}
