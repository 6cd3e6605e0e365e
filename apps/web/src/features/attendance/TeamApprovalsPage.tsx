import { useState } from 'react';
import { Anchor, Badge, Button, Card, Checkbox, Group, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { ATTENDANCE_MSG, AttendanceApproval, Role, mayDecideFor, type AttendanceApprovalEntry, type LogPlace } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { isAdminOrModerator, useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { approvalActions, approvalLabel, formatClock, placeLabel, placeMapUrl } from './attendance-rules';
import { useApprovals, useDecide } from './attendance.api';

const PAGE_SIZE = 10;
const FILTERS = [
  { value: String(AttendanceApproval.WaitingForApproval), label: 'Pending' },
  { value: String(AttendanceApproval.Approved), label: 'Approved' },
  { value: String(AttendanceApproval.Rejected), label: 'Rejected' },
];

/** Where the check-in (and the check-out, when it was read) came from, each with a map link. */
function PlaceLines({ checkIn, checkOut }: { checkIn: LogPlace | null; checkOut: LogPlace | null }) {
  const line = (label: string, place: LogPlace | null) => (
    <Text size="sm">
      {label}: {placeLabel(place)}
      {place && (
        <>
          {' '}
          <Anchor href={placeMapUrl(place)} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`${label} on the map`}>
            Map
          </Anchor>
        </>
      )}
    </Text>
  );
  if (!checkIn && !checkOut) return <Text size="sm">No location</Text>;
  return (
    <Stack gap={2} miw={220}>
      {line('In', checkIn)}
      {checkOut && line('Out', checkOut)}
    </Stack>
  );
}

/** /my-team/approvals: attendance entries and the approve/reject rules of people spec §4. */
export function TeamApprovalsPage() {
  const user = useCurrentUser();
  const [status, setStatus] = useState<number>(AttendanceApproval.WaitingForApproval);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const list = useApprovals(status, page, PAGE_SIZE);
  const decide = useDecide();
  const actions = approvalActions(user.roleId, status);
  const anyAction = isAdminOrModerator(user.roleId) && (actions.approve || actions.reject);

  const run = (ids: string[], target: 2 | 3) => {
    if (ids.length === 0) {
      toast.error(ATTENDANCE_MSG.invalidSelection);
      return;
    }
    decide.mutate(
      { attendanceIdCsv: ids.join(','), status: target },
      {
        onSuccess: (data) => {
          if (data.statusCode === 200) {
            toast.success(ATTENDANCE_MSG.statusUpdated);
            setSelected([]);
          } else toast.error(ATTENDANCE_MSG.updateFailed);
        },
        onError: () => toast.error(ATTENDANCE_MSG.updateFailed),
      },
    );
  };
  const rows: AttendanceApprovalEntry[] = list.data?.rows ?? [];
  const totalPages = Math.max(1, Math.ceil((list.data?.totalRecords ?? 0) / PAGE_SIZE));
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Stack gap="lg">
      <Title order={2}>Attendance Approvals</Title>
      <Card>
        <Group justify="space-between" mb="sm">
          <SegmentedControl
            data={FILTERS}
            value={String(status)}
            onChange={(v) => {
              setStatus(Number(v));
              setPage(1);
              setSelected([]);
            }}
          />
          {anyAction && (
            <Group gap="xs">
              {actions.approve && (
                <Button size="xs" onClick={() => run(selected, 2)} loading={decide.isPending}>
                  Approve selected
                </Button>
              )}
              {actions.reject && user.roleId === Role.Administrator && (
                <Button size="xs" color="red" variant="light" onClick={() => run(selected, 3)} loading={decide.isPending}>
                  Reject selected
                </Button>
              )}
            </Group>
          )}
        </Group>
        {list.isPending && <PageLoader label="Loading entries" />}
        {list.isError && <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />}
        {list.data && rows.length === 0 && <EmptyState message="No attendance entries found" />}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label="Attendance entries">
              <Table.Thead>
                <Table.Tr>
                  {anyAction && <Table.Th w={40} />}
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Check In</Table.Th>
                  <Table.Th>Check Out</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Approval Status</Table.Th>
                  {anyAction && <Table.Th>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  // Nobody decides their own log (the server refuses it too: contracts' mayDecideFor).
                  const own = !mayDecideFor(user.id, r.employeeId);
                  const can = own ? { approve: false, reject: false } : approvalActions(user.roleId, r.approvalStatus);
                  return (
                    <Table.Tr key={r.id}>
                      {anyAction && (
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${r.employeeName} ${r.date}`}
                            title={own ? ATTENDANCE_MSG.cannotDecideOwn : undefined}
                            disabled={own}
                            checked={selected.includes(r.id)}
                            onChange={() => toggle(r.id)}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>{r.employeeName}</Table.Td>
                      <Table.Td>{formatDisplayDate(r.date)}</Table.Td>
                      <Table.Td>{formatClock(r.checkIn)}</Table.Td>
                      <Table.Td>{r.checkOut ? formatClock(r.checkOut) : '-'}</Table.Td>
                      <Table.Td>{r.reason ?? '-'}</Table.Td>
                      <Table.Td>
                        <PlaceLines checkIn={r.checkInPlace} checkOut={r.checkOutPlace} />
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light">{approvalLabel(r.approvalStatus)}</Badge>
                      </Table.Td>
                      {anyAction && (
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            {can.approve && (
                              <Button size="xs" variant="light" color="teal" onClick={() => run([r.id], 2)}>
                                Approve
                              </Button>
                            )}
                            {can.reject && (
                              <Button size="xs" variant="light" color="red" onClick={() => run([r.id], 3)}>
                                Reject
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {totalPages > 1 && (
          <Group justify="flex-end" mt="sm">
            <Pagination total={totalPages} value={page} onChange={setPage} />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
