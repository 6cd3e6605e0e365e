import { computeIncomeTax, type IncomeTaxInput, type IncomeTaxResult } from './income-tax';
import { computeTaxPosition, type TaxPosition, type TaxPositionInput } from './tax-position';
import type { TaxRegimeCode } from './types';

/** Rows of the tax calculator's comparison table (spec §2 "Tax calculator and regime comparison"). */
export const TAX_COMPARISON_PARTICULARS = [
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
] as const;

export type TaxComparisonParticular = (typeof TAX_COMPARISON_PARTICULARS)[number];

export interface TaxComparisonRow {
  particulars: TaxComparisonParticular;
  oldRegimePaise: number;
  newRegimePaise: number;
}

export interface TaxRegimeComparison {
  rows: TaxComparisonRow[];
  old: IncomeTaxResult;
  new: IncomeTaxResult;
  /** The regime with the lower total tax; New (the default regime) on a tie. */
  recommendedRegime: TaxRegimeCode;
  /** Difference of the two totals (s.288B-rounded), never negative. */
  annualSavingsPaise: number;
}

/**
 * One row's figure from a result. "Deduction under section 24" is the house-property figure with its
 * sign turned (a set-off loss shows as a positive deduction, let-out income as a negative one), and
 * "Base Tax" is the tax after the 87A rebate, so each column reads top to bottom: Gross − Exemptions −
 * s.16 − s.24 + Other Sources − 80C − Other VI-A = Taxable Salary (before s.288A rounding), and Base
 * Tax + Surcharge + Education Cess = Total Tax (before s.288B rounding).
 */
function rowValue(particulars: TaxComparisonParticular, r: IncomeTaxResult): number {
  switch (particulars) {
    case 'Gross Salary':
      return r.grossSalaryPaise;
    case 'Exemptions under Section 10':
      return r.exemptionsPaise;
    case 'Deductions under Section 16':
      return r.section16Paise;
    case 'Deduction under section 24':
      return r.housePropertyPaise === 0 ? 0 : -r.housePropertyPaise;
    case 'Income from Other Sources':
      return r.otherIncomePaise;
    case 'Deduction under Section 80C':
      return r.section80CPaise;
    case 'Other Deduction under Chapter VI-A':
      return r.otherChapterVIAPaise;
    case 'Taxable Salary':
      return r.taxableIncomePaise;
    case 'Base Tax':
      return r.taxAfterRebatePaise;
    case 'Surcharge':
      return r.surchargePaise;
    case 'Education Cess':
      return r.cessPaise;
    case 'Total Tax':
      return r.totalTaxPaise;
  }
}

/** Old and new regime side by side for the same declarations, with the cheaper one recommended. */
export function compareTaxRegimes(input: Omit<IncomeTaxInput, 'regime'>): TaxRegimeComparison {
  return compareTaxResults(computeIncomeTax({ ...input, regime: 0 }), computeIncomeTax({ ...input, regime: 1 }));
}

/**
 * The comparison's rows, recommendation and savings from the two regimes' results (the tax
 * calculator): the regime with the lower total tax is recommended, New (the default) on a tie.
 */
export function compareTaxResults(oldResult: IncomeTaxResult, newResult: IncomeTaxResult): TaxRegimeComparison {
  const rows = TAX_COMPARISON_PARTICULARS.map((particulars) => ({
    particulars,
    oldRegimePaise: rowValue(particulars, oldResult),
    newRegimePaise: rowValue(particulars, newResult),
  }));
  const recommendedRegime: TaxRegimeCode = oldResult.totalTaxPaise < newResult.totalTaxPaise ? 0 : 1;
  return {
    rows,
    old: oldResult,
    new: newResult,
    recommendedRegime,
    annualSavingsPaise: Math.abs(oldResult.totalTaxPaise - newResult.totalTaxPaise),
  };
}

/**
 * The employee's salary and declaration through computeTaxPosition once per regime — the same path as
 * the declaration summary and the payroll run's TDS, so the column of the employee's regime is the
 * summary's tax.
 */
export function compareTaxPositions(input: Omit<TaxPositionInput, 'regime'>): TaxRegimeComparison & { positions: { old: TaxPosition; new: TaxPosition } } {
  const oldPosition = computeTaxPosition({ ...input, regime: 0 });
  const newPosition = computeTaxPosition({ ...input, regime: 1 });
  return { ...compareTaxResults(oldPosition.tax, newPosition.tax), positions: { old: oldPosition, new: newPosition } };
}
