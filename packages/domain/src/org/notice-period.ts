import { addDaysToDate, dayOfWeekOf } from '../attendance/month';
import type { IsoDate } from '../dates/calendar';

/** When no employment-type setting gives a notice period: one month, the common Indian contract term. */
export const DEFAULT_NOTICE_PERIOD_DAYS = 30;
/** The longest notice period a setting may hold (one year); also bounds the search for a working day. */
export const MAX_NOTICE_PERIOD_DAYS = 365;

export interface WorkingCalendar {
  /** Weekly days off, 0 = Sunday … 6 = Saturday (the organisation's week days off). */
  weeklyOffDays: readonly number[];
  /** Holidays of the organisation ('YYYY-MM-DD'); optional holidays are not passed in. */
  holidays: ReadonlySet<IsoDate> | readonly IsoDate[];
}

export function isWorkingDay(date: IsoDate, calendar: WorkingCalendar): boolean {
  if (calendar.weeklyOffDays.includes(dayOfWeekOf(date))) return false;
  const holidays = calendar.holidays;
  return !(holidays instanceof Set ? holidays.has(date) : (holidays as readonly IsoDate[]).includes(date));
}

/**
 * The last working day proposed for a resignation (docs/decisions/0143-exit-requests.md):
 * - the notice period is counted in calendar days and includes the day the resignation is given,
 *   so a notice of N days ends on resignation date + N − 1 (the settlement's `daysOfNotice`
 *   counts the same days, both ends included, and finds exactly N served);
 * - a notice of 0 days ends on the resignation date itself;
 * - when that day is a weekly off or a holiday, the last working day is the next working day, so the
 *   employee never serves less than the notice (no shortfall recovery caused by the calendar).
 * A calendar without any working day in the next 31 days (a misconfiguration) leaves the date as counted.
 */
export function computeProposedLastWorkingDay(resignationDate: IsoDate, noticeDays: number, calendar: WorkingCalendar): IsoDate {
  if (!Number.isInteger(noticeDays) || noticeDays < 0 || noticeDays > MAX_NOTICE_PERIOD_DAYS) throw new RangeError(`noticeDays must be a whole number from 0 to ${String(MAX_NOTICE_PERIOD_DAYS)}`);
  const end = addDaysToDate(resignationDate, Math.max(0, noticeDays - 1));
  for (let i = 0; i <= 31; i += 1) {
    const day = addDaysToDate(end, i);
    if (isWorkingDay(day, calendar)) return day;
  }
  return end;
}
