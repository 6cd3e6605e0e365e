import { z } from 'zod';
import { TAX_DEDUCTION_CATALOGUE } from '@tankha/domain';
import { monthSchema } from './dates';
import { envelope } from './envelope';
import { rupeesSchema } from './money';
import { PAN_PATTERN } from './pan';
import { TAX_WINDOW_MSG } from './tax-declarations.contract';

/**
 * The employee's income-tax declaration (payroll spec §2 "Employee IT declaration landing", "IT
 * declaration form", "Overall declaration summary"; §3 "Declaration", "Employee declaration summary",
 * "House rent detail", "Let-out property", "Home loan detail", "Deduction", "Deduction option
 * catalogue"; §5 "Declaration form"; §7 "Employee declaration"; §8). Paths under the API prefix:
 *
 *   GET  /ITDeclaration/deduction-options                   → deductionOptionsReplySchema (every role)
 *   GET  /ITDeclaration/declarations?employeeId=&financialYearStart=&financialYearEnd=
 *                                                           → declarationReplySchema (data null when none)
 *   POST /ITDeclaration/declarations                        declarationInputSchema → declarationReplySchema
 *                                                           ('Successfully added IT declaration')
 *   PUT  /ITDeclaration/declarations/{declarationId}        declarationInputSchema → declarationReplySchema
 *                                                           ('Successfully updated IT declaration')
 *   GET  /ITDeclaration/summary?userId=&financialYearStart=&financialYearEnd=
 *                                                           → declarationSummaryReplySchema (data null when none)
 *
 * `employeeId` / `userId` default to the signed-in user; another employee's needs Administrator or
 * Moderator (the employee profile's Investments tab: "submit on behalf"). Amounts are rupees with at
 * most two decimals; months are 'YYYY-MM'. Each amount of a stored declaration comes in up to three
 * readings: declared (no prefix), `actual…` (proof of investment) and `allowed…` (after proof review).
 */

export const DECLARATION_MSG = {
  // Payroll spec §2, §5, §8 (word for word).
  locked: 'Investment Declaration submission is locked',
  open: 'Investment Declaration is open now!',
  added: 'Successfully added IT declaration',
  updated: 'Successfully updated IT declaration',
  investmentLimitExceeded: 'Investment Limit Exceeded',
  exemptionLimitExceeded: 'Exemption Limit Exceeded',
  resolveLimitsTooltip: 'Please resolve limit violations before submitting',
  cannotSubmitTitle: 'Cannot Submit Declaration',
  cannotSubmitText: 'Please ensure that all deduction limits are within the allowed range before submitting your declaration.',
  sec80CExceeded: 'Section 80C investment limit exceeded',
  sec80DExceeded: 'Section 80D exemption limit exceeded',
  blockedSubmitToast: 'Please ensure all deduction limits are within the allowed range before submitting.',
  noInvestmentOptions: 'No investment options available. Please contact support.',
  noExemptionOptions: 'No exemption options available. Please contact support.',
  onHoldBanner: 'Your declaration is on hold. Please review the comments or contact HR.',
  approvedBanner: 'Your declaration is approved and will be processed for tax calculations. It can no longer be edited.',
  submittedBanner: (lockDate: string) => `Your declaration is submitted. You can still change it on or before ${lockDate}.`,
  fallbackLockDate: '31/05/2025',
  // Ours (the spec gives none):
  notFound: 'Declaration not found',
  alreadyExists: 'A declaration for this financial year already exists; update it instead',
  approvedNoEdit: 'An approved declaration can no longer be edited',
  notYourDeclaration: 'You can only declare for yourself',
  employeeNotFound: 'Employee not found',
  yearMismatch: 'This declaration belongs to another financial year',
  rentPeriodOrder: 'The rental period must end on or after its start',
  rentPeriodOutsideYear: 'The rental period must be within the financial year',
  rentOverlap: 'Rental periods must not overlap',
  rentAmountRequired: 'Enter the rent for the rental period',
  landlordPanRequired: "Landlord's PAN is required when the rent exceeds ₹1,00,000 a year",
  panInvalid: 'Enter a valid PAN (for example ABCDE1234F)',
  rentedHouseRequired: 'Add at least one rented house or answer No',
  letOutRequired: 'Add at least one let-out property or answer No',
  homeLoanRequired: 'Enter the home loan details or answer No',
  unknownDeductionItem: 'Select an investment from the list',
  draftNotSubmitted: 'A draft is saved with isDraft true and isSubmitted false; a submission with isDraft false and isSubmitted true',
  draftAfterSubmit: 'A submitted declaration can only be updated and submitted again',
  yearNotOpen: 'Declarations can be made for the current or the next financial year only',
  noTaxRules: (year: string) => `No income-tax rules for the financial year ${year}`,
  loaded: 'Success',
} as const;

