import { isIsoDate, type IsoDate } from '../dates/calendar';
import { addDaysToDate } from '../attendance/month';

/**
 * Leave arithmetic (DESIGN §5 "Leave and holidays"; docs/decisions/0027-leave-and-holidays.md). Days are
 * multiples of 0.5; the functions work in half-days (integers) so sums stay exact.
 */

export type LeaveDayPortion = 'full' | 'firstHalf' | 'secondHalf';

/**
 * How a type's yearly credit is decided: 'quota' the yearly quota (whole or monthly accrual);
 * 'codes-180-days' annual leave with wages under OSH Code 2020 s.32 (codes-annual-leave.ts): the
 * previous calendar year's days worked decide the credit, given on 1 January.
 */
export type LeaveAccrualRule = 'quota' | 'codes-180-days';

export interface LeaveTypeRules {
  /** Days a year, a multiple of 0.5 from 0 to 365. */
  yearlyQuota: number;
  /** Omitted: 'quota'. */
  accrualRule?: LeaveAccrualRule;
  /** Credits quota ÷ 12 at the start of each month instead of the whole quota on 1 January. */
  accruesMonthly: boolean;
  carryForward: boolean;
  /** The most days that move into the next year when carryForward is on. */
  maxCarryForward: number;
}

export interface LeaveBalanceInput {
  leaveType: LeaveTypeRules;
  /** The calendar year of the balance. */
  year: number;
  /** The tenant's date the balance is taken on (no clock reads in the domain). */
  asOf: IsoDate;
  /** Null when unknown: the employee counts as joined before the year. */
  dateOfJoining: IsoDate | null;
  /** Days brought in from the previous year. */
  carriedForward: number;
  /** Manual credit (+) or debit (−) for the year. */
  adjustment: number;
  /** Days of approved requests in the year. */
  approvedDays: number;
  /** Days of pending requests in the year; they hold the balance until decided. */
  pendingDays: number;
  /** The 'codes-180-days' credit for the year (computeCodesAnnualLeave on the previous year); ignored by 'quota'. */
  codesDays?: number;
}

export interface LeaveBalance {
  /** Credited so far this year: the quota, or what monthly accrual has given by asOf. */
  entitled: number;
  carriedForward: number;
  adjustment: number;
  used: number;
  pending: number;
  /** entitled + carriedForward + adjustment − used − pending; may be negative after an adjustment. */
  available: number;
}

/** Half-days of a day count; throws unless it is a multiple of 0.5. */
export function toHalfDays(days: number): number {
  const halves = days * 2;
  if (!Number.isFinite(halves) || Math.abs(halves - Math.round(halves)) > 1e-9) throw new RangeError(`days must be a multiple of 0.5, got ${String(days)}`);
  return Math.round(halves);
}

const fromHalfDays = (halves: number): number => halves / 2;

/**
 * Months credited by monthly accrual in `year` as of `asOf`: the accrual happens at the start of
 * each month, so every month from the first month of service in the year (January, or the month of
 * joining) to the month of asOf counts, started or completed. A year before asOf's year counts all
 * its months; a year after it none.
 */
export function accrualMonths(year: number, asOf: IsoDate, dateOfJoining: IsoDate | null): number {
  if (!isIsoDate(asOf)) throw new RangeError(`asOf must be YYYY-MM-DD, got '${asOf}'`);
  const asOfYear = Number(asOf.slice(0, 4));
  if (asOfYear < year) return 0;
  const lastMonth = asOfYear > year ? 12 : Number(asOf.slice(5, 7));
  let firstMonth = 1;
  if (dateOfJoining !== null) {
    const joinYear = Number(dateOfJoining.slice(0, 4));
    if (joinYear > year) return 0;
    if (joinYear === year) firstMonth = Number(dateOfJoining.slice(5, 7));
    if (joinYear === year && dateOfJoining > asOf) return 0;
  }
  return Math.max(0, lastMonth - firstMonth + 1);
}

