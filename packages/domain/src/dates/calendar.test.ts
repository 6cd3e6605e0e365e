import fc from 'fast-check';
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

  it('IST and UTC dates are arithmetic and agree with the time-zone database (ICU) at every instant from 1946 to 2200', () => {
    const icu = (instant: Date, timeZone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
    fc.assert(
      fc.property(fc.date({ min: new Date('1946-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom('Asia/Kolkata', 'Asia/Calcutta', 'UTC', 'Etc/UTC'), (instant, zone) => {
        expect(dateInZone(instant, zone)).toBe(icu(instant, zone));
      }),
      { numRuns: 2000 },
    );
    // Either side of midnight in India, and before 1946 (IST was UTC+6:30 in the war years) by the database.
    expect(dateInZone(new Date('2027-01-01T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2027-01-01');
    expect(dateInZone(new Date('2027-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2027-01-02');
    expect(dateInZone(new Date('1943-06-30T17:40:00Z'), 'Asia/Kolkata')).toBe('1943-07-01');
    expect(dateInZone(new Date('2026-11-30T23:30:00Z'), 'America/New_York')).toBe('2026-11-30');
  });

  it('displays dd MMM yyyy and validates real calendar dates', () => {
    expect(formatDisplayDate('2026-11-05')).toBe('05 Nov 2026');
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
  });

  it('isIsoDate answers as the RegExp-and-Date check it replaced, for any text and every date of 0000–9999', () => {
    const byDate = (value: string): boolean => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const dt = new Date(Date.UTC(y, mo - 1, d));
      return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const dateLike = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    const nearlyDates = fc.tuple(dateLike, fc.nat(9), fc.string({ minLength: 1, maxLength: 1 })).map(([s, i, c]) => s.slice(0, i) + c + s.slice(i + 1));
    fc.assert(
      fc.property(fc.oneof(dateLike, nearlyDates, fc.string({ maxLength: 12 })), (value) => {
        expect(isIsoDate(value)).toBe(byDate(value));
      }),
      { numRuns: 50_000 },
    );
    for (const value of ['0099-01-01', '0100-01-01', '1900-02-29', '2000-02-29', '2100-02-29', '2024-04-31', '2024-12-31', '２０２４-01-01']) {
      expect(isIsoDate(value), value).toBe(byDate(value));
    }
  });
});
