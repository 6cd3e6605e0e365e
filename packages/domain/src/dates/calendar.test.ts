import { describe, expect, it } from 'vitest';
import { dateInZone, financialYearOf, formatDisplayDate, isIsoDate } from './calendar';

describe('business dates', () => {
  it('the Indian financial year runs April to March', () => {
    expect(financialYearOf('2025-03-31')).toBe('2024-25');
    expect(financialYearOf('2025-04-01')).toBe('2025-26');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('the tenant’s calendar date of an instant follows its zone (IST is UTC+5:30)', () => {
    expect(dateInZone(new Date('2026-03-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-03-31');
    expect(dateInZone(new Date('2026-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-04-01');
  });

  it('displays dd MMM yyyy and validates real calendar dates', () => {
    expect(formatDisplayDate('2026-11-05')).toBe('05 Nov 2026');
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
  });
});