/** Stored declaration status (payroll spec §3 "Team review status" 1–4, with our 0 for a draft). */
export const DeclarationStatus = { Draft: 0, Submitted: 1, Rejected: 2, OnHold: 3, Approved: 4 } as const;
export type DeclarationStatusId = (typeof DeclarationStatus)[keyof typeof DeclarationStatus];
export const DECLARATION_STATUS_LABELS: Record<DeclarationStatusId, string> = { 0: 'Draft', 1: 'Submitted', 2: 'Rejected', 3: 'On Hold', 4: 'Approved' };

/** Payroll spec §3 "Proof status": 1 Submitted, 2 Rejected, 3 OnHold, 4 Approved (null before a POI). */
export const ProofStatus = { Submitted: 1, Rejected: 2, OnHold: 3, Approved: 4 } as const;

/** Payroll spec §3 "Proof document types". */
export const ProofDocumentType = {
  None: 0,
  SelfOccupiedLoanPrincipal: 1,
  SelfOccupiedLoanInterest: 2,
  LetOutRent: 3,
  MunicipalTax: 4,
  LetOutLoanPrincipal: 5,
  LetOutLoanInterest: 6,
  HouseRentReceipts: 7,
  PreviousEmploymentIncome: 8,
  PreviousEmploymentTaxPaid: 9,
  PreviousEmploymentProfessionalTax: 10,
  PreviousEmploymentEpf: 11,
  PreviousEmploymentLeaveEncashment: 12,
  OtherIncome: 13,
  SavingsInterest: 14,
  FdInterest: 15,
  NscInterest: 16,
} as const;

/** Payroll spec §9: category limits the form checks. */
export const SECTION_80C_LIMIT = 150000;
export const SECTION_80D_LIMIT = 100000;
/** Form 12BB: the landlord's PAN is needed when the rent paid exceeds this a year. */
export const LANDLORD_PAN_RENT_LIMIT = 100000;
export const URBANIZATION_TYPES = [
  { value: 'Metro', label: 'Metro' },
  { value: 'NonMetro', label: 'Non Metro' },
] as const;

const MAX_AMOUNT = 100_000_000; // ₹10 crore: any single declared amount
const amount = (label: string) => rupeesSchema({ label, max: MAX_AMOUNT });
const amountOrZero = (label: string) => amount(label).default(0);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} cannot exceed ${String(max)} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
const pan = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || PAN_PATTERN.test(v), { error: DECLARATION_MSG.panInvalid });
const month = (label: string) => monthSchema(`${label} must be a month (YYYY-MM)`);
const yearField = (name: string) => z.coerce.number({ error: `${name} must be a year` }).int({ error: `${name} must be a year` }).min(2000, { error: `${name} must be a year` }).max(2100, { error: `${name} must be a year` });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

// ---- Deduction option catalogue ---------------------------------------------------------------

export const deductionOptionItemSchema = z.object({ itemId: z.number().int(), name: z.string(), maxLimit: z.number().nullable() });
export const deductionOptionCategorySchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  label: z.string(),
  /** The category's total limit (80C ₹1,50,000, 80D ₹1,00,000), null without one. */
  limit: z.number().nullable(),
  items: z.array(deductionOptionItemSchema),
});
export type DeductionOptionCategory = z.infer<typeof deductionOptionCategorySchema>;
export const deductionOptionsReplySchema = envelope(z.array(deductionOptionCategorySchema));

/** The catalogue on the wire (rupees), from the domain's data. */
export function deductionOptionsOf(): DeductionOptionCategory[] {
  return TAX_DEDUCTION_CATALOGUE.map((c) => ({
    categoryId: c.categoryId,
    name: c.name,
    label: c.label,
    limit: c.limitPaise === null ? null : c.limitPaise / 100,
    items: c.items.map((i) => ({ itemId: i.itemId, name: i.name, maxLimit: i.maxLimitPaise === null ? null : i.maxLimitPaise / 100 })),
  }));
}

