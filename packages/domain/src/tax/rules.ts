import type { TaxFinancialYear, TaxYearRules } from './types';
import { TAX_RULES_FY2024_25 } from './years/fy2024-25';
import { TAX_RULES_FY2025_26 } from './years/fy2025-26';
import { TAX_RULES_FY2026_27 } from './years/fy2026-27';

/** Bad input to the tax functions; `field` names the input field ('financialYear', 'deductions.80C', …). */
export class TaxInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'TaxInputError';
    this.field = field;
  }
}

const RULES: Readonly<Record<TaxFinancialYear, TaxYearRules>> = {
  '2024-25': TAX_RULES_FY2024_25,
  '2025-26': TAX_RULES_FY2025_26,
  '2026-27': TAX_RULES_FY2026_27,
};

/** The financial years with rules, oldest first. A new budget adds a file under years/ and a label here. */
export const TAX_FINANCIAL_YEARS: readonly TaxFinancialYear[] = ['2024-25', '2025-26', '2026-27'];

export function isTaxFinancialYear(value: string): value is TaxFinancialYear {
  return (TAX_FINANCIAL_YEARS as readonly string[]).includes(value);
}

/** The rules of a financial year; throws TaxInputError('financialYear') for a year without rules. */
export function taxRulesFor(financialYear: string): TaxYearRules {
  if (!isTaxFinancialYear(financialYear)) {
    throw new TaxInputError('financialYear', `No income-tax rules for financial year '${financialYear}'; supported: ${TAX_FINANCIAL_YEARS.join(', ')}`);
  }
  return RULES[financialYear];
}

/** Throws unless the value is a whole, non-negative number of paise. `undefined` passes (optional fields). */
export function checkTaxPaise(value: unknown, field: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TaxInputError(field, `${field} must be a whole, non-negative number of paise`);
  }
}
