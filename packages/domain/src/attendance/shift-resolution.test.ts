import { describe, expect, it } from 'vitest';
import { departmentShiftOn, historyAfterEdit, resolveShiftId, shiftDefinitionOn } from './shift-resolution';

describe('the shift of an employee on a date', () => {
  const a = (shiftId: string, startDate: string, endDate: string | null, createdAt = '2026-01-01T00:00:00Z') => ({ shiftId, startDate, endDate, createdAt });
  const dept = (shiftId: string, effectiveFrom: string) => ({ shiftId, effectiveFrom });
  const always = [dept('dept', '2000-01-01')];

  it('takes the latest assignment covering the date, end date inclusive', () => {
    const rows = [a('night', '2026-03-01', null), a('early', '2026-03-10', '2026-03-15')];
    expect(resolveShiftId('2026-03-09', rows, always, 'general')).toBe('night');
    expect(resolveShiftId('2026-03-15', rows, always, 'general')).toBe('early');
    expect(resolveShiftId('2026-03-16', rows, always, 'general')).toBe('night');
  });

  it('breaks a same-day tie by the later assignment', () => {
    const rows = [a('x', '2026-03-01', null, '2026-02-01T10:00:00Z'), a('y', '2026-03-01', null, '2026-02-02T10:00:00Z')];
    expect(resolveShiftId('2026-03-05', rows, [], 'general')).toBe('y');
  });

  it('falls back to the department shift, then the default, then none', () => {
    expect(resolveShiftId('2026-02-28', [a('night', '2026-03-01', null)], always, 'general')).toBe('dept');
    expect(resolveShiftId('2026-02-28', [], [], 'general')).toBe('general');
    expect(resolveShiftId('2026-02-28', [], [], null)).toBeNull();
  });

  // Issue 16: a department shift made on 10 Apr 2026 (an individual night assignment from 1 Mar) must not
  // reach back: the days before it keep the default, and the individual assignment wins throughout.
  it('an individual assignment beats a department shift made later, before and after its effective date', () => {
    const afternoon = [dept('afternoon', '2026-04-10')];
    const night = [a('night', '2026-03-01', null, '2026-03-01T04:00:00Z')];
    expect(resolveShiftId('2026-04-09', night, afternoon, 'general')).toBe('night');
    expect(resolveShiftId('2026-04-10', night, afternoon, 'general')).toBe('night');
    expect(resolveShiftId('2026-05-20', night, afternoon, 'general')).toBe('night');
  });

  it('a department shift applies only from its effective date', () => {
    const afternoon = [dept('afternoon', '2026-04-10')];
    expect(resolveShiftId('2026-01-05', [], afternoon, 'general')).toBe('general');
    expect(resolveShiftId('2026-04-09', [], afternoon, 'general')).toBe('general');
    expect(resolveShiftId('2026-04-10', [], afternoon, 'general')).toBe('afternoon');
    expect(resolveShiftId('2026-12-31', [], afternoon, 'general')).toBe('afternoon');
  });

  it('a department moved between shifts keeps each one for its own dates', () => {
    const rows = [dept('early', '2026-02-01'), dept('general', '2026-03-15'), dept('afternoon', '2026-04-10')];
    expect(departmentShiftOn('2026-01-31', rows)).toBeNull();
    expect(departmentShiftOn('2026-02-01', rows)).toBe('early');
    expect(departmentShiftOn('2026-03-14', rows)).toBe('early');
    expect(departmentShiftOn('2026-03-15', rows)).toBe('general');
    expect(departmentShiftOn('2026-04-10', rows)).toBe('afternoon');
  });
});

describe('a shift edited from a date', () => {
  const v1 = { start: '10:00:00', weekendsOff: 'Sun' };
  const v2 = { start: '09:00:00', weekendsOff: 'Sun' };
  const v3 = { start: '09:00:00', weekendsOff: 'Sun, 2nd Fri' };

  it('the days before the edit keep the old times and weekends, the edit day and after take the new', () => {
    // Edited on 15 Apr: 10:00 until 14 Apr, 09:00 from 15 Apr.
    const history = historyAfterEdit('2026-04-15', '2026-04-14', v1, []);
    expect(history).toEqual([{ validUntil: '2026-04-15', definition: v1 }]);
    expect(shiftDefinitionOn('2026-01-02', v2, history)).toBe(v1);
    expect(shiftDefinitionOn('2026-04-14', v2, history)).toBe(v1);
    expect(shiftDefinitionOn('2026-04-15', v2, history)).toBe(v2);
  });

  it('a later edit keeps both earlier definitions for their days', () => {
    const h1 = historyAfterEdit('2026-04-15', '2026-04-14', v1, []);
    const h2 = historyAfterEdit('2026-05-01', '2026-04-30', v2, h1);
    expect(shiftDefinitionOn('2026-04-14', v3, h2)).toBe(v1);
    expect(shiftDefinitionOn('2026-04-20', v3, h2)).toBe(v2);
    expect(shiftDefinitionOn('2026-05-01', v3, h2)).toBe(v3);
  });

  it('an edit reaching back over an earlier one (an administrator-chosen range) replaces it from its date', () => {
    const h1 = historyAfterEdit('2026-04-15', '2026-04-14', v1, []);
    const h2 = historyAfterEdit('2026-04-01', '2026-03-31', v2, h1);
    expect(h2).toEqual([{ validUntil: '2026-04-01', definition: v1 }]);
    expect(shiftDefinitionOn('2026-03-31', v3, h2)).toBe(v1);
    expect(shiftDefinitionOn('2026-04-14', v3, h2)).toBe(v3);
  });
});
