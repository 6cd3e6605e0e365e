import { describe, expect, it } from 'vitest';
import { computeForm16PartB, type Form16PartBInput } from './form16-part-b';
import { EMPTY_TAX_DECLARATION, computeTaxPosition, type TaxSalaryMonth } from './tax-position';

/** Amounts are written as rupees_00 paise. Worked by hand; the comments show the arithmetic. */
const FY_MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const months = (basic: number, hra: number): TaxSalaryMonth[] => FY_MONTHS.map((month) => ({ month, basicPlusDaPaise: basic, hraPaise: hra }));

describe('computeForm16PartB: the statutory rows from the year as paid', () => {
  it('new regime (s.115BAC), FY 2025-26: salary, a loan perquisite and savings interest', () => {
    const input: Form16PartBInput = {
      financialYear: '2025-26',
      regime: 1,
      salary17_1Paise: 18_00_000_00,
      perquisites17_2Paise: 12_000_00,
      profits17_3Paise: 0,
      months: months(75_000_00, 30_000_00),
      professionalTaxPaise: 2_400_00,
      employeeEpfPaise: 21_600_00,
      declaration: { ...EMPTY_TAX_DECLARATION, otherIncome: { ...EMPTY_TAX_DECLARATION.otherIncome, savingsInterest: { declaredPaise: 10_000_00 } } },
      useAllowed: false,
      tdsDeductedPaise: 1_50_000_00,
    };
    const b = computeForm16PartB(input);
    // 1(d) = 18,00,000 + 12,000 + 0 = 18,12,000; no s.10 exemption in the new regime.
    expect(b).toMatchObject({ optingOut115BAC: false, grossSalaryPaise: 18_12_000_00, otherEmployerSalaryPaise: 0, exemptionsPaise: 0, salaryFromCurrentEmployerPaise: 18_12_000_00 });
    // 4: standard deduction ₹75,000; PT is not deductible under s.115BAC → 5 = 75,000; 6 = 17,37,000.
    expect(b).toMatchObject({ standardDeductionPaise: 75_000_00, professionalTaxPaise: 0, section16Paise: 75_000_00, incomeFromSalaryPaise: 17_37_000_00 });
    // 7(b) savings interest 10,000; 9 = 17,47,000; 80TTA not allowed → 11 = 0; 12 = 17,47,000.
    expect(b).toMatchObject({ otherSourcesPaise: 10_000_00, otherIncomePaise: 10_000_00, grossTotalIncomePaise: 17_47_000_00, chapterVIA: [], chapterVIAPaise: 0, totalIncomePaise: 17_47_000_00 });
    // 13: 4–8 L 5% = 20,000; 8–12 L 10% = 40,000; 12–16 L 15% = 60,000; 16–17.47 L 20% of 1,47,000 = 29,400 → 1,49,400.
    // 14: no rebate (over ₹12 L); 15: no surcharge; 16: 4% of 1,49,400 = 5,976; 17: 1,55,376 → ₹1,55,380 (s.288B).
    expect(b).toMatchObject({ taxOnTotalIncomePaise: 1_49_400_00, rebate87APaise: 0, surchargePaise: 0, cessPaise: 5_976_00, taxPayablePaise: 1_55_380_00, relief89Paise: 0, netTaxPayablePaise: 1_55_380_00 });
    // TDS 1,50,000 → 5,380 still due.
    expect(b).toMatchObject({ tdsDeductedPaise: 1_50_000_00, previousEmployerTdsPaise: 0, balancePaise: 5_380_00 });
    // The same path as the summary and the payroll: computeTaxPosition on the same figures.
    const direct = computeTaxPosition({
      financialYear: '2025-26',
      regime: 1,
      salary: { grossSalaryPaise: 18_12_000_00, months: input.months, professionalTaxPaise: 2_400_00, employeeEpfPaise: 21_600_00 },
      declaration: input.declaration,
      useAllowed: false,
    });
    expect(b.position.tax).toEqual(direct.tax);
  });

  it('old regime, FY 2025-26: HRA, 80C with EPF, 80D; rows add up as the form says', () => {
    const b = computeForm16PartB({
      financialYear: '2025-26',
      regime: 0,
      // Basic 50,000 + HRA 20,000 + other 10,000 a month = 80,000 × 12 = 9,60,000.
      salary17_1Paise: 9_60_000_00,
      perquisites17_2Paise: 0,
      profits17_3Paise: 0,
      months: months(50_000_00, 20_000_00),
      professionalTaxPaise: 2_400_00,
      employeeEpfPaise: 21_600_00,
      declaration: {
        ...EMPTY_TAX_DECLARATION,
        rents: [{ fromMonth: '2025-04', toMonth: '2026-03', amount: { declaredPaise: 2_64_000_00 }, metro: false }],
        deductions: [
          { itemId: 101, amount: { declaredPaise: 1_00_000_00 } },
          { itemId: 201, amount: { declaredPaise: 25_000_00 } },
        ],
      },
      useAllowed: false,
      tdsDeductedPaise: 24_000_00,
    });
    // 2(e) HRA: rent 22,000 a month, non-metro: least(20,000; 22,000 − 5,000 = 17,000; 40% × 50,000 = 20,000) = 17,000 × 12 = 2,04,000.
    expect(b).toMatchObject({ optingOut115BAC: true, grossSalaryPaise: 9_60_000_00, hraExemptPaise: 2_04_000_00, otherExemptPaise: 0, exemptionsPaise: 2_04_000_00 });
    // 3 = 9,60,000 − 2,04,000 = 7,56,000; 4 = 50,000 + PT 2,400 = 52,400; 6 = 7,03,600.
    expect(b).toMatchObject({ salaryFromCurrentEmployerPaise: 7_56_000_00, standardDeductionPaise: 50_000_00, professionalTaxPaise: 2_400_00, section16Paise: 52_400_00, incomeFromSalaryPaise: 7_03_600_00 });
    // 9 = 7,03,600; 10: 80C = EPF 21,600 + PPF 1,00,000 = 1,21,600; 80D 25,000 → 11 = 1,46,600; 12 = 5,57,000.
    expect(b.grossTotalIncomePaise).toBe(7_03_600_00);
    expect(b.chapterVIA.map((r) => [r.section, r.amountPaise])).toEqual([
      ['80C', 1_21_600_00],
      ['80D', 25_000_00],
    ]);
    expect(b).toMatchObject({ chapterVIAPaise: 1_46_600_00, totalIncomePaise: 5_57_000_00 });
    // 13: 2.5–5 L 5% = 12,500; 5–5.57 L 20% of 57,000 = 11,400 → 23,900; no rebate (over ₹5 L);
    // cess 4% = 956; 17: 24,856 → ₹24,860; TDS 24,000 → 860 due.
    expect(b).toMatchObject({ taxOnTotalIncomePaise: 23_900_00, rebate87APaise: 0, cessPaise: 956_00, taxPayablePaise: 24_860_00, netTaxPayablePaise: 24_860_00, balancePaise: 860_00 });
  });

  it('rebate u/s 87A and a deduction over the limits; a negative amount is refused', () => {
    const b = computeForm16PartB({
      financialYear: '2025-26',
      regime: 1,
      // 10,00,000 − 75,000 = 9,25,000: tax 20,000 + 12,500 = 32,500, rebated in full (≤ ₹12 L) → 0.
      salary17_1Paise: 10_00_000_00,
      perquisites17_2Paise: 0,
      profits17_3Paise: 0,
      months: months(40_000_00, 0),
      professionalTaxPaise: 0,
      employeeEpfPaise: 0,
      declaration: null,
      useAllowed: false,
      tdsDeductedPaise: 0,
    });
    expect(b).toMatchObject({ totalIncomePaise: 9_25_000_00, taxOnTotalIncomePaise: 32_500_00, rebate87APaise: 32_500_00, cessPaise: 0, taxPayablePaise: 0, balancePaise: 0 });
    expect(() => computeForm16PartB({ ...({} as Form16PartBInput), financialYear: '2025-26', regime: 1, salary17_1Paise: -1, perquisites17_2Paise: 0, profits17_3Paise: 0, tdsDeductedPaise: 0 })).toThrow();
  });
});
