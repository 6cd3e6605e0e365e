import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '@tankha/domain';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';
import { employeeFormSchema } from './people.contract';
import { salaryStructureRequestSchema } from './salary.contract';
import { taxCalculateRequestSchema } from './tax.contract';

const ctc = rupeesSchema({ label: 'Annual CTC', max: MAX_SALARY_RUPEES });
const messageOf = (value: unknown) => {
  const parsed = ctc.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('rupeesSchema: money as entered', () => {
  it.each([0, 1, 1.05, 1.1, 0.01, 1234.56, 0.07, 1.15, 9_999_999.99, MAX_SALARY_RUPEES])('accepts %s exactly, and its paise are exact', (value) => {
    expect(ctc.parse(value)).toBe(value);
    // 1234.56 * 100 is 123455.99999999999 in floating point; the one conversion gives 123456.
    expect(rupeesToPaise(ctc.parse(value))).toBe(Math.round(value * 100));
  });

  it.each([
    [1.005, ['Annual CTC must have at most two decimal places']],
    [1234.567, ['Annual CTC must have at most two decimal places']],
    [0.1 + 0.2, ['Annual CTC must have at most two decimal places']],
    [-1, ['Annual CTC must be between ₹0 and ₹1,00,00,00,000']],
    [MAX_SALARY_RUPEES + 0.01, ['Annual CTC must be between ₹0 and ₹1,00,00,00,000']],
    ['900000', ['Annual CTC must be a number']],
    [Number.NaN, ['Annual CTC must be a number']],
    [Number.POSITIVE_INFINITY, ['Annual CTC must be a number']],
  ])('refuses %s with the field’s message', (value, messages) => {
    expect(messageOf(value)).toEqual(messages);
  });

  it('writes the bounds with Indian grouping, and a missing value may have its own message', () => {
    const amount = rupeesSchema({ label: 'Amount', min: 100, max: 12_34_567.5, required: 'This field is mandatory' });
    expect(amount.safeParse(99).error?.issues[0]?.message).toBe('Amount must be between ₹100 and ₹12,34,567');
    expect(amount.safeParse(undefined).error?.issues[0]?.message).toBe('This field is mandatory');
    expect(amount.safeParse(null).error?.issues[0]?.message).toBe('Amount must be a number');
  });

  it('is what every money field of the contracts uses', () => {
    const employee = employeeFormSchema.shape;
    expect(employee.annualCTC.safeParse(1.005).error?.issues[0]?.message).toBe('Annual CTC must have at most two decimal places');
    expect(salaryStructureRequestSchema.shape.annualCTC.safeParse(1.005).error?.issues[0]?.message).toBe('Annual CTC must have at most two decimal places');
    const tax = taxCalculateRequestSchema.safeParse({ financialYear: '2025-26', regimeType: 1, grossSalary: 1.005, deductions: { '80C': 150_000.001 } });
    expect(tax.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['grossSalary', 'Gross salary must have at most two decimal places'],
      ['deductions.80C', 'Section 80C must have at most two decimal places'],
    ]);
    const deduction = employeeFormSchema.shape.deductionAssociations.safeParse([{ tenantDeductionId: 'x', calculationValue: 10.001 }]);
    expect(deduction.error?.issues[0]?.message).toBe('Deduction amount must have at most two decimal places');
  });
});
