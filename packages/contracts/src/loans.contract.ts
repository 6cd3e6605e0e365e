import { z } from 'zod';
import { LOAN_KINDS, LOAN_PURPOSES, MAX_LOAN_INSTALMENTS, isPercentRate, type LoanKind, type LoanPurpose } from '@tankha/domain';
import { monthSchema } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * Loans and salary advances. Money on the wire is rupees; rates are percent a year
 * with at most two decimals. Paths:
 *
 *   GET  /Loans                 ?userId= → loanListReplySchema (payroll admins: every loan, or one employee's)
 *   POST /Loans                 loanInputSchema → 201 loanReplySchema
 *   GET  /Loans/mine            loanListReplySchema (the signed-in employee's own loans, with schedule and balance)
 *   GET  /Loans/:id             loanReplySchema (with the schedule and the months that recovered it)
 *   PUT  /Loans/:id             loanUpdateSchema → loanReplySchema (terms only before the first recovery; SBI rate and note always)
 *   POST /Loans/:id/cancel      loanReplySchema (only before anything was recovered)
 */

export { LOAN_KINDS, LOAN_PURPOSES, MAX_LOAN_INSTALMENTS, type LoanKind, type LoanPurpose };

export const LOAN_KIND_LABELS: Record<LoanKind, string> = { loan: 'Loan', advance: 'Salary advance' };
export const LOAN_PURPOSE_LABELS: Record<LoanPurpose, string> = {
  personal: 'Personal',
  vehicle: 'Vehicle',
  housing: 'Housing',
  education: 'Education',
  medical: 'Medical treatment',
  other: 'Other',
};
export const LOAN_STATUS_VALUES = ['active', 'closed', 'cancelled'] as const;
export type LoanStatus = (typeof LOAN_STATUS_VALUES)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = { active: 'Active', closed: 'Repaid', cancelled: 'Cancelled' };
export const LOAN_TERMS_BY = ['instalments', 'emi'] as const;

/** Loans above this need the SBI rate (rule 3(7)(i): petty loans up to ₹20,000 carry no perquisite). */
export const LOAN_SBI_RATE_THRESHOLD_RUPEES = 20_000;
const MAX_LOAN_RUPEES = 1_00_00_000;

export const LOAN_MSG = {
  employeeRequired: 'Please select an employee',
  kindRequired: 'Please select loan or salary advance',
  purposeRequired: 'Please select the purpose',
  amountInvalid: 'Amount must be a whole number of rupees from ₹1 to ₹1,00,00,000',
  startMonthRequired: 'Start month is required',
  startMonthInvalid: 'Enter the start month as YYYY-MM',
  termsByRequired: 'Please choose instalments or EMI',
  instalmentsInvalid: `Number of instalments must be a whole number from 1 to ${String(MAX_LOAN_INSTALMENTS)}`,
  emiInvalid: 'EMI must be a whole number of rupees greater than zero',
  emiAboveAmount: 'EMI cannot be more than the amount',
  rateInvalid: 'Interest rate must be from 0% to 50% a year, with at most two decimals',
  sbiRateInvalid: 'SBI rate must be from 0% to 50% a year, with at most two decimals',
  sbiRateRequired: 'SBI rate on 1 April is required for a loan above ₹20,000 (it values the perquisite for tax)',
  noteTooLong: 'Note must be at most 500 characters',
  emiTooLow: 'EMI does not cover the first month\'s interest: the loan would never be repaid',
  tooManyInstalments: `EMI is too low: the loan would take more than ${String(MAX_LOAN_INSTALMENTS)} instalments`,
  startMonthClosed: (month: string) => `${month} is already finalized: the first instalment must fall in an open payroll month`,
  employeeNotFound: 'Employee not found',
  notFound: 'Loan not found',
  termsLocked: 'Instalments have been recovered: only the SBI rate and the note can change now',
  notCancellable: 'Instalments have been recovered: a loan with recoveries cannot be cancelled',
  notActive: 'Only an active loan can be changed',
  recorded: 'Loan recorded',
  updated: 'Loan updated',
  cancelled: 'Loan cancelled',
} as const;

const wholeRupees = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message });
const rate = (message: string) => z.number({ error: message }).refine(isPercentRate, { error: message });
const note = z.string().trim().max(500, { error: LOAN_MSG.noteTooLong }).nullish();
const sbiRate = rate(LOAN_MSG.sbiRateInvalid).nullish();

