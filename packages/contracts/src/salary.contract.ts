import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { LWF_STATES, PT_STATES, STATUTORY_WAGE_BASES, isRupeesAmount, parseFormula } from '@tankha/domain';
import { dateSchema } from './dates';
import { MAX_SALARY_RUPEES, rupeesRangeMessage, rupeesSchema } from './money';

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
/** A list row: the component and how many employees' structures have it (delete is offered at 0). */
export const tenantEarningRowSchema = tenantEarningSchema.extend({ employeeCount: z.number().int().default(0) });
export type TenantEarningRow = z.infer<typeof tenantEarningRowSchema>;
export const tenantEarningsReplySchema = listEnvelope(tenantEarningRowSchema);

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
export const tenantDeductionRowSchema = tenantDeductionSchema.extend({ employeeCount: z.number().int().default(0) });
export type TenantDeductionRow = z.infer<typeof tenantDeductionRowSchema>;
export const tenantDeductionsReplySchema = listEnvelope(tenantDeductionRowSchema);

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
  /** What the PF wage is: wages under the labour codes or the components marked for PF. */
  wageBase: z.enum(STATUTORY_WAGE_BASES).default('components'),
  /** 'YYYY-MM-DD' the wage base was chosen (null: before the choice was recorded). */
  wageBaseSince: z.string().nullable().default(null),
});
export const esiSettingsSchema = z.object({
  employeeRatePercent: z.number(),
  employerRatePercent: z.number(),
  includeEmployerShareInCtc: z.boolean(),
  /** What the ESI contribution wages are (coverage is always tested on the ESI gross). */
  wageBase: z.enum(STATUTORY_WAGE_BASES).default('components'),
  wageBaseSince: z.string().nullable().default(null),
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
  dateOfBirth: dateSchema('must be a date (YYYY-MM-DD)').nullable().optional(),
  /** people §3 gender code, for the professional-tax tables that differ by gender. */
  gender: z.number().int().min(0).max(4).optional(),
  /**
   * The employee's work location (the form's choice, or the employee's own): its state gives the
   * professional tax and LWF, as the payroll run deducts them. Absent or null → the organisation's state.
   */
  workLocationId: z.uuid({ error: 'must be a work location' }).nullable().optional(),
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
  /**
   * The state whose professional tax and LWF the structure uses, and why: the employee's work
   * location's state, else the organisation's (null when neither levy is enabled).
   */
  levyState: z.object({
    stateCode: z.string().nullable(),
    source: z.enum(['workLocation', 'organisation']),
    explanation: z.string(),
  }),
});
export type SalaryStructureView = z.infer<typeof salaryStructureSchema>;
export const salaryStructureReplySchema = envelope(salaryStructureSchema);

// ---------------------------------------------------------------------------------------------
// Component management: earnings and deductions CRUD, earning types, statutory
// settings and the read-only statutory tables. Paths are under the API prefix:
//
//   GET    /SalaryComponents/earning-types              earningTypesReplySchema
//   POST   /SalaryComponents/earnings                   earningInputSchema → tenantEarningReplySchema (201)
//   PUT    /SalaryComponents/earnings/:id               earningInputSchema → tenantEarningReplySchema
//   PATCH  /SalaryComponents/earnings/:id/status        componentStatusInputSchema → tenantEarningReplySchema
//   DELETE /SalaryComponents/earnings/:id               409 while an employee's structure has it
//   POST   /SalaryComponents/deductions                 deductionInputSchema → tenantDeductionReplySchema (201)
//   PUT    /SalaryComponents/deductions/:id             deductionInputSchema → tenantDeductionReplySchema
//   PATCH  /SalaryComponents/deductions/:id/status      componentStatusInputSchema → tenantDeductionReplySchema
//   DELETE /SalaryComponents/deductions/:id             409 while an employee has it
//   GET    /StatutoryComponents/tables                  statutoryTablesReplySchema (EPF/ESI rates, PT and LWF slabs)
//   GET    /StatutoryComponents/:component              statutoryComponentReplySchema
//   PUT    /StatutoryComponents/EPF                     epfInputSchema
//   PUT    /StatutoryComponents/ESI                     esiInputSchema
//   PUT    /StatutoryComponents/ProfessionalTax         stateLevyInputSchema (the states of PT_STATES)
//   PUT    /StatutoryComponents/LWF                     stateLevyInputSchema (the states of LWF_STATES)
//   DELETE /StatutoryComponents/:component              disables it (its settings are kept)
// Statutory routes need the StatutoryComponents feature (the free plan hides them, platform §1).

