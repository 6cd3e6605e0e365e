import { isIsoDate, type IsoDate } from '../dates/calendar';

/**
 * Calendar arithmetic on business dates ('YYYY-MM-DD') and months ('YYYY-MM'). Everything runs on
 * UTC midnights built with Date.UTC, so no time zone or clock is involved.
 */
export type IsoMonth = string;

export function isIsoMonth(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

function parseMonth(month: IsoMonth): { year: number; monthIndex: number } {
  if (!isIsoMonth(month)) throw new RangeError(`month must be YYYY-MM, got '${month}'`);
  return { year: Number(month.slice(0, 4)), monthIndex: Number(month.slice(5, 7)) - 1 };
}

function parseDate(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`date must be a real YYYY-MM-DD date, got '${date}'`);
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
}

function toIso(d: Date): IsoDate {
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** 28 to 31. */
export function daysInMonth(month: IsoMonth): number {
  const { year, monthIndex } = parseMonth(month);
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The date of day `day` (1-based) of a month; the caller keeps `day` within the month. */
export function dateOfMonth(month: IsoMonth, day: number): IsoDate {
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(month)) throw new RangeError(`day ${String(day)} is not in ${month}`);
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The month `offset` months away ('2026-01', -1 → '2025-12'). */
export function addMonthsToMonth(month: IsoMonth, offset: number): IsoMonth {
  const { year, monthIndex } = parseMonth(month);
  return toIso(new Date(Date.UTC(year, monthIndex + offset, 1))).slice(0, 7);
}

export function addDaysToDate(date: IsoDate, days: number): IsoDate {
  const d = parseDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Inclusive count of days from `start` to `end` (0 when end is before start). */
export function daysBetweenInclusive(start: IsoDate, end: IsoDate): number {
  const ms = parseDate(end).getTime() - parseDate(start).getTime();
  return Math.max(0, Math.round(ms / 86_400_000) + 1);
}

/** Every date from `start` to `end`, both included (empty when end is before start). */
export function datesBetween(start: IsoDate, end: IsoDate): IsoDate[] {
  const count = daysBetweenInclusive(start, end);
  return Array.from({ length: count }, (_, i) => addDaysToDate(start, i));
}

/** Every date of a month, the 1st to the last: the attendance grid's columns. */
export function datesOfMonth(month: IsoMonth): IsoDate[] {
  return datesBetween(dateOfMonth(month, 1), dateOfMonth(month, daysInMonth(month)));
}

/** 0 = Sunday … 6 = Saturday, the shift weekends grid's numbering (spec people §3 Shift). */
export function dayOfWeekOf(date: IsoDate): number {
  return parseDate(date).getUTCDay();
}

/** Week of the month for the weekends grid: days 1–7 are week 1, 8–14 week 2, …, 29–31 week 5. */
export function weekOfMonth(date: IsoDate): number {
  parseDate(date);
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}
