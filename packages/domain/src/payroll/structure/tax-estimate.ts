import { computeIncomeTax } from '../../tax/income-tax';
import { isTaxFinancialYear } from '../../tax/rules';
import type { TaxAgeBand } from '../../tax/types';
import type { EstimateAnnualTaxArgs } from './salary-structure';

/**
 * The salary structure's annual TDS estimate, from the income-tax engine: taxable earnings are the
 * salary (pre-tax deductions are salary given up, so they reduce it), professional tax goes to
 * s.16(iii) and the employee's EPF to 80C; the engine applies the regime's eligibility and caps.
 * Declarations are not known here, so this is the estimate without investments, as payroll
 * products show in the structure. Returns undefined for a year with no rules table.
 */
export function salaryTaxEstimator(options: { financialYear: string; ageBand?: TaxAgeBand }): ((args: EstimateAnnualTaxArgs) => number) | undefined {
  const { financialYear } = options;
  if (!isTaxFinancialYear(financialYear)) return undefined;
  return (args) =>
    computeIncomeTax({
      financialYear,
      regime: args.regime,
      ageBand: options.ageBand ?? 'below60',
      grossSalaryPaise: Math.max(0, args.annualTaxableEarningsPaise - args.annualPreTaxDeductionsPaise),
      professionalTaxPaise: args.annualProfessionalTaxPaise,
      deductions: { sec80CPaise: args.annualEmployeeEpfPaise },
    }).totalTaxPaise;
}