export const SALARY_MSG = {
  earningCreated: 'Earning added successfully',
  earningUpdated: 'Earning updated successfully',
  earningDeleted: 'Earning deleted successfully',
  earningActivated: 'Earning activated',
  earningDeactivated: 'Earning deactivated',
  earningNotFound: 'Earning not found',
  earningTypeRequired: 'Please select an earning type',
  earningNameRequired: 'Earning name is required',
  earningNameTooLong: 'Earning name must be at most 100 characters',
  nameInPayslipRequired: 'Name in payslip is required',
  nameInPayslipTooLong: 'Name in payslip must be at most 100 characters',
  calculationTypeInvalid: 'Calculation type must be 1 (percentage of CTC), 2 (percentage of basic), 3 (flat amount), 4 (custom formula) or 5 (percentage of gross)',
  percentInvalid: 'Percentage must be a number from 0 to 100 with at most two decimals',
  formulaRequired: 'Formula is required',
  formulaTooLong: 'Formula must be at most 1000 characters',
  epfContributionInvalid: 'EPF contribution must be 0 (not counted), 1 (always) or 2 (only when the PF wage is at most ₹15,000)',
  deductionCreated: 'Deduction added successfully',
  deductionUpdated: 'Deduction updated successfully',
  deductionDeleted: 'Deduction deleted successfully',
  deductionActivated: 'Deduction activated',
  deductionDeactivated: 'Deduction deactivated',
  deductionNotFound: 'Deduction not found',
  deductionNameRequired: 'Deduction name is required',
  deductionNameTooLong: 'Deduction name must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 255 characters',
  deductionTypeInvalid: 'Deduction type must be 0 (post-tax) or 3 (pre-tax)',
  sectionRequired: 'Please select the income-tax section of the pre-tax deduction',
  sectionInvalid: 'Section must be one of 80C, 80CCC, 80CCD(1), 80CCD(1B), 80D, 80E, 80G or Other',
  statusInvalid: 'isActive must be true or false',
  statutoryUpdated: 'Statutory component updated successfully',
  statutoryDisabled: 'Statutory component disabled',
  /** Platform §1: the free plan hides statutory components; gated places show this hint. */
  upgrade: 'Upgrade to premium',
  epfNumberInvalid: 'EPF number must be the establishment code: 5 letters and 10 digits, e.g. KABNG0012345000',
  esiNumberInvalid: 'ESI number must be the 17-digit employer code',
  epfApplicabilityInvalid: 'EPF applicability must be 1 (always) or 2 (only when the PF wage is at most ₹15,000)',
  wageBaseInvalid: "Wage base must be 'codes' (wages under the labour codes) or 'components' (the salary components marked for it)",
  ptStateRequired: 'Please select the state of the work location',
  ptStateInvalid: 'Please select a state that levies professional tax',
  lwfStateRequired: 'Please select the state for the labour welfare fund',
  lwfStateInvalid: 'Please select a state that has a labour welfare fund',
  registrationNumberTooLong: 'Registration number must be at most 30 characters',
  flagInvalid: (label: string) => `${label} must be true or false`,
  earningNameExists: (name: string) => `An earning named '${name}' already exists`,
  deductionNameExists: (name: string) => `A deduction named '${name}' already exists`,
  singletonExists: (type: string) => `The organisation already has its ${type} earning; there can be only one`,
  basicNotPercentOfBasic: 'Basic cannot be a percentage of basic',
  systemEarning: (name: string, action: 'deleted' | 'deactivated') => `${name} is part of every salary structure and cannot be ${action}`,
  earningInUse: (name: string, count: number) =>
    `'${name}' is in the salary structure of ${String(count)} ${count === 1 ? 'employee' : 'employees'}. Remove it from them or deactivate it instead.`,
  deductionInUse: (name: string, count: number) =>
    `'${name}' is assigned to ${String(count)} ${count === 1 ? 'employee' : 'employees'}. Remove it from them or deactivate it instead.`,
} as const;

