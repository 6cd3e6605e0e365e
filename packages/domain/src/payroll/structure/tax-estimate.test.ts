import { describe, expect, it } from 'vitest';
import { salaryTaxEstimator } from './tax-estimate';

describe('salary structure TDS estimate', () => {
  const base = { annualTaxableEarningsPaise: 12_00_000_00, annualEmployeeEpfPaise: 21_600_00, annualProfessionalTaxPaise: 2_400_00, annualPreTaxDeductionsPaise: 0 };

  it('new regime FY 2025-26: 12,00,000 − 75,000 = 11,25,000 is within the 87A rebate, so no tax (reference §4)', () => {
    expect(salaryTaxEstimator({ financialYear: '2025-26' })?.({ ...base, regime: 1 })).toBe(0);
  });

  it('old regime: PT under s.16(iii) and employee EPF under 80C reduce the income', () => {
    // 12,00,000 − 50,000 − 2,400 = 11,47,600; − 21,600 (80C) = 11,26,000;
    // 12,500 + 1,00,000 + 30% × 1,26,000 = 1,50,300; cess 6,012 → 1,56,312 → s.288B 1,56,310.
    expect(salaryTaxEstimator({ financialYear: '2025-26' })?.({ ...base, regime: 0 })).toBe(1_56_310_00);
  });

  it('pre-tax deductions reduce the taxable salary', () => {
    // New regime: 13,00,000 − 1,00,000 = 12,00,000 → 11,25,000 after 75,000 → rebated in full.
    expect(salaryTaxEstimator({ financialYear: '2025-26' })?.({ ...base, annualTaxableEarningsPaise: 13_00_000_00, annualPreTaxDeductionsPaise: 1_00_000_00, regime: 1 })).toBe(0);
  });

  it('has no estimate for a year without a rules table', () => {
    expect(salaryTaxEstimator({ financialYear: '2030-31' })).toBeUndefined();
  });
});
