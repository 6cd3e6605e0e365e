import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { dateSchema, monthLabel, monthSchema } from './dates';
import { logPlaceSchema } from './attendance-clients.contract';
import { formatDisplayDate, formatRupees } from '@tankha/domain';

/**
 * Time logs, computed attendance days, the monthly grid, approvals and the report (people spec
 * §2.11, §2.12, §3 "Attendance day", "Approval status values", §4 "Attendance approval", §7
 * "Attendance approval", "Attendance data"; platform §3.1 "Request approval").
 */

/** Platform §3.1 "Request approval": 1 Pending (WaitingForApproval), 2 Approved, 3 Rejected. */
export const AttendanceApproval = { WaitingForApproval: 1, Approved: 2, Rejected: 3 } as const;
export type AttendanceApprovalValue = (typeof AttendanceApproval)[keyof typeof AttendanceApproval];
/** People spec §3: WaitingForApproval is shown as Pending. */
export const ATTENDANCE_APPROVAL_LABELS: Record<AttendanceApprovalValue, string> = { 1: 'Pending', 2: 'Approved', 3: 'Rejected' };

/** The statuses a computed day can have (packages/domain computeAttendanceDay). */
export const ATTENDANCE_STATUS_VALUES = [
  'Present',
  'PresentButLate',
  'HalfDay',
  'Absent',
  'Holiday',
  'Leave',
  'WeekOff',
  'PresentOnHoliday',
  'PresentOnLeave',
  'PresentOnWeekoff',
  'NotCalculated',
] as const;
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUS_VALUES);
export type AttendanceStatusValue = z.infer<typeof attendanceStatusSchema>;

/**
 * The attendance settings used when an organisation has saved none (people spec §3, §9: default
 * shift 10:00 to 19:00). The settings module owns the form; recompute and the log rules read the
 * saved row merged over these.
 */
export const DEFAULT_ATTENDANCE_SETTINGS = {
  totalHoursCalculationType: 1 as 1 | 2,
  minHoursRequiredMode: 1 as 1 | 2,
  minHoursInputType: 2 as 1 | 2,
  fullDayDuration: '09:00:00',
  halfDayDuration: '04:30:00',
  isFutureDateRegularizationEnabled: false,
  isReasonEnabled: false,
  regularizationEntryType: 1,
  maxPastDaysForAttendanceUpdate: 7,
  allowSelfAttendanceUpdate: true,
  restrictLogsToEstimatedJobHours: false,
  restrictLogsForFutureDates: true,
  restrictLogsForPastDates: true,
  restrictLogsForWeekend: false,
  restrictLogsForHolidays: false,
  areHolidaysIncluded: false,
  areLeavesIncluded: false,
  shiftStart: '10:00:00',
  shiftEnd: '19:00:00',
  gracePeriodMinutes: 15,
};
export type AttendanceSettingsValues = typeof DEFAULT_ATTENDANCE_SETTINGS;

/**
 * The month lock of a finalized payroll (DESIGN §10): attendance of that month no longer
 * changes — up to the day before the finalize when the month was finalized before its pay period
 * ended (the days still to come stay open).
 */
export const PAYROLL_LOCK_MSG = {
  monthFinalized: (month: string) => `Payroll for ${monthLabel(month)} is finalized; attendance for that month can no longer change.`,
  monthFinalizedThrough: (month: string, lockedThrough: string) =>
    `Payroll for ${monthLabel(month)} is finalized; attendance up to ${formatDisplayDate(lockedThrough)} can no longer change.`,
} as const;

/** "26 Nov 2026", or "24 Nov 2026 – 26 Nov 2026" for a span. */
function daysLabel(from: string, to: string): string {
  return from === to ? formatDisplayDate(from) : `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`;
}