/** Income-tax sections a pre-tax deduction can fall under (payroll spec §3 preTaxDeductionSection). */
export const PRE_TAX_DEDUCTION_SECTIONS = ['80C', '80CCC', '80CCD(1)', '80CCD(1B)', '80D', '80E', '80G', 'Other'] as const;

/** 0 not counted for EPF, 1 always, 2 only when the PF wage is at most the ceiling. */
export const EPF_CONTRIBUTION_LABELS: Record<0 | 1 | 2, string> = {
  0: 'Not counted',
  1: 'Always',
  2: 'Only when PF wage is at most ₹15,000',
};

/**
 * The earning types offered when adding an earning (payroll spec §7 "earning types"): each names a
 * category the structure engine knows and the defaults the form starts from (amounts annual rupees,
 * percentages percent). Basic, HRA and the fixed allowance exist once per organisation.
 */
export const EARNING_TYPES = [
  { key: 'basic', name: 'Basic', category: 'basic', code: 'BASIC', calculationType: 1, calculationValue: 50, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 1, isConsideredForESI: true },
  { key: 'hra', name: 'House Rent Allowance', category: 'hra', code: 'HRA', calculationType: 2, calculationValue: 50, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'dearnessAllowance', name: 'Dearness Allowance', category: 'other', code: 'DA', calculationType: 2, calculationValue: 10, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 1, isConsideredForESI: true },
  { key: 'conveyanceAllowance', name: 'Conveyance Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 19_200, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'transportAllowance', name: 'Transport Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 19_200, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'childrenEducationAllowance', name: 'Children Education Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 2_400, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'medicalAllowance', name: 'Medical Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 15_000, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'leaveTravelAllowance', name: 'Leave Travel Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: true, isPartOfSalaryStructure: false, isTaxableEarning: true, isProRateBasis: false, epfContributionType: 0, isConsideredForESI: false },
  { key: 'telephoneAllowance', name: 'Telephone Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'specialAllowance', name: 'Special Allowance', category: 'other', code: null, calculationType: 1, calculationValue: 0, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'overtimeAllowance', name: 'Overtime Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: false, isPartOfSalaryStructure: false, isTaxableEarning: true, isProRateBasis: false, epfContributionType: 0, isConsideredForESI: true },
  { key: 'bonus', name: 'Bonus', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: false, isPartOfSalaryStructure: false, isTaxableEarning: true, isProRateBasis: false, epfContributionType: 0, isConsideredForESI: false },
  { key: 'commission', name: 'Commission', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: false, isPartOfSalaryStructure: false, isTaxableEarning: true, isProRateBasis: false, epfContributionType: 0, isConsideredForESI: true },
  { key: 'fixedAllowance', name: 'Fixed Allowance', category: 'fixedAllowance', code: 'FIXED_ALLOWANCE', calculationType: 3, calculationValue: 0, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
  { key: 'custom', name: 'Custom Allowance', category: 'other', code: null, calculationType: 3, calculationValue: 0, isFixedPay: true, isPartOfSalaryStructure: true, isTaxableEarning: true, isProRateBasis: true, epfContributionType: 0, isConsideredForESI: true },
] as const;
export type EarningTypeKey = (typeof EARNING_TYPES)[number]['key'];
const EARNING_TYPE_KEYS = EARNING_TYPES.map((t) => t.key) as [EarningTypeKey, ...EarningTypeKey[]];

export const earningTypeSchema = z.object({
  key: z.enum(EARNING_TYPE_KEYS),
  name: z.string(),
  category: z.enum(EARNING_CATEGORIES),
  /** The formula code it gets (BASIC, HRA, DA, FIXED_ALLOWANCE); null: made from the earning name. */
  code: z.string().nullable(),
  calculationType: z.number().int(),
  calculationValue: z.number(),
  isFixedPay: z.boolean(),
  isPartOfSalaryStructure: z.boolean(),
  isTaxableEarning: z.boolean(),
  isProRateBasis: z.boolean(),
  epfContributionType: z.number().int(),
  isConsideredForESI: z.boolean(),
});
export type EarningType = z.infer<typeof earningTypeSchema>;
export const earningTypesReplySchema = listEnvelope(earningTypeSchema);

export const componentIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

const flag = (label: string) => z.boolean({ error: SALARY_MSG.flagInvalid(label) });
const requiredName = (required: string, tooLong: string) => z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: tooLong });
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * An earning as the form sends it. `calculationValue` is read by `calculationType`: percent for 1, 2
 * and 5; annual rupees for 3; the formula text for 4 (whose names the server checks against the
 * organisation's codes). The fixed allowance's calculation is ignored: it is the remainder.
 */
export const earningInputSchema = z
  .object({
    /** Create only; an update keeps the earning's category and code. */
    earningType: z.enum(EARNING_TYPE_KEYS, { error: SALARY_MSG.earningTypeRequired }).optional(),
    earningName: requiredName(SALARY_MSG.earningNameRequired, SALARY_MSG.earningNameTooLong),
    nameInPayslip: requiredName(SALARY_MSG.nameInPayslipRequired, SALARY_MSG.nameInPayslipTooLong),
    calculationType: z
      .number({ error: SALARY_MSG.calculationTypeInvalid })
      .int({ error: SALARY_MSG.calculationTypeInvalid })
      .min(1, { error: SALARY_MSG.calculationTypeInvalid })
      .max(5, { error: SALARY_MSG.calculationTypeInvalid }),
    calculationValue: z.union([z.number(), z.string()], { error: 'calculationValue must be a number or a formula' }),
    isFixedPay: flag('isFixedPay').default(true),
    isPartOfSalaryStructure: flag('isPartOfSalaryStructure').default(true),
    isTaxableEarning: flag('isTaxableEarning').default(true),
    isProRateBasis: flag('isProRateBasis').default(true),
    epfContributionType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: SALARY_MSG.epfContributionInvalid }).default(0),
    isConsideredForESI: flag('isConsideredForESI').default(true),
    isActive: flag('isActive').default(true),
  })
  .superRefine((v, ctx) => {
    const value = v.calculationValue;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['calculationValue'], message });
    if (v.calculationType === SalaryCalculationType.CustomFormula) {
      if (typeof value !== 'string' || value.trim() === '') return issue(SALARY_MSG.formulaRequired);
      if (value.length > 1000) return issue(SALARY_MSG.formulaTooLong);
      try {
        parseFormula(value);
      } catch (error) {
        return issue(`Formula: ${(error as Error).message}`);
      }
      return;
    }
    if (v.calculationType === SalaryCalculationType.Flat) {
      const range = rupeesRangeMessage('Amount', MAX_SALARY_RUPEES);
      if (typeof value !== 'number' || !Number.isFinite(value)) return issue('Amount must be a number');
      if (value < 0 || value > MAX_SALARY_RUPEES) return issue(range);
      if (!isRupeesAmount(value)) return issue('Amount must have at most two decimal places');
      return;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100 || !PERCENT.test(String(value))) issue(SALARY_MSG.percentInvalid);
  })
  .transform((v) => ({ ...v, calculationValue: typeof v.calculationValue === 'string' ? v.calculationValue.trim() : v.calculationValue }));
