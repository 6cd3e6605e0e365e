import { describe, expect, it } from 'vitest';
import { accrualMonths, computeCarryForward, computeEntitlement, computeLeaveBalance, countLeaveDays, toHalfDays, type LeaveTypeRules } from './balance';
import { isWeekendDay } from '../attendance/weekends';

const CASUAL: LeaveTypeRules = { yearlyQuota: 12, accruesMonthly: false, carryForward: false, maxCarryForward: 0 };
const EARNED: LeaveTypeRules = { yearlyQuota: 15, accruesMonthly: true, carryForward: true, maxCarryForward: 30 };
const LOP: LeaveTypeRules = { yearlyQuota: 0, accruesMonthly: false, carryForward: false, maxCarryForward: 0 };

const none = { carriedForward: 0, adjustment: 0, approvedDays: 0, pendingDays: 0 };

describe('accrualMonths', () => {
  it.each([
    // [year, asOf, joining, months] — months from January (or the joining month) to asOf's month, both counted.
    [2026, '2026-01-01', null, 1],
    [2026, '2026-03-31', null, 3],
    [2026, '2026-12-31', null, 12],
    [2026, '2027-02-10', null, 12], // a past year counts whole
    [2027, '2026-12-31', null, 0], // a future year nothing yet
    [2026, '2026-06-15', '2026-04-20', 3], // April, May, June
    [2026, '2026-04-19', '2026-04-20', 0], // not joined yet
    [2026, '2026-06-15', '2019-08-01', 6],
    [2026, '2026-06-15', '2027-01-05', 0],
  ] as const)('%i as of %s, joined %s: %i', (year, asOf, joining, months) => {
    expect(accrualMonths(year, asOf, joining)).toBe(months);
  });
});

describe('computeEntitlement', () => {
  it('credits a non-accruing quota whole from 1 January', () => {
    expect(computeEntitlement(CASUAL, 2026, '2026-01-01', '2020-05-01')).toBe(12);
    expect(computeEntitlement(CASUAL, 2026, '2026-09-30', '2026-09-01')).toBe(12);
  });
  it('credits nothing for a year the employee joins after', () => {
    expect(computeEntitlement(CASUAL, 2026, '2026-05-01', '2027-01-04')).toBe(0);
  });
  it.each([
    // 15 a year is 1.25 a month; months × 1.25 rounded down to a half day.
    ['2026-01-15', 1], // 1.25 → 1
    ['2026-02-01', 2.5], // 2.5
    ['2026-03-31', 3.5], // 3.75 → 3.5
    ['2026-04-10', 5], // 5
    ['2026-07-01', 8.5], // 8.75 → 8.5
    ['2026-11-30', 13.5], // 13.75 → 13.5
    ['2026-12-01', 15], // 15 exactly in December
  ] as const)('earned leave (15, monthly) as of %s is %f', (asOf, days) => {
    expect(computeEntitlement(EARNED, 2026, asOf, '2018-02-01')).toBe(days);
  });
  it('accrues from the joining month', () => {
    // Joined 20 Sep: Sep, Oct, Nov = 3 months × 1.25 = 3.75 → 3.5.
    expect(computeEntitlement(EARNED, 2026, '2026-11-02', '2026-09-20')).toBe(3.5);
  });
  it('accrues an odd half-day quota exactly: 1.5 a year is 0.125 a month', () => {
    const tiny = { ...EARNED, yearlyQuota: 1.5 };
    expect(computeEntitlement(tiny, 2026, '2026-03-01', null)).toBe(0); // 0.375 → 0
    expect(computeEntitlement(tiny, 2026, '2026-04-01', null)).toBe(0.5); // 0.5
    expect(computeEntitlement(tiny, 2026, '2026-12-01', null)).toBe(1.5);
  });
});

describe('computeLeaveBalance', () => {
  it('casual leave: 12 − 2 approved − 1.5 pending = 8.5 available', () => {
    expect(computeLeaveBalance({ leaveType: CASUAL, year: 2026, asOf: '2026-05-10', dateOfJoining: '2021-03-01', ...none, approvedDays: 2, pendingDays: 1.5 })).toEqual({
      entitled: 12,
      carriedForward: 0,
      adjustment: 0,
      used: 2,
      pending: 1.5,
      available: 8.5,
    });
  });
  it('earned leave: 7.5 accrued by June + 10 carried + 1 adjustment − 3 used = 15.5', () => {
    // June: 6 months × 1.25 = 7.5.
    const b = computeLeaveBalance({ leaveType: EARNED, year: 2026, asOf: '2026-06-30', dateOfJoining: '2015-01-01', carriedForward: 10, adjustment: 1, approvedDays: 3, pendingDays: 0 });
    expect(b.entitled).toBe(7.5);
    expect(b.available).toBe(15.5);
  });
  it('loss of pay: nothing credited, what is taken shows as negative available', () => {
    const b = computeLeaveBalance({ leaveType: LOP, year: 2026, asOf: '2026-05-10', dateOfJoining: null, ...none, approvedDays: 2.5 });
    expect(b).toMatchObject({ entitled: 0, used: 2.5, available: -2.5 });
  });
  it('refuses days that are not halves', () => {
    expect(() => computeLeaveBalance({ leaveType: CASUAL, year: 2026, asOf: '2026-05-10', dateOfJoining: null, ...none, approvedDays: 0.3 })).toThrow(RangeError);
    expect(() => toHalfDays(1.25)).toThrow(RangeError);
    expect(toHalfDays(3.5)).toBe(7);
  });
});

