import { describe, expect, it } from 'vitest';
import { computeCodesAnnualLeave } from './codes-annual-leave';

describe('computeCodesAnnualLeave (OSH Code 2020 s.32)', () => {
  it('240 days worked earn 12 days', () => {
    const r = computeCodesAnnualLeave({ year: 2025, daysWorked: 240, countedNonWorkDays: 0 });
    expect(r).toEqual({ qualifyingDays: 240, qualifies: true, days: 12, explanation: '240 days worked in 2025: 12 days (OSH Code s.32(1)(vii))' });
  });

  it('179 days worked earn nothing; 180 earn 9', () => {
    const under = computeCodesAnnualLeave({ year: 2025, daysWorked: 179, countedNonWorkDays: 0 });
    expect(under.qualifies).toBe(false);
    expect(under.days).toBe(0);
    expect(under.explanation).toBe('179 days worked in 2025: under 180, no annual leave (OSH Code s.32(1)(vii))');
    expect(computeCodesAnnualLeave({ year: 2025, daysWorked: 180, countedNonWorkDays: 0 }).days).toBe(9);
  });

  it('200 days of which 30 lay-off: qualifies at 200, earns floor(170 / 20) = 8', () => {
    const r = computeCodesAnnualLeave({ year: 2025, daysWorked: 170, countedNonWorkDays: 30 });
    expect(r.qualifyingDays).toBe(200);
    expect(r.qualifies).toBe(true);
    expect(r.days).toBe(8);
    expect(r.explanation).toBe('170 days worked in 2025 (+ 30 days of leave counted toward 180): 8 days (OSH Code s.32(1)(vii))');
  });

  it('counted days lift a worker over 180 but a short working year earns little', () => {
    // 150 worked + 40 counted = 190 ≥ 180: floor(150 / 20) = 7.
    expect(computeCodesAnnualLeave({ year: 2025, daysWorked: 150, countedNonWorkDays: 40 }).days).toBe(7);
    // 150 worked + 29 counted = 179: nothing.
    expect(computeCodesAnnualLeave({ year: 2025, daysWorked: 150, countedNonWorkDays: 29 }).days).toBe(0);
  });

  it('half days count: 199.5 worked earn 9, 179.5 + 0.5 counted qualify', () => {
    expect(computeCodesAnnualLeave({ year: 2025, daysWorked: 199.5, countedNonWorkDays: 0 }).days).toBe(9);
    const r = computeCodesAnnualLeave({ year: 2025, daysWorked: 179.5, countedNonWorkDays: 0.5 });
    expect(r.qualifies).toBe(true);
    expect(r.days).toBe(8);
    expect(r.explanation).toContain('179.5 days worked in 2025 (+ 0.5 days of leave');
  });

  it('rejects impossible inputs', () => {
    expect(() => computeCodesAnnualLeave({ year: 2025, daysWorked: -1, countedNonWorkDays: 0 })).toThrow(RangeError);
    expect(() => computeCodesAnnualLeave({ year: 2025, daysWorked: 10.3, countedNonWorkDays: 0 })).toThrow(RangeError);
    expect(() => computeCodesAnnualLeave({ year: 2025, daysWorked: 300, countedNonWorkDays: 100 })).toThrow(RangeError);
  });
});
