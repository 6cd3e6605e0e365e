import { describe, expect, it } from 'vitest';
import { labourWelfareFundFor, professionalTaxFor } from '@tankha/domain';
import { PAYROLL_CALCULATOR_FIRST_MONTH, PAYROLL_CALCULATOR_STATES, payrollCalculatorRequestSchema } from './payroll-calculator.contract';

describe('payroll calculator contract', () => {
  it('fills the defaults', () => {
    const parsed = payrollCalculatorRequestSchema.parse({ month: '2026-04', state: 'KA', daysInPeriod: 30, payableDays: 29.5, earnings: [{ name: 'Basic', monthlyAmount: 30_000.5 }] });
    expect(parsed).toEqual({
      month: '2026-04',
      state: 'KA',
      gender: 'male',
      age: 30,
      daysInPeriod: 30,
      payableDays: 29.5,
      earnings: [{ name: 'Basic', monthlyAmount: 30_000.5, proRata: true, pfWage: false, esiWage: true, taxable: true }],
      epf: { enabled: true, restrictToCeiling: true },
      esi: { enabled: true },
      tds: { enabled: false, deductionsForYear: 0 },
    });
  });

  it('the first month it accepts is one every state table covers, and the month before is not', () => {
    const at = (month: string) => () => {
      for (const stateCode of PAYROLL_CALCULATOR_STATES) {
        professionalTaxFor({ stateCode, month, monthlyGrossPaise: 5_000_000, asOf: `${month}-01` });
        labourWelfareFundFor({ stateCode, month, monthlyGrossPaise: 5_000_000, asOf: `${month}-01` });
      }
    };
    expect(at(PAYROLL_CALCULATOR_FIRST_MONTH)).not.toThrow();
    expect(at('2024-03')).toThrow(RangeError);
  });
});
