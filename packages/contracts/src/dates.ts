import { z } from 'zod';
import { isIsoDate } from '@tankha/domain';

/**
 * The one declaration of a calendar date and a month on the wire (docs/decisions/0153-dates-outside-1900-2100.md). Every date a request carries is a real 'YYYY-MM-DD' date between DATE_MIN and DATE_MAX,
 * every month a 'YYYY-MM' in the same years: a date such as 9999-12-31 is a validation message here,
 * never a RangeError of the domain's date arithmetic (the day after it has five year digits) in a
 * request or a job. Schemas keep their own message for a malformed date; the window has this one.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';
export const DATE_RANGE_MSG = 'Dates must be between 01 Jan 1900 and 31 Dec 2100';
export const MONTH_RANGE_MSG = 'Months must be between Jan 1900 and Dec 2100';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isCalendarDate(value: string): boolean {
  return ISO_DATE.test(value) && isIsoDate(value);
}

/** Within DATE_MIN…DATE_MAX ('YYYY-MM-DD' strings sort as the dates do). */
export function isDateInRange(value: string): boolean {
  return value >= DATE_MIN && value <= DATE_MAX;
}

/** A date the product accepts: a real calendar date inside the window. */
export function isAcceptedDate(value: string): boolean {
  return isCalendarDate(value) && isDateInRange(value);
}

/**
 * The problem with a date typed into a form or a file, or null: `invalid` when it is not a date,
 * DATE_RANGE_MSG when it is one outside the window (for validations that are not a zod schema).
 */
export function dateProblem(value: string, invalid: string): string | null {
  if (!isCalendarDate(value)) return invalid;
  return isDateInRange(value) ? null : DATE_RANGE_MSG;
}

/**
 * A required 'YYYY-MM-DD' date: `invalid` when it is not one, `required` (default `invalid`) when it
 * is missing or empty, DATE_RANGE_MSG outside the window. `trim` trims it first. Callers add
 * `.nullable()`, `.optional()` or a union with '' as their field allows.
 */
export function dateSchema(invalid: string, options: { required?: string; trim?: boolean } = {}) {
  const required = options.required ?? invalid;
  const text = options.trim ? z.string({ error: required }).trim() : z.string({ error: required });
  return text
    .min(1, { error: required })
    .refine(isCalendarDate, { error: invalid })
    .refine((v) => !isCalendarDate(v) || isDateInRange(v), { error: DATE_RANGE_MSG });
}

/** A financial year (April to March) inside the window: it starts in 1900 to 2099, so it ends by March 2100. */
export const FINANCIAL_YEAR_RANGE_MSG = 'Financial years must start between 1900 and 2099';
export function isFinancialYearStartInRange(start: number): boolean {
  return start >= Number(DATE_MIN.slice(0, 4)) && start < Number(DATE_MAX.slice(0, 4));
}

/** A 'YYYY-MM' month from Jan 1900 to Dec 2100: `invalid` when it is not one, MONTH_RANGE_MSG outside. */
export function monthSchema(invalid: string, options: { required?: string; trim?: boolean } = {}) {
  const required = options.required ?? invalid;
  const text = options.trim ? z.string({ error: required }).trim() : z.string({ error: required });
  return text
    .min(1, { error: required })
    .regex(ISO_MONTH, { error: invalid })
    .refine((v) => !ISO_MONTH.test(v) || (v >= DATE_MIN.slice(0, 7) && v <= DATE_MAX.slice(0, 7)), { error: MONTH_RANGE_MSG });
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM' as 'March 2026'. Here, not in the attendance contract: payroll screens label months without loading it. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}