// ---- Create / update --------------------------------------------------------------------------

export const homeLoanInputSchema = z.object({
  principalPaidOnHomeLoan: amountOrZero('Principal paid on home loan'),
  interestPaidOnHomeLoan: amountOrZero('Interest paid on home loan'),
  lenderName: text('Lender name', 200),
  lenderPan: pan("Lender's PAN"),
});
export type HomeLoanInput = z.infer<typeof homeLoanInputSchema>;

export const houseRentInputSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
  rentalPeriodStart: month('Rental period start'),
  rentalPeriodEnd: month('Rental period end'),
  /** Rent for the whole period. */
  totalAmount: amount('Rent amount'),
  address: text('Address', 500),
  landlordName: text('Landlord name', 200),
  landlordPan: pan("Landlord's PAN"),
  urbanizationType: z.enum(['Metro', 'NonMetro'], { error: 'Select Metro or Non Metro' }),
});
export type HouseRentInput = z.infer<typeof houseRentInputSchema>;

export const letOutInputSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
  annualRentReceived: amountOrZero('Annual rent received'),
  municipalTaxesPaid: amountOrZero('Municipal taxes paid'),
  hasHomeLoan: flag('hasHomeLoan').default(false),
  homeLoanDetail: homeLoanInputSchema.nullish(),
});
export type LetOutInput = z.infer<typeof letOutInputSchema>;

export const declarationDeductionInputSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
  deductionItemId: z.number({ error: DECLARATION_MSG.unknownDeductionItem }).int({ error: DECLARATION_MSG.unknownDeductionItem }),
  /** Derived from the item; accepted for the spec's body shape. */
  categoryId: z.number().int().optional(),
  declaredAmount: amount('Declared amount'),
});
export type DeclarationDeductionInput = z.infer<typeof declarationDeductionInputSchema>;

export const declarationInputSchema = z
  .object({
    employeeId: z.uuid({ error: 'employeeId must be a UUID' }).optional(),
    financialYearStart: yearField('financialYearStart'),
    financialYearEnd: yearField('financialYearEnd'),
    /** The spec's spelling. */
    isRentedAccomodation: flag('isRentedAccomodation').default(false),
    isLetOutProperty: flag('isLetOutProperty').default(false),
    hasLoanOnSelfOccupiedHome: flag('hasLoanOnSelfOccupiedHome').default(false),
    houseRentDetails: z.array(houseRentInputSchema).max(12, { error: 'At most 12 rented houses' }).default([]),
    letOutProperties: z.array(letOutInputSchema).max(10, { error: 'At most 10 let-out properties' }).default([]),
    selfOccupiedHomeLoan: homeLoanInputSchema.nullish(),
    deductions: z.array(declarationDeductionInputSchema).max(60, { error: 'At most 60 deductions' }).default([]),
    incomeOtherSources: amountOrZero('Income from other sources'),
    interestFromSavings: amountOrZero('Interest from savings account'),
    interestFromFD: amountOrZero('Interest from fixed deposits'),
    interestFromNSC: amountOrZero('Interest from NSC'),
    previousEmploymentIncome: amountOrZero('Previous employment income'),
    previousEmploymentTaxPaid: amountOrZero('Previous employment tax paid'),
    previousEmploymentProfessionalTax: amountOrZero('Previous employment professional tax'),
    previousEmploymentEPF: amountOrZero('Previous employment EPF'),
    previousEmploymentLeaveEncashment: amountOrZero('Previous employment leave encashment'),
    isDraft: flag('isDraft').default(false),
    isSubmitted: flag('isSubmitted').default(true),
  })
  .refine((b) => b.financialYearEnd === b.financialYearStart + 1, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] })
  .refine((b) => b.isDraft !== b.isSubmitted, { error: DECLARATION_MSG.draftNotSubmitted, path: ['isSubmitted'] });
export type DeclarationInput = z.infer<typeof declarationInputSchema>;

export const declarationPathSchema = z.object({ declarationId: z.uuid({ error: 'declarationId must be a UUID' }) });

