import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope } from './envelope';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';
import { PEOPLE_MSG } from './people.messages';
import { deductionAssociationSchema, earningAssociationSchema } from './people.contract';

/**
 * Salary revisions with arrears: a change of an employee's salary structure from an
 * effective date, possibly inside a finalized month; the next payroll run pays the difference for the
 * finalized months as arrears lines. Money is rupees on the wire.
 */
export const SALARY_REVISION_MSG = {
  created: 'Salary revised successfully',
  effectiveRequired: 'Effective from is required',
  effectiveInvalid: 'Effective from must be a date (YYYY-MM-DD)',
  beforeJoining: 'Effective from cannot be before the date of joining',
  tooLate: 'Effective from cannot be more than a year from today',
  beforeLast: (date: string) => `Effective from cannot be before ${date}, the effective date of the last revision`,
  beforePaid: (date: string) => `Effective from cannot be before ${date}: the arrears of the last revision were paid up to that month`,
  unchanged: 'The new salary structure is the same as the current one',
} as const;

const effectiveFrom = dateSchema(SALARY_REVISION_MSG.effectiveInvalid, { required: SALARY_REVISION_MSG.effectiveRequired });

/** POST /Users/:id/salary-revisions: the new structure (as the employee form carries it) and its effective date. */
export const salaryRevisionInputSchema = z.object({
  effectiveFrom,
  annualCTC: rupeesSchema({ label: 'Annual CTC', max: MAX_SALARY_RUPEES, required: PEOPLE_MSG.mandatory }),
  regimeType: z.union([z.literal(0), z.literal(1)], { error: PEOPLE_MSG.mandatory }),
  forceESICalc: z.boolean().default(false),
  earningAssociations: z.array(earningAssociationSchema).max(100).default([]),
  deductionAssociations: z.array(deductionAssociationSchema).max(100).default([]),
});
export type SalaryRevisionInput = z.output<typeof salaryRevisionInputSchema>;
export type SalaryRevisionBody = z.input<typeof salaryRevisionInputSchema>;

/** One component's monthly amount before and after (null: not in that structure). */
export const salaryRevisionComponentSchema = z.object({
  name: z.string(),
  kind: z.enum(['earning', 'deduction']),
  previousMonthly: z.number().nullable(),
  monthly: z.number().nullable(),
});

export const salaryRevisionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  effectiveFrom: z.string(),
  previousAnnualCTC: z.number().nullable(),
  annualCTC: z.number(),
  previousMonthlyGross: z.number().nullable(),
  monthlyGross: z.number(),
  components: z.array(salaryRevisionComponentSchema),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /**
   * pending: the next payroll run pays the arrears; paid: the run of `month` paid them (amount: the
   * arrears earnings on that payslip, shared by the revisions it paid).
   */
  arrears: z.object({ status: z.enum(['pending', 'paid']), month: z.string().nullable(), runId: z.string().nullable(), amount: z.number().nullable() }),
});
export type SalaryRevision = z.infer<typeof salaryRevisionSchema>;

export const salaryRevisionHistorySchema = z.object({
  revisions: z.array(salaryRevisionSchema),
  /** The earliest effective date a new revision may take (after the last revision and its paid arrears; not before joining). */
  earliestEffectiveFrom: z.string().nullable(),
  /** The latest effective date a new revision may take (a year from today). */
  latestEffectiveFrom: z.string(),
});
export type SalaryRevisionHistory = z.infer<typeof salaryRevisionHistorySchema>;

export const salaryRevisionHistoryReplySchema = envelope(salaryRevisionHistorySchema);
export const salaryRevisionReplySchema = envelope(salaryRevisionSchema);
