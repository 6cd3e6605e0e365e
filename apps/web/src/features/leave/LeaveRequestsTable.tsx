import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { LEAVE_PAGE_SIZE, LEAVE_PORTION_LABELS, type LeaveRequest } from '@tankha/contracts';
import { displayDate } from '../../ui/format';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { LeaveStatusBadge } from './LeaveStatusBadge';

const REASON_CHARS = 40;

interface LeaveRequestsTableProps {
  label: string;
  rows: readonly LeaveRequest[];
  totalRecords: number;
  page: number;
  onPage: (page: number) => void;
  /** Show the employee column (team views). */
  withEmployee?: boolean;
  onCancel?: (request: LeaveRequest) => void;
  onDecide?: (request: LeaveRequest, decision: 'approve' | 'reject') => void;
}

/** Platform §9: the footer shows only when there is more than one page (more than 6 leave rows). */
export function showLeavePager(totalRecords: number): boolean {
  return totalRecords > LEAVE_PAGE_SIZE;
}

export function LeaveRequestsTable({ label, rows, totalRecords, page, onPage, withEmployee = false, onCancel, onDecide }: LeaveRequestsTableProps) {
  const touch = useTouchSize();
  const actionSize = touch.button ?? 'xs';
  const employee: ListColumn<LeaveRequest> = {
    label: 'Employee',
    primary: true,
    cell: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.employeeName}
        </Text>
        {r.employeeNumber && (
          <Text size="xs" c="dimmed">
            {r.employeeNumber}
          </Text>
        )}
      </>
    ),
  };
  const actions: ListColumn<LeaveRequest> = {
    label: 'Actions',
    actions: true,
    cell: (r) => (
      <Group gap="xs" wrap="nowrap">
        {onDecide && r.canDecide && (
          <>
            <Button size={actionSize} color="green" variant="light" onClick={() => onDecide(r, 'approve')} aria-label={`Approve leave of ${r.employeeName} from ${r.startDate}`}>
              Approve
            </Button>
            <Button size={actionSize} color="red" variant="light" onClick={() => onDecide(r, 'reject')} aria-label={`Reject leave of ${r.employeeName} from ${r.startDate}`}>
              Reject
            </Button>
          </>
        )}
        {onCancel && r.canCancel && (
          <Button size={actionSize} color="gray" variant="light" onClick={() => onCancel(r)} aria-label={`Cancel leave from ${r.startDate}`}>
            Cancel
          </Button>
        )}
      </Group>
    ),
  };
  const columns: ListColumn<LeaveRequest>[] = [
    ...(withEmployee ? [employee] : []),
    {
      label: 'Type',
      // Without the employee column the type names the card on a phone.
      primary: !withEmployee,
      cell: (r) => (
        <Group gap={6} wrap="nowrap">
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: `var(--mantine-color-${r.leaveTypeColor}-6)`, display: 'inline-block' }} />
          <Text size="sm" fw="inherit">
            {r.leaveTypeName}
          </Text>
        </Group>
      ),
    },
    {
      label: 'From',
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (r) => (
        <>
          {displayDate(r.startDate)}
          {r.portion !== 'full' && (
            <Text size="xs" c="dimmed">
              {LEAVE_PORTION_LABELS[r.portion]}
            </Text>
          )}
        </>
      ),
    },
    { label: 'To', tdProps: { style: { whiteSpace: 'nowrap' } }, cell: (r) => displayDate(r.endDate) },
    { label: 'Days', cell: (r) => r.days },
    {
      label: 'Status',
      cell: (r) => (
        // The browser's title rather than a Tooltip (floating-ui) in the employee's first load; the hover text is the same.
        <span title={r.remarks ? `${r.approverName ?? ''}: ${r.remarks}` : (r.approverName ?? undefined)}>
          <LeaveStatusBadge status={r.status} />
        </span>
      ),
    },
    {
      label: 'Reason',
      cell: (r) =>
        r.reason && r.reason.length > REASON_CHARS ? (
          <Text size="sm" title={r.reason}>{`${r.reason.slice(0, REASON_CHARS)}…`}</Text>
        ) : (
          <Text size="sm">{r.reason ?? '—'}</Text>
        ),
    },
    ...(onCancel || onDecide ? [actions] : []),
  ];
  return (
    <Stack gap="sm">
      {/* The pages' own card shows loading, failure and the empty text. */}
      <ResponsiveList bare label={label} columns={columns} rows={rows} rowKey={(r) => r.id} loading={false} error={null} onRetry={() => undefined} loadingLabel="" emptyMessage="" minWidth={800} />
      {showLeavePager(totalRecords) && (
        <Group justify="space-between" px="md" pb="md">
          <Text size="sm" c="dimmed">
            {totalRecords} requests
          </Text>
          <Pagination total={Math.ceil(totalRecords / LEAVE_PAGE_SIZE)} value={page} onChange={onPage} aria-label={`${label} pages`} />
        </Group>
      )}
    </Stack>
  );
}
