import { useState } from 'react';
import { Button, Group, Modal, Pagination, Select, Stack, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  REQUEST_MSG,
  REQUEST_PAGE_SIZE,
  REQUEST_REMARKS_MAX,
  RequestReporteeScope,
  RequestStatus,
  RequestType,
  type RequestReporteeScopeId,
  type RequestRow,
} from '@tankha/contracts';
import { isAdminOrModerator, useCurrentUser } from '../../app/current-user';
import { RequireFeature } from '../../app/guards/RequireFeature';
import { toast } from '../../app/toast';
import { ListCard } from '../../ui/ListCard';
import { REQUEST_STATUS_FILTER } from './MyRequestsPanel';
import { RequestStatusBadge } from './RequestStatusBadge';
import { REQUESTS_KEY, updateRequestStatus, useRequests } from './requests.api';
import { displayDateRange, displayTime } from './request-format';
import { toastApiError } from '../../ui/kit/api-error-toast';

export const TEAM_REQUEST_COLUMNS = ['Employee', 'Date', 'Start Time', 'End Time', 'Reason', 'Status'] as const;

/** The team's filter also offers Rejected: deciders look for what they turned down. */
const TEAM_STATUS_FILTER = [...REQUEST_STATUS_FILTER, { value: String(RequestStatus.Rejected), label: 'Rejected' }];

const SCOPES: { value: string; label: string; adminsOnly: boolean }[] = [
  { value: String(RequestReporteeScope.Direct), label: 'Direct reportees', adminsOnly: false },
  { value: String(RequestReporteeScope.Indirect), label: 'All reportees (direct and indirect)', adminsOnly: false },
  { value: String(RequestReporteeScope.All), label: 'All employees', adminsOnly: true },
];

type Decision = { row: RequestRow; status: typeof RequestStatus.Completed | typeof RequestStatus.Rejected };

/**
 * /my-team/requests: the regularization requests a reporting manager, administrator or moderator
 * decides — Approve (Completed: writes the times and recomputes the days) or Reject, with remarks.
 */
export function TeamRequestsPage() {
  return (
    <RequireFeature feature="AttendanceRequests">
      <TeamRequests />
    </RequireFeature>
  );
}

function TeamRequests() {
  const user = useCurrentUser();
  const admin = isAdminOrModerator(user.roleId);
  const queryClient = useQueryClient();
  // Issue 16: administrators and moderators decide for everyone, so they start on All employees, not on an empty Direct list.
  const [scope, setScope] = useState<RequestReporteeScopeId>(admin ? RequestReporteeScope.All : RequestReporteeScope.Direct);
  const [status, setStatus] = useState<number>(RequestStatus.Opened);
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const list = useRequests({ page, status, onlyMyRequests: false, reportingFilterType: scope });
  const total = list.data?.totalRecords ?? 0;
  const rows = list.data?.rows ?? [];

  const open = (decision: Decision) => {
    setRemarks('');
    setDeciding(decision);
  };

  const confirm = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      const trimmed = remarks.trim();
      await updateRequestStatus(deciding.row.id, { status: deciding.status, requestType: RequestType.AttendanceRegularization, ...(trimmed ? { remarks: trimmed } : {}) });
      toast.success(deciding.status === RequestStatus.Completed ? REQUEST_MSG.approved : REQUEST_MSG.rejected);
      setDeciding(null);
      if (page > 1 && rows.length === 1 && status === RequestStatus.Opened) setPage(page - 1);
      void queryClient.invalidateQueries({ queryKey: [REQUESTS_KEY] });
      // The approved days change the grid and the worklog.
      if (deciding.status === RequestStatus.Completed) void queryClient.invalidateQueries({ queryKey: ['attendance'] });
    } catch (error) {
      toastApiError(error, REQUEST_MSG.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  const approving = deciding?.status === RequestStatus.Completed;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Team Requests</Title>
        <Group gap="sm">
          <Select
            aria-label="Reportees"
            data={SCOPES.filter((s) => admin || !s.adminsOnly).map(({ value, label }) => ({ value, label }))}
            value={String(scope)}
            onChange={(value) => {
              setScope(Number(value ?? RequestReporteeScope.Direct) as RequestReporteeScopeId);
              setPage(1);
            }}
            allowDeselect={false}
            w={260}
          />
          <Select
            aria-label="Status filter"
            data={TEAM_STATUS_FILTER}
            value={String(status)}
            onChange={(value) => {
              setStatus(Number(value ?? 0));
              setPage(1);
            }}
            allowDeselect={false}
            w={160}
          />
        </Group>
      </Group>

      <ListCard
        loading={list.isPending}
        error={list.isError ? REQUEST_MSG.fetchFailed : null}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading requests"
        emptyMessage="No requests found"
      >
          <Table.ScrollContainer minWidth={860} type="native">
            <Table aria-label="Team regularization requests" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {TEAM_REQUEST_COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td fw={600}>{r.employeeName}</Table.Td>
                    <Table.Td>{displayDateRange(r.startDate, r.endDate)}</Table.Td>
                    <Table.Td>{displayTime(r.startTime)}</Table.Td>
                    <Table.Td>{displayTime(r.endTime)}</Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={2} title={r.reason}>
                        {r.reason}
                      </Text>
                      {r.remarks && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {r.decidedByName ? `${r.decidedByName}: ` : ''}
                          {r.remarks}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <RequestStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>
                      {r.status === RequestStatus.Opened && (
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" color="green" variant="light" aria-label={`Approve request of ${r.employeeName}`} onClick={() => open({ row: r, status: RequestStatus.Completed })}>
                            Approve
                          </Button>
                          <Button size="xs" color="red" variant="light" aria-label={`Reject request of ${r.employeeName}`} onClick={() => open({ row: r, status: RequestStatus.Rejected })}>
                            Reject
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
      </ListCard>

      {total > REQUEST_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} requests
          </Text>
          <Pagination total={Math.ceil(total / REQUEST_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Requests pages" />
        </Group>
      )}

      <Modal opened={deciding !== null} onClose={() => !busy && setDeciding(null)} title={approving ? 'Approve Request' : 'Reject Request'} centered>
        <Stack>
          {deciding && (
            <Text size="sm">
              {deciding.row.employeeName}: {displayDateRange(deciding.row.startDate, deciding.row.endDate)}, {displayTime(deciding.row.startTime)} to {displayTime(deciding.row.endTime)}.
              {approving ? ' Approving replaces the time logs of these days with these times.' : ''}
            </Text>
          )}
          <Textarea label="Remarks" autosize minRows={2} maxLength={REQUEST_REMARKS_MAX} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeciding(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color={approving ? 'green' : 'red'} onClick={() => void confirm()} loading={busy}>
              {approving ? 'Approve' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