/**
 * Days credited in `year` as of `asOf`. Without accrual the whole quota is credited on 1 January
 * (or on joining, for someone who joins during the year: not pro-rated); nothing for a year the
 * employee had not joined by its end. With accrual: quota ÷ 12 per month counted by accrualMonths,
 * rounded DOWN to a half day (never credits a fraction not yet earned; December reaches the quota
 * exactly because the quota is a multiple of 0.5).
 */
export function computeEntitlement(leaveType: LeaveTypeRules, year: number, asOf: IsoDate, dateOfJoining: IsoDate | null): number {
  const quotaHalves = toHalfDays(leaveType.yearlyQuota);
  if (dateOfJoining !== null && Number(dateOfJoining.slice(0, 4)) > year) return 0;
  if (!leaveType.accruesMonthly) return fromHalfDays(quotaHalves);
  const months = accrualMonths(year, asOf, dateOfJoining);
  return fromHalfDays(Math.floor((quotaHalves * months) / 12));
}

/** The balance of one leave type for one employee and year. */
export function computeLeaveBalance(input: LeaveBalanceInput): LeaveBalance {
  const entitled = toHalfDays(
    input.leaveType.accrualRule === 'codes-180-days' ? (input.codesDays ?? 0) : computeEntitlement(input.leaveType, input.year, input.asOf, input.dateOfJoining),
  );
  const carried = toHalfDays(input.carriedForward);
  const adjustment = toHalfDays(input.adjustment);
  const used = toHalfDays(input.approvedDays);
  const pending = toHalfDays(input.pendingDays);
  return {
    entitled: fromHalfDays(entitled),
    carriedForward: fromHalfDays(carried),
    adjustment: fromHalfDays(adjustment),
    used: fromHalfDays(used),
    pending: fromHalfDays(pending),
    available: fromHalfDays(entitled + carried + adjustment - used - pending),
  };
}

/**
 * Days that move from a year's closing balance into the next: none unless the type carries forward;
 * else the unused days (approved leave only: pending requests are decided later), at most
 * maxCarryForward, never negative.
 */
export function computeCarryForward(leaveType: LeaveTypeRules, closing: Pick<LeaveBalance, 'entitled' | 'carriedForward' | 'adjustment' | 'used'>): number {
  if (!leaveType.carryForward) return 0;
  const unused = toHalfDays(closing.entitled) + toHalfDays(closing.carriedForward) + toHalfDays(closing.adjustment) - toHalfDays(closing.used);
  return fromHalfDays(Math.max(0, Math.min(unused, toHalfDays(leaveType.maxCarryForward))));
}

export interface LeaveDaysInput {
  startDate: IsoDate;
  endDate: IsoDate;
  portion: LeaveDayPortion;
  /** False for the employee's week-offs and the organisation's holidays. */
  isWorkingDay: (date: IsoDate) => boolean;
  /**
   * The sandwich rule (a leave policy's setting): week-offs and holidays lying between two leave
   * days of the request count as leave too. Off days at the start or the end of the range are
   * never counted (they are not between leave days).
   */
  sandwich?: boolean;
}

/**
 * The days a leave request takes: its working days, a half day counting 0.5 (a half day is for a
 * single date). Without the sandwich rule week-offs and holidays inside the range are not counted;
 * with it, those between the first and the last working day of the range are.
 */
export function countLeaveDays(input: LeaveDaysInput): number {
  const { startDate, endDate, portion } = input;
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) throw new RangeError('dates must be YYYY-MM-DD');
  if (endDate < startDate) throw new RangeError('endDate is before startDate');
  if (portion !== 'full' && startDate !== endDate) throw new RangeError('a half day is for a single date');
  const perDay = portion === 'full' ? 2 : 1;
  let halves = 0;
  let first: IsoDate | null = null;
  let last: IsoDate | null = null;
  for (let d = startDate; d <= endDate; d = addDaysToDate(d, 1)) {
    if (!input.isWorkingDay(d)) continue;
    halves += perDay;
    first ??= d;
    last = d;
  }
  if (input.sandwich && first !== null && last !== null) {
    for (let d = first; d <= last; d = addDaysToDate(d, 1)) if (!input.isWorkingDay(d)) halves += perDay;
  }
  return fromHalfDays(halves);
}
