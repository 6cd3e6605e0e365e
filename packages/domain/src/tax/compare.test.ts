import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { compareTaxRegimes, TAX_COMPARISON_PARTICULARS } from './compare';

const rp = (rupees: number): number => rupeesToPaise(rupees);

describe('compareTaxRegimes', () => {
  it('has exactly the spec §2 rows, in order', () => {
    const c = compareTaxRegimes({ financialYear: '2025-26', grossSalaryPaise: rp(10_00_000) });
    expect(c.rows.map((r) => r.particulars)).toEqual([
      'Gross Salary',
      'Exemptions under Section 10',
      'Deductions under Section 16',
      'Deduction under section 24',
      'Income from Other Sources',
      'Deduction under Section 80C',
      'Other Deduction under Chapter VI-A',
      'Taxable Salary',
      'Base Tax',
      'Surcharge',
      'Education Cess',
      'Total Tax',
    ]);
    expect(TAX_COMPARISON_PARTICULARS).toHaveLength(12);
  });

  it('recommends the old regime when its deductions win', () => {
    // FY 2025-26, gross 15,00,000, s.10 exemptions 2,00,000, PT 2,500, self-occupied interest 2,00,000,
    // 80C 1,50,000, 80CCD(1B) 50,000, 80D 25,000.
    // Old: 15,00,000 − 2,00,000 − 52,500 = 12,47,500; − 2,00,000 (s.24(b)) = 10,47,500; − 2,25,000 = 8,22,500;
    //      tax 12,500 + 3,22,500 × 20% = 77,000; cess 3,080; total 80,080.
    // New: 15,00,000 − 75,000 = 14,25,000; tax 93,750 (no rebate: 2,25,000 above 12L > tax); cess 3,750; total 97,500.
    const c = compareTaxRegimes({
      financialYear: '2025-26',
      grossSalaryPaise: rp(15_00_000),
      exemptionsPaise: rp(2_00_000),
      professionalTaxPaise: rp(2_500),
      selfOccupiedInterestPaise: rp(2_00_000),
      deductions: { sec80CPaise: rp(1_50_000), sec80CCD1BPaise: rp(50_000), sec80D: rp(25_000) },
    });
    const table = Object.fromEntries(c.rows.map((r) => [r.particulars, [r.oldRegimePaise, r.newRegimePaise]]));
    expect(table).toEqual({
      'Gross Salary': [rp(15_00_000), rp(15_00_000)],
      'Exemptions under Section 10': [rp(2_00_000), 0],
      'Deductions under Section 16': [rp(52_500), rp(75_000)],
      'Deduction under section 24': [rp(2_00_000), 0],
      'Income from Other Sources': [0, 0],
      'Deduction under Section 80C': [rp(1_50_000), 0],
      'Other Deduction under Chapter VI-A': [rp(75_000), 0],
      'Taxable Salary': [rp(8_22_500), rp(14_25_000)],
      'Base Tax': [rp(77_000), rp(93_750)],
      Surcharge: [0, 0],
      'Education Cess': [rp(3_080), rp(3_750)],
      'Total Tax': [rp(80_080), rp(97_500)],
    });
    expect(c.recommendedRegime).toBe(0);
    expect(c.annualSavingsPaise).toBe(rp(17_420));
  });

  it('recommends the new regime when it is cheaper', () => {
    // Old: 12,00,000 − 50,000 = 11,50,000: 1,12,500 + 45,000 = 1,57,500; cess 6,300; 1,63,800. New: nil (87A).
    const c = compareTaxRegimes({ financialYear: '2025-26', grossSalaryPaise: rp(12_00_000) });
    expect(c.old.totalTaxPaise).toBe(rp(1_63_800));
    expect(c.new.totalTaxPaise).toBe(0);
    expect(c.recommendedRegime).toBe(1);
    expect(c.annualSavingsPaise).toBe(rp(1_63_800));
  });

  it('a tie goes to the new regime, the default', () => {
    const c = compareTaxRegimes({ financialYear: '2024-25', grossSalaryPaise: rp(5_00_000) });
    expect(c.old.totalTaxPaise).toBe(0);
    expect(c.new.totalTaxPaise).toBe(0);
    expect(c.recommendedRegime).toBe(1);
    expect(c.annualSavingsPaise).toBe(0);
  });

  it('shows let-out income as a negative s.24 deduction', () => {
    // New: NAV 6,00,000 − 30% − interest 1,00,000 = 3,20,000 income.
    const c = compareTaxRegimes({ financialYear: '2025-26', grossSalaryPaise: rp(10_00_000), letOutProperties: [{ annualRentPaise: rp(6_00_000), interestPaise: rp(1_00_000) }] });
    expect(c.rows.find((r) => r.particulars === 'Deduction under section 24')).toEqual({ particulars: 'Deduction under section 24', oldRegimePaise: -rp(3_20_000), newRegimePaise: -rp(3_20_000) });
  });
});
