import { useState } from 'react';
import { Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, LEAVE_STATUS_NAMES, type LeaveRequest } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { DecideLeaveModal } from './DecideLeaveModal';
import { LeaveRequestsTable } from './LeaveRequestsTable';
import { LEAVE_KEY, useLeaveRequests, useLeaveTypes } from './leave.api';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...Object.entries(LEAVE_STATUS_NAMES).map(([value, label]) => ({ value, label }))];

/**
 * /leaves/requests (administrators and moderators): every employee's leave requests, filtered by status,
 * leave type, dates and employee; pending ones are approved or rejected as on My Approvals (the same modal
 * and PUT /Leaves/{id}/status; nobody decides their own).
 */
export function LeaveRequestsPage() {
  const queryClient = useQueryClient();
  const types = useLeaveTypes(true);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('all');
  const [leaveTypeId, setLeaveTypeId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [decision, setDecision] = useState<{ request: LeaveRequest; action: 'approve' | 'reject' } | null>(null);
  const requests = useLeaveRequests({
    scope: 'all',
    pageNumber: page,
    ...(status === 'all' ? {} : { status: Number(status) }),
    ...(leaveTypeId ? { leaveTypeId } : {}),
    ...(from ? { from } : {}),
    ...(to && (!from || to >= from) ? { to } : {}),
    ...(debounced ? { search: debounced } : {}),
  });
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Title order={2}>Leave Requests</Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Employee" placeholder="Search by name or number" value={search} onChange={(e) => filter(setSearch)(e.currentTarget.value)} w={240} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(v) => filter(setStatus)(v ?? 'all')} w={160} />
        <Select label="Leave type" placeholder="All leave types" clearable data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} value={leaveTypeId} onChange={filter(setLeaveTypeId)} w={200} />
        <DateField label="From" clearable value={from} onChange={filter(setFrom)} />
        <DateField label="To" clearable value={to} min={from} onChange={filter(setTo)} />
      </Group>
      <Card withBorder padding={0} radius="md">
        {requests.isPending ? (
          <PageLoader label="Loading leave requests" />
        ) : requests.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(requests.error, LEAVE_MSG.fetchFailed)} onRetry={() => void requests.refetch()} />
          </Stack>
        ) : requests.data.rows.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No leave requests match these filters." />
          </Stack>
        ) : (
          <LeaveRequestsTable
            label="All leave requests"
            withEmployee
            rows={requests.data.rows}
            totalRecords={requests.data.totalRecords}
            page={page}
            onPage={setPage}
            onDecide={(request, action) => setDecision({ request, action })}
          />
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
