import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { compareTaxPositions } from './compare';
import { computeTaxPosition, EMPTY_TAX_DECLARATION, monthsBetween, type TaxDeclarationFigures, type TaxSalaryYear } from './tax-position';

/**
 * The tax calculator's comparison from an employee's salary and declaration through
 * computeTaxPosition for both regimes, checked against worked examples computed by hand (reference
 * india-tax-rules.md §2–§7: slabs, s.16(ia), 87A with marginal relief, surcharge, 4% cess, s.288B).
 */
const rp = (rupees: number): number => rupeesToPaise(rupees);
const declared = (rupees: number) => ({ declaredPaise: rp(rupees) });

/** Twelve equal months from April of `fy`. */
function salaryYear(fy: number, monthly: { gross: number; basic: number; hra: number }, pt: number, epf: number): TaxSalaryYear {
  return {
    grossSalaryPaise: rp(monthly.gross * 12),
    months: monthsBetween(`${String(fy)}-04`, `${String(fy + 1)}-03`).map((month) => ({ month, basicPlusDaPaise: rp(monthly.basic), hraPaise: rp(monthly.hra) })),
    professionalTaxPaise: rp(pt),
    employeeEpfPaise: rp(epf),
  };
}

/** particulars → [old, new] in rupees. */
const table = (c: ReturnType<typeof compareTaxPositions>) => Object.fromEntries(c.rows.map((r) => [r.particulars, [r.oldRegimePaise / 100, r.newRegimePaise / 100]]));

