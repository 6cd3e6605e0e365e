import { Button, Group, Pagination, Stack, Table, Text, Tooltip } from '@mantine/core';
import { LEAVE_PAGE_SIZE, LEAVE_PORTION_LABELS, type LeaveRequest } from '@tankha/contracts';
import { displayDate } from '../../ui/format';
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
  const columns = [...(withEmployee ? ['Employee'] : []), 'Type', 'From', 'To', 'Days', 'Status', 'Reason', ...(onCancel || onDecide ? ['Actions'] : [])];
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={800} type="native">
        <Table aria-label={label} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                {withEmployee && (
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.employeeName}
                    </Text>
                    {r.employeeNumber && (
                      <Text size="xs" c="dimmed">
                        {r.employeeNumber}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: `var(--mantine-color-${r.leaveTypeColor}-6)`, display: 'inline-block' }} />
                    <Text size="sm">{r.leaveTypeName}</Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {displayDate(r.startDate)}
                  {r.portion !== 'full' && (
                    <Text size="xs" c="dimmed">
                      {LEAVE_PORTION_LABELS[r.portion]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(r.endDate)}</Table.Td>
                <Table.Td>{r.days}</Table.Td>
                <Table.Td>
                  <Tooltip label={r.remarks ? `${r.approverName ?? ''}: ${r.remarks}` : (r.approverName ?? '')} disabled={!r.remarks && !r.approverName}>
                    <span>
                      <LeaveStatusBadge status={r.status} />
                    </span>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  {r.reason && r.reason.length > REASON_CHARS ? (
                    <Tooltip label={r.reason} multiline maw={360}>
                      <Text size="sm">{`${r.reason.slice(0, REASON_CHARS)}…`}</Text>
                    </Tooltip>
                  ) : (
                    <Text size="sm">{r.reason ?? '—'}</Text>
                  )}
                </Table.Td>
                {(onCancel || onDecide) && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {onDecide && r.canDecide && (
                        <>
                          <Button size="xs" color="green" variant="light" onClick={() => onDecide(r, 'approve')} aria-label={`Approve leave of ${r.employeeName} from ${r.startDate}`}>
                            Approve
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => onDecide(r, 'reject')} aria-label={`Reject leave of ${r.employeeName} from ${r.startDate}`}>
                            Reject
                          </Button>
                        </>
                      )}
                      {onCancel && r.canCancel && (
                        <Button size="xs" color="gray" variant="light" onClick={() => onCancel(r)} aria-label={`Cancel leave from ${r.startDate}`}>
                          Cancel
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
