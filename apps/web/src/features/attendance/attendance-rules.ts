import { ATTENDANCE_APPROVAL_LABELS, AttendanceApproval, Role, dayOffsetSuffix, workDayClock, type AttendanceApprovalValue, type AttendanceDayView, type RoleId, type ShiftInfo } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';

/** People spec §2.11, §9: the grid cuts names and e-mails at 18 characters followed by '...'. */
export const GRID_TEXT_LIMIT = 18;
export function truncateGridText(text: string, limit = GRID_TEXT_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/**
 * The colour of a day circle (people spec §2.11): weekend grey, holiday amber, leave blue, present or
 * present-but-late green, half day blue, absent red, other light grey. Half day and leave share the
 * blue in the spec; half day is drawn as a blue outline so the two stay apart (docs/decisions/).
 */
export type DayKind = 'weekend' | 'holiday' | 'leave' | 'present' | 'halfDay' | 'absent' | 'other';
export interface DayColour {
  kind: DayKind;
  background: string;
  border: string;
  text: string;
}
export const DAY_COLOURS: Record<DayKind, DayColour> = {
  weekend: { kind: 'weekend', background: '#adb5bd', border: '#adb5bd', text: '#fff' },
  holiday: { kind: 'holiday', background: '#f59f00', border: '#f59f00', text: '#fff' },
  leave: { kind: 'leave', background: '#1c7ed6', border: '#1c7ed6', text: '#fff' },
  present: { kind: 'present', background: '#2f9e44', border: '#2f9e44', text: '#fff' },
  halfDay: { kind: 'halfDay', background: '#e7f5ff', border: '#1c7ed6', text: '#1864ab' },
  absent: { kind: 'absent', background: '#e03131', border: '#e03131', text: '#fff' },
  other: { kind: 'other', background: '#f1f3f5', border: '#dee2e6', text: '#495057' },
};
export const DAY_LEGEND: { kind: DayKind; label: string }[] = [
  { kind: 'present', label: 'Present' },
  { kind: 'halfDay', label: 'Half Day' },
  { kind: 'absent', label: 'Absent' },
  { kind: 'leave', label: 'Leave' },
  { kind: 'holiday', label: 'Holiday' },
  { kind: 'weekend', label: 'Weekend' },
  { kind: 'other', label: 'Other' },
];

/** Worked statuses win over the day's kind: work on a holiday or week-off shows green. */
export function dayKind(day: Pick<AttendanceDayView, 'attendanceStatus' | 'isWeekend' | 'isHoliday' | 'leave'>): DayKind {
  switch (day.attendanceStatus) {
    case 'Present':
    case 'PresentButLate':
    case 'PresentOnHoliday':
    case 'PresentOnLeave':
    case 'PresentOnWeekoff':
      return 'present';
    case 'HalfDay':
      return 'halfDay';
    case 'Absent':
      return 'absent';
    case 'Holiday':
      return 'holiday';
    case 'Leave':
      return 'leave';
    case 'WeekOff':
      return 'weekend';
    default:
      if (day.isHoliday) return 'holiday';
      if (day.leave) return 'leave';
      if (day.isWeekend) return 'weekend';
      return 'other';
  }
}

/**
 * People spec §3 "Attendance day": the statuses shown are Present, PresentButLate, HalfDay, Absent,
 * otherwise Not Calculated. Work on a holiday, leave or week-off is one of platform §9's present
 * statuses, so it shows as Present (the circle's colour already says what kind of day it was).
 */
export function tooltipStatus(day: Pick<AttendanceDayView, 'attendanceStatus'>): string {
  const s = day.attendanceStatus;
  if (s === 'PresentOnHoliday' || s === 'PresentOnLeave' || s === 'PresentOnWeekoff') return 'Present';
  return s === 'Present' || s === 'PresentButLate' || s === 'HalfDay' || s === 'Absent' ? s : 'Not Calculated';
}

/** 'HH:mm:ss' (hours may pass 23 for the next day) as a 12-hour time. */
/**
 * 'HH:mm:ss' as a 12-hour clock time; a night shift's out counted past 24:00 of the work date
 * ('26:57:00') is shown as the next day's time, '02:57 AM (+1)' (the XLSX says the same).
 */
export function formatClock(time: string | null | undefined): string {
  if (!time) return 'N/A';
  const { time: clock, dayOffset } = workDayClock(time);
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}${dayOffsetSuffix(dayOffset)}`;
}

export function shiftLabel(shift: ShiftInfo | null): string {
  return shift ? `${shift.shiftName} (${formatClock(shift.shiftStart)} - ${formatClock(shift.shiftEnd)})` : 'N/A';
}

/** The tooltip of a day circle (people spec §2.11): Date, Status, First In, Last Out, Shift or N/A. */
export function tooltipLines(day: AttendanceDayView): { label: string; value: string }[] {
  return [
    { label: 'Date', value: formatDisplayDate(day.date) },
    { label: 'Status', value: tooltipStatus(day) },
    { label: 'First In', value: formatClock(day.startTime) },
    { label: 'Last Out', value: formatClock(day.endTime) },
    { label: 'Shift', value: shiftLabel(day.shiftInfo) },
  ];
}

export function approvalLabel(status: number | null): string {
  if (status === null) return '-';
  return ATTENDANCE_APPROVAL_LABELS[status as AttendanceApprovalValue] ?? '-';
}

/** People spec §4: Approve from Waiting or Rejected (Administrator, Moderator); Reject from Waiting or Approved (Administrator). */
export function approvalActions(roleId: RoleId, status: number): { approve: boolean; reject: boolean } {
  const admins = roleId === Role.Administrator || roleId === Role.Moderator;
  return {
    approve: admins && (status === AttendanceApproval.WaitingForApproval || status === AttendanceApproval.Rejected),
    reject: roleId === Role.Administrator && (status === AttendanceApproval.WaitingForApproval || status === AttendanceApproval.Approved),
  };
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export function dayName(date: string): string {
  return DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export function monthTitle(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** Date-range presets of platform §9 / people spec §9, computed from a 'YYYY-MM-DD' today; weeks run Monday to Sunday (platform §9). */
export const RANGE_PRESETS = ['Today', 'Yesterday', 'This Week', 'Last Week', 'This Month', 'Last Month', 'Custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
export function presetRange(preset: Exclude<RangePreset, 'Custom'>, today: string): { startDate: string; endDate: string } {
  const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'Today':
      return { startDate: today, endDate: today };
    case 'Yesterday':
      return { startDate: shift(today, -1), endDate: shift(today, -1) };
    case 'This Week':
      return { startDate: shift(today, -dow), endDate: shift(today, 6 - dow) };
    case 'Last Week':
      return { startDate: shift(today, -dow - 7), endDate: shift(today, -dow - 1) };
    case 'This Month':
      return { startDate: monthStart, endDate: shift(`${shiftMonth(today.slice(0, 7), 1)}-01`, -1) };
    case 'Last Month':
      return { startDate: `${shiftMonth(today.slice(0, 7), -1)}-01`, endDate: shift(monthStart, -1) };
  }
}

export function shiftMonth(month: string, offset: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + offset, 1));
  return d.toISOString().slice(0, 7);
}

/** Elapsed time since an instant, 'HH:mm:ss'. */
export function elapsedLabel(sinceIso: string, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
