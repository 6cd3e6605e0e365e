/**
 * Annual leave with wages under the Occupational Safety, Health and Working Conditions Code 2020
 * s.32(1)(i) and (vii) (in force 21 November 2025; docs/decisions/incoming-h28-annualleave.md): a
 * worker who has worked 180 days or more in a calendar year is allowed, in the next calendar year,
 * one day of leave with wages for every twenty days of work performed in that year. Lay-off days,
 * maternity leave and annual leave taken in the year count toward the 180 days, but no leave is
 * earned for them (the rate applies to days of work performed).
 */

/** Days of a calendar year (the earlier one) that the rule reads; each a multiple of 0.5. */
export interface CodesAnnualLeaveInput {
  /** The calendar year the days were in (the leave is allowed in year + 1). */
  year: number;
  /** Days of work performed (a half day counts 0.5). */
  daysWorked: number;
  /** Days that count toward the 180 without earning leave: lay-off, maternity leave, annual leave taken. */
  countedNonWorkDays: number;
}

export interface CodesAnnualLeave {
  /** daysWorked + countedNonWorkDays. */
  qualifyingDays: number;
  qualifies: boolean;
  /** Whole days of leave allowed in the next year: 0, or floor(daysWorked ÷ 20). */
  days: number;
  /** One line for the balance screen. */
  explanation: string;
}

/** The 180 days of s.32(1)(i). */
export const CODES_QUALIFYING_DAYS = 180;
/** One day of leave for every twenty days of work performed (s.32(1)(vii), adult workers). */
export const CODES_DAYS_PER_LEAVE_DAY = 20;

const CITATION = 'OSH Code s.32(1)(vii)';

// Days are whole or half (checked on entry): written as integers, never through a float's toFixed.
const fmt = (days: number): string => (Number.isInteger(days) ? String(days) : `${String(Math.trunc(days))}.5`);
const plural = (days: number): string => `${fmt(days)} ${days === 1 ? 'day' : 'days'}`;

function checkDays(name: string, days: number): void {
  if (!Number.isFinite(days) || days < 0 || days > 366 || !Number.isInteger(days * 2)) throw new RangeError(`${name} must be a multiple of 0.5 from 0 to 366, got ${String(days)}`);
}

/** The leave a worker is allowed in year + 1 from the days of `year`. */
export function computeCodesAnnualLeave(input: CodesAnnualLeaveInput): CodesAnnualLeave {
  checkDays('daysWorked', input.daysWorked);
  checkDays('countedNonWorkDays', input.countedNonWorkDays);
  if (input.daysWorked + input.countedNonWorkDays > 366) throw new RangeError('a calendar year has at most 366 days');
  const qualifyingDays = input.daysWorked + input.countedNonWorkDays;
  const qualifies = qualifyingDays >= CODES_QUALIFYING_DAYS;
  const days = qualifies ? Math.floor(input.daysWorked / CODES_DAYS_PER_LEAVE_DAY) : 0;
  const year = String(input.year);
  const counted = input.countedNonWorkDays > 0 ? ` (+ ${plural(input.countedNonWorkDays)} of leave counted toward 180)` : '';
  const explanation = qualifies
    ? `${plural(input.daysWorked)} worked in ${year}${counted}: ${plural(days)} (${CITATION})`
    : `${plural(input.daysWorked)} worked in ${year}${counted}: under ${String(CODES_QUALIFYING_DAYS)}, no annual leave (${CITATION})`;
  return { qualifyingDays, qualifies, days, explanation };
}