export type EarningInput = z.output<typeof earningInputSchema>;
export type EarningInputBody = z.input<typeof earningInputSchema>;

export const componentStatusInputSchema = z.object({ isActive: z.boolean({ error: SALARY_MSG.statusInvalid }) });

export const deductionInputSchema = z
  .object({
    deductionName: requiredName(SALARY_MSG.deductionNameRequired, SALARY_MSG.deductionNameTooLong),
    description: z
      .string({ error: SALARY_MSG.descriptionTooLong })
      .trim()
      .max(255, { error: SALARY_MSG.descriptionTooLong })
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    isRecurring: flag('isRecurring').default(true),
    deductionType: z.union([z.literal(DeductionType.PostTax), z.literal(DeductionType.PreTax)], { error: SALARY_MSG.deductionTypeInvalid }),
    preTaxDeductionSection: z.enum(PRE_TAX_DEDUCTION_SECTIONS, { error: SALARY_MSG.sectionInvalid }).nullable().optional(),
    isActive: flag('isActive').default(true),
  })
  .superRefine((v, ctx) => {
    if (v.deductionType === DeductionType.PreTax && !v.preTaxDeductionSection) ctx.addIssue({ code: 'custom', path: ['preTaxDeductionSection'], message: SALARY_MSG.sectionRequired });
  })
  // A post-tax deduction has no section.
  .transform((v) => ({ ...v, preTaxDeductionSection: v.deductionType === DeductionType.PreTax ? (v.preTaxDeductionSection ?? null) : null }));
