import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, addMonthsToMonth, isWeekendDay } from '../../attendance/index';
import { payDateFor, payPeriodFor, type PayPeriodSettings } from './pay-period';

const daysInMonth: PayPeriodSettings = { payPeriodType: 1, payDayType: 0 };
const fixed = (payStartDay: number, payEndDay?: number): PayPeriodSettings => ({ payPeriodType: 2, payStartDay, payEndDay, payDayType: 0 });

describe('pay period (spec people §2.9, §3 Payroll settings)', () => {
  it.each([
    ['2026-02', '2026-02-01', '2026-02-28', 28],
    ['2024-02', '2024-02-01', '2024-02-29', 29],
    ['2026-03', '2026-03-01', '2026-03-31', 31],
    ['2026-04', '2026-04-01', '2026-04-30', 30],
  ])('days in month: %s runs %s to %s, %i days', (month, start, end, days) => {
    expect(payPeriodFor(daysInMonth, month)).toEqual({ month, start, end, days });
  });

  it.each([
    // 26 → 25: the 26th of the previous month to the 25th of this one
    [26, 25, '2026-01', '2025-12-26', '2026-01-25', 31], // across the year end: 6 + 25
    [26, 25, '2026-03', '2026-02-26', '2026-03-25', 28], // 3 + 25
    [26, 25, '2024-03', '2024-02-26', '2024-03-25', 29], // leap February: 4 + 25
    [21, 20, '2026-05', '2026-04-21', '2026-05-20', 30], // 10 + 20
    // 30 → 29 around a short February: February's period ends on its last day, March starts on the 1st
    [30, 29, '2026-02', '2026-01-30', '2026-02-28', 30], // 2 + 28
    [30, 29, '2026-03', '2026-03-01', '2026-03-29', 29],
    [30, 29, '2026-04', '2026-03-30', '2026-04-29', 31], // 2 + 29
    [30, 29, '2024-02', '2024-01-30', '2024-02-29', 31], // leap: 2 + 29
    [30, 29, '2024-03', '2024-03-01', '2024-03-29', 29],
    // 1 → 30 is the calendar month (30 is the last day offered, read as month end)
    [1, 30, '2026-01', '2026-01-01', '2026-01-31', 31],
    [1, 30, '2026-02', '2026-02-01', '2026-02-28', 28],
  ])('fixed range %i–%i: %s runs %s to %s, %i days', (startDay, endDay, month, start, end, days) => {
    expect(payPeriodFor(fixed(startDay, endDay), month)).toEqual({ month, start, end, days });
  });

  it('derives the end day when it is not given', () => {
    expect(payPeriodFor(fixed(26), '2026-01')).toMatchObject({ start: '2025-12-26', end: '2026-01-25' });
  });

  it.each([
    ['an end day that leaves a gap', fixed(26, 20)],
    ['an end day that overlaps', fixed(26, 27)],
    ['a start day of 31 (options are 1–30)', fixed(31, 30)],
    ['no start day', { payPeriodType: 2, payDayType: 0 } as PayPeriodSettings],
  ])('refuses %s', (_label, settings) => expect(() => payPeriodFor(settings, '2026-01')).toThrow(RangeError));

  it('refuses a malformed month', () => expect(() => payPeriodFor(daysInMonth, '2026-1')).toThrow(RangeError));

  it('property: consecutive periods are contiguous, so every date is paid exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), (startDay, year, m) => {
        const month = `${String(year)}-${String(m).padStart(2, '0')}`;
        const settings = fixed(startDay);
        const current = payPeriodFor(settings, month);
        const next = payPeriodFor(settings, addMonthsToMonth(month, 1));
        expect(next.start).toBe(addDaysToDate(current.end, 1));
        expect(current.end.slice(0, 7)).toBe(month);
        expect(current.days).toBeGreaterThanOrEqual(28);
        expect(current.days).toBeLessThanOrEqual(32);
      }),
    );
  });
});

