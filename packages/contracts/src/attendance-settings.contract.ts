import { z } from 'zod';
import { envelope } from './envelope';

/** Attendance settings (people spec §2.1, §3 "Attendance settings", §4, §5, §7). */

export const ATTENDANCE_SETTINGS_MSG = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to load attendance settings',
  durationFormat: 'must be a duration as HH:mm (hours at most 23, minutes at most 59)',
  timeFormat: 'must be a time as HH:mm (hours at most 23, minutes at most 59)',
  fullDayRequired: 'Please enter the full day duration',
  halfDayRequired: 'Please enter the half day duration',
  halfDayTooLong: 'Half day duration cannot be more than the full day duration',
  grace: 'Grace period must be a whole number of minutes from 0 to 120',
  maxPastDays: 'Max past days must be a whole number of 0 or more',
  enumOneTwo: 'must be 1 or 2',
} as const;

/** People spec §9: grace period 0 to 120 minutes. */
export const GRACE_PERIOD_MAX_MINUTES = 120;
/** An upper bound for max past days (a year), so a typo cannot open every past date. */
export const MAX_PAST_DAYS_LIMIT = 365;

const CLOCK = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/**
 * 'HH:mm' or 'HH:mm:ss' with hours ≤ 23 and minutes (and seconds) ≤ 59, padded to 'HH:mm:ss'
 * (people spec §5, §7: ':00' is appended when missing).
 */
export function parseClockText(value: string): string | null {
  const match = CLOCK.exec(value.trim());
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (h > 23 || m > 59 || s > 59) return null;
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** A clock text field: required (message when missing or empty), then checked and padded. */
export function clockTextSchema(requiredMessage: string, formatMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((v) => parseClockText(v) !== null, formatMessage)
    .transform((v) => parseClockText(v) ?? v);
}

const oneOrTwo = (field: string) => z.union([z.literal(1), z.literal(2)], { error: `${field} ${ATTENDANCE_SETTINGS_MSG.enumOneTwo}` });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** The stored and returned settings (people spec §3), times and durations as 'HH:mm:ss'. */
export const attendanceSettingsSchema = z.object({
  /** 1 first check-in and last check-out; 2 every valid check-in and check-out pair. */
  totalHoursCalculationType: z.union([z.literal(1), z.literal(2)]),
  /** 1 strict; 2 lenient (expected hours, shortfall up to the grace period forgiven). */
  minHoursRequiredMode: z.union([z.literal(1), z.literal(2)]),
  /** 1 manual full/half day durations; 2 the shift's hours (half of it for a half day). */
  minHoursInputType: z.union([z.literal(1), z.literal(2)]),
  fullDayDuration: z.string(),
  halfDayDuration: z.string(),
  isFutureDateRegularizationEnabled: z.boolean(),
  isReasonEnabled: z.boolean(),
  /** 1 start and end time; 2 total hours (docs/decisions/). */
  regularizationEntryType: z.union([z.literal(1), z.literal(2)]),
  maxPastDaysForAttendanceUpdate: z.number().int(),
  allowSelfAttendanceUpdate: z.boolean(),
  restrictLogsToEstimatedJobHours: z.boolean(),
  restrictLogsForFutureDates: z.boolean(),
  restrictLogsForPastDates: z.boolean(),
  restrictLogsForWeekend: z.boolean(),
  restrictLogsForHolidays: z.boolean(),
  areHolidaysIncluded: z.boolean(),
  areLeavesIncluded: z.boolean(),
  shiftStart: z.string(),
  shiftEnd: z.string(),
  gracePeriodMinutes: z.number().int(),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsSchema>;

/** PUT /Attendances/settings: the full settings; rules of people spec §5 and §7. */
export const attendanceSettingsInputSchema = z
  .object({
    totalHoursCalculationType: oneOrTwo('totalHoursCalculationType'),
    minHoursRequiredMode: oneOrTwo('minHoursRequiredMode'),
    minHoursInputType: oneOrTwo('minHoursInputType'),
    fullDayDuration: clockTextSchema(ATTENDANCE_SETTINGS_MSG.fullDayRequired, `fullDayDuration ${ATTENDANCE_SETTINGS_MSG.durationFormat}`),
    halfDayDuration: clockTextSchema(ATTENDANCE_SETTINGS_MSG.halfDayRequired, `halfDayDuration ${ATTENDANCE_SETTINGS_MSG.durationFormat}`),
    isFutureDateRegularizationEnabled: flag('isFutureDateRegularizationEnabled'),
    isReasonEnabled: flag('isReasonEnabled'),
    regularizationEntryType: oneOrTwo('regularizationEntryType'),
    maxPastDaysForAttendanceUpdate: z
      .number({ error: ATTENDANCE_SETTINGS_MSG.maxPastDays })
      .int(ATTENDANCE_SETTINGS_MSG.maxPastDays)
      .min(0, ATTENDANCE_SETTINGS_MSG.maxPastDays)
      .max(MAX_PAST_DAYS_LIMIT, `Max past days must be at most ${MAX_PAST_DAYS_LIMIT.toString()}`),
    allowSelfAttendanceUpdate: flag('allowSelfAttendanceUpdate'),
    restrictLogsToEstimatedJobHours: flag('restrictLogsToEstimatedJobHours'),
    restrictLogsForFutureDates: flag('restrictLogsForFutureDates'),
    restrictLogsForPastDates: flag('restrictLogsForPastDates'),
    restrictLogsForWeekend: flag('restrictLogsForWeekend'),
    restrictLogsForHolidays: flag('restrictLogsForHolidays'),
    areHolidaysIncluded: flag('areHolidaysIncluded'),
    areLeavesIncluded: flag('areLeavesIncluded'),
    shiftStart: clockTextSchema('Please select a shift start-time', `shiftStart ${ATTENDANCE_SETTINGS_MSG.timeFormat}`),
    shiftEnd: clockTextSchema('Please select a shift end-time', `shiftEnd ${ATTENDANCE_SETTINGS_MSG.timeFormat}`),
    gracePeriodMinutes: z
      .number({ error: ATTENDANCE_SETTINGS_MSG.grace })
      .int(ATTENDANCE_SETTINGS_MSG.grace)
      .min(0, ATTENDANCE_SETTINGS_MSG.grace)
      .max(GRACE_PERIOD_MAX_MINUTES, ATTENDANCE_SETTINGS_MSG.grace),
  })
  .refine((s) => s.halfDayDuration <= s.fullDayDuration, { path: ['halfDayDuration'], message: ATTENDANCE_SETTINGS_MSG.halfDayTooLong })
  // People spec §7: max past days is sent as 0 when self update is off; the server enforces it too.
  .transform((s): AttendanceSettings => ({ ...s, maxPastDaysForAttendanceUpdate: s.allowSelfAttendanceUpdate ? s.maxPastDaysForAttendanceUpdate : 0 }));
export type AttendanceSettingsInput = z.input<typeof attendanceSettingsInputSchema>;

export const attendanceSettingsReplySchema = envelope(attendanceSettingsSchema);