export type DeductionInput = z.output<typeof deductionInputSchema>;
export type DeductionInputBody = z.input<typeof deductionInputSchema>;

export const tenantEarningReplySchema = envelope(tenantEarningRowSchema);
export const tenantDeductionReplySchema = envelope(tenantDeductionRowSchema);

// Statutory settings

const optionalCode = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .max(50, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v ? v.replace(/[\s/-]/g, '').toUpperCase() : null))
    .refine((v) => v === null || pattern.test(v), { error: message });

const wageBaseInput = z.enum(STATUTORY_WAGE_BASES, { error: SALARY_MSG.wageBaseInvalid }).optional();

export const epfInputSchema = z.object({
  isEnabled: flag('isEnabled').default(true),
  /** The establishment code (stored without separators). */
  epfNumber: optionalCode(/^[A-Z]{5}\d{10}$/, SALARY_MSG.epfNumberInvalid),
  /** true: contribute on at most ₹15,000 of PF wage; false: on the actual PF wage. */
  restrictToWageCeiling: flag('restrictToWageCeiling'),
  includeEmployerShareInCtc: flag('includeEmployerShareInCtc'),
  includeEdliAndAdminInCtc: flag('includeEdliAndAdminInCtc'),
  proRate: flag('proRate').default(false),
  considerAllSalaryComponents: flag('considerAllSalaryComponents').default(true),
  applicability: z.union([z.literal(1), z.literal(2)], { error: SALARY_MSG.epfApplicabilityInvalid }).default(1),
  /** Left out: the organisation's wage base stays as it is. A change records today as its date. */
  wageBase: wageBaseInput,
});
export type EpfInput = z.output<typeof epfInputSchema>;
export type EpfInputBody = z.input<typeof epfInputSchema>;

export const esiInputSchema = z.object({
  isEnabled: flag('isEnabled').default(true),
  esiNumber: optionalCode(/^\d{17}$/, SALARY_MSG.esiNumberInvalid),
  includeEmployerShareInCtc: flag('includeEmployerShareInCtc'),
  wageBase: wageBaseInput,
});
export type EsiInput = z.output<typeof esiInputSchema>;
export type EsiInputBody = z.input<typeof esiInputSchema>;

