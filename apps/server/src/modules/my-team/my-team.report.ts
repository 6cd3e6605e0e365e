import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ATTENDANCE_STATUS_LABELS,
  TEAM_REPORT_LABELS,
  formatAttendanceMinutes,
  workDayClock,
  type AttendanceDayView,
  type TeamReportKind,
} from '@tankha/contracts';
import { timeOfDayToSeconds } from '@tankha/domain';

export interface TeamReportEmployee {
  employee: {
    name: string;
    employeeNumber: string | null;
    dateOfJoining: string | null;
  };
  days: readonly AttendanceDayView[];
}

const clock = (time: string | null) => (time ? workDayClock(time).time.slice(0, 5) : '');

/** Minutes after the shift's start of a late first in (the day's isLate already applied the grace). */
export function minutesLate(day: AttendanceDayView): number {
  if (!day.startTime || !day.shiftInfo) return 0;
  return Math.max(0, Math.round((timeOfDayToSeconds(day.startTime) - timeOfDayToSeconds(day.shiftInfo.shiftStart)) / 60));
}

/** The header row of each report (the tests read the file back against these). */
export const TEAM_REPORT_COLUMNS: Record<TeamReportKind, { header: string; key: string; width: number }[]> = {
  attendance: [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Employee Number', key: 'number', width: 16 },
    { header: 'Employee Name', key: 'name', width: 28 },
    { header: 'Status', key: 'status', width: 18 },
    { header: 'First In', key: 'firstIn', width: 10 },
    { header: 'Last Out', key: 'lastOut', width: 10 },
    { header: 'Total Hours', key: 'total', width: 12 },
    { header: 'Late', key: 'late', width: 8 },
    { header: 'Leave', key: 'leave', width: 20 },
  ],
  leave: [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Employee Number', key: 'number', width: 16 },
    { header: 'Employee Name', key: 'name', width: 28 },
    { header: 'Leave Type', key: 'type', width: 20 },
    { header: 'Portion', key: 'portion', width: 12 },
    { header: 'Paid', key: 'paid', width: 8 },
  ],
  late: [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Employee Number', key: 'number', width: 16 },
    { header: 'Employee Name', key: 'name', width: 28 },
    { header: 'Shift', key: 'shift', width: 24 },
    { header: 'Shift Start', key: 'shiftStart', width: 12 },
    { header: 'First In', key: 'firstIn', width: 10 },
    { header: 'Minutes Late', key: 'minutes', width: 14 },
  ],
};

function rowsOf(kind: TeamReportKind, e: TeamReportEmployee): Record<string, string | number>[] {
  const out: Record<string, string | number>[] = [];
  const who = {
    number: e.employee.employeeNumber ?? '',
    name: e.employee.name,
  };
  for (const d of e.days) {
    if (e.employee.dateOfJoining && d.date < e.employee.dateOfJoining) continue;
    if (kind === 'attendance') {
      out.push({
        date: d.date,
        ...who,
        status: d.isHoliday && d.attendanceStatus === 'NotCalculated' ? 'Holiday' : ATTENDANCE_STATUS_LABELS[d.attendanceStatus],
        firstIn: clock(d.startTime),
        lastOut: clock(d.endTime),
        total: formatAttendanceMinutes(d.totalMinutes),
        late: d.isLate ? 'Yes' : '',
        leave: d.leave ? d.leave.leaveTypeName : '',
      });
    } else if (kind === 'leave') {
      if (d.leave)
        out.push({
          date: d.date,
          ...who,
          type: d.leave.leaveTypeName,
          portion: d.leave.portion === 'full' ? 'Full day' : 'Half day',
          paid: d.leave.isPaid ? 'Yes' : 'No',
        });
    } else if (d.isLate) {
      out.push({
        date: d.date,
        ...who,
        shift: d.shiftInfo?.shiftName ?? '',
        shiftStart: d.shiftInfo ? d.shiftInfo.shiftStart.slice(0, 5) : '',
        firstIn: clock(d.startTime),
        minutes: minutesLate(d),
      });
    }
  }
  return out;
}

/**
 * A my-team report as a stream: ExcelJS's streaming writer commits each row as it
 * is added, so the workbook is never held whole in memory; the rows come from days already read in
 * the request's transaction.
 */
export function streamTeamReport(kind: TeamReportKind, employees: readonly TeamReportEmployee[], onError: (error: unknown) => void): Readable {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Tankha';
  const sheet = book.addWorksheet(TEAM_REPORT_LABELS[kind]);
  sheet.columns = TEAM_REPORT_COLUMNS[kind];
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for (const e of employees) for (const row of rowsOf(kind, e)) sheet.addRow(row).commit();
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => {
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}
