import { useState } from 'react';
import { Button, Group, Modal, Pagination, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REQUEST_MSG, REQUEST_PAGE_SIZE, RequestStatus, RequestType, canCancelRequest, type RequestRow } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ListCard } from '../../ui/ListCard';
import { CreateRequestModal } from './CreateRequestModal';
import { RequestStatusBadge } from './RequestStatusBadge';
import { REQUESTS_KEY, updateRequestStatus, useRequests } from './requests.api';
import { displayDateRange, displayTime } from './request-format';
import { toastApiError } from '../../ui/kit/useApiMutation';

/** People spec §2.3: the list's columns, in order (plus the row's actions). */
export const REQUEST_COLUMNS = ['Date', 'Start Time', 'End Time', 'Reason', 'Status'] as const;

/** People spec §2.3: All Status, Opened, Completed, Cancelled. */
export const REQUEST_STATUS_FILTER = [
  { value: '0', label: 'All Status' },
  { value: String(RequestStatus.Opened), label: 'Opened' },
  { value: String(RequestStatus.Completed), label: 'Completed' },
  { value: String(RequestStatus.Cancelled), label: 'Cancelled' },
];

/**
 * The signed-in employee's regularization requests (people spec §2.3): the status filter, 8 a page,
 * 'Create Request' and its modal, and Cancel on their own Opened requests. The body of
 * /attendance/requests, and the 'Requests' section members can be shown on /my-attendance.
 */
export function MyRequestsPanel({ title = 'Requests' }: { title?: string | null }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<RequestRow | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useRequests({ page, status, onlyMyRequests: true });

  const refresh = () => queryClient.invalidateQueries({ queryKey: [REQUESTS_KEY] });
  const total = list.data?.totalRecords ?? 0;
  const rows = list.data?.rows ?? [];

  const confirmCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await updateRequestStatus(cancelling.id, { status: RequestStatus.Cancelled, requestType: RequestType.AttendanceRegularization });
      toast.success(REQUEST_MSG.cancelled);
      setCancelling(null);
      void refresh();
    } catch (error) {
      toastApiError(error, REQUEST_MSG.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        {title ? <Title order={title === 'Requests' ? 3 : 2}>{title}</Title> : <span />}
        <Group gap="sm">
          <Select
            aria-label="Status filter"
            data={REQUEST_STATUS_FILTER}
            value={String(status)}
            onChange={(value) => {
              setStatus(Number(value ?? 0));
              setPage(1);
            }}
            allowDeselect={false}
            w={160}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create Request
          </Button>
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
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="Regularization requests" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {REQUEST_COLUMNS.map((c) => (
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
                      {canCancelRequest(r, user.id) && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(r)} aria-label={`Cancel request of ${displayDateRange(r.startDate, r.endDate)}`}>
                          Cancel
                        </Button>
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

      <CreateRequestModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setPage(1);
          void refresh();
        }}
      />

      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel Request" centered>
        <Stack>
          <Text size="sm">Cancel your regularization request for {cancelling ? displayDateRange(cancelling.startDate, cancelling.endDate) : ''}? It cannot be reopened.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)} disabled={busy}>
              Keep it
            </Button>
            <Button color="red" onClick={() => void confirmCancel()} loading={busy}>
              Yes, cancel it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
