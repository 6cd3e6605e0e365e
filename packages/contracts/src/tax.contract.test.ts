import { describe, expect, it } from 'vitest';
import { TAX_FINANCIAL_YEARS } from '@tankha/domain';
import { AGE_BANDS, TAX_CALCULATOR_YEARS, taxCalculateRequestSchema } from './tax.contract';

describe('tax calculator contract', () => {
  it('answers for exactly the years the engine has tables for', () => {
    expect([...TAX_CALCULATOR_YEARS]).toEqual([...TAX_FINANCIAL_YEARS]);
    expect([...AGE_BANDS]).toEqual(['below60', '60to80', 'above80']);
  });

  it('fills defaults for every optional field', () => {
    expect(taxCalculateRequestSchema.parse({ financialYear: '2025-26', regimeType: 1, grossSalary: 100 })).toEqual({
      financialYear: '2025-26',
      regimeType: 1,
      ageBand: 'below60',
      grossSalary: 100,
      exemptions: 0,
      professionalTax: 0,
      deductions: { '80C': 0, '80D': 0, '80CCD1B': 0, '80CCD2': 0, '24b': 0 },
      otherIncome: 0,
    });
  });

  it('keeps paise but refuses a third decimal', () => {
    expect(taxCalculateRequestSchema.safeParse({ financialYear: '2025-26', regimeType: 1, grossSalary: 1234.56 }).success).toBe(true);
    expect(taxCalculateRequestSchema.safeParse({ financialYear: '2025-26', regimeType: 1, grossSalary: 1234.567 }).success).toBe(false);
  });
});
