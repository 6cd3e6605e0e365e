import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * Exits and full-and-final settlement. Money on the wire is rupees. Paths:
 *
 *   GET    /ExitSettlements                      exitSettlementListReplySchema (newest last working day first)
 *   POST   /ExitSettlements                      exitSettlementInputSchema → 201 exitSettlementReplySchema (a computed draft)
 *   GET    /ExitSettlements/:id                  exitSettlementReplySchema
 *   PUT    /ExitSettlements/:id                  exitSettlementUpdateSchema → exitSettlementReplySchema (draft only; recomputed)
 *   DELETE /ExitSettlements/:id                  draft only
 *   POST   /ExitSettlements/:id/recompute        exitSettlementReplySchema (draft: leave balance, salary, tax read again)
 *   POST   /ExitSettlements/:id/approve          exitSettlementReplySchema (sets the employee's date of leaving)
 *   POST   /ExitSettlements/:id/mark-settled     exitSettlementSettleSchema → exitSettlementReplySchema
 *   GET    /ExitSettlements/:id/statement.pdf    application/pdf, the settlement statement
 */

export const EXIT_REASON_VALUES = ['resignation', 'termination', 'retirement', 'death', 'disablement'] as const;
export type ExitReasonValue = (typeof EXIT_REASON_VALUES)[number];
export const EXIT_REASON_LABELS: Record<ExitReasonValue, string> = {
  resignation: 'Resignation',
  termination: 'Termination by the employer',
  retirement: 'Retirement',
  death: 'Death',
  disablement: 'Disablement',
};
export const SETTLEMENT_STATUS_VALUES = ['draft', 'approved', 'settled'] as const;

export const SETTLEMENT_MSG = {
  employeeRequired: 'Please select an employee',
  reasonRequired: 'Please select the reason for leaving',
  lastWorkingDayRequired: 'Last working day is required',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  resignationDateRequired: 'Resignation date is required for a resignation',
  resignationAfterLastDay: 'Resignation date cannot be after the last working day',
  noticeDaysInvalid: 'Notice period days must be a whole number from 0 to 365',
  noticeServedTooLong: (days: number) => `Notice served cannot be more than the ${String(days)} days from the resignation date to the last working day`,
  remarksTooLong: 'Remarks must be at most 500 characters',
  employeeNotFound: 'Employee not found',
  noJoiningDate: 'The employee has no date of joining: add it on the employee profile first',
  noStructure: 'The employee has no salary structure: gratuity and leave encashment need the basic pay',
  lastDayBeforeJoining: 'Last working day cannot be before the date of joining',
  lastDayInClosedMonth: (month: string) => `The last working day falls in ${month}, a payroll month already finalized`,
  exitExists: 'An exit is already recorded for this employee',
  notFound: 'Exit settlement not found',
  notDraft: 'Only a draft settlement can be changed',
  notApproved: 'Only an approved settlement can be marked as settled',
  runProcessing: 'Payroll is being processed for the last working day\'s month: try again when it is done',
  recorded: 'Exit recorded',
  updated: 'Exit updated',
  recomputed: 'Settlement recomputed',
  deleted: 'Exit deleted',
  approved: 'Settlement approved',
  settled: 'Settlement marked as settled',
} as const;

const date = (required: string) => dateSchema(SETTLEMENT_MSG.dateInvalid, { required, trim: true });

const noticeDays = z.number({ error: SETTLEMENT_MSG.noticeDaysInvalid }).int({ error: SETTLEMENT_MSG.noticeDaysInvalid }).min(0, { error: SETTLEMENT_MSG.noticeDaysInvalid }).max(365, { error: SETTLEMENT_MSG.noticeDaysInvalid });

const exitFields = z.object({
  reason: z.enum(EXIT_REASON_VALUES, { error: SETTLEMENT_MSG.reasonRequired }),
  resignationDate: date(SETTLEMENT_MSG.dateInvalid).nullish(),
  lastWorkingDay: date(SETTLEMENT_MSG.lastWorkingDayRequired),
  noticeRequiredDays: noticeDays.optional().default(0),
  noticeServedDays: noticeDays.optional().default(0),
  remarks: z.string().trim().max(500, { error: SETTLEMENT_MSG.remarksTooLong }).nullish(),
});

/** Days from the resignation date to the last working day, both included. */
export function daysOfNotice(resignationDate: string, lastWorkingDay: string): number {
  return Math.max(0, Math.round((Date.parse(`${lastWorkingDay}T00:00:00Z`) - Date.parse(`${resignationDate}T00:00:00Z`)) / 86_400_000) + 1);
}

function checkExit(v: z.output<typeof exitFields>, ctx: z.RefinementCtx): void {
  if (v.reason === 'resignation' && !v.resignationDate) ctx.addIssue({ code: 'custom', path: ['resignationDate'], message: SETTLEMENT_MSG.resignationDateRequired });
  if (v.resignationDate && v.resignationDate > v.lastWorkingDay) {
    ctx.addIssue({ code: 'custom', path: ['resignationDate'], message: SETTLEMENT_MSG.resignationAfterLastDay });
    return;
  }
  if (v.resignationDate) {
    const days = daysOfNotice(v.resignationDate, v.lastWorkingDay);
    if (v.noticeServedDays > days) ctx.addIssue({ code: 'custom', path: ['noticeServedDays'], message: SETTLEMENT_MSG.noticeServedTooLong(days) });
  }
}

export const exitSettlementInputSchema = exitFields
  .extend({ userId: z.uuid({ error: SETTLEMENT_MSG.employeeRequired }) })
  .superRefine(checkExit);
export type ExitSettlementInput = z.output<typeof exitSettlementInputSchema>;
export type ExitSettlementInputBody = z.input<typeof exitSettlementInputSchema>;

export const exitSettlementUpdateSchema = exitFields.superRefine(checkExit);
export type ExitSettlementUpdate = z.output<typeof exitSettlementUpdateSchema>;

export const exitSettlementSettleSchema = z.object({
  paidOn: date('Paid on is required'),
  reference: z.string({ error: 'Payment reference is required' }).trim().min(1, { error: 'Payment reference is required' }).max(100, { error: 'Payment reference must be at most 100 characters' }),
});
export type ExitSettlementSettle = z.input<typeof exitSettlementSettleSchema>;

export const exitSettlementIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const exitSettlementLineSchema = z.object({
  code: z.string(),
  section: z.enum(['payable', 'recovery']),
  label: z.string(),
  amount: z.number(),
  explanation: z.array(z.string()),
});
export type ExitSettlementLine = z.infer<typeof exitSettlementLineSchema>;

export const exitSettlementSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  department: z.string().nullable(),
  designation: z.string().nullable(),
  dateOfJoining: z.string(),
  status: z.enum(SETTLEMENT_STATUS_VALUES),
  reason: z.enum(EXIT_REASON_VALUES),
  resignationDate: z.string().nullable(),
  lastWorkingDay: z.string(),
  noticeRequiredDays: z.number().int(),
  noticeServedDays: z.number().int(),
  remarks: z.string().nullable(),
  servicePeriod: z.string(),
  payable: z.number(),
  recoveries: z.number(),
  netPay: z.number(),
  taxable: z.number(),
  exempt: z.number(),
  tds: z.number(),
  lines: z.array(exitSettlementLineSchema),
  /** Where the final month's salary is paid: the payroll run of that month, prorated. */
  finalSalaryNote: z.string(),
  computedAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  settledOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
});
export type ExitSettlement = z.infer<typeof exitSettlementSchema>;

export const exitSettlementReplySchema = envelope(exitSettlementSchema);
export const exitSettlementListReplySchema = listEnvelope(exitSettlementSchema);
