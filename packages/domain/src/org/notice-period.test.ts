import { describe, expect, it } from 'vitest';
import { computeProposedLastWorkingDay, isWorkingDay } from './notice-period';

// Weekly offs Saturday and Sunday (the default week days off), Republic Day 2026 a holiday.
const FIVE_DAY_WEEK = { weeklyOffDays: [0, 6], holidays: new Set(['2026-01-26']) };
const SIX_DAY_WEEK = { weeklyOffDays: [0], holidays: [] as string[] };

describe('computeProposedLastWorkingDay', () => {
  // Notice counted in calendar days, the resignation day being day 1 (so settlement's daysOfNotice
  // from the resignation date to the last working day, both included, is the notice exactly).
  it.each([
    // Thu 1 Jan 2026 + 30 days: days 1..30 are 1–30 Jan; Fri 30 Jan is a working day.
    ['2026-01-01', 30, FIVE_DAY_WEEK, '2026-01-30'],
    // Mon 2 Feb 2026 + 60 days: 27 days of February (2–28), 31 of March, 2 of April → Thu 2 Apr.
    ['2026-02-02', 60, FIVE_DAY_WEEK, '2026-04-02'],
    // Leap year: Tue 1 Feb 2028 + 30 days: 29 days of February, then Wed 1 Mar.
    ['2028-02-01', 30, FIVE_DAY_WEEK, '2028-03-01'],
    // No notice: the resignation day itself (a Thursday).
    ['2026-01-01', 0, FIVE_DAY_WEEK, '2026-01-01'],
    // A one-day notice is the same day too.
    ['2026-01-01', 1, FIVE_DAY_WEEK, '2026-01-01'],
  ])('resigning on %s with %i days of notice ends on a working day as counted', (resignation, days, calendar, expected) => {
    expect(computeProposedLastWorkingDay(resignation, days, calendar)).toBe(expected);
  });

  it('moves a notice ending on a weekly off to the next working day (never short of the notice)', () => {
    // Thu 1 Jan 2026 + 3 days ends Sat 3 Jan; Sat and Sun are off → Mon 5 Jan.
    expect(computeProposedLastWorkingDay('2026-01-01', 3, FIVE_DAY_WEEK)).toBe('2026-01-05');
    // With only Sunday off, Saturday is a working day and stays.
    expect(computeProposedLastWorkingDay('2026-01-01', 3, SIX_DAY_WEEK)).toBe('2026-01-03');
  });

  it('moves a notice ending on a holiday, and past a weekend followed by a holiday', () => {
    // Sat 27 Dec 2025 + 31 days ends Mon 26 Jan 2026, Republic Day → Tue 27 Jan.
    expect(computeProposedLastWorkingDay('2025-12-27', 31, FIVE_DAY_WEEK)).toBe('2026-01-27');
    // Thu 1 Jan 2026 + 24 days ends Sat 24 Jan; Sun 25 off, Mon 26 holiday → Tue 27 Jan.
    expect(computeProposedLastWorkingDay('2026-01-01', 24, FIVE_DAY_WEEK)).toBe('2026-01-27');
  });

  it('leaves the date as counted when the calendar has no working day at all', () => {
    expect(computeProposedLastWorkingDay('2026-01-01', 3, { weeklyOffDays: [0, 1, 2, 3, 4, 5, 6], holidays: [] })).toBe('2026-01-03');
  });

  it.each([-1, 1.5, 366, Number.NaN])('refuses a notice of %s days', (days) => {
    expect(() => computeProposedLastWorkingDay('2026-01-01', days, FIVE_DAY_WEEK)).toThrow(RangeError);
  });
});

describe('isWorkingDay', () => {
  it('is false on weekly offs and holidays, true otherwise', () => {
    expect(isWorkingDay('2026-01-03', FIVE_DAY_WEEK)).toBe(false); // Saturday
    expect(isWorkingDay('2026-01-04', FIVE_DAY_WEEK)).toBe(false); // Sunday
    expect(isWorkingDay('2026-01-26', FIVE_DAY_WEEK)).toBe(false); // Republic Day
    expect(isWorkingDay('2026-01-27', FIVE_DAY_WEEK)).toBe(true); // Tuesday
  });
});
