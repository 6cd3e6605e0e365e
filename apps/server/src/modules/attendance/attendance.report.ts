import ExcelJS from 'exceljs';
import { ATTENDANCE_STATUS_LABELS, dayOffsetSuffix, formatAttendanceMinutes, workDayClock, type AttendanceDayView } from '@tankha/contracts';

/** A first-in or last-out as the clock shows it, with '(+1)' when it falls after the work date (a night shift's out). */
function clockText(time: string | null): string {
  if (!time) return '';
  const { time: clock, dayOffset } = workDayClock(time);
  return `${clock}${dayOffsetSuffix(dayOffset)}`;
}

export interface ReportEmployee {
  employeeNumber: string | null;
  name: string;
  joining: string | null;
  days: readonly AttendanceDayView[];
  /** Stored payable fraction per computed date. */
  payable: ReadonlyMap<string, number>;
}

const PRESENT = new Set(['Present', 'PresentButLate', 'PresentOnHoliday', 'PresentOnLeave', 'PresentOnWeekoff']);

/**
 * The attendance report (people spec §7 "Attendance data", GET reports): one row per employee per
 * day, and a summary per employee. LOP days are the unpaid part of computed days (1 − payable),
 * days before joining and not yet computed are left out of the summary.
 */
export async function buildAttendanceReport(employees: readonly ReportEmployee[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  const daily = book.addWorksheet('Attendance');
  daily.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Employee Number', key: 'number', width: 16 },
    { header: 'Employee Name', key: 'name', width: 28 },
    { header: 'Status', key: 'status', width: 18 },
    { header: 'First In', key: 'firstIn', width: 10 },
    { header: 'Last Out', key: 'lastOut', width: 14 },
    { header: 'Total Hours', key: 'total', width: 12 },
    { header: 'Overtime', key: 'overtime', width: 10 },
    { header: 'Shift', key: 'shift', width: 28 },
  ];
  const summary = book.addWorksheet('Summary');
  summary.columns = [
    { header: 'Employee Number', key: 'number', width: 16 },
    { header: 'Employee Name', key: 'name', width: 28 },
    { header: 'Present Days', key: 'present', width: 14 },
    { header: 'Absent Days', key: 'absent', width: 14 },
    { header: 'Half Days', key: 'half', width: 12 },
    { header: 'Leave Days', key: 'leave', width: 12 },
    { header: 'LOP Days', key: 'lop', width: 12 },
  ];
  for (const e of employees) {
    let present = 0;
    let absent = 0;
    let half = 0;
    let leave = 0;
    let lop = 0;
    for (const d of e.days) {
      if (e.joining && d.date < e.joining) continue;
      daily.addRow({
        date: d.date,
        number: e.employeeNumber ?? '',
        name: e.name,
        status: ATTENDANCE_STATUS_LABELS[d.attendanceStatus],
        firstIn: clockText(d.startTime),
        lastOut: clockText(d.endTime),
        total: formatAttendanceMinutes(d.totalMinutes),
        overtime: formatAttendanceMinutes(d.overtimeMinutes),
        shift: d.shiftInfo ? `${d.shiftInfo.shiftName} (${d.shiftInfo.shiftStart.slice(0, 5)} - ${d.shiftInfo.shiftEnd.slice(0, 5)})` : 'N/A',
      });
      if (d.attendanceStatus === 'NotCalculated') continue;
      if (PRESENT.has(d.attendanceStatus)) present += 1;
      if (d.attendanceStatus === 'Absent') absent += 1;
      if (d.attendanceStatus === 'HalfDay') half += 1;
      if (d.leave && (d.attendanceStatus === 'Leave' || d.attendanceStatus === 'PresentOnLeave' || d.attendanceStatus === 'HalfDay')) leave += d.leave.portion === 'full' ? 1 : 0.5;
      const payable = e.payable.get(d.date);
      if (payable !== undefined) lop += 1 - payable;
    }
    summary.addRow({ number: e.employeeNumber ?? '', name: e.name, present, absent, half, leave, lop });
  }
  for (const sheet of [daily, summary]) sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
