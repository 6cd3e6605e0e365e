import { lazy, Suspense, useState } from 'react';
import { Button, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REQUEST_MSG, REQUEST_PAGE_SIZE, RequestStatus, RequestType, canCancelRequest, type RequestRow } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { RequestStatusBadge } from './RequestStatusBadge';
import { REQUESTS_KEY, updateRequestStatus, useRequests } from './requests.api';
import { displayDateRange, displayTime } from './request-format';
import { toastApiError } from '../../ui/kit/api-error-toast';

// The form (date and time inputs) and the confirmation (Modal) load when opened, not with the attendance page.
const CancelRequestModal = lazy(async () => ({ default: (await import('./CancelRequestModal')).CancelRequestModal }));
const CreateRequestModal = lazy(async () => ({ default: (await import('./CreateRequestModal')).CreateRequestModal }));

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
  const touch = useTouchSize();
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

  const columns: ListColumn<RequestRow>[] = [
    { label: REQUEST_COLUMNS[0], cell: (r) => displayDateRange(r.startDate, r.endDate), primary: true },
    { label: REQUEST_COLUMNS[1], cell: (r) => displayTime(r.startTime) },
    { label: REQUEST_COLUMNS[2], cell: (r) => displayTime(r.endTime) },
    {
      label: REQUEST_COLUMNS[3],
      tdProps: { maw: 320 },
      cell: (r) => (
        <>
          <Text size="sm" lineClamp={2} title={r.reason}>
            {r.reason}
          </Text>
          {r.remarks && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {r.decidedByName ? `${r.decidedByName}: ` : ''}
              {r.remarks}
            </Text>
          )}
        </>
      ),
    },
    { label: REQUEST_COLUMNS[4], cell: (r) => <RequestStatusBadge status={r.status} /> },
    {
      label: 'Actions',
      actions: true,
      cell: (r) =>
        canCancelRequest(r, user.id) && (
          <Button size={touch.button ?? 'xs'} variant="subtle" color="red" onClick={() => setCancelling(r)} aria-label={`Cancel request of ${displayDateRange(r.startDate, r.endDate)}`}>
            Cancel
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        {title ? <Title order={title === 'Requests' ? 3 : 2}>{title}</Title> : <span />}
        <Group gap="sm">
          {/* The browser's own select: a phone's picker, and no Combobox or floating-ui in the page's first load. */}
          <NativeSelect
            aria-label="Status filter"
            data={REQUEST_STATUS_FILTER}
            value={String(status)}
            onChange={(event) => {
              setStatus(Number(event.currentTarget.value));
              setPage(1);
            }}
            w={160}
          />
          <Button size={touch.button} leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create Request
          </Button>
        </Group>
      </Group>

      <ResponsiveList
        label="Regularization requests"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isPending}
        error={list.isError ? REQUEST_MSG.fetchFailed : null}
        onRetry={() => void list.refetch()}
        loadingLabel="Loading requests"
        emptyMessage="No requests found"
        minWidth={720}
      />

      {total > REQUEST_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} requests
          </Text>
          <Pagination total={Math.ceil(total / REQUEST_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Requests pages" />
        </Group>
      )}

      {creating && (
        <Suspense fallback={null}>
          <CreateRequestModal
            opened
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setPage(1);
              void refresh();
            }}
          />
        </Suspense>
      )}

      {cancelling && (
        <Suspense fallback={null}>
          <CancelRequestModal request={cancelling} busy={busy} onKeep={() => setCancelling(null)} onConfirm={() => void confirmCancel()} />
        </Suspense>
      )}
    </Stack>
  );
}
