import { describe, expect, it } from 'vitest';
import { computeUnusedCredit, isUpgrade } from './proration';

describe('credit for the unused part of a plan, by days (worked by hand)', () => {
  it.each([
    // Standard ₹99 × 10 users = ₹990.00 for 29 Dec 2026 → 29 Jan 2027 (31 days), upgraded the same day:
    // 0 days used, 31 unused → the whole ₹990.00 is credited.
    [{ periodStart: '2026-12-29', periodEnd: '2027-01-29', changeDate: '2026-12-29', paidTaxablePaise: 99_000 }, { periodDays: 31, usedDays: 0, unusedDays: 31, creditTaxablePaise: 99_000 }],
    // The same plan upgraded on 13 Jan 2027: 15 days used (29 Dec – 12 Jan), 16 unused.
    // ₹990.00 × 16 ÷ 31 = ₹510.967… → ₹510.97 (half up: 51,096.77 paise → 51,097)
    [{ periodStart: '2026-12-29', periodEnd: '2027-01-29', changeDate: '2027-01-13', paidTaxablePaise: 99_000 }, { periodDays: 31, usedDays: 15, unusedDays: 16, creditTaxablePaise: 51_097 }],
    // February 2027 has 28 days: ₹49.00 from 1 Feb to 1 Mar, changed on 15 Feb → 14 used, 14 unused → ₹24.50
    [{ periodStart: '2027-02-01', periodEnd: '2027-03-01', changeDate: '2027-02-15', paidTaxablePaise: 4_900 }, { periodDays: 28, usedDays: 14, unusedDays: 14, creditTaxablePaise: 2_450 }],
    // A year (1 Apr 2026 → 1 Apr 2027, 365 days) of ₹11,880.00, changed on 1 Oct 2026: 183 used, 182 unused.
    // ₹11,880 × 182 ÷ 365 = ₹5,923.726… → ₹5,923.73
    [{ periodStart: '2026-04-01', periodEnd: '2027-04-01', changeDate: '2026-10-01', paidTaxablePaise: 1_188_000 }, { periodDays: 365, usedDays: 183, unusedDays: 182, creditTaxablePaise: 592_373 }],
    // Exactly half a paisa rounds up: 1 paisa × 1 ÷ 2 = 0.5 → 1
    [{ periodStart: '2027-01-01', periodEnd: '2027-01-03', changeDate: '2027-01-02', paidTaxablePaise: 1 }, { periodDays: 2, usedDays: 1, unusedDays: 1, creditTaxablePaise: 1 }],
    // On or after the end day nothing is left to credit
    [{ periodStart: '2026-12-29', periodEnd: '2027-01-29', changeDate: '2027-01-29', paidTaxablePaise: 99_000 }, { periodDays: 31, usedDays: 31, unusedDays: 0, creditTaxablePaise: 0 }],
  ])('%o', (input, expected) => {
    expect(computeUnusedCredit(input)).toEqual(expected);
  });

  it('refuses a period that does not move forward and a fractional amount', () => {
    expect(() => computeUnusedCredit({ periodStart: '2027-01-29', periodEnd: '2027-01-29', changeDate: '2027-01-29', paidTaxablePaise: 1 })).toThrow(RangeError);
    expect(() => computeUnusedCredit({ periodStart: '2027-01-01', periodEnd: '2027-02-01', changeDate: '2027-01-02', paidTaxablePaise: 1.5 })).toThrow(RangeError);
  });
});

describe('upgrade or downgrade', () => {
  it('by what the new period costs against the current one', () => {
    // Standard ₹99 × 10 monthly (₹990) → Professional ₹199 × 10 monthly (₹1,990): upgrade, now
    expect(isUpgrade({ periodTaxablePaise: 99_000 }, { periodTaxablePaise: 199_000 })).toBe(true);
    // Professional → Standard: downgrade, at the period's end
    expect(isUpgrade({ periodTaxablePaise: 199_000 }, { periodTaxablePaise: 99_000 })).toBe(false);
    // the same price (e.g. monthly → yearly at a price that is not lower) is not a downgrade
    expect(isUpgrade({ periodTaxablePaise: 99_000 }, { periodTaxablePaise: 99_000 })).toBe(true);
    // to the free plan: downgrade
    expect(isUpgrade({ periodTaxablePaise: 4_900 }, { periodTaxablePaise: 0 })).toBe(false);
  });
});