describe('computeCarryForward', () => {
  it('moves the unused days up to the cap', () => {
    // 15 + 20 carried − 4 used = 31 unused, capped at 30.
    expect(computeCarryForward(EARNED, { entitled: 15, carriedForward: 20, adjustment: 0, used: 4 })).toBe(30);
    // 15 − 9.5 = 5.5.
    expect(computeCarryForward(EARNED, { entitled: 15, carriedForward: 0, adjustment: 0, used: 9.5 })).toBe(5.5);
  });
  it('moves nothing for a type without carry forward, and never a negative', () => {
    expect(computeCarryForward(CASUAL, { entitled: 12, carriedForward: 0, adjustment: 0, used: 2 })).toBe(0);
    expect(computeCarryForward(EARNED, { entitled: 15, carriedForward: 0, adjustment: -5, used: 12 })).toBe(0);
  });
});

describe('countLeaveDays', () => {
  // Saturdays and Sundays off; 26 Jan 2026 (Monday) is Republic Day.
  const holidays = new Set(['2026-01-26']);
  const isWorkingDay = (d: string) => !isWeekendDay(d) && !holidays.has(d);

  it('counts the working days of a range: Fri 23 Jan to Tue 27 Jan 2026 is Fri + Tue = 2 (weekend and Republic Day skipped)', () => {
    expect(countLeaveDays({ startDate: '2026-01-23', endDate: '2026-01-27', portion: 'full', isWorkingDay })).toBe(2);
  });
  it('counts a week Monday 2 to Sunday 8 Feb 2026 as 5', () => {
    expect(countLeaveDays({ startDate: '2026-02-02', endDate: '2026-02-08', portion: 'full', isWorkingDay })).toBe(5);
  });
  it('counts a single working day as 1 and a half day as 0.5', () => {
    expect(countLeaveDays({ startDate: '2026-02-04', endDate: '2026-02-04', portion: 'full', isWorkingDay })).toBe(1);
    expect(countLeaveDays({ startDate: '2026-02-04', endDate: '2026-02-04', portion: 'firstHalf', isWorkingDay })).toBe(0.5);
    expect(countLeaveDays({ startDate: '2026-02-04', endDate: '2026-02-04', portion: 'secondHalf', isWorkingDay })).toBe(0.5);
  });
  it('is 0 for a weekend or a holiday', () => {
    expect(countLeaveDays({ startDate: '2026-02-07', endDate: '2026-02-08', portion: 'full', isWorkingDay })).toBe(0);
    expect(countLeaveDays({ startDate: '2026-01-26', endDate: '2026-01-26', portion: 'firstHalf', isWorkingDay })).toBe(0);
  });
  it('refuses a half day over several dates and an end before the start', () => {
    expect(() => countLeaveDays({ startDate: '2026-02-04', endDate: '2026-02-05', portion: 'firstHalf', isWorkingDay })).toThrow(RangeError);
    expect(() => countLeaveDays({ startDate: '2026-02-05', endDate: '2026-02-04', portion: 'full', isWorkingDay })).toThrow(RangeError);
  });
});

describe('computeLeaveBalance with the codes-180-days rule', () => {
  const base = { year: 2026, asOf: '2026-03-10' as const, dateOfJoining: null, carriedForward: 2, adjustment: 0, approvedDays: 1, pendingDays: 0 };
  it('credits the days given, not the quota', () => {
    const b = computeLeaveBalance({ ...base, leaveType: { yearlyQuota: 15, accruesMonthly: true, carryForward: true, maxCarryForward: 30, accrualRule: 'codes-180-days' }, codesDays: 12 });
    expect(b.entitled).toBe(12);
    expect(b.available).toBe(13);
  });
  it('credits nothing without the days; the quota rule is unchanged', () => {
    expect(computeLeaveBalance({ ...base, leaveType: { yearlyQuota: 15, accruesMonthly: false, carryForward: false, maxCarryForward: 0, accrualRule: 'codes-180-days' } }).entitled).toBe(0);
    expect(computeLeaveBalance({ ...base, leaveType: { yearlyQuota: 15, accruesMonthly: false, carryForward: false, maxCarryForward: 0 }, codesDays: 12 }).entitled).toBe(15);
  });
});