/** Professional tax (the work location's state) or LWF: which state's table applies. */
function stateLevyInput(states: readonly { code: string }[], required: string, invalid: string) {
  return z
    .object({
      isEnabled: flag('isEnabled').default(true),
      stateCode: z.string({ error: invalid }).nullable().optional(),
      registrationNumber: z
        .string({ error: SALARY_MSG.registrationNumberTooLong })
        .trim()
        .max(30, { error: SALARY_MSG.registrationNumberTooLong })
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
    })
    .superRefine((v, ctx) => {
      if (v.stateCode === null || v.stateCode === undefined || v.stateCode === '') {
        if (v.isEnabled) ctx.addIssue({ code: 'custom', path: ['stateCode'], message: required });
      } else if (!states.some((s) => s.code === v.stateCode)) ctx.addIssue({ code: 'custom', path: ['stateCode'], message: invalid });
    })
    .transform((v) => ({ ...v, stateCode: v.stateCode ? v.stateCode : null }));
}
export const professionalTaxInputSchema = stateLevyInput(PT_STATES, SALARY_MSG.ptStateRequired, SALARY_MSG.ptStateInvalid);
export const lwfInputSchema = stateLevyInput(LWF_STATES, SALARY_MSG.lwfStateRequired, SALARY_MSG.lwfStateInvalid);
export type StateLevyInput = z.output<typeof professionalTaxInputSchema>;
export type StateLevyInputBody = z.input<typeof professionalTaxInputSchema>;

export const statutoryComponentPathSchema = z.object({
  component: z.enum(STATUTORY_COMPONENT_NAMES, { error: 'component must be EPF, ESI, ProfessionalTax or LWF' }),
});
export const statutoryComponentReplySchema = envelope(statutoryComponentSchema);

/** Typed views of `settings`, as the server returns them (every key present). */
export const epfSettingsViewSchema = epfSettingsSchema.extend({ epfNumber: z.string().nullable(), includeEdliAndAdminInCtc: z.boolean() });
export type EpfSettingsView = z.infer<typeof epfSettingsViewSchema>;
export const esiSettingsViewSchema = esiSettingsSchema.extend({ esiNumber: z.string().nullable() });
export type EsiSettingsView = z.infer<typeof esiSettingsViewSchema>;
export const stateLevySettingsViewSchema = stateLevySettingsSchema.extend({ registrationNumber: z.string().nullable() });
export type StateLevySettingsView = z.infer<typeof stateLevySettingsViewSchema>;

const ptSlabSchema = z.object({
  /** Rupees; a published "more than X" starts at X + 0.01. */
  from: z.number(),
  /** Null for the top slab. */
  to: z.number().nullable(),
  amount: z.number(),
  /** Karnataka and Maharashtra deduct more in February so the year is ₹2,500. */
  februaryAmount: z.number().nullable(),
});
export type PtSlabView = z.infer<typeof ptSlabSchema>;
const cycleSchema = z.enum(['Monthly', 'Half-Yearly', 'Annual']);

/** The statutory tables in force today (read-only: they come from the domain, not from settings). */
export const statutoryTablesSchema = z.object({
  asOf: z.string(),
  epf: z.object({
    wageCeiling: z.number(),
    epsRatePercent: z.string(),
    epsMax: z.number(),
    edliRatePercent: z.string(),
    edliMax: z.number(),
    adminRatePercent: z.string(),
  }),
  esi: z.object({
    employeeRatePercent: z.string(),
    employerRatePercent: z.string(),
    coverageCeiling: z.number(),
    disabledCoverageCeiling: z.number(),
  }),
  professionalTax: z.array(
    z.object({
      stateCode: z.string(),
      stateName: z.string(),
      cycle: cycleSchema,
      /** '01'–'12'. */
      deductionMonths: z.array(z.string()),
      slabs: z.array(ptSlabSchema),
      /** Maharashtra's table for women. */
      womenSlabs: z.array(ptSlabSchema).nullable(),
    }),
  ),
  labourWelfareFund: z.array(
    z.object({
      stateCode: z.string(),
      stateName: z.string(),
      cycle: cycleSchema,
      deductionMonths: z.array(z.string()),
      dueNote: z.string(),
      slabs: z.array(z.object({ from: z.number(), to: z.number().nullable(), employee: z.number(), employer: z.number() })),
    }),
  ),
});
export type StatutoryTables = z.infer<typeof statutoryTablesSchema>;
export const statutoryTablesReplySchema = envelope(statutoryTablesSchema);
