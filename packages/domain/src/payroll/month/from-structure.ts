import { isTaxFinancialYear, taxRulesFor } from '../../tax/rules';
import type { SalaryStructure } from '../structure/salary-structure';
import type { MonthDeductionInput, MonthEarningInput } from './types';
import { isCodeWageEarning } from '../../statutory/code-wages';

/**
 * The one mapping from an employee's salary structure to the recurring part of the month input, so
 * the run, the payslip and the structure preview build `computeEmployeeMonth`'s input the same way.
 */

/** The tenant earning's flags (the `tenant_earnings` row; the contract's TenantEarning differs only in ESI's spelling). */
export interface MonthTenantEarning {
  id: string;
  code: string;
  nameInPayslip: string;
  /** 'basic' | 'hra' | 'fixedAllowance' | 'other'. */
  earningCategory: string;
  isTaxableEarning: boolean;
  isProRateBasis: boolean;
  /** 0 not counted for EPF, 1 always, 2 only while the PF wage is under the ceiling. */
  epfContributionType: number;
  isConsideredForEsi: boolean;
}

/** The tenant deduction's flags (the `tenant_deductions` row). */
export interface MonthTenantDeduction {
  id: string;
  isRecurring: boolean;
}

export interface MonthEarningsOptions {
  /**
   * The EPF setting "consider all salary components" (platform spec §9, default on): every earning
   * but HRA is PF wage, as the structure engine's `buildPfWagePaise` counts it.
   */
  considerAllSalaryComponents: boolean;
}


function epfTypeOf(value: number): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

/**
 * The structure's earnings at their full-month amounts with the flags the month needs. An earning
 * whose tenant component is not found (the engine's own 'Fixed Allowance' remainder when the
 * organisation has none) keeps the structure line's flags: taxable and pro-rata as the line says,
 * ESI wage, not PF wage (the engine's defaults for that remainder).
 */
export function monthEarningsFromStructure(
  structure: Pick<SalaryStructure, 'earnings'>,
  tenantEarnings: readonly MonthTenantEarning[],
  options: MonthEarningsOptions,
): MonthEarningInput[] {
  const byId = new Map(tenantEarnings.map((e) => [e.id, e]));
  return structure.earnings.map((line) => {
    const component = byId.get(line.id);
    // HRA is never PF wage (EPF Act s.2(b)(ii)).
    const isHra = component?.earningCategory === 'hra';
    const declared = component ? epfTypeOf(component.epfContributionType) : 0;
    const epfContributionType: 0 | 1 | 2 = isHra ? 0 : options.considerAllSalaryComponents ? 1 : declared;
    return {
      code: line.code,
      name: component?.nameInPayslip ?? line.name,
      monthlyPaise: line.monthlyPaise,
      proRata: component?.isProRateBasis ?? line.isProRata,
      epfContributionType,
      esiWage: component?.isConsideredForEsi ?? true,
      taxable: component?.isTaxableEarning ?? line.isTaxable,
      codeWage: isCodeWageEarning({ earningCategory: component?.earningCategory, isBasic: line.isBasic, code: line.code }),
      ...(isHra ? { taxCategory: 'hra' as const } : component?.earningCategory === 'basic' ? { taxCategory: 'basic' as const } : {}),
    };
  });
}

/**
 * The structure's deductions at their monthly amounts: pre-tax ones (deductionType 3) reduce taxable
 * salary. A deduction the organisation marks as not recurring is left out: it is entered for the
 * month it applies as a one-time adjustment. Codes are DED_ and the component id, stable across
 * renames, so variance by component lines up month to month.
 */
export function monthDeductionsFromStructure(
  structure: Pick<SalaryStructure, 'preTaxDeductions' | 'postTaxDeductions'>,
  tenantDeductions: readonly MonthTenantDeduction[],
): MonthDeductionInput[] {
  const byId = new Map(tenantDeductions.map((d) => [d.id, d]));
  const recurring = (id: string): boolean => byId.get(id)?.isRecurring ?? true;
  return [
    ...structure.preTaxDeductions.filter((d) => recurring(d.id)).map((d) => ({ code: `DED_${d.id}`, name: d.name, monthlyPaise: d.monthlyPaise, preTax: true })),
    ...structure.postTaxDeductions.filter((d) => recurring(d.id)).map((d) => ({ code: `DED_${d.id}`, name: d.name, monthlyPaise: d.monthlyPaise, preTax: false })),
  ];
}

/**
 * `tds.deductionsForYearPaise` of a salary before any declaration: in the old regime the year's
 * professional tax (s.16(iii)) and the employee's EPF for the year under s.80C, capped by s.80CCE;
 * in the new regime nothing (s.115BAC(2) allows neither). The run and the structure preview both
 * pass this, with the structure's annual professional tax and EPF, so their TDS agree.
 */
export function salaryDeductionsForYear(input: { financialYear: string; regime: 0 | 1; annualProfessionalTaxPaise: number; annualEmployeeEpfPaise: number }): number {
  if (input.regime !== 0 || !isTaxFinancialYear(input.financialYear)) return 0;
  return input.annualProfessionalTaxPaise + Math.min(input.annualEmployeeEpfPaise, taxRulesFor(input.financialYear).caps.sec80CPaise);
}
