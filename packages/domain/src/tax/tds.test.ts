import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { computeMonthlyTds, projectAnnualSalary, remainingMonthsInFinancialYear } from './tds';
import { TaxInputError } from './rules';

const rp = (rupees: number): number => rupeesToPaise(rupees);

describe('computeMonthlyTds (s.192)', () => {
  it.each<[string, number, number, number, number]>([
    // ref §8: annual tax 1,71,600, 1,00,000 deducted April–November → December: 71,600 / 4 = 17,900.
    ['reference example, December', 1_71_600, 1_00_000, 4, 17_900],
    // 12,000 over 12 months from April.
    ['April, even split', 12_000, 0, 12, 1_000],
    // 10,001 / 3 = 3,333.67 → 3,334 (nearest rupee, half up).
    ['rounded to the rupee', 10_001, 0, 3, 3_334],
    // After the month above: (10,001 − 3,334) / 2 = 3,333.50 → 3,334.
    ['half a rupee goes up', 10_001, 3_334, 2, 3_334],
    // March takes the exact remainder, paise included.
    ['last month takes the remainder', 1_00_000.55, 91_667, 1, 8_333.55],
    // Already deducted more (e.g. a previous employer's TDS): nothing, never negative.
    ['over-deducted', 50_000, 60_000, 5, 0],
    ['no tax', 0, 0, 12, 0],
  ])('%s', (_name, projected, deducted, months, expected) => {
    expect(computeMonthlyTds({ projectedAnnualTaxPaise: rp(projected), tdsDeductedSoFarPaise: rp(deducted), remainingMonthsIncludingCurrent: months })).toBe(rp(expected));
  });

  it('a year of recomputed deductions sums to the tax exactly', () => {
    for (const annual of [rp(1_23_457), rp(7), rp(26_000), rp(99_999.99), rp(15_78_720)]) {
      let deducted = 0;
      for (let months = 12; months >= 1; months--) {
        const tds = computeMonthlyTds({ projectedAnnualTaxPaise: annual, tdsDeductedSoFarPaise: deducted, remainingMonthsIncludingCurrent: months });
        expect(tds).toBeGreaterThanOrEqual(0);
        deducted += tds;
      }
      expect(deducted).toBe(annual);
    }
  });

  it('rejects a month count outside 1–12', () => {
    expect(() => computeMonthlyTds({ projectedAnnualTaxPaise: 0, tdsDeductedSoFarPaise: 0, remainingMonthsIncludingCurrent: 0 })).toThrow(
      expect.objectContaining({ field: 'remainingMonthsIncludingCurrent' }),
    );
  });
});

describe('remainingMonthsInFinancialYear', () => {
  it.each([
    ['2025-04', 12],
    ['2025-11', 5],
    ['2025-12', 4],
    ['2026-01', 3],
    ['2026-03', 1],
  ])('%s → %i', (month, expected) => {
    expect(remainingMonthsInFinancialYear(month)).toBe(expected);
  });

  it('rejects a malformed month', () => {
    expect(() => remainingMonthsInFinancialYear('2025-13')).toThrow(TaxInputError);
    expect(() => remainingMonthsInFinancialYear('2025-1')).toThrow(TaxInputError);
  });
});

describe('projectAnnualSalary', () => {
  const base = { financialYear: '2025-26', paidSoFarPaise: rp(3_00_000), currentMonthlyGrossPaise: rp(60_000) };

  it('paid so far plus the current gross for each month left', () => {
    // October: paid 3,00,000 (Apr–Sep) + 6 × 60,000 (Oct–Mar) = 6,60,000.
    expect(projectAnnualSalary({ ...base, month: '2025-10' })).toEqual({ projectedAnnualSalaryPaise: rp(6_60_000), monthsProjected: 6, remainingMonthsIncludingCurrent: 6 });
  });

  it('a joiner is projected only from the joining month', () => {
    // Joined 15 Nov 2025; projection run for October: Nov–Mar = 5 months × 60,000.
    expect(projectAnnualSalary({ ...base, paidSoFarPaise: 0, month: '2025-10', dateOfJoining: '2025-11-15' })).toEqual({
      projectedAnnualSalaryPaise: rp(3_00_000),
      monthsProjected: 5,
      remainingMonthsIncludingCurrent: 6,
    });
    // In the joining month itself: the same 5 months.
    expect(projectAnnualSalary({ ...base, paidSoFarPaise: 0, month: '2025-11', dateOfJoining: '2025-11-15' }).monthsProjected).toBe(5);
    // Joined before the year: no effect.
    expect(projectAnnualSalary({ ...base, month: '2025-10', dateOfJoining: '2019-06-01' }).monthsProjected).toBe(6);
    // Joining after the year: nothing projected.
    expect(projectAnnualSalary({ ...base, paidSoFarPaise: 0, month: '2026-02', dateOfJoining: '2026-04-10' }).projectedAnnualSalaryPaise).toBe(0);
  });

  it('rejects a month outside the financial year and a bad joining date', () => {
    expect(() => projectAnnualSalary({ ...base, month: '2026-04' })).toThrow(expect.objectContaining({ field: 'month' }));
    expect(() => projectAnnualSalary({ ...base, month: '2025-10', dateOfJoining: '2025-02-30' })).toThrow(expect.objectContaining({ field: 'dateOfJoining' }));
    expect(() => projectAnnualSalary({ ...base, financialYear: '2020-21', month: '2020-10' })).toThrow(expect.objectContaining({ field: 'financialYear' }));
  });
});