/** "FY 2026-27" for the financial year that starts in April of `startYear`. */
function financialYearLabel(startYear: number): string {
  return `FY ${String(startYear)}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * Why a processed employee's figures are stale (DESIGN §10, a month's life): what changed, the days or
 * the year, and who changed it ("Loss of Pay approved for 26 Nov 2026 by Anita Rao"). Shown on the
 * payroll run until the employee is processed again.
 */
export const STALE_REASON = {
  leaveApproved: (leaveType: string, from: string, to: string, by: string) => `${leaveType} approved for ${daysLabel(from, to)} by ${by}`,
  leaveCancelled: (leaveType: string, from: string, to: string) => `${leaveType} for ${daysLabel(from, to)} cancelled`,
  regularized: (from: string, to: string, by: string) => `Attendance regularized for ${daysLabel(from, to)} by ${by}`,
  logAdded: (date: string, by: string) => `Attendance log added for ${formatDisplayDate(date)} by ${by}`,
  logsDecided: (approved: boolean, from: string, to: string, by: string) => `Attendance logs of ${daysLabel(from, to)} ${approved ? 'approved' : 'rejected'} by ${by}`,
  holidayAdded: (name: string, date: string, by: string) => `Holiday ${name} added on ${formatDisplayDate(date)} by ${by}`,
  holidayChanged: (name: string, from: string, to: string, by: string) =>
    from === to ? `Holiday ${name} on ${formatDisplayDate(to)} changed by ${by}` : `Holiday ${name} moved from ${formatDisplayDate(from)} to ${formatDisplayDate(to)} by ${by}`,
  holidayRemoved: (name: string, date: string, by: string) => `Holiday ${name} on ${formatDisplayDate(date)} removed by ${by}`,
  shiftAssigned: (shift: string, from: string, by: string) => `Shift ${shift} assigned from ${formatDisplayDate(from)} by ${by}`,
  shiftChanged: (shift: string, from: string, by: string) => `Shift ${shift} changed from ${formatDisplayDate(from)} by ${by}`,
  shiftRemoved: (shift: string, by: string) => `Shift ${shift} deleted by ${by}`,
  salaryRevised: (effectiveFrom: string, by: string) => `Salary revised from ${formatDisplayDate(effectiveFrom)} by ${by}`,
  declarationDecided: (financialYearStart: number, status: string, by: string) => `Investment declaration for ${financialYearLabel(financialYearStart)} ${status.toLowerCase()} by ${by}`,
  proofsReviewed: (financialYearStart: number, by: string) => `Investment proofs for ${financialYearLabel(financialYearStart)} reviewed by ${by}`,
  reimbursementApproved: (amountPaise: number, by: string) => `Reimbursement claim of ${formatRupees(amountPaise)} approved by ${by}`,
  /** `fields` as the edit form names them: "Salary structure", "Bank account number", "IFSC", "PAN", "UAN", "ESI number", "Date of joining". */
  detailsChanged: (fields: readonly string[], by: string) => `${fields.join(', ')} changed by ${by}`,
  /** A work location moved to another state: its people's professional tax and LWF follow the state. */
  workLocationStateChanged: (location: string, state: string, by: string) => `Work location ${location} moved to ${state} by ${by}`,
} as const;

export const ATTENDANCE_MSG = {
  checkedIn: 'Checked in successfully',
  checkedOut: 'Checked out successfully',
  alreadyCheckedIn: 'You are already checked in. Please check out first.',
  notCheckedIn: 'You are not checked in. Please check in first.',
  logAdded: 'Attendance log added and sent for approval',
  selfUpdateDisabled: 'Self attendance update is not allowed in your organization',
  futureDate: 'Cannot add attendance logs for future dates',
  futureTime: 'Check-out time cannot be in the future',
  pastDate: (days: number) =>
    days === 0 ? 'Attendance logs can only be added for today' : `Cannot add attendance logs more than ${days.toString()} day${days === 1 ? '' : 's'} in the past`,
  weekend: 'Cannot add attendance logs on a weekend',
  holiday: 'Cannot add attendance logs on a holiday',
  outsideShift: (start: string, end: string) => `Attendance logs must be within your shift hours (${start} - ${end})`,
  reasonRequired: 'Please enter a reason',
  outBeforeIn: 'Check-out time must be after check-in time',
  beforeJoining: 'Cannot add attendance logs before your date of joining',
  overlap: 'This log overlaps an existing log for that day',
  invalidSelection: 'Invalid selection',
  updateFailed: 'Failed to update status',
  statusUpdated: 'Status updated successfully',
  rejectAdminOnly: 'Only an administrator can reject attendance',
  cannotDecideOwn: 'You cannot approve or reject your own attendance log',
  cannotApprove: 'Only entries waiting for approval or rejected can be approved',
  cannotReject: 'Only entries waiting for approval or approved can be rejected',
  notInTeam: 'You can only view the attendance of your team',
  employeeNotFound: 'Employee not found',
  employeesRequired: 'Please select at least one employee',
  rangeRequired: 'Start date and end date are required.',
  rangeOrder: 'Start date cannot be later than end date.',
  rangeTooLong: 'The date range can be at most 366 days',
  noTeam: 'You have no team members',
} as const;

/** A real calendar date: '2026-02-30' is refused here, not thrown by the domain later (a 500 before). */
const isoDate = dateSchema('Dates are YYYY-MM-DD');
const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Times are HH:mm or HH:mm:ss')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

/** One time log (check-in/check-out pair); times are 'HH:mm:ss' from the work date's midnight (past 24 for the next day). */
export const timeLogSchema = z.object({
  id: z.string(),
  date: z.string(),
  checkIn: z.string(),
  checkOut: z.string().nullable(),
  /** The instants, ISO UTC. */
  checkInAt: z.string(),
  checkOutAt: z.string().nullable(),
  source: z.string(),
  approvalStatus: z.number().int(),
  reason: z.string().nullable(),
});
export type TimeLogView = z.infer<typeof timeLogSchema>;

export const shiftInfoSchema = z.object({ shiftName: z.string(), shiftStart: z.string(), shiftEnd: z.string() });
export type ShiftInfo = z.infer<typeof shiftInfoSchema>;

export const dayLeaveSchema = z.object({ leaveTypeName: z.string(), portion: z.enum(['full', 'firstHalf', 'secondHalf']), isPaid: z.boolean() });

/** People spec §3 "Attendance day" plus the worklog's figures. */
export const attendanceDaySchema = z.object({
  date: z.string(),
  /** The organisation did not exist yet on this date (and nothing is recorded): no status to show. */
  beforeOrganisation: z.boolean(),
  isWeekend: z.boolean(),
  isHoliday: z.boolean(),
  holidayName: z.string().nullable(),
  leave: dayLeaveSchema.nullable(),
  attendanceStatus: attendanceStatusSchema,
  /** First in and last out, 'HH:mm:ss' (hours past 23 for a next-day check-out). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  totalMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  isLate: z.boolean(),
  /** Lowest approval of the day's logs (1 pending, 2 approved, 3 rejected); null without logs. */
  approvalStatus: z.number().int().nullable(),
  shiftInfo: shiftInfoSchema.nullable(),
});
export type AttendanceDayView = z.infer<typeof attendanceDaySchema>;

export const attendanceDaysQuerySchema = z
  .object({ startDate: isoDate, endDate: isoDate, employeeId: z.uuid('employeeId must be an id').optional() })
  .refine((q) => q.startDate <= q.endDate, { message: ATTENDANCE_MSG.rangeOrder, path: ['startDate'] });
export type AttendanceDaysQuery = z.infer<typeof attendanceDaysQuerySchema>;
export const attendanceDaysReplySchema = envelope(z.array(attendanceDaySchema));

/** The state of today's card (my-attendance and the dashboard). */
export const attendanceTodaySchema = z.object({
  date: z.string(),
  /** Server time now, ISO, so the live elapsed time does not depend on the browser's clock. */
  now: z.string(),
  isCheckedIn: z.boolean(),
  /** The organisation requires the browser's location at check-in (Attendance > Clients). */
  requireLocation: z.boolean().default(false),
  openLog: timeLogSchema.nullable(),
  logs: z.array(timeLogSchema),
  day: attendanceDaySchema.nullable(),
  selfUpdate: z.object({
    allowed: z.boolean(),
    isReasonEnabled: z.boolean(),
    maxPastDays: z.number().int(),
    restrictLogsForPastDates: z.boolean(),
    restrictLogsForFutureDates: z.boolean(),
  }),
});
export type AttendanceToday = z.infer<typeof attendanceTodaySchema>;
export const attendanceTodayReplySchema = envelope(attendanceTodaySchema);

export const manualTimeLogSchema = z.object({
  date: isoDate,
  checkIn: timeOfDay,
  checkOut: timeOfDay,
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional().nullable(),
});
export type ManualTimeLogInput = z.input<typeof manualTimeLogSchema>;
export const timeLogReplySchema = envelope(timeLogSchema);

/** Monthly grid (people spec §2.11). */
export const ATTENDANCE_GRID_PAGE_SIZE = 10;
export const attendanceGridQuerySchema = z.object({
  month: monthSchema('month must be YYYY-MM'),
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(1000, 'pageSize must be between 1 and 1000').default(ATTENDANCE_GRID_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  departmentId: z.uuid('departmentId must be an id').optional(),
});
export type AttendanceGridQuery = z.infer<typeof attendanceGridQuerySchema>;
export const attendanceGridRowSchema = z.object({
  employeeId: z.string(),
  employeeName: z.string(),
  email: z.string(),
  employeeNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  days: z.array(attendanceDaySchema),
});
export type AttendanceGridRow = z.infer<typeof attendanceGridRowSchema>;
export const attendanceGridReplySchema = listEnvelope(attendanceGridRowSchema);

/** Approvals (people spec §4, §7 "Attendance approval"): the ids are time-log ids. */
export const attendanceApprovalSchema = z.object({
  attendanceIdCsv: z.string().max(20_000),
  status: z.union([z.literal(2), z.literal(3)], { error: 'status must be 2 (Approved) or 3 (Rejected)' }),
});
export type AttendanceApprovalInput = z.infer<typeof attendanceApprovalSchema>;
export const attendanceApprovalReplySchema = envelope(z.object({ statusCode: z.number().int(), updated: z.number().int() }));

export const attendanceApprovalListQuerySchema = z.object({
  status: z.coerce.number().int().min(1).max(3).default(1),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type AttendanceApprovalListQuery = z.infer<typeof attendanceApprovalListQuerySchema>;
export const attendanceApprovalEntrySchema = timeLogSchema.extend({
  employeeId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  createdAt: z.string(),
  /** Where the web check-in and check-out came from; null when no location was recorded. */
  checkInPlace: logPlaceSchema.nullable(),
  checkOutPlace: logPlaceSchema.nullable(),
});
export type AttendanceApprovalEntry = z.infer<typeof attendanceApprovalEntrySchema>;
export const attendanceApprovalListReplySchema = listEnvelope(attendanceApprovalEntrySchema);

/** GET /Attendances/reports (people spec §7 "Attendance data"): the XLSX. */
export const attendanceReportQuerySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    employeeIds: z.string().optional(),
    isBulkReport: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine((q) => q.startDate <= q.endDate, { message: ATTENDANCE_MSG.rangeOrder, path: ['startDate'] });
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuerySchema>;

/** GET /Users/team (platform §2.2 team lookup): the caller's reportees. */
export const teamQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;
export const teamMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), employeeNumber: z.string().nullable(), designation: z.string().nullable() });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamReplySchema = envelope(z.object({ data: z.array(teamMemberSchema), totalRecords: z.number().int() }));

/** The worklog headings of people spec §2.12, in order. */
export const WORKLOG_HEADINGS = ['Day', 'Date', 'Status', 'First IN', 'Last Out', 'Over Time', 'Total hours', 'Approval Status'] as const;

/** Display labels of the computed statuses (platform §3.1 attendance status names). */
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatusValue, string> = {
  Present: 'Present',
  PresentButLate: 'Present But Late',
  HalfDay: 'Half Day',
  Absent: 'Absent',
  Holiday: 'Holiday',
  Leave: 'Leave',
  WeekOff: 'Week Off',
  PresentOnHoliday: 'Present (Holiday)',
  PresentOnLeave: 'Present (Leave)',
  PresentOnWeekoff: 'Week Off (P)',
  NotCalculated: 'Not Calculated',
};

/**
 * A day's first-in or last-out ('HH:mm:ss' counted from the work date's midnight, so a night
 * shift's out may be '26:57:00') as a clock time and how many days after the work date it falls.
 * Shown as '02:57:00 (+1)', never '26:57:00'.
 */
export function workDayClock(time: string): { time: string; dayOffset: number } {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { time: `${pad(h % 24)}:${pad(m)}:${pad(s)}`, dayOffset: Math.floor(h / 24) };
}

/** '(+1)' after a time on the day after the work date; '' on the work date itself. */
export function dayOffsetSuffix(dayOffset: number): string {
  return dayOffset > 0 ? ` (+${dayOffset.toString()})` : '';
}

/** Minutes as 'HH:mm' (the worklog's Total hours and Over Time). */
export function formatAttendanceMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
