import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { isIsoDate } from '@tankha/domain';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';

/**
 * Salary components and the salary structure (payroll spec §3 "Salary structure", §7). Money on the
 * wire is rupees; the server keeps paise. Flat (type 3) values are annual rupees; percentages
 * (types 1, 2, 5) are percent numbers; a formula (type 4) is its text.
 */
export const SalaryCalculationType = {
  PercentOfCtc: 1,
  PercentOfBasic: 2,
  Flat: 3,
  CustomFormula: 4,
  PercentOfGross: 5,
} as const;
export const SALARY_CALCULATION_TYPE_NAMES: Record<number, string> = {
  1: 'Percentage of CTC',
  2: 'Percentage of Basic',
  3: 'Flat amount',
  4: 'Custom formula',
  5: 'Percentage of Gross',
};
/** Payroll spec §3: 0 post-tax, 1 income tax, 2 loss of pay, 3 pre-tax. */
export const DeductionType = {
  PostTax: 0,
  IncomeTax: 1,
  LossOfPay: 2,
  PreTax: 3,
} as const;
export const EARNING_CATEGORIES = ['basic', 'hra', 'fixedAllowance', 'other'] as const;
export const STATUTORY_COMPONENT_NAMES = ['EPF', 'ESI', 'ProfessionalTax', 'LWF'] as const;
export type StatutoryComponentName = (typeof STATUTORY_COMPONENT_NAMES)[number];

const calculationValue = z.union([z.number(), z.string()]);

export const tenantEarningSchema = z.object({
  id: z.string(),
  earningName: z.string(),
  nameInPayslip: z.string(),
  code: z.string(),
  earningCategory: z.enum(EARNING_CATEGORIES),
  calculationType: z.number().int(),
  /** Percent, annual rupees (flat) or formula text; the fixed allowance's is 0 (it is the remainder). */
  calculationValue,
  isFixedPay: z.boolean(),
  isPartOfSalaryStructure: z.boolean(),
  isTaxableEarning: z.boolean(),
  isProRateBasis: z.boolean(),
  /** 0 not counted for EPF, 1 always, 2 only when the PF wage is under the ceiling. */
  epfContributionType: z.number().int(),
  isConsideredForESI: z.boolean(),
  isActive: z.boolean(),
});
export type TenantEarning = z.infer<typeof tenantEarningSchema>;
export const tenantEarningsReplySchema = listEnvelope(tenantEarningSchema);

export const tenantDeductionSchema = z.object({
  id: z.string(),
  deductionName: z.string(),
  description: z.string().nullable(),
  isRecurring: z.boolean(),
  deductionType: z.number().int(),
  preTaxDeductionSection: z.string().nullable(),
  isActive: z.boolean(),
});
export type TenantDeduction = z.infer<typeof tenantDeductionSchema>;
export const tenantDeductionsReplySchema = listEnvelope(tenantDeductionSchema);

/** A tenant's statutory settings; `settings` keys by component (see salary.defaults on the server). */
export const epfSettingsSchema = z.object({
  employeeRatePercent: z.number(),
  employerRatePercent: z.number(),
  includeEmployerShareInCtc: z.boolean(),
  considerAllSalaryComponents: z.boolean(),
  proRate: z.boolean(),
  /** 1 always, 2 only when the PF wage is at most the ceiling. */
  applicability: z.union([z.literal(1), z.literal(2)]),
  restrictToWageCeiling: z.boolean(),
});
export const esiSettingsSchema = z.object({
  employeeRatePercent: z.number(),
  employerRatePercent: z.number(),
  includeEmployerShareInCtc: z.boolean(),
});
/** Professional tax and LWF follow the state's table; null until the organisation chooses one. */
export const stateLevySettingsSchema = z.object({
  stateCode: z.string().nullable(),
});

export const statutoryComponentSchema = z.object({
  component: z.enum(STATUTORY_COMPONENT_NAMES),
  isEnabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
});
export type StatutoryComponentSetting = z.infer<typeof statutoryComponentSchema>;
export const statutoryComponentsReplySchema = listEnvelope(statutoryComponentSchema);

