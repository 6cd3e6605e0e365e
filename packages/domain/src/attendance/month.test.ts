import { describe, expect, it } from 'vitest';
import { addDaysToDate, addMonthsToMonth, dateOfMonth, datesBetween, datesOfMonth, dayOfWeekOf, daysBetweenInclusive, daysInMonth, isIsoMonth, weekOfMonth } from './month';
import { DEFAULT_WEEKENDS, isWeekendDay, type WeekendRule } from './weekends';

// Calendar facts used below (Gregorian calendar): 1 Jan 2026 is a Thursday, so 1 Feb and
// 1 Mar 2026 are Sundays; March 2026 Saturdays are 7, 14, 21, 28 and 31 March is a Tuesday.

describe('months and dates', () => {
  it.each([
    ['2026-01', 31],
    ['2026-02', 28],
    ['2024-02', 29],
    ['2000-02', 29], // divisible by 400
    ['2100-02', 28], // century, not by 400
    ['2026-04', 30],
    ['2026-12', 31],
  ])('%s has %i days', (month, days) => expect(daysInMonth(month)).toBe(days));

  it('expands a month to its dates (the grid columns)', () => {
    const feb = datesOfMonth('2024-02');
    expect(feb).toHaveLength(29);
    expect(feb[0]).toBe('2024-02-01');
    expect(feb[28]).toBe('2024-02-29');
    expect(datesOfMonth('2026-04')).toHaveLength(30);
  });

  it('steps across month and year ends', () => {
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
    expect(addMonthsToMonth('2025-12', 1)).toBe('2026-01');
    expect(addDaysToDate('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysToDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetweenInclusive('2025-12-26', '2026-01-25')).toBe(31); // 6 + 25
    expect(daysBetweenInclusive('2026-01-02', '2026-01-01')).toBe(0);
    expect(datesBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  });

  it('numbers weekdays Sunday first and weeks of the month as ceil(day / 7)', () => {
    expect(dayOfWeekOf('2026-01-01')).toBe(4);
    expect(dayOfWeekOf('2026-03-01')).toBe(0);
    expect(dayOfWeekOf('2026-03-07')).toBe(6);
    expect([1, 7, 8, 14, 15, 28, 29, 31].map((d) => weekOfMonth(dateOfMonth('2026-03', d)))).toEqual([1, 1, 2, 2, 3, 4, 5, 5]);
  });

  it('refuses malformed months and dates', () => {
    expect(isIsoMonth('2026-13')).toBe(false);
    expect(isIsoMonth('2026-1')).toBe(false);
    expect(() => daysInMonth('2026-00')).toThrow(RangeError);
    expect(() => addDaysToDate('2025-02-29', 1)).toThrow(RangeError);
    expect(() => dateOfMonth('2026-02', 29)).toThrow(RangeError);
  });
});

describe('weekends grid (spec people §2.2, §3 Shift, §5 default)', () => {
  it('defaults to every Saturday and Sunday', () => {
    expect(DEFAULT_WEEKENDS).toEqual([
      { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
      { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
    ]);
    expect(isWeekendDay('2026-03-07')).toBe(true); // Saturday
    expect(isWeekendDay('2026-03-08')).toBe(true); // Sunday
    expect(isWeekendDay('2026-03-09')).toBe(false); // Monday
  });

  const secondAndFourthSaturdays: WeekendRule[] = [
    { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
    { dayOfWeek: 6, weekNumber: 2, isWeekend: true },
    { dayOfWeek: 6, weekNumber: 4, isWeekend: true },
  ];
  const allSaturdaysButSecond: WeekendRule[] = [
    { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
    { dayOfWeek: 6, weekNumber: 2, isWeekend: false },
  ];
  it.each([
    ['2nd and 4th Saturdays: 7 Mar (week 1)', secondAndFourthSaturdays, '2026-03-07', false],
    ['2nd and 4th Saturdays: 14 Mar (week 2)', secondAndFourthSaturdays, '2026-03-14', true],
    ['2nd and 4th Saturdays: 21 Mar (week 3)', secondAndFourthSaturdays, '2026-03-21', false],
    ['2nd and 4th Saturdays: 28 Mar (week 4)', secondAndFourthSaturdays, '2026-03-28', true],
    ['2nd and 4th Saturdays: Sunday 29 Mar (All)', secondAndFourthSaturdays, '2026-03-29', true],
    ['a specific week beats All: 14 Mar', allSaturdaysButSecond, '2026-03-14', false],
    ['a specific week beats All: 7 Mar', allSaturdaysButSecond, '2026-03-07', true],
    ['week 5 Tuesday: 31 Mar', [{ dayOfWeek: 2, weekNumber: 5, isWeekend: true }], '2026-03-31', true],
    ['week 5 Tuesday: 3 Mar', [{ dayOfWeek: 2, weekNumber: 5, isWeekend: true }], '2026-03-03', false],
    ['an unticked All cell is no week-off', [{ dayOfWeek: 0, weekNumber: 0, isWeekend: false }], '2026-03-08', false],
    ['an empty grid has no week-offs', [], '2026-03-08', false],
  ] as const)('%s', (_label, grid, date, expected) => expect(isWeekendDay(date, grid)).toBe(expected));
});
