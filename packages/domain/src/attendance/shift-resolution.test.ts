import { describe, expect, it } from 'vitest';
import { resolveShiftId } from './shift-resolution';

describe('the shift of an employee on a date', () => {
  const a = (shiftId: string, startDate: string, endDate: string | null, createdAt = '2026-01-01T00:00:00Z') => ({ shiftId, startDate, endDate, createdAt });

  it('takes the latest assignment covering the date, end date inclusive', () => {
    const rows = [a('night', '2026-03-01', null), a('early', '2026-03-10', '2026-03-15')];
    expect(resolveShiftId('2026-03-09', rows, 'dept', 'general')).toBe('night');
    expect(resolveShiftId('2026-03-15', rows, 'dept', 'general')).toBe('early');
    expect(resolveShiftId('2026-03-16', rows, 'dept', 'general')).toBe('night');
  });

  it('breaks a same-day tie by the later assignment', () => {
    const rows = [a('x', '2026-03-01', null, '2026-02-01T10:00:00Z'), a('y', '2026-03-01', null, '2026-02-02T10:00:00Z')];
    expect(resolveShiftId('2026-03-05', rows, null, 'general')).toBe('y');
  });

  it('falls back to the department shift, then the default, then none', () => {
    expect(resolveShiftId('2026-02-28', [a('night', '2026-03-01', null)], 'dept', 'general')).toBe('dept');
    expect(resolveShiftId('2026-02-28', [], null, 'general')).toBe('general');
    expect(resolveShiftId('2026-02-28', [], null, null)).toBeNull();
  });
});