export const userFieldOptionsQuerySchema = z.object({
  name: z.string().trim().min(1, { error: 'name is required' }).max(100, { error: 'name must be at most 100 characters' }),
});
export const userFieldOptionsSchema = z.object({
  userFieldId: z.string().nullable(),
  name: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type UserFieldOptions = z.infer<typeof userFieldOptionsSchema>;
export const userFieldOptionsReplySchema = envelope(userFieldOptionsSchema);


export const salaryStructureRequestSchema = z.object({
  /** Annual CTC in rupees. */
  annualCTC: rupeesSchema({ label: 'Annual CTC', max: MAX_SALARY_RUPEES }),
  /** 0 Old, 1 New. */
  regimeType: z.union([z.literal(0), z.literal(1)]).default(1),
  /** The employee's values; absent or empty → the organisation's default structure. */
  earningAssociationValues: z
    .array(
      z.object({
        tenantEarningId: z.string(),
        calculationValue,
        calculationType: z.number().int().min(1).max(5).optional(),
      }),
    )
    .optional(),
  deductionAssociationValues: z.array(z.object({ tenantDeductionId: z.string(), calculationValue: rupeesSchema({ label: 'Deduction amount', max: MAX_SALARY_RUPEES }) })).optional(),
  forceESICalc: z.boolean().optional(),
  /** For the senior-citizen tax slabs and EPS age; 'YYYY-MM-DD'. */
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' })
    .refine(isIsoDate, { error: 'must be a date (YYYY-MM-DD)' })
    .nullable()
    .optional(),
  /** people §3 gender code, for the professional-tax tables that differ by gender. */
  gender: z.number().int().min(0).max(4).optional(),
});
export type SalaryStructureRequest = z.input<typeof salaryStructureRequestSchema>;

export const salaryStructureEarningSchema = z.object({
  tenantEarningId: z.string(),
  earningName: z.string(),
  earningCategory: z.string(),
  calculationType: z.number().int(),
  calculationValue,
  monthlyAmount: z.number(),
  annualAmount: z.number(),
  isFixedAllowance: z.boolean(),
});
export const salaryStructureDeductionSchema = z.object({
  tenantDeductionId: z.string(),
  deductionName: z.string(),
  deductionType: z.number().int(),
  /** Annual rupees. */
  calculationValue: z.number(),
  monthlyAmount: z.number(),
  annualAmount: z.number(),
});
export const salaryStructureStatutorySchema = z.object({
  name: z.enum(STATUTORY_COMPONENT_NAMES),
  isEnabled: z.boolean(),
  applicable: z.boolean(),
  employeeMonthly: z.number(),
  employerMonthly: z.number(),
  employeeAnnual: z.number(),
  employerAnnual: z.number(),
  /** Employee rate in percent (null for fixed-amount levies: PT, LWF). */
  rate: z.string().nullable(),
  employerRate: z.string().nullable(),
  deductionCycle: z.enum(['Monthly', 'Half-Yearly', 'Annual']),
  /** Employer amount counted inside CTC, monthly. */
  employerInCtcMonthly: z.number(),
});
export const salaryStructureSchema = z.object({
  annualCTC: z.number(),
  monthlyCTC: z.number(),
  monthlyGross: z.number(),
  annualGross: z.number(),
  monthlyTDS: z.number(),
  annualTDS: z.number(),
  earnings: z.array(salaryStructureEarningSchema),
  deductions: z.array(salaryStructureDeductionSchema),
  statutoryComponents: z.array(salaryStructureStatutorySchema),
  monthlyNetTakeHome: z.number(),
  annualNetTakeHome: z.number(),
  regimeType: z.number().int(),
  /** False when the employee has no CTC yet (every amount is then 0). */
  isAvailable: z.boolean(),
  /** The financial year whose tax rules gave the TDS, e.g. '2025-26'. */
  financialYear: z.string(),
});
export type SalaryStructureView = z.infer<typeof salaryStructureSchema>;
export const salaryStructureReplySchema = envelope(salaryStructureSchema);
