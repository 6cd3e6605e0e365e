import { describe, expect, it } from 'vitest';
import { normalizeRequestTime, requestListQuerySchema, requestStatusBadge, validateRegularization } from './requests.contract';

/** People spec §4 (status colours) and §5 Regularization; the rest are our rules in docs/decisions/. */
const TODAY = '2026-03-18';
const full = { startDate: '2026-03-16', endDate: '2026-03-16', startTime: '09:30', endTime: '18:30', reason: 'Forgot to check in' };

describe('validateRegularization', () => {
  it.each(['startDate', 'endDate', 'startTime', 'endTime', 'reason'] as const)("a missing %s is 'Please fill in all required fields'", (field) => {
    expect(validateRegularization({ ...full, [field]: '' }, TODAY)).toEqual({ ok: false, field, message: 'Please fill in all required fields' });
    expect(validateRegularization({ ...full, [field]: null }, TODAY)).toMatchObject({ ok: false, message: 'Please fill in all required fields' });
  });

  it('a reason of spaces is missing; a reason is trimmed', () => {
    expect(validateRegularization({ ...full, reason: '   ' }, TODAY)).toMatchObject({ ok: false, field: 'reason', message: 'Please fill in all required fields' });
    expect(validateRegularization({ ...full, reason: '  late bus ' }, TODAY)).toEqual({ ok: true, value: { ...full, reason: 'late bus', startTime: '09:30:00', endTime: '18:30:00' } });
  });

  it("a start after today is 'Cannot regularize attendance for future dates'; today is allowed", () => {
    expect(validateRegularization({ ...full, startDate: '2026-03-19', endDate: '2026-03-19' }, TODAY)).toEqual({ ok: false, field: 'startDate', message: 'Cannot regularize attendance for future dates' });
    expect(validateRegularization({ ...full, startDate: TODAY, endDate: TODAY }, TODAY).ok).toBe(true);
    expect(validateRegularization({ ...full, startDate: '2026-03-19', endDate: '2026-03-19' }, TODAY, { allowFutureDates: true }).ok).toBe(true);
  });

  it('checks the order of dates, the 31-day limit and equal times; a night range crossing midnight is allowed', () => {
    expect(validateRegularization({ ...full, endDate: '2026-03-15' }, TODAY)).toMatchObject({ field: 'endDate', message: 'End date cannot be before start date' });
    expect(validateRegularization({ ...full, startDate: '2026-01-01', endDate: '2026-02-01' }, TODAY)).toMatchObject({ message: 'A regularization request can cover at most 31 days' });
    expect(validateRegularization({ ...full, startDate: '2026-01-01', endDate: '2026-01-31' }, TODAY).ok).toBe(true);
    expect(validateRegularization({ ...full, endTime: '09:30:00' }, TODAY)).toMatchObject({ field: 'endTime', message: 'End time must be different from start time' });
    expect(validateRegularization({ ...full, startTime: '22:00', endTime: '06:00' }, TODAY).ok).toBe(true);
  });

  it('refuses dates and times that do not exist', () => {
    expect(validateRegularization({ ...full, startDate: '2026-02-29', endDate: '2026-03-01' }, TODAY)).toMatchObject({ field: 'startDate', message: 'Please enter a valid date' });
    expect(validateRegularization({ ...full, startTime: '24:00' }, TODAY)).toMatchObject({ field: 'startTime', message: 'Please enter a valid time' });
  });
});

describe('normalizeRequestTime', () => {
  it.each([
    ['09:30', '09:30:00'],
    ['23:59:59', '23:59:59'],
    ['9:30', null],
    ['12:60', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeRequestTime(input)).toBe(expected);
  });
});

describe('requestStatusBadge (people spec §4)', () => {
  it.each([
    [5, 'Opened', 'yellow'],
    [1, 'Completed', 'green'],
    [6, 'Rejected', 'red'],
    [4, 'Cancelled', 'red'],
    [2, 'Unknown', 'gray'],
    [99, 'Unknown', 'gray'],
  ])('%i is %s in %s', (status, label, color) => {
    expect(requestStatusBadge(status)).toEqual({ label, color });
  });
});

describe('requestListQuerySchema', () => {
  it('defaults to the own list, 8 a page, page 1; the reportees scope is left to the server (it depends on the role)', () => {
    expect(requestListQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 8, onlyMyRequests: true });
    expect(requestListQuerySchema.parse({ status: '5', requestType: '2', onlyMyRequests: 'false', reportingFilterType: '3' })).toMatchObject({ status: 5, requestType: 2, onlyMyRequests: false, reportingFilterType: 3 });
  });
});
