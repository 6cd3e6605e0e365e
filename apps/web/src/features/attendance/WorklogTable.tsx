import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { ATTENDANCE_STATUS_LABELS, WORKLOG_HEADINGS, formatAttendanceMinutes, type AttendanceDayView } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { EmptyState } from '../../ui/EmptyState';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { approvalLabel, dayName, formatClock } from './attendance-rules';

const APPROVAL_COLOURS: Record<string, string> = { Approved: 'teal', Rejected: 'red', Pending: 'yellow' };

/** The worklog (people spec §2.12): Day, Date, Status, First IN, Last Out, Over Time, Total hours, Approval Status. */
export function WorklogTable({ days }: { days: readonly AttendanceDayView[] }) {
  if (days.length === 0) return <EmptyState message="No attendance for this month" />;
  return <ResponsiveList bare label="Worklog" columns={WORKLOG_COLUMNS} rows={days} rowKey={(d) => d.date} loading={false} error={null} onRetry={() => undefined} loadingLabel="" emptyMessage="" minWidth={720} />;
}

/** The cells, in WORKLOG_HEADINGS' order. */
const WORKLOG_CELLS: ((d: AttendanceDayView) => ReactNode)[] = [
  (d) => dayName(d.date),
  (d) => formatDisplayDate(d.date),
  (d) => ATTENDANCE_STATUS_LABELS[d.attendanceStatus],
  (d) => (d.startTime ? formatClock(d.startTime) : '-'),
  (d) => (d.endTime ? formatClock(d.endTime) : '-'),
  (d) => formatAttendanceMinutes(d.overtimeMinutes),
  (d) => formatAttendanceMinutes(d.totalMinutes),
  (d) => {
    const approval = approvalLabel(d.approvalStatus);
    return approval === '-' ? (
      '-'
    ) : (
      <Badge variant="light" color={APPROVAL_COLOURS[approval] ?? 'gray'}>
        {approval}
      </Badge>
    );
  },
];

/** One column per heading; on a phone the date is the card's title. */
const WORKLOG_COLUMNS: ListColumn<AttendanceDayView>[] = WORKLOG_CELLS.map((cell, i) => ({ label: WORKLOG_HEADINGS[i] ?? '', cell, primary: i === 1 }));