describe('compareTaxPositions: the twelve rows from salary and declaration', () => {
  it('FY 2026-27, rent in a metro, 80C, 80D and a self-occupied home loan: the old regime wins', () => {
    // Salary ₹1,50,000 a month (basic 75,000, HRA 30,000); PT 2,500 a year; employee EPF 21,600 a year.
    // Rent ₹40,000 a month, Mumbai. PPF 1,28,400 (80C with EPF = 1,50,000); mediclaim self 25,000; home-loan interest 2,00,000.
    const declaration: TaxDeclarationFigures = {
      ...EMPTY_TAX_DECLARATION,
      rents: [{ fromMonth: '2026-04', toMonth: '2027-03', amount: declared(4_80_000), metro: true }],
      selfOccupiedLoan: { principal: declared(0), interest: declared(2_00_000) },
      deductions: [
        { itemId: 101, amount: declared(1_28_400) },
        { itemId: 201, amount: declared(25_000) },
      ],
    };
    const c = compareTaxPositions({ financialYear: '2026-27', salary: salaryYear(2026, { gross: 1_50_000, basic: 75_000, hra: 30_000 }, 2_500, 21_600), declaration, useAllowed: false });
    // Old regime, by hand:
    //   HRA a month = least of HRA 30,000; rent − 10% of basic = 40,000 − 7,500 = 32,500; 50% of basic = 37,500 → 30,000; × 12 = 3,60,000.
    //   s.16 = standard 50,000 + PT 2,500 = 52,500. Salary income 18,00,000 − 3,60,000 − 52,500 = 13,87,500.
    //   s.24(b) 2,00,000 → gross total income 11,87,500. 80C 1,50,000; 80D 25,000 → taxable 10,12,500.
    //   Tax 12,500 (2.5–5L at 5%) + 1,00,000 (5–10L at 20%) + 3,750 (12,500 at 30%) = 1,16,250; no 87A (over 5L).
    //   Cess 4% = 4,650. Total 1,20,900.
    // New regime: standard deduction 75,000 only → 17,25,000.
    //   Tax 20,000 + 40,000 + 60,000 (to 16L) + 25,000 (1,25,000 at 20%) = 1,45,000; no 87A (over 12L; 5,25,000 above it > tax).
    //   Cess 5,800. Total 1,50,800.
    expect(table(c)).toEqual({
      'Gross Salary': [18_00_000, 18_00_000],
      'Exemptions under Section 10': [3_60_000, 0],
      'Deductions under Section 16': [52_500, 75_000],
      'Deduction under section 24': [2_00_000, 0],
      'Income from Other Sources': [0, 0],
      'Deduction under Section 80C': [1_50_000, 0],
      'Other Deduction under Chapter VI-A': [25_000, 0],
      'Taxable Salary': [10_12_500, 17_25_000],
      'Base Tax': [1_16_250, 1_45_000],
      Surcharge: [0, 0],
      'Education Cess': [4_650, 5_800],
      'Total Tax': [1_20_900, 1_50_800],
    });
    expect(c.recommendedRegime).toBe(0);
    expect(c.annualSavingsPaise).toBe(rp(29_900));
  });

  it('FY 2025-26, ₹12,00,000 with rent and 80C: the 87A rebate takes the new regime to nil', () => {
    // Salary ₹1,00,000 a month (basic 50,000, HRA 20,000); PT 2,400; EPF 21,600. Rent ₹20,000 a month, non-metro; PPF 1,00,000; mediclaim 25,000.
    const declaration: TaxDeclarationFigures = {
      ...EMPTY_TAX_DECLARATION,
      rents: [{ fromMonth: '2025-04', toMonth: '2026-03', amount: declared(2_40_000), metro: false }],
      deductions: [
        { itemId: 101, amount: declared(1_00_000) },
        { itemId: 201, amount: declared(25_000) },
      ],
    };
    const c = compareTaxPositions({ financialYear: '2025-26', salary: salaryYear(2025, { gross: 1_00_000, basic: 50_000, hra: 20_000 }, 2_400, 21_600), declaration, useAllowed: false });
    // Old: HRA a month = least of 20,000; 20,000 − 5,000 = 15,000; 40% of 50,000 = 20,000 → 15,000; × 12 = 1,80,000.
    //   s.16 52,400. 12,00,000 − 1,80,000 − 52,400 = 9,67,600. 80C = EPF 21,600 + PPF 1,00,000 = 1,21,600; 80D 25,000 → 8,21,000.
    //   Tax 12,500 + 3,21,000 × 20% = 64,200 → 76,700; cess 3,068 → 79,768, s.288B → 79,770.
    // New: 12,00,000 − 75,000 = 11,25,000. Tax 20,000 + 32,500 = 52,500; 87A (≤ 12L) rebates all of it → 0.
    expect(table(c)).toEqual({
      'Gross Salary': [12_00_000, 12_00_000],
      'Exemptions under Section 10': [1_80_000, 0],
      'Deductions under Section 16': [52_400, 75_000],
      'Deduction under section 24': [0, 0],
      'Income from Other Sources': [0, 0],
      'Deduction under Section 80C': [1_21_600, 0],
      'Other Deduction under Chapter VI-A': [25_000, 0],
      'Taxable Salary': [8_21_000, 11_25_000],
      'Base Tax': [76_700, 0],
      Surcharge: [0, 0],
      'Education Cess': [3_068, 0],
      'Total Tax': [79_770, 0],
    });
    expect(c.new.rebate87APaise).toBe(rp(52_500));
    expect(c.recommendedRegime).toBe(1);
    expect(c.annualSavingsPaise).toBe(rp(79_770));
  });

  it('FY 2025-26, 87A marginal relief in the new regime and other income in both', () => {
    // Salary ₹12,75,000 (basic 50,000, HRA 0), nothing declared but FD interest ₹10,000.
    // New: 12,75,000 − 75,000 + 10,000 = 12,10,000. Tax 60,000 + 10,000 × 15% = 61,500; marginal relief:
    //   payable capped at 10,000 above 12L → rebate 51,500, base tax 10,000; cess 400; total 10,400.
    // Old: 12,75,000 − 50,000 + 10,000 = 12,35,000 (80C: EPF 0; 80TTA only on savings interest).
    //   Tax 1,12,500 + 2,35,000 × 30% = 70,500 → 1,83,000; cess 7,320; total 1,90,320.
    const declaration: TaxDeclarationFigures = { ...EMPTY_TAX_DECLARATION, otherIncome: { ...EMPTY_TAX_DECLARATION.otherIncome, fdInterest: declared(10_000) } };
    const salary: TaxSalaryYear = { ...salaryYear(2025, { gross: 1_06_250, basic: 50_000, hra: 0 }, 0, 0) };
    const c = compareTaxPositions({ financialYear: '2025-26', salary, declaration, useAllowed: false });
    const t = table(c);
    expect(t['Income from Other Sources']).toEqual([10_000, 10_000]);
    expect(t['Taxable Salary']).toEqual([12_35_000, 12_10_000]);
    expect(t['Base Tax']).toEqual([1_83_000, 10_000]);
    expect(t['Education Cess']).toEqual([7_320, 400]);
    expect(t['Total Tax']).toEqual([1_90_320, 10_400]);
    expect(c.new.rebate87APaise).toBe(rp(51_500));
    expect(c.recommendedRegime).toBe(1);
    expect(c.annualSavingsPaise).toBe(rp(1_79_920));
  });

  it('FY 2026-27, ₹60,00,000: surcharge 10% in both regimes, no marginal relief', () => {
    // New: 60,00,000 − 75,000 = 59,25,000. Tax 3,00,000 (to 24L) + 35,25,000 × 30% = 10,57,500 → 13,57,500.
    //   Surcharge 10% = 1,35,750 (relief limit: tax on 50L 10,80,000 + 9,25,000 = 20,05,000, not reached).
    //   Cess 4% of 14,93,250 = 59,730 → 15,52,980.
    // Old: 60,00,000 − 50,000 = 59,50,000. Tax 1,12,500 + 49,50,000 × 30% = 14,85,000 → 15,97,500; surcharge 1,59,750;
    //   cess 4% of 17,57,250 = 70,290 → 18,27,540.
    const c = compareTaxPositions({ financialYear: '2026-27', salary: salaryYear(2026, { gross: 5_00_000, basic: 2_50_000, hra: 0 }, 0, 0), useAllowed: false });
    const t = table(c);
    expect(t['Taxable Salary']).toEqual([59_50_000, 59_25_000]);
    expect(t['Base Tax']).toEqual([15_97_500, 13_57_500]);
    expect(t.Surcharge).toEqual([1_59_750, 1_35_750]);
    expect(t['Education Cess']).toEqual([70_290, 59_730]);
    expect(t['Total Tax']).toEqual([18_27_540, 15_52_980]);
    expect(c.annualSavingsPaise).toBe(rp(2_74_560));
  });

  it("each column is the employee's tax position in that regime (the summary's and the payroll's figure)", () => {
    const input = { financialYear: '2026-27' as const, salary: salaryYear(2026, { gross: 90_000, basic: 45_000, hra: 18_000 }, 2_500, 21_600), declaration: { ...EMPTY_TAX_DECLARATION, deductions: [{ itemId: 103, amount: declared(50_000) }] }, useAllowed: false };
    const c = compareTaxPositions(input);
    expect(c.old.totalTaxPaise).toBe(computeTaxPosition({ ...input, regime: 0 }).tax.totalTaxPaise);
    expect(c.new.totalTaxPaise).toBe(computeTaxPosition({ ...input, regime: 1 }).tax.totalTaxPaise);
    expect(c.rows.find((r) => r.particulars === 'Total Tax')).toEqual({ particulars: 'Total Tax', oldRegimePaise: c.old.totalTaxPaise, newRegimePaise: c.new.totalTaxPaise });
  });

  it('a tie recommends the new regime (the default), with no savings', () => {
    // ₹4,99,992 a year: nil in both (old: 4,49,992, under 5L, rebated by 87A; new: 4,24,990, tax 1,249.50, rebated).
    const c = compareTaxPositions({ financialYear: '2025-26', salary: salaryYear(2025, { gross: 41_666, basic: 20_000, hra: 0 }, 0, 0), useAllowed: false });
    expect(c.old.totalTaxPaise).toBe(0);
    expect(c.new.totalTaxPaise).toBe(0);
    expect(c.recommendedRegime).toBe(1);
    expect(c.annualSavingsPaise).toBe(0);
  });
});
