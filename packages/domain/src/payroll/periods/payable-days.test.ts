import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, datesBetween } from '../../attendance/index';
import { payPeriodFor } from './pay-period';
import { computePayableDays, prorateEarning, type PayDayEntry } from './payable-days';

const APRIL_2026 = { start: '2026-04-01', end: '2026-04-30', days: 30 };
const FEB_2026 = { start: '2026-02-01', end: '2026-02-28', days: 28 };
const MARCH_2026 = { start: '2026-03-01', end: '2026-03-31', days: 31 };

describe('payable days (DESIGN §5 payroll: payable days from attendance and unpaid leave)', () => {
  it('30-day month, two absences and a half day: 2.5 LOP, 27.5 payable; 30,000 → 27,500', () => {
    const result = computePayableDays({
      period: APRIL_2026,
      days: { byDate: { '2026-04-06': 'absent', '2026-04-07': 'absent', '2026-04-08': 'halfDay', '2026-04-09': 'paid' } },
    });
    expect(result).toEqual({ periodDays: 30, employedDays: 30, payableDays: 27.5, lopDays: 2.5, notEmployedDays: 0 });
    // 30,000 × 27.5 ÷ 30 = 27,500
    expect(prorateEarning({ amountPaise: 3_000_000, isProRata: true, payableDays: 27.5, periodDays: 30 })).toBe(2_750_000);
  });

  it('February 2026 (28 days), one unpaid leave: 27 payable; 28,000 → 27,000 and 30,000 → 28,929', () => {
    const result = computePayableDays({ period: FEB_2026, days: { byDate: { '2026-02-10': 'unpaidLeave' } } });
    expect(result).toMatchObject({ periodDays: 28, payableDays: 27, lopDays: 1 });
    expect(prorateEarning({ amountPaise: 2_800_000, isProRata: true, payableDays: 27, periodDays: 28 })).toBe(2_700_000);
    // 30,000 × 27 ÷ 28 = 810,000 ÷ 28 = 28,928.57… → 28,929
    expect(prorateEarning({ amountPaise: 3_000_000, isProRata: true, payableDays: 27, periodDays: 28 })).toBe(2_892_900);
  });

  it('fixed range 26–25 across the year end: dates outside the period are ignored', () => {
    const period = payPeriodFor({ payPeriodType: 2, payStartDay: 26, payEndDay: 25, payDayType: 0 }, '2026-01');
    const result = computePayableDays({
      period,
      days: { byDate: { '2025-12-31': 'absent', '2026-01-02': 'unpaidHalfDayLeave', '2026-01-26': 'absent', '2025-12-25': 'absent' } },
    });
    expect(result).toEqual({ periodDays: 31, employedDays: 31, payableDays: 29.5, lopDays: 1.5, notEmployedDays: 0 });
    // 31,000 × 29.5 ÷ 31 = 29,500
    expect(prorateEarning({ amountPaise: 3_100_000, isProRata: true, payableDays: 29.5, periodDays: 31 })).toBe(2_950_000);
  });

  it('joining on the 15th of a 30-day month: 16 days from joining, 14 not employed, absences before joining ignored', () => {
    const result = computePayableDays({ period: APRIL_2026, dateOfJoining: '2026-04-15', days: { byDate: { '2026-04-10': 'absent' } } });
    expect(result).toEqual({ periodDays: 30, employedDays: 16, payableDays: 16, lopDays: 0, notEmployedDays: 14 });
    // 30,000 × 16 ÷ 30 = 16,000 (the base stays the period's 30 calendar days)
    expect(prorateEarning({ amountPaise: 3_000_000, isProRata: true, payableDays: 16, periodDays: 30 })).toBe(1_600_000);
  });

  it('joining on the 15th of a 31-day month: 17 days; 30,000 × 17 ÷ 31 = 16,451.61 → 16,452', () => {
    const result = computePayableDays({ period: MARCH_2026, dateOfJoining: '2026-03-15', days: { byDate: {} } });
    expect(result).toMatchObject({ employedDays: 17, payableDays: 17, notEmployedDays: 14 });
    expect(prorateEarning({ amountPaise: 3_000_000, isProRata: true, payableDays: 17, periodDays: 31 })).toBe(1_645_200);
  });

  it('leaving on the 10th (last day worked, included): 10 employed, 20 not employed', () => {
    expect(computePayableDays({ period: APRIL_2026, dateOfLeaving: '2026-04-10', days: { byDate: { '2026-04-20': 'absent' } } })).toEqual({
      periodDays: 30,
      employedDays: 10,
      payableDays: 10,
      lopDays: 0,
      notEmployedDays: 20,
    });
  });

  it('joining after the period ends: nothing employed, nothing payable', () => {
    expect(computePayableDays({ period: APRIL_2026, dateOfJoining: '2026-05-01', days: { byDate: {} } })).toMatchObject({ employedDays: 0, payableDays: 0, notEmployedDays: 30 });
  });

  it('takes the payable fractions computeAttendanceDay gives (1, 0.5, 0)', () => {
    expect(computePayableDays({ period: APRIL_2026, days: { byDate: { '2026-04-01': 0, '2026-04-02': 0.5, '2026-04-03': 1 } } })).toMatchObject({ lopDays: 1.5, payableDays: 28.5 });
  });

  it('takes counts: 2 absences + 1 half day + 1 unpaid leave + 1 unpaid half-day leave = 4 LOP', () => {
    expect(computePayableDays({ period: APRIL_2026, days: { counts: { absentDays: 2, halfDays: 1, unpaidLeaveDays: 1, unpaidHalfDayLeaves: 1 } } })).toMatchObject({ lopDays: 4, payableDays: 26 });
  });

  it.each([
    ['counts beyond the employed days', { period: APRIL_2026, dateOfJoining: '2026-04-29', days: { counts: { absentDays: 3 } } }],
    ['a fractional count', { period: APRIL_2026, days: { counts: { absentDays: 1.5 } } }],
    ['a period whose days do not match its dates', { period: { ...APRIL_2026, days: 31 }, days: { byDate: {} } }],
    ['an unknown status', { period: APRIL_2026, days: { byDate: { '2026-04-01': 'sick' as PayDayEntry } } }],
    ['a fraction that is not 0, 0.5 or 1', { period: APRIL_2026, days: { byDate: { '2026-04-01': 0.25 as PayDayEntry } } }],
  ])('refuses %s', (_label, input) => expect(() => computePayableDays(input)).toThrow(RangeError));

  it('property: payable + LOP + not employed = period days, each a multiple of half a day', () => {
    const entry = fc.constantFrom<PayDayEntry>('paid', 'absent', 'halfDay', 'unpaidLeave', 'unpaidHalfDayLeave', 0, 0.5, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 2020, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: -5, max: 40 }),
        fc.array(fc.tuple(fc.integer({ min: -3, max: 34 }), entry), { maxLength: 40 }),
        (startDay, year, m, joinOffset, leaveOffset, marks) => {
          const period = payPeriodFor({ payPeriodType: 2, payStartDay: startDay, payDayType: 0 }, `${String(year)}-${String(m).padStart(2, '0')}`);
          const byDate: Record<string, PayDayEntry> = {};
          for (const [offset, e] of marks) byDate[addDaysToDate(period.start, offset)] = e;
          const r = computePayableDays({
            period,
            dateOfJoining: addDaysToDate(period.start, joinOffset),
            dateOfLeaving: addDaysToDate(period.start, leaveOffset),
            days: { byDate },
          });
          expect(r.payableDays + r.lopDays + r.notEmployedDays).toBe(period.days);
          expect(r.periodDays).toBe(datesBetween(period.start, period.end).length);
          for (const v of [r.payableDays, r.lopDays, r.notEmployedDays]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(v * 2)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('prorating an earning (rounded once, half up, to the rupee)', () => {
  it.each([
    // 15,001 × 15 ÷ 30 = 7,500.50 → 7,501 (half up)
    [1_500_100, 15, 30, 750_100],
    // 309.30 × 14.5 ÷ 30 = 149.495 → 149; rounding to paise first (149.50) would give 150
    [30_930, 14.5, 30, 14_900],
    // 25,000 × 17 ÷ 31 = 13,709.68 → 13,710
    [2_500_000, 17, 31, 1_371_000],
    [2_500_000, 0, 31, 0],
    [2_500_000, 31, 31, 2_500_000],
  ])('%i paise × %d ÷ %i → %i paise', (amountPaise, payableDays, periodDays, expected) => {
    expect(prorateEarning({ amountPaise, isProRata: true, payableDays, periodDays })).toBe(expected);
  });

  it('an earning not marked pro-rata is paid in full, paise and all', () => {
    expect(prorateEarning({ amountPaise: 1_234_567, isProRata: false, payableDays: 10, periodDays: 30 })).toBe(1_234_567);
  });

  it.each([
    ['more payable days than period days', { payableDays: 31, periodDays: 30 }],
    ['a payable day that is not a multiple of half', { payableDays: 27.3, periodDays: 30 }],
    ['a zero period', { payableDays: 0, periodDays: 0 }],
  ])('refuses %s', (_label, days) => expect(() => prorateEarning({ amountPaise: 100, isProRata: true, ...days })).toThrow(RangeError));
});