export const declarationQuerySchema = z
  .object({ employeeId: z.uuid({ error: 'employeeId must be a UUID' }).optional(), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine((q) => (q.financialYearStart === undefined) === (q.financialYearEnd === undefined) && (q.financialYearStart === undefined || q.financialYearEnd === (q.financialYearStart ?? 0) + 1), {
    error: TAX_WINDOW_MSG.financialYearPair,
    path: ['financialYearEnd'],
  });
export type DeclarationQuery = z.infer<typeof declarationQuerySchema>;

export const declarationSummaryQuerySchema = z
  .object({ userId: z.uuid({ error: 'userId must be a UUID' }).optional(), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine((q) => (q.financialYearStart === undefined) === (q.financialYearEnd === undefined) && (q.financialYearStart === undefined || q.financialYearEnd === (q.financialYearStart ?? 0) + 1), {
    error: TAX_WINDOW_MSG.financialYearPair,
    path: ['financialYearEnd'],
  });
export type DeclarationSummaryQuery = z.infer<typeof declarationSummaryQuerySchema>;

// ---- Stored declaration (declared, actual, allowed) --------------------------------------------

const money = z.number();
const maybe = z.number().nullable();

export const homeLoanSchema = z.object({
  id: z.uuid(),
  principalPaidOnHomeLoan: money,
  interestPaidOnHomeLoan: money,
  actualPrincipalPaidOnHomeLoan: maybe,
  actualInterestPaidOnHomeLoan: maybe,
  allowedPrincipalPaidOnHomeLoan: maybe,
  allowedInterestPaidOnHomeLoan: maybe,
  lenderName: z.string().nullable(),
  lenderPan: z.string().nullable(),
  isPOISubmitted: z.boolean(),
  isApproved: z.boolean().nullable(),
});
export type HomeLoan = z.infer<typeof homeLoanSchema>;

export const houseRentSchema = z.object({
  id: z.uuid(),
  rentalPeriodStart: z.string(),
  rentalPeriodEnd: z.string(),
  totalAmount: money,
  actualAmount: maybe,
  allowedAmount: maybe,
  address: z.string().nullable(),
  landlordName: z.string().nullable(),
  landlordPan: z.string().nullable(),
  urbanizationType: z.enum(['Metro', 'NonMetro']),
  isPOISubmitted: z.boolean(),
  isApproved: z.boolean().nullable(),
});
export type HouseRent = z.infer<typeof houseRentSchema>;

export const letOutSchema = z.object({
  id: z.uuid(),
  hasHomeLoan: z.boolean(),
  annualRentReceived: money,
  municipalTaxesPaid: money,
  /** Computed (payroll spec §4): NAV = rent − municipal taxes; 30% of NAV; net = NAV − 30% − interest. */
  netAnnualValue: money,
  standardDeduction: money,
  netIncomeOrLoss: money,
  actualAnnualRentReceived: maybe,
  actualMunicipalTaxesPaid: maybe,
  allowedAnnualRentReceived: maybe,
  allowedMunicipalTaxesPaid: maybe,
  homeLoanDetail: homeLoanSchema.nullable(),
  isPOISubmitted: z.boolean(),
  isApproved: z.boolean().nullable(),
});
export type LetOut = z.infer<typeof letOutSchema>;

export const declarationDeductionSchema = z.object({
  id: z.uuid(),
  categoryId: z.number().int(),
  deductionItemId: z.number().int(),
  deductionItemName: z.string(),
  declaredAmount: money,
  actualAmount: maybe,
  allowedAmount: maybe,
  isPOISubmitted: z.boolean(),
  isApproved: z.boolean().nullable(),
});
export type DeclarationDeduction = z.infer<typeof declarationDeductionSchema>;

const incomeFields = {
  incomeOtherSources: money,
  interestFromSavings: money,
  interestFromFD: money,
  interestFromNSC: money,
  previousEmploymentIncome: money,
  previousEmploymentTaxPaid: money,
  previousEmploymentProfessionalTax: money,
  previousEmploymentEPF: money,
  previousEmploymentLeaveEncashment: money,
  actualIncomeOtherSources: maybe,
  actualInterestFromSavings: maybe,
  actualInterestFromFD: maybe,
  actualInterestFromNSC: maybe,
  actualPreviousEmploymentIncome: maybe,
  actualPreviousEmploymentTaxPaid: maybe,
  actualPreviousEmploymentProfessionalTax: maybe,
  actualPreviousEmploymentEPF: maybe,
  actualPreviousEmploymentLeaveEncashment: maybe,
  allowedIncomeOtherSources: maybe,
  allowedInterestFromSavings: maybe,
  allowedInterestFromFD: maybe,
  allowedInterestFromNSC: maybe,
  allowedPreviousEmploymentIncome: maybe,
  allowedPreviousEmploymentTaxPaid: maybe,
  allowedPreviousEmploymentProfessionalTax: maybe,
  allowedPreviousEmploymentEPF: maybe,
  allowedPreviousEmploymentLeaveEncashment: maybe,
};
export const DECLARATION_INCOME_FIELDS = [
  'incomeOtherSources',
  'interestFromSavings',
  'interestFromFD',
  'interestFromNSC',
  'previousEmploymentIncome',
  'previousEmploymentTaxPaid',
  'previousEmploymentProfessionalTax',
  'previousEmploymentEPF',
  'previousEmploymentLeaveEncashment',
] as const;
export type DeclarationIncomeField = (typeof DECLARATION_INCOME_FIELDS)[number];

export const declarationSchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  status: z.number().int(),
  /** 0 Old, 1 New (DESIGN §5). */
  regime: z.union([z.literal(0), z.literal(1)]),
  isDraft: z.boolean(),
  isSubmitted: z.boolean(),
  isPOIFormSubmitted: z.boolean(),
  poiStatus: z.number().int().nullable(),
  isRentedAccomodation: z.boolean(),
  isLetOutProperty: z.boolean(),
  hasLoanOnSelfOccupiedHome: z.boolean(),
  houseRentDetails: z.array(houseRentSchema),
  letOutProperties: z.array(letOutSchema),
  selfOccupiedHomeLoan: homeLoanSchema.nullable(),
  deductions: z.array(declarationDeductionSchema),
  ...incomeFields,
  /** Sum of what the form declares (the footer's Total Declared). */
  declaredAmount: money,
  submissionDate: z.string().nullable(),
  submittedByName: z.string().nullable(),
  lastUpdated: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;
export const declarationReplySchema = envelope(declarationSchema.nullable());

// ---- Summary ----------------------------------------------------------------------------------

/** The tax computation behind the summary (the same figures the payroll run's TDS uses). */
export const taxComputationSchema = z.object({
  financialYear: z.string(),
  grossSalary: money,
  /** HRA and other s.10 exemptions allowed. */
  exemptions: money,
  hraExemption: money,
  standardDeduction: money,
  professionalTax: money,
  incomeFromSalary: money,
  /** Income from house property as set off (negative: a loss). */
  housePropertyIncome: money,
  otherIncome: money,
  grossTotalIncome: money,
  section80C: money,
  otherChapterVIA: money,
  taxableIncome: money,
  baseTax: money,
  rebate87A: money,
  surcharge: money,
  cess: money,
  totalTax: money,
  /** How each figure was reached, line by line. */
  lines: z.array(z.object({ code: z.string(), text: z.string(), amount: z.number().nullable() })),
  /** "80C: declared ₹1,50,000, allowed ₹1,20,000 after proof review". */
  reviewLines: z.array(z.string()),
});
export type TaxComputation = z.infer<typeof taxComputationSchema>;

export const declarationSummarySchema = z.object({
  declarationId: z.uuid(),
  status: z.number().int(),
  /** The declaration window: 1 Released, 0 Locked. */
  windowStatus: z.union([z.literal(0), z.literal(1)]),
  lockDate: z.string().nullable(),
  netTaxableIncome: money,
  totalTax: money,
  /** Total tax less the previous employer's TDS (Form 12B). */
  taxToBePaid: money,
  /** Payroll spec §9: taxToBePaid ÷ 12, two decimals. */
  taxPerMonth: money,
  taxRegime: z.union([z.literal(0), z.literal(1)]),
  allowRegimeSwitch: z.boolean(),
  isPOIFormSubmitted: z.boolean(),
  employeeFirstName: z.string(),
  employeeLastName: z.string(),
  employeeId: z.uuid(),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  houseRentDetails: z.array(houseRentSchema),
  selfOccupiedHomeLoan: homeLoanSchema.nullable(),
  letOutProperties: z.array(letOutSchema),
  deductions: z.array(declarationDeductionSchema),
  ...incomeFields,
  /** The salary the tax is worked on: paid so far plus the months left at the current structure. */
  salaryBasis: z.string(),
  computation: taxComputationSchema,
});
export type DeclarationSummary = z.infer<typeof declarationSummarySchema>;
export const declarationSummaryReplySchema = envelope(declarationSummarySchema.nullable());
