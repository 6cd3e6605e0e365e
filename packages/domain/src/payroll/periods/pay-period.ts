import type { IsoDate } from '../../dates/calendar';
import { addDaysToDate, addMonthsToMonth, dateOfMonth, daysBetweenInclusive, daysInMonth, isIsoMonth, type IsoMonth } from '../../attendance/month';

/** 1 days in month; 2 fixed range (spec people §3 Payroll settings, platform §3 Pay period). */
export type PayPeriodType = 1 | 2;
/** 0 last working day; 1 day of month (platform §3 Pay day); 2 day of the next month (docs/decisions/0156-the-payroll-calendar.md). */
export type PayDayType = 0 | 1 | 2;

export const PAY_PERIOD_DAYS_IN_MONTH = 1;
export const PAY_PERIOD_FIXED_RANGE = 2;
export const PAY_DAY_LAST_WORKING_DAY = 0;
export const PAY_DAY_DAY_OF_MONTH = 1;
/** Day N of the month after the payroll month: the 7th of the next month is the common Indian practice. */
export const PAY_DAY_DAY_OF_NEXT_MONTH = 2;
/**
 * The latest day of the next month a monthly wage may be paid on: "before the expiry of the seventh
 * day of the succeeding month" (Code on Wages 2019, s.17(1)(iv); payroll-rules §1: a fixed day, 1st–7th).
 */
export const NEXT_MONTH_PAY_DAY_MAX = 7;
/** payDay −1 also means the last working day (spec people §9). */
export const PAY_DAY_LAST_WORKING_DAY_VALUE = -1;

/** The pay-period part of the payroll settings (spec people §2.9, §3). */
export interface PayPeriodSettings {
  payPeriodType: PayPeriodType;
  /** 1–30; used for a fixed range. */
  payStartDay?: number | null;
  /** 1–30; for a fixed range it must be the day before payStartDay (30 when payStartDay is 1). */
  payEndDay?: number | null;
  payDayType: PayDayType;
  /** 1–30 (1–7 for the next month), or −1 for the last working day. */
  payDay?: number | null;
}

/** The calendar days a payroll month pays for, both ends included. */
export interface PayPeriod {
  month: IsoMonth;
  start: IsoDate;
  end: IsoDate;
  days: number;
}

function checkDay(name: string, value: number | null | undefined): number {
  if (value == null || !Number.isInteger(value) || value < 1 || value > 30) throw new RangeError(`${name} must be an integer from 1 to 30`);
  return value;
}

/** The fixed-range start day, after checking that the end day closes the cycle without a gap. */
function fixedRangeStartDay(settings: PayPeriodSettings): number {
  const startDay = checkDay('payStartDay', settings.payStartDay);
  if (settings.payEndDay != null) {
    const endDay = checkDay('payEndDay', settings.payEndDay);
    const expected = startDay === 1 ? 30 : startDay - 1;
    if (endDay !== expected) {
      throw new RangeError(`payEndDay must be the day before payStartDay (${String(expected)}), so every date falls in exactly one period`);
    }
  }
  return startDay;
}

/** Last date of the period named `month` for a fixed range starting on `startDay`. */
function fixedRangeEnd(month: IsoMonth, startDay: number): IsoDate {
  const last = daysInMonth(month);
  // Start day 1 is the calendar month. Otherwise the period ends the day before the start day,
  // clamped to a short month (start 30: February's period ends on the 28th or 29th).
  const endDay = startDay === 1 ? last : Math.min(startDay - 1, last);
  return dateOfMonth(month, endDay);
}

/**
 * The pay period of a payroll month. Days in month: the 1st to the last. Fixed range with start
 * day S > 1: from day S of the previous month to day S − 1 of this month (26 → 26 Dec to 25 Jan for
 * '2026-01'). Each period starts the day after the previous one ends, so when S is past the end of
 * a short previous month the period starts on the 1st (S = 30: March runs 1–29 March, after
 * February's period ended on the 28th); no date is skipped or paid twice.
 */
export function payPeriodFor(settings: PayPeriodSettings, month: IsoMonth): PayPeriod {
  if (!isIsoMonth(month)) throw new RangeError(`month must be YYYY-MM, got '${month}'`);
  if (settings.payPeriodType === PAY_PERIOD_DAYS_IN_MONTH) {
    const days = daysInMonth(month);
    return { month, start: dateOfMonth(month, 1), end: dateOfMonth(month, days), days };
  }
  if (settings.payPeriodType !== PAY_PERIOD_FIXED_RANGE) throw new RangeError('payPeriodType must be 1 or 2');
  const startDay = fixedRangeStartDay(settings);
  const end = fixedRangeEnd(month, startDay);
  const start = addDaysToDate(fixedRangeEnd(addMonthsToMonth(month, -1), startDay), 1);
  return { month, start, end, days: daysBetweenInclusive(start, end) };
}

/**
 * The pay date of a payroll month. Day of month: payDay clamped to the month's last day (30 → 28
 * Feb), kept even when it is a holiday. Day of the next month: payDay (1–7, Code on Wages s.17(1)(iv))
 * of the month after, kept even when it is a holiday (7 → 7 Dec for November). Last working day
 * (payDayType 0 or payDay −1): the last date of the month for which `isWorkingDay` is true, walking
 * back over week-offs and holidays; a month without a working day pays on its last date.
 */
export function payDateFor(settings: PayPeriodSettings, month: IsoMonth, isWorkingDay: (date: IsoDate) => boolean): IsoDate {
  const last = daysInMonth(month);
  const lastWorkingDay = settings.payDayType === PAY_DAY_LAST_WORKING_DAY || settings.payDay === PAY_DAY_LAST_WORKING_DAY_VALUE;
  if (!lastWorkingDay) {
    if (settings.payDayType === PAY_DAY_DAY_OF_NEXT_MONTH) {
      const payDay = checkDay('payDay', settings.payDay);
      if (payDay > NEXT_MONTH_PAY_DAY_MAX) throw new RangeError(`payDay of the next month must be from 1 to ${String(NEXT_MONTH_PAY_DAY_MAX)}`);
      return dateOfMonth(addMonthsToMonth(month, 1), payDay);
    }
    if (settings.payDayType !== PAY_DAY_DAY_OF_MONTH) throw new RangeError('payDayType must be 0, 1 or 2');
    const payDay = checkDay('payDay', settings.payDay);
    return dateOfMonth(month, Math.min(payDay, last));
  }
  for (let day = last; day >= 1; day -= 1) {
    const date = dateOfMonth(month, day);
    if (isWorkingDay(date)) return date;
  }
  return dateOfMonth(month, last);
}
