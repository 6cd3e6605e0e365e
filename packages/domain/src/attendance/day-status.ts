import type { IsoDate } from '../dates/calendar';
import { isIsoDate } from '../dates/calendar';
import { durationToSeconds, measureTimeLogs, secondsToTimeOfDay, timeOfDayToSeconds, type TimeLog, type TotalHoursCalculationType } from './time-logs';
import { DEFAULT_WEEKENDS, isWeekendDay, type WeekendRule } from './weekends';

/** Every status an attendance day can have. */
export const ATTENDANCE_DAY_STATUSES = [
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
export type AttendanceDayStatus = (typeof ATTENDANCE_DAY_STATUSES)[number];

/** Statuses that count as present (platform §9 "Present statuses", plus late, which is present). */
export const PRESENT_DAY_STATUSES: readonly AttendanceDayStatus[] = ['Present', 'PresentButLate', 'PresentOnHoliday', 'PresentOnLeave', 'PresentOnWeekoff'];

export function isPresentStatus(status: AttendanceDayStatus): boolean {
  return PRESENT_DAY_STATUSES.includes(status);
}

/** 1 strict; 2 lenient (spec people §3 Attendance settings). */
export type MinHoursRequiredMode = 1 | 2;
/** 1 manual full/half day durations; 2 shift hours (spec people §3). */
export type MinHoursInputType = 1 | 2;

/** The attendance settings that decide a day's status (a subset of spec people §3). */
export interface AttendanceDaySettings {
  totalHoursCalculationType: TotalHoursCalculationType;
  minHoursRequiredMode: MinHoursRequiredMode;
  minHoursInputType: MinHoursInputType;
  /** 'HH:mm' or 'HH:mm:ss'; required when minHoursInputType is 1. */
  fullDayDuration?: string | null;
  halfDayDuration?: string | null;
  /** 0 to 120 (spec people §5). */
  gracePeriodMinutes: number;
  areHolidaysIncluded: boolean;
  areLeavesIncluded: boolean;
}

export interface AttendanceShift {
  shiftStart: string;
  shiftEnd: string;
  /** Omitted: Sundays and Saturdays (DEFAULT_WEEKENDS). An empty list means no week-offs. */
  weekends?: readonly WeekendRule[] | null;
}

export type LeavePortion = 'full' | 'firstHalf' | 'secondHalf';

export interface ApprovedLeave {
  portion: LeavePortion;
  isPaid: boolean;
}

/** What payroll pays for the day: whole, half or nothing. */
export type PayableFraction = 0 | 0.5 | 1;

export interface AttendanceDayInput {
  date: IsoDate;
  /** The tenant's calendar date now, passed in (no clock reads in the domain). */
  today: IsoDate;
  timeLogs: readonly TimeLog[];
  shift: AttendanceShift;
  isHoliday: boolean;
  leave?: ApprovedLeave | null;
  settings: AttendanceDaySettings;
}

export interface AttendanceDay {
  date: IsoDate;
  status: AttendanceDayStatus;
  isWeekend: boolean;
  isHoliday: boolean;
  /** 'HH:mm:ss'; hours past 23 for a next-day check-out. */
  firstIn: string | null;
  lastOut: string | null;
  totalMinutes: number;
  /** The minutes the day asked for: the full day, the half day beside a half-day leave, or none. */
  requiredMinutes: number;
  overtimeMinutes: number;
  isLate: boolean;
  payableFraction: PayableFraction;
}

interface Thresholds {
  fullSeconds: number;
  halfSeconds: number;
  shiftStartSeconds: number;
  shiftSeconds: number;
}

function thresholdsOf(shift: AttendanceShift, settings: AttendanceDaySettings): Thresholds {
  const shiftStartSeconds = timeOfDayToSeconds(shift.shiftStart);
  let shiftEndSeconds = timeOfDayToSeconds(shift.shiftEnd);
  if (shiftEndSeconds === shiftStartSeconds) throw new RangeError('shiftEnd must differ from shiftStart');
  // A night shift (22:00 to 06:00) ends the next day; it belongs to the day it starts (DESIGN §5).
  if (shiftEndSeconds < shiftStartSeconds) shiftEndSeconds += 86_400;
  const shiftSeconds = shiftEndSeconds - shiftStartSeconds;
  let fullSeconds: number;
  let halfSeconds: number;
  if (settings.minHoursInputType === 1) {
    if (!settings.fullDayDuration || !settings.halfDayDuration) throw new RangeError('fullDayDuration and halfDayDuration are required for manual input');
    fullSeconds = durationToSeconds(settings.fullDayDuration);
    halfSeconds = durationToSeconds(settings.halfDayDuration);
  } else {
    fullSeconds = shiftSeconds;
    halfSeconds = Math.floor(shiftSeconds / 2);
  }
  if (halfSeconds > fullSeconds) throw new RangeError('halfDayDuration must not exceed fullDayDuration');
  return { fullSeconds, halfSeconds, shiftStartSeconds, shiftSeconds };
}

function leavePayable(leave: ApprovedLeave | null): number {
  if (!leave || !leave.isPaid) return 0;
  return leave.portion === 'full' ? 1 : 0.5;
}

function unpaidLeaveLop(leave: ApprovedLeave | null | undefined): number {
  if (!leave || leave.isPaid) return 0;
  return leave.portion === 'full' ? 1 : 0.5;
}

/**
 * The status of one attendance day (DESIGN §5), from its time logs, shift, holiday, approved leave
 * and attendance settings. Every rule below is listed in docs/decisions/ (attendance day status).
 *
 * - Future dates are NotCalculated; today is provisional and shows NotCalculated rather than Absent.
 * - Precedence of the day's kind: holiday, then week-off, then leave, then a working day. Leave
 *   falling on a holiday or week-off is not charged.
 * - Strict mode: a full day needs worked ≥ full duration, a half day ≥ half duration. Lenient mode
 *   forgives a shortfall of up to the grace period on both thresholds.
 * - Late = first in strictly after shift start + grace (after mid-shift + grace beside a first-half
 *   leave); a full day worked late is PresentButLate.
 * - Time on a holiday counts (PresentOnHoliday) only with areHolidaysIncluded, on a full-day leave
 *   (PresentOnLeave) only with areLeavesIncluded, on a week-off always; each needs at least the
 *   half-day threshold, and is then all overtime.
 * - A half-day leave plus a worked half is PresentOnLeave (HalfDay when leaves are not included),
 *   paying the worked half plus the leave half when the leave is paid.
 */
export function computeAttendanceDay(input: AttendanceDayInput): AttendanceDay {
  const { date, today, settings, shift } = input;
  if (!isIsoDate(date) || !isIsoDate(today)) throw new RangeError('date and today must be YYYY-MM-DD');
  if (!Number.isInteger(settings.gracePeriodMinutes) || settings.gracePeriodMinutes < 0 || settings.gracePeriodMinutes > 120) {
    throw new RangeError('gracePeriodMinutes must be an integer from 0 to 120');
  }
  const t = thresholdsOf(shift, settings);
  const graceSeconds = settings.gracePeriodMinutes * 60;
  const isWeekend = isWeekendDay(date, shift.weekends ?? DEFAULT_WEEKENDS);
  const isHoliday = input.isHoliday;
  const kind: 'holiday' | 'weekoff' | 'working' = isHoliday ? 'holiday' : isWeekend ? 'weekoff' : 'working';
  const leave = kind === 'working' ? (input.leave ?? null) : null;

  const measured = measureTimeLogs(input.timeLogs, settings.totalHoursCalculationType);
  const worked = measured.workedSeconds;
  const allowance = settings.minHoursRequiredMode === 2 ? graceSeconds : 0;
  const fullMet = worked >= t.fullSeconds - allowance;
  const halfMet = worked >= t.halfSeconds - allowance;

  let isLate = false;
  if (kind === 'working' && leave?.portion !== 'full' && measured.firstInSeconds !== null) {
    const expectedIn = t.shiftStartSeconds + (leave?.portion === 'firstHalf' ? Math.floor(t.shiftSeconds / 2) : 0);
    isLate = measured.firstInSeconds > expectedIn + graceSeconds;
  }

  let status: AttendanceDayStatus;
  let payable: number;
  let requiredSeconds: number;
  let countsWork: boolean;

  if (kind === 'holiday' || kind === 'weekoff') {
    requiredSeconds = 0;
    countsWork = halfMet && (kind === 'weekoff' || settings.areHolidaysIncluded);
    status = kind === 'holiday' ? (countsWork ? 'PresentOnHoliday' : 'Holiday') : countsWork ? 'PresentOnWeekoff' : 'WeekOff';
    payable = 1;
  } else if (leave?.portion === 'full') {
    requiredSeconds = 0;
    countsWork = halfMet && settings.areLeavesIncluded;
    status = countsWork ? 'PresentOnLeave' : 'Leave';
    payable = Math.max(leavePayable(leave), countsWork ? (fullMet ? 1 : 0.5) : 0);
  } else if (leave) {
    requiredSeconds = t.halfSeconds;
    countsWork = true;
    if (halfMet) {
      status = settings.areLeavesIncluded ? 'PresentOnLeave' : 'HalfDay';
      payable = 0.5 + leavePayable(leave);
    } else {
      status = 'Leave';
      payable = leavePayable(leave);
    }
  } else {
    requiredSeconds = t.fullSeconds;
    countsWork = true;
    if (fullMet) {
      status = isLate ? 'PresentButLate' : 'Present';
      payable = 1;
    } else if (halfMet) {
      status = 'HalfDay';
      payable = 0.5;
    } else {
      status = 'Absent';
      payable = 0;
    }
  }

  let overtimeSeconds = countsWork ? Math.max(0, worked - requiredSeconds) : 0;
  const notYet = date > today || (date === today && status === 'Absent');
  if (notYet) {
    // Nothing has been lost yet: only an approved unpaid leave is known to cost pay.
    status = 'NotCalculated';
    payable = 1 - unpaidLeaveLop(leave);
    overtimeSeconds = 0;
    isLate = date === today && isLate;
  }

  return {
    date,
    status,
    isWeekend,
    isHoliday,
    firstIn: measured.firstInSeconds === null ? null : secondsToTimeOfDay(measured.firstInSeconds),
    lastOut: measured.lastOutSeconds === null ? null : secondsToTimeOfDay(measured.lastOutSeconds),
    totalMinutes: Math.floor(worked / 60),
    requiredMinutes: Math.floor(requiredSeconds / 60),
    overtimeMinutes: Math.floor(overtimeSeconds / 60),
    isLate,
    payableFraction: payable as PayableFraction,
  };
}
