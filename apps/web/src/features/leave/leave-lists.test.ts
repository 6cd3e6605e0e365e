import { describe, expect, it } from 'vitest';
import type { Holiday } from '@tankha/contracts';
import { holidaysByMonth } from './HolidaysPage';
import { showLeavePager } from './LeaveRequestsTable';
import { formatDays, formatLeaveDates } from './leave-format';

describe('leave lists', () => {
  it('hides the pager at 6 or fewer rows (platform §9, leaves lists)', () => {
    expect(showLeavePager(0)).toBe(false);
    expect(showLeavePager(6)).toBe(false);
    expect(showLeavePager(7)).toBe(true);
  });
  it('formats days and dates', () => {
    expect(formatDays(0.5)).toBe('0.5 day');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2.5)).toBe('2.5 days');
    expect(formatLeaveDates('2026-06-15', '2026-06-15', 'firstHalf')).toBe('15 Jun 2026 (First half)');
    expect(formatLeaveDates('2026-06-15', '2026-06-16', 'full')).toBe('15 Jun 2026 – 16 Jun 2026');
  });
  it('groups holidays by month in date order', () => {
    const h = (date: string, name: string): Holiday => ({ id: date, date, name, description: null, isOptional: false });
    const groups = holidaysByMonth([h('2026-10-02', 'Gandhi Jayanti'), h('2026-01-26', 'Republic Day'), h('2026-01-14', 'Makara Sankranti')]);
    expect(groups.map((g) => [g.month, g.holidays.map((x) => x.name)])).toEqual([
      ['January', ['Makara Sankranti', 'Republic Day']],
      ['October', ['Gandhi Jayanti']],
    ]);
  });
});