describe('pay date (spec people §2.9, §9: pay day 1–30, −1 last working day)', () => {
  const dayOfMonth = (payDay: number): PayPeriodSettings => ({ payPeriodType: 1, payDayType: 1, payDay });
  const noHolidays = (date: string) => !isWeekendDay(date);

  it.each([
    [7, '2026-03', '2026-03-07'],
    [30, '2026-02', '2026-02-28'], // clamped to the month's end
    [30, '2024-02', '2024-02-29'],
    [30, '2026-03', '2026-03-30'],
  ])('day of month %i in %s → %s', (payDay, month, date) => expect(payDateFor(dayOfMonth(payDay), month, noHolidays)).toBe(date));

  it('a day-of-month pay date stays put on a week-off', () => {
    expect(payDateFor(dayOfMonth(28), '2026-02', noHolidays)).toBe('2026-02-28'); // a Saturday
  });

  // 28 Feb 2026 is a Saturday; 31 May 2026 a Sunday and 30 May a Saturday.
  it.each([
    ['last working day of Feb 2026', { payPeriodType: 1, payDayType: 0 } as PayPeriodSettings, '2026-02', new Set<string>(), '2026-02-27'],
    ['… walking back over a holiday on Friday 27th', { payPeriodType: 1, payDayType: 0 } as PayPeriodSettings, '2026-02', new Set(['2026-02-27']), '2026-02-26'],
    ['payDay −1 means the last working day too', { payPeriodType: 1, payDayType: 1, payDay: -1 } as PayPeriodSettings, '2026-05', new Set<string>(), '2026-05-29'],
    ['last working day of March 2026 (a Tuesday)', { payPeriodType: 2, payStartDay: 26, payDayType: 0 } as PayPeriodSettings, '2026-03', new Set<string>(), '2026-03-31'],
  ])('%s', (_label, settings, month, holidays, date) => {
    expect(payDateFor(settings, month, (d) => !isWeekendDay(d) && !holidays.has(d))).toBe(date);
  });

  // Day N of the next month (Code on Wages 2019, s.17(1)(iv): a monthly wage is due before the 7th of the next month ends).
  const nextMonth = (payDay: number): PayPeriodSettings => ({ payPeriodType: 1, payDayType: 2, payDay });
  it.each([
    [7, '2026-11', '2026-12-07'], // November paid on 7 December
    [7, '2026-12', '2027-01-07'], // across the year end
    [1, '2026-01', '2026-02-01'],
    [5, '2026-02', '2026-03-05'],
  ])('day %i of the next month for %s → %s', (payDay, month, date) => expect(payDateFor(nextMonth(payDay), month, noHolidays)).toBe(date));

  it('a next-month pay date stays put on a week-off or holiday (7 Mar 2026 is a Saturday)', () => {
    expect(payDateFor(nextMonth(7), '2026-02', () => false)).toBe('2026-03-07');
  });

  it('a fixed range is paid in the month after the month that names the period', () => {
    // January's period runs 26 Dec–25 Jan; day 7 of the next month is 7 February.
    expect(payDateFor({ payPeriodType: 2, payStartDay: 26, payEndDay: 25, payDayType: 2, payDay: 7 }, '2026-01', noHolidays)).toBe('2026-02-07');
  });

  it('refuses a day of the next month after the 7th (wages are due by then) or outside 1–30', () => {
    expect(() => payDateFor(nextMonth(8), '2026-11', noHolidays)).toThrow(RangeError);
    expect(() => payDateFor(nextMonth(0), '2026-11', noHolidays)).toThrow(RangeError);
  });

  it('a month without a working day pays on its last date', () => {
    expect(payDateFor({ payPeriodType: 1, payDayType: 0 }, '2026-02', () => false)).toBe('2026-02-28');
  });

  it('refuses a day-of-month setting without a valid day, and an unknown pay-day type', () => {
    expect(() => payDateFor({ payPeriodType: 1, payDayType: 3 as never, payDay: 7 }, '2026-02', noHolidays)).toThrow(RangeError);
    expect(() => payDateFor({ payPeriodType: 1, payDayType: 1, payDay: 0 }, '2026-02', noHolidays)).toThrow(RangeError);
    expect(() => payDateFor({ payPeriodType: 1, payDayType: 1, payDay: 31 }, '2026-02', noHolidays)).toThrow(RangeError);
  });
});
