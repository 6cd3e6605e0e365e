import { Badge, Table } from '@mantine/core';
import { ATTENDANCE_STATUS_LABELS, WORKLOG_HEADINGS, formatAttendanceMinutes, type AttendanceDayView } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { EmptyState } from '../../ui/EmptyState';
import { approvalLabel, dayName, formatClock } from './attendance-rules';

const APPROVAL_COLOURS: Record<string, string> = { Approved: 'teal', Rejected: 'red', Pending: 'yellow' };

/** The worklog (people spec §2.12): Day, Date, Status, First IN, Last Out, Over Time, Total hours, Approval Status. */
export function WorklogTable({ days }: { days: readonly AttendanceDayView[] }) {
  if (days.length === 0) return <EmptyState message="No attendance for this month" />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Worklog">
        <Table.Thead>
          <Table.Tr>
            {WORKLOG_HEADINGS.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((d) => {
            const approval = approvalLabel(d.approvalStatus);
            return (
              <Table.Tr key={d.date}>
                <Table.Td>{dayName(d.date)}</Table.Td>
                <Table.Td>{formatDisplayDate(d.date)}</Table.Td>
                <Table.Td>{ATTENDANCE_STATUS_LABELS[d.attendanceStatus]}</Table.Td>
                <Table.Td>{d.startTime ? formatClock(d.startTime) : '-'}</Table.Td>
                <Table.Td>{d.endTime ? formatClock(d.endTime) : '-'}</Table.Td>
                <Table.Td>{formatAttendanceMinutes(d.overtimeMinutes)}</Table.Td>
                <Table.Td>{formatAttendanceMinutes(d.totalMinutes)}</Table.Td>
                <Table.Td>
                  {approval === '-' ? (
                    '-'
                  ) : (
                    <Badge variant="light" color={APPROVAL_COLOURS[approval] ?? 'gray'}>
                      {approval}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