const loanTerms = z.object({
  kind: z.enum(LOAN_KINDS, { error: LOAN_MSG.kindRequired }),
  purpose: z.enum(LOAN_PURPOSES, { error: LOAN_MSG.purposeRequired }),
  amount: wholeRupees(LOAN_MSG.amountInvalid).max(MAX_LOAN_RUPEES, { error: LOAN_MSG.amountInvalid }),
  startMonth: monthSchema(LOAN_MSG.startMonthInvalid, { required: LOAN_MSG.startMonthRequired, trim: true }),
  termsBy: z.enum(LOAN_TERMS_BY, { error: LOAN_MSG.termsByRequired }),
  instalments: z.number({ error: LOAN_MSG.instalmentsInvalid }).int({ error: LOAN_MSG.instalmentsInvalid }).min(1, { error: LOAN_MSG.instalmentsInvalid }).max(MAX_LOAN_INSTALMENTS, { error: LOAN_MSG.instalmentsInvalid }).nullish(),
  emi: wholeRupees(LOAN_MSG.emiInvalid).nullish(),
  interestRate: rate(LOAN_MSG.rateInvalid).optional().default(0),
  sbiRate,
  note,
});

function checkTerms(v: z.output<typeof loanTerms>, ctx: z.RefinementCtx): void {
  if (v.termsBy === 'instalments' && (v.instalments === null || v.instalments === undefined)) ctx.addIssue({ code: 'custom', path: ['instalments'], message: LOAN_MSG.instalmentsInvalid });
  if (v.termsBy === 'emi') {
    if (v.emi === null || v.emi === undefined) ctx.addIssue({ code: 'custom', path: ['emi'], message: LOAN_MSG.emiInvalid });
    else if (v.emi > v.amount) ctx.addIssue({ code: 'custom', path: ['emi'], message: LOAN_MSG.emiAboveAmount });
  }
  if (v.amount > LOAN_SBI_RATE_THRESHOLD_RUPEES && v.purpose !== 'medical' && (v.sbiRate === null || v.sbiRate === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['sbiRate'], message: LOAN_MSG.sbiRateRequired });
  }
}

export const loanInputSchema = loanTerms.extend({ userId: z.uuid({ error: LOAN_MSG.employeeRequired }) }).superRefine(checkTerms);
export type LoanInput = z.output<typeof loanInputSchema>;
export type LoanInputBody = z.input<typeof loanInputSchema>;

export const loanUpdateSchema = loanTerms.superRefine(checkTerms);
export type LoanUpdate = z.output<typeof loanUpdateSchema>;
export type LoanUpdateBody = z.input<typeof loanUpdateSchema>;

export const loanIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
export const loanListQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }).optional() });

export const loanInstalmentSchema = z.object({
  no: z.number().int(),
  /** 'YYYY-MM': the month that recovered it, or the month it is expected in. */
  month: z.string(),
  status: z.enum(['recovered', 'pending', 'scheduled']),
  opening: z.number(),
  interest: z.number(),
  principal: z.number(),
  amount: z.number(),
  closing: z.number(),
});
export type LoanInstalmentView = z.infer<typeof loanInstalmentSchema>;

export const loanDeferralSchema = z.object({ month: z.string(), instalmentNo: z.number().int() });

export const loanSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  kind: z.enum(LOAN_KINDS),
  purpose: z.enum(LOAN_PURPOSES),
  amount: z.number(),
  startMonth: z.string(),
  termsBy: z.enum(LOAN_TERMS_BY),
  instalments: z.number().int(),
  emi: z.number(),
  interestRate: z.number(),
  sbiRate: z.number().nullable(),
  status: z.enum(LOAN_STATUS_VALUES),
  note: z.string().nullable(),
  /** Instalments recovered in finalized months. */
  recoveredCount: z.number().int(),
  recoveredPrincipal: z.number(),
  recoveredInterest: z.number(),
  /** Principal outstanding after the finalized months. */
  balance: z.number(),
  /** The instalment the open month takes (or will take), null when repaid or cancelled. */
  nextInstalment: z.object({ no: z.number().int(), amount: z.number(), month: z.string() }).nullable(),
  /** Perquisite value counted for tax in finalized months of the current financial year. */
  perquisiteThisYear: z.number(),
  schedule: z.array(loanInstalmentSchema),
  deferrals: z.array(loanDeferralSchema),
  createdAt: z.string(),
});
export type Loan = z.infer<typeof loanSchema>;

export const loanReplySchema = envelope(loanSchema);
export const loanListReplySchema = listEnvelope(loanSchema);
