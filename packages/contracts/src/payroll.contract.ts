import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { NEXT_MONTH_PAY_DAY_MAX, formatDisplayDate } from '@tankha/domain';
import { dateSchema, monthLabel } from './dates';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';

/**
 * Payroll: settings (people spec §2.9, §3, §4, §5), the setup checklist (platform §2.6), the monthly
 * run (DESIGN §10) and payslips. Money on the wire is rupees; the server keeps paise.
 * Paths are under the API prefix:
 *
 *   GET  /PayrollSettings                      payrollSettingsReplySchema
 *   PUT  /PayrollSettings                      payrollSettingsInputSchema → payrollSettingsReplySchema
 *   GET  /PayrollSettings/status               payrollStatusReplySchema ({ isEnabled })
 *   POST /PayrollSettings/mark-completed       payrollSetupReplySchema (settings step done)
 *   GET  /PayrollSetup                         payrollSetupReplySchema
 *   POST /PayrollSetup/steps/:step/complete    payrollSetupReplySchema (salaryComponents | statutoryComponents)
 *   POST /PayrollSetup/complete                payrollSetupReplySchema (enables payroll, opens the first draft)
 *   GET  /PayrollRuns                          payrollRunListReplySchema (history, newest first)
 *   GET  /PayrollRuns/current                  payrollRunReplySchema (the open month; 404 before setup)
 *   GET  /PayrollRuns/:id                      payrollRunReplySchema
 *   GET  /PayrollRuns/:id/employees            payrollEmployeeListQuerySchema → payrollEmployeeListReplySchema
 *   GET  /PayrollRuns/:id/warnings             payrollWarningListReplySchema
 *   GET  /PayrollRuns/:id/variance             payrollVarianceReplySchema (by component)
 *   PUT  /PayrollRuns/:id/holds/:userId        payrollHoldInputSchema → payrollEmployeeReplySchema
 *   DELETE /PayrollRuns/:id/holds/:userId      payrollEmployeeReplySchema (after finalize: releases a payout hold)
 *   POST /PayrollRuns/:id/excluded/:userId/bring-in   payrollEmployeeReplySchema (a closed month's excluded pay into the open month)
 *   DELETE /PayrollRuns/:id/excluded/:userId/bring-in payrollEmployeeReplySchema (undo, while the paying month is not finalized)
 *   GET  /PayrollRuns/:id/adjustments          payrollAdjustmentListReplySchema (query userId optional)
 *   POST /PayrollRuns/:id/adjustments          payrollAdjustmentInputSchema → 201 payrollAdjustmentReplySchema
 *   DELETE /PayrollRuns/:id/adjustments/:adjustmentId
 *   PUT  /PayrollRuns/:id/remarks/:userId      payrollRemarkInputSchema → payrollRemarkReplySchema (empty remark removes it)
 *   POST /PayrollRuns/:id/process              202 payrollRunReplySchema; progress in GET /PayrollRuns/:id
 *   POST /PayrollRuns/:id/employees/:userId/process   re-process one employee (synchronous) → payrollEmployeeReplySchema
 *   POST /PayrollRuns/:id/process-stale        payrollRunReplySchema (re-processes the employees whose inputs changed; message PAYROLL_MSG.staleProcessed)
 *   POST /PayrollRuns/:id/finalize             payrollRunReplySchema (locks the month's days gone by, opens the next)
 *   POST /PayrollRuns/:id/mark-paid            payrollMarkPaidInputSchema → payrollRunReplySchema (paid on: finalize date to today;
 *                                              the payments not recorded yet are recorded paid)
 *   GET  /PayrollRuns/:id/register.xlsx        the payroll register
 *   GET  /Payslips                             payslipListQuerySchema → payslipListReplySchema (own; admins may pass userId)
 *   GET  /Payslips/:id                         payslipReplySchema (lines with explanations)
 *   GET  /Payslips/:id/pdf                     application/pdf (finalized payslips)
 */

/** A count with Indian digit grouping (1,00,000), as every figure on screen. */
function countText(n: number): string {
  return n.toLocaleString('en-IN');
}

export const PAYROLL_MSG = {
  settingsUpdated: 'Settings have been updated successfully',
  settingsError: 'An error occurred',
  settingsLocked: 'Last payroll month and year cannot be changed once set',
  lastPayrollRequired: 'Last payroll month and year are required',
  setupIncomplete: 'Complete every payroll setup step first',
  payrollNotEnabled: 'Payroll is not set up yet',
  runNotDraft: 'This payroll month is no longer editable',
  runNotProcessed: 'Process the payroll before finalizing it',
  runAlreadyFinalized: 'This payroll month is already finalized',
  staleProcessed: (count: number) => (count === 0 ? 'No employee had inputs changed after processing' : `${String(count)} ${count === 1 ? 'employee' : 'employees'} processed again`),
  /** The run page's notice while `staleCount` > 0 (its button calls process-stale; its filter is 'stale'). */
  staleNotice: (count: number) => `${countText(count)} ${count === 1 ? 'employee' : 'employees'} changed since processing`,
  staleEmployees: (names: readonly string[]) =>
    `Inputs changed after processing for ${names.join(', ')}: process ${names.length === 1 ? 'this employee' : 'these employees'} again before finalizing`,
  runNotFinalized: 'Only a finalized payroll can be marked as paid',
  runProcessing: 'Payroll is being processed',
  employeeNotInRun: 'This employee is not part of this payroll month',
  finalized: 'Payroll finalized',
  processingStarted: 'Payroll processing started',
  setupCompleted: 'Payroll setup completed',
  stepCompleted: 'Step marked as completed',
  statutoryNotInPlan: 'Statutory components are not part of your plan',
  lastPayrollInFuture: 'Last payroll month cannot be after the current month',
  payStartEndRequired: 'Pay start day and pay end day are required for a fixed range',
  payDayRequired: 'Pay day is required when the pay day is a day of the month',
  payDayNextMonth: `Pay day of the next month must be from 1 to ${String(NEXT_MONTH_PAY_DAY_MAX)}: wages are due by the ${String(NEXT_MONTH_PAY_DAY_MAX)}th of the next month`,
  /** Processing and finalize refuse a month whose pay period starts after today (the organisation's date). */
  monthNotBegun: (month: string, firstDay: string) => `${monthLabel(month)} has not begun yet: its payroll can be processed and finalized from ${formatDisplayDate(firstDay)}`,
  paidOnBeforeFinalize: (finalizedOn: string) => `Paid on cannot be before ${formatDisplayDate(finalizedOn)}, the day the payroll was finalized`,
  paidOnInFuture: 'Paid on cannot be after today',
  employeeProcessed: 'Employee processed',
  holdSaved: 'Hold saved',
  holdRemoved: 'Hold removed',
  holdReleased: 'Payout released: pay it from the bank file of released payouts',
  /** DELETE /PayrollRuns/:id/holds/:userId on a finalized month: only a payout hold on the employee's payslip can be released. */
  noPayoutHold: 'This employee’s payout is not on hold in this payroll month',
  processingHoldClosed: 'This employee was excluded from processing in this month: a finalized month cannot take them in; their pay comes as arrears in a later month',
  payoutAlreadyReleased: 'This payout hold was already released',
  /** POST /PayrollRuns/:id/excluded/:userId/bring-in: pay of a month excluded from processing, paid as arrears in the open month. */
  excludedPayBroughtIn: (month: string, into: string) => `Pay for ${monthLabel(month)} brought into ${monthLabel(into)}: it is paid when ${monthLabel(into)} is processed`,
  excludedPayMonthOpen: 'This payroll month is not finalized yet: release the hold to process the employee in it',
  excludedPayNotExcluded: (month: string) => `This employee was not excluded from processing in ${monthLabel(month)}: there is no excluded pay to bring in`,
  excludedPayAlreadyBroughtIn: (month: string, into: string) => `Pay for ${monthLabel(month)} was already brought into ${monthLabel(into)}`,
  excludedPayNotInOpenMonth: (into: string) => `This employee is not part of the ${monthLabel(into)} payroll (not active in it), so the pay cannot be brought into it`,
  excludedPayHeldAgain: (into: string) => `This employee is excluded from processing in ${monthLabel(into)} too: remove that hold first`,
  /** DELETE /PayrollRuns/:id/excluded/:userId/bring-in: the bring-in undone before the paying month is finalized. */
  excludedPayUndone: (month: string, from: string) => `Pay for ${monthLabel(month)} taken out of ${monthLabel(from)}: it is left out again and can be brought into a later month`,
  excludedPayNotBroughtIn: (month: string) => `Pay for ${monthLabel(month)} has not been brought into a later month: there is nothing to undo`,
  excludedPayUndoFinalized: (month: string, into: string) => `Pay for ${monthLabel(month)} is paid in ${monthLabel(into)}, which is finalized: bringing it in can no longer be undone`,
  /** Mark as Paid on a month with released payouts the bank has not reported paid. */
  releasedPayoutsUnpaid: (n: number) =>
    `${String(n)} released ${n === 1 ? 'payout is' : 'payouts are'} not paid yet: pay ${n === 1 ? 'it' : 'them'} with the bank file of released payouts and record the bank’s return file first`,
  /** Mark as Paid on a month with payments the bank reported failed and nobody has paid since. */
  failedPaymentsUnpaid: (n: number) =>
    `${String(n)} ${n === 1 ? 'payment' : 'payments'} failed at the bank and ${n === 1 ? 'is' : 'are'} not paid yet: download the failed payments' bank file, and record ${n === 1 ? 'it' : 'them'} paid from the bank's return file or with Mark paid first`,
  adjustmentAdded: 'Adjustment added',
  adjustmentRemoved: 'Adjustment removed',
  adjustmentNotFound: 'Adjustment not found',
  remarkSaved: 'Remark saved',
  markedPaid: 'Payroll marked as paid',
  runNotFound: 'Payroll month not found',
  payslipNotFound: 'Payslip not found',
  pdfNotReady: 'Payslip PDF is not ready yet',
  payslipsNotIssued: 'Payslips are issued only for a finalized payroll',
  registerNotReady: 'The payroll register is available once the payroll is processed',
  /** Processing refuses a month whose deductions exceed its gross (never a negative payslip); amounts as ₹ text. */
  negativeNetPay: (employee: string, gross: string, deductions: string) =>
    `Net pay of ${employee} would be negative: deductions of ${deductions} exceed the gross of ${gross}. Reduce or remove their one-time deductions, or hold their processing, then process again.`,
  /** Processing whose job gave no sign of life for a while (its server stopped, or it waits for one): docs/decisions/0155-processing-resumes-by-itself.md. */
  processingStalled: (done: number, total: number) =>
    `Processing has made no progress for a while at ${countText(done)} of ${countText(total)} employees. If the server working on it stopped, it resumes by itself within a minute; employees already done are kept.`,
  processingResumed: (done: number, total: number) =>
    `Processing was interrupted at ${countText(done)} of ${countText(total)} employees (the server working on it stopped) and resumed by itself. Employees already done are kept; none is paid twice.`,
  processingGaveUp: (times: number, done: number, total: number) =>
    `Processing was interrupted ${String(times)} times at ${countText(done)} of ${countText(total)} employees without getting further, so it was not resumed by itself again. Press Process Payroll to resume; employees already done are kept.`,
} as const;


export const PAY_PERIOD_TYPES = { DaysInMonth: 1, FixedRange: 2 } as const;
export const PAY_DAY_TYPES = { LastWorkingDay: 0, DayOfMonth: 1, DayOfNextMonth: 2 } as const;
export const PAY_DAY_LAST_WORKING_DAY = -1;
export { NEXT_MONTH_PAY_DAY_MAX };
export const PAY_DAY_TYPE_LABELS: Record<0 | 1 | 2, string> = {
  0: 'Last working day',
  1: 'Day of month',
  2: 'Day of next month',
};

const dayOfMonth = (label: string) =>
  z
    .number({ error: `${label} must be a number from 1 to 30` })
    .int({ error: `${label} must be a number from 1 to 30` })
    .min(1, { error: `${label} must be a number from 1 to 30` })
    .max(30, { error: `${label} must be a number from 1 to 30` });

/** people §3 "Payroll settings". */
export const payrollSettingsSchema = z.object({
  payPeriodType: z.union([z.literal(1), z.literal(2)]),
  payStartDay: z.number().int().nullable(),
  payEndDay: z.number().int().nullable(),
  /** 0 last working day, 1 day of the pay month, 2 day of the next month. */
  payDayType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** 1–30 (1–7 for the next month), or −1 for the last working day. */
  payDay: z.number().int(),
  lastPayrollRunMonth: z.number().int().nullable(),
  lastPayrollYear: z.number().int().nullable(),
  /** False once the last payroll month and year are set. */
  isSettingEditable: z.boolean(),
  /** Payslip PDFs open only with the employee's password (PAYSLIP_PASSWORD_PATTERN of the domain). */
  protectPayslipPdfs: z.boolean(),
});
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export const payrollSettingsReplySchema = envelope(payrollSettingsSchema);

export const payrollSettingsInputSchema = z.object({
  payPeriodType: z.union([z.literal(1), z.literal(2)], { error: 'payPeriodType must be 1 (days in month) or 2 (fixed range)' }),
  payStartDay: dayOfMonth('Pay start day').nullable().optional(),
  payEndDay: dayOfMonth('Pay end day').nullable().optional(),
  payDayType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'payDayType must be 0 (last working day), 1 (day of month) or 2 (day of next month)' }),
  payDay: z.union([z.literal(-1), dayOfMonth('Pay day')]).optional(),
  lastPayrollRunMonth: z
    .number({ error: 'Last payroll month must be a month from 1 to 12' })
    .int({ error: 'Last payroll month must be a month from 1 to 12' })
    .min(1, { error: 'Last payroll month must be a month from 1 to 12' })
    .max(12, { error: 'Last payroll month must be a month from 1 to 12' })
    .nullable()
    .optional(),
  lastPayrollYear: z
    .number({ error: 'Last payroll year must be a year from 2000' })
    .int({ error: 'Last payroll year must be a year from 2000' })
    .min(2000, { error: 'Last payroll year must be a year from 2000' })
    .nullable()
    .optional(),
  /** Absent: unchanged. */
  protectPayslipPdfs: z.boolean({ error: 'protectPayslipPdfs must be true or false' }).optional(),
});
export type PayrollSettingsInput = z.input<typeof payrollSettingsInputSchema>;

export const payrollStatusReplySchema = envelope(z.object({ isEnabled: z.boolean() }));

export const PAYROLL_SETUP_STEPS = ['salaryComponents', 'statutoryComponents', 'settings'] as const;
export type PayrollSetupStep = (typeof PAYROLL_SETUP_STEPS)[number];
export const payrollSetupStepPathSchema = z.object({
  step: z.enum(['salaryComponents', 'statutoryComponents'], { error: 'step must be salaryComponents or statutoryComponents' }),
});

/** The checklist (platform §2.6): statutoryComponents is null on the free plan (the step is hidden). */
export const payrollSetupSchema = z.object({
  salaryComponents: z.boolean(),
  statutoryComponents: z.boolean().nullable(),
  settings: z.boolean(),
  isEnabled: z.boolean(),
});
export type PayrollSetup = z.infer<typeof payrollSetupSchema>;
export const payrollSetupReplySchema = envelope(payrollSetupSchema);

// ---------------------------------------------------------------------------------------------
// The run

export const PAYROLL_RUN_STATUSES = ['draft', 'processing', 'processed', 'finalized', 'paid'] as const;
export type PayrollRunStatus = (typeof PAYROLL_RUN_STATUSES)[number];
export const PAYROLL_RUN_STATUS_LABELS: Record<PayrollRunStatus, string> = {
  draft: 'Draft',
  processing: 'Processing',
  processed: 'Processed',
  finalized: 'Finalized',
  paid: 'Paid',
};
export const PAYROLL_HOLD_KINDS = ['payout', 'processing'] as const;
export type PayrollHoldKind = (typeof PAYROLL_HOLD_KINDS)[number];
export const PAYROLL_HOLD_LABELS: Record<PayrollHoldKind, string> = {
  payout: 'Payout on hold',
  processing: 'Excluded from processing',
};
export const PAYROLL_ADJUSTMENT_CATEGORIES = ['bonus', 'incentive', 'loanRecovery', 'other'] as const;
export type PayrollAdjustmentCategory = (typeof PAYROLL_ADJUSTMENT_CATEGORIES)[number];
export const PAYROLL_ADJUSTMENT_LABELS: Record<PayrollAdjustmentCategory, string> = {
  bonus: 'Bonus',
  incentive: 'Incentive',
  loanRecovery: 'Loan recovery',
  other: 'Other',
};
/**
 * What a run warns about, per employee: master data that a
 * bank, EPFO or ESIC would refuse (checked before processing), the statutory numbers a processed
 * payslip turns out to need, and deductions over half the wages (Code on Wages 2019 s.18(2)).
 */
export const PAYROLL_WARNING_KINDS = [
  'noSalaryStructure',
  'noBankAccount',
  'invalidBankAccount',
  'noIfsc',
  'invalidIfsc',
  'unknownIfsc',
  'noPan',
  'invalidPan',
  'noUan',
  'invalidUan',
  'noEsiNumber',
  'invalidEsiNumber',
  'noPayslipPassword',
  'deductionsOverHalf',
] as const;
export type PayrollWarningKind = (typeof PAYROLL_WARNING_KINDS)[number];
export const PAYROLL_WARNING_LABELS: Record<PayrollWarningKind, string> = {
  noSalaryStructure: 'No salary structure',
  noBankAccount: 'No bank account',
  invalidBankAccount: 'Invalid account number',
  noIfsc: 'No IFSC',
  invalidIfsc: 'Invalid IFSC',
  unknownIfsc: 'Unknown IFSC',
  noPan: 'No PAN',
  invalidPan: 'Invalid PAN',
  noUan: 'No UAN',
  invalidUan: 'Invalid UAN',
  noEsiNumber: 'No ESI number',
  invalidEsiNumber: 'Invalid ESI number',
  noPayslipPassword: 'Payslip without password',
  deductionsOverHalf: 'Deductions over 50%',
};
/** The warnings that hold the employee's line of the bank file (the rest of the run is paid). */
export const BANK_HOLDING_WARNINGS: readonly PayrollWarningKind[] = ['noBankAccount', 'invalidBankAccount', 'noIfsc', 'invalidIfsc', 'unknownIfsc'];

export const payrollRunIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
export const payrollRunUserPathSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  userId: z.uuid({ error: 'userId must be a UUID' }),
});
export const payrollAdjustmentPathSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  adjustmentId: z.uuid({ error: 'adjustmentId must be a UUID' }),
});

export const payrollRunSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM'. */
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  status: z.enum(PAYROLL_RUN_STATUSES),
  employeeCount: z.number().int(),
  grossEarnings: z.number(),
  totalDeductions: z.number(),
  netPay: z.number(),
  employerCost: z.number(),
  /** Processing progress: employees done of total (live while status is processing). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  lastError: z.string().nullable(),
  /**
   * While processing without an error: 'stalled' when its job has given no sign of life for
   * PAYROLL_STALL_SECONDS (a stopped server's run, picked up again by itself), 'resumed' once it was
   * picked up again; the message says so (PAYROLL_MSG.processingStalled / processingResumed). `since`:
   * the last sign of life, or when it was resumed.
   */
  processingNotice: z.object({ kind: z.enum(['stalled', 'resumed']), message: z.string(), since: z.string() }).nullable(),
  /** Employees with a warning (payrollWarningSchema): master data before processing, payslip figures after. */
  warningCount: z.number().int(),
  /** Employees whose inputs changed after they were processed (leave decided, attendance regularized): re-process them before finalizing. */
  staleCount: z.number().int(),
  /**
   * Holds of the month. `payout` counts the payouts still held; after finalize, `released` counts the
   * payout holds released since and `releasedUnpaid` those of them the bank has not reported paid yet.
   */
  holds: z.object({ payout: z.number().int(), processing: z.number().int(), released: z.number().int().optional(), releasedUnpaid: z.number().int().optional() }),
  /** Payslip PDFs and e-mails after finalize: rendered and e-mailed of total. */
  payslips: z.object({ total: z.number().int(), rendered: z.number().int(), emailed: z.number().int() }),
  processedAt: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  finalizedByName: z.string().nullable(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** The organisation's date when the reply was made (the server's clock, its time zone): the payroll calendar's "today". */
  today: z.string(),
  /**
   * An open month whose pay period has begun and not ended: its days from today to the period's end,
   * still to come (paid as present unless unpaid leave is approved; finalize leaves them open for
   * attendance and leave). Null otherwise.
   */
  daysToCome: z.object({ from: z.string(), to: z.string(), days: z.number().int() }).nullable(),
  /** The organisation's date of the finalize: the earliest "paid on". */
  finalizedOn: z.string().nullable(),
});
export type PayrollRun = z.infer<typeof payrollRunSchema>;

/** A month can be processed and finalized once its pay period has begun (DESIGN §10). */
export function payrollMonthHasBegun(run: Pick<PayrollRun, 'periodStart' | 'today'>): boolean {
  return run.periodStart <= run.today;
}
export const payrollRunReplySchema = envelope(payrollRunSchema);
export const payrollRunListReplySchema = listEnvelope(payrollRunSchema);

/** `stale`: the employees whose inputs changed after processing (`staleReasons` not empty; `staleCount` of the run). */
export const PAYROLL_EMPLOYEE_FILTERS = ['all', 'warnings', 'onHold', 'variance', 'stale'] as const;
export const PAYROLL_EMPLOYEE_PAGE_SIZE = 20;
export const payrollEmployeeListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number of at least 1' }).int('page must be a whole number of at least 1').min(1, 'page must be a whole number of at least 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(PAYROLL_EMPLOYEE_PAGE_SIZE),
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  filter: z.enum(PAYROLL_EMPLOYEE_FILTERS, { error: 'filter must be all, warnings, onHold, variance or stale' }).default('all'),
});
export type PayrollEmployeeListQuery = z.input<typeof payrollEmployeeListQuerySchema>;

/** One employee's row in the run. Figures are null until the employee is processed (or when excluded). */
export const payrollEmployeeRowSchema = z.object({
  userId: z.string(),
  payslipId: z.string().nullable(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  department: z.string().nullable(),
  designation: z.string().nullable(),
  daysInPeriod: z.number().nullable(),
  payableDays: z.number().nullable(),
  lopDays: z.number().nullable(),
  grossEarnings: z.number().nullable(),
  totalDeductions: z.number().nullable(),
  netPay: z.number().nullable(),
  tds: z.number().nullable(),
  /** `releasedAt`: a payout hold released after finalize (the payout is paid by the released bank file). */
  hold: z.object({ kind: z.enum(PAYROLL_HOLD_KINDS), reason: z.string().nullable(), releasedAt: z.string().nullable().optional() }).nullable(),
  warnings: z.array(z.enum(PAYROLL_WARNING_KINDS)),
  adjustmentCount: z.number().int(),
  /** Last finalized month's net pay for this employee, and this month's difference. */
  lastMonthNetPay: z.number().nullable(),
  netPayVariance: z.number().nullable(),
  remark: z.string().nullable(),
  /**
   * Why the employee's payslip is out of date: each input changed after processing, in words ("Loss of Pay
   * approved for 26 Nov 2026 by Anita Rao"), oldest first. Empty when nothing changed (and on a closed run).
   */
  staleReasons: z.array(z.string()),
  /**
   * Excluded from processing in a closed month: the later month its pay was brought into (runId,
   * 'YYYY-MM'; finalized: that month is finalized, so the bring-in can no longer be undone), else null.
   */
  broughtInto: z.object({ runId: z.string(), month: z.string(), finalized: z.boolean().optional() }).nullable().optional(),
});
export type PayrollEmployeeRow = z.infer<typeof payrollEmployeeRowSchema>;
export const payrollEmployeeListReplySchema = listEnvelope(payrollEmployeeRowSchema);
/** The employee's row after a hold, its removal or a re-process of the employee. */
export const payrollEmployeeReplySchema = envelope(payrollEmployeeRowSchema);

export const payrollWarningSchema = z.object({
  userId: z.string(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  warnings: z.array(z.enum(PAYROLL_WARNING_KINDS)),
  /** One sentence per warning, in the same order, with the values and figures concerned. */
  messages: z.array(z.string()),
  /** The bank details would be refused: this employee's line is left out of the bank file (the others are paid). */
  bankLineHeld: z.boolean(),
  /** The processed payslip's deductions against its wages (rupees), when they exceed half of them. */
  deductions: z.object({ wages: z.number(), totalDeductions: z.number(), percent: z.number().nullable() }).nullable(),
});
export type PayrollWarning = z.infer<typeof payrollWarningSchema>;
export const payrollWarningListReplySchema = listEnvelope(payrollWarningSchema);

export const payrollVarianceLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  section: z.enum(['earning', 'deduction', 'employer']),
  lastMonth: z.number(),
  thisMonth: z.number(),
  difference: z.number(),
});
export const payrollVarianceReplySchema = envelope(
  z.object({
    /** The month compared against (the last finalized one), or null when there is none. */
    comparedMonth: z.string().nullable(),
    lines: z.array(payrollVarianceLineSchema),
  }),
);

export const payrollHoldInputSchema = z.object({
  kind: z.enum(PAYROLL_HOLD_KINDS, { error: 'kind must be payout or processing' }),
  reason: z.string().trim().max(500, { error: 'Reason must be at most 500 characters' }).nullable().optional(),
});
export type PayrollHoldInput = z.input<typeof payrollHoldInputSchema>;

export const payrollAdjustmentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(['earning', 'deduction']),
  category: z.enum(PAYROLL_ADJUSTMENT_CATEGORIES),
  label: z.string(),
  amount: z.number(),
  taxable: z.boolean(),
});
export type PayrollAdjustment = z.infer<typeof payrollAdjustmentSchema>;
export const payrollAdjustmentListQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }).optional() });
export const payrollAdjustmentListReplySchema = listEnvelope(payrollAdjustmentSchema);
export const payrollAdjustmentReplySchema = envelope(payrollAdjustmentSchema);
export const payrollAdjustmentInputSchema = z.object({
  userId: z.uuid({ error: 'Employee is required' }),
  kind: z.enum(['earning', 'deduction'], { error: 'kind must be earning or deduction' }),
  category: z.enum(PAYROLL_ADJUSTMENT_CATEGORIES, { error: 'category must be bonus, incentive, loanRecovery or other' }),
  label: z.string().trim().min(1, { error: 'Name is required' }).max(60, { error: 'Name must be at most 60 characters' }),
  amount: rupeesSchema({ label: 'Amount', min: 1, max: MAX_SALARY_RUPEES, required: 'Amount is required' }),
  taxable: z.boolean().default(true),
});
export type PayrollAdjustmentInput = z.input<typeof payrollAdjustmentInputSchema>;

export const payrollRemarkInputSchema = z.object({
  remark: z.string({ error: 'Remark is required' }).trim().max(500, { error: 'Remark must be at most 500 characters' }),
});
/** An empty remark removes it (remark null). */
export const payrollRemarkReplySchema = envelope(z.object({ userId: z.string(), remark: z.string().nullable() }));

const isoDate = dateSchema('Paid on must be a date (YYYY-MM-DD)', { required: 'Paid on is required' });
export const payrollMarkPaidInputSchema = z.object({
  paidOn: isoDate,
  reference: z.string().trim().min(1, { error: 'Payment reference is required' }).max(100, { error: 'Payment reference must be at most 100 characters' }),
});
export type PayrollMarkPaidInput = z.input<typeof payrollMarkPaidInputSchema>;

/**
 * What is wrong with a "paid on" date, if anything: money is paid after finalize (the bank file exists
 * from then) and not in the future. The run's Mark as Paid and a payment marked paid share the rule.
 */
export function paidOnProblem(paidOn: string, finalizedOn: string, today: string): string | null {
  if (paidOn < finalizedOn) return PAYROLL_MSG.paidOnBeforeFinalize(finalizedOn);
  if (paidOn > today) return PAYROLL_MSG.paidOnInFuture;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Payslips

export const payslipLineSchema = z.object({
  section: z.enum(['earning', 'deduction', 'employer']),
  code: z.string(),
  label: z.string(),
  amount: z.number(),
  /** How the amount was computed, e.g. "Basic ₹30,000 × 28 of 30 payable days = ₹28,000". */
  explanation: z.array(z.string()),
});
export type PayslipLine = z.infer<typeof payslipLineSchema>;

export const payslipEmployeeSchema = z.object({
  name: z.string(),
  employeeNumber: z.string().nullable(),
  designation: z.string().nullable(),
  department: z.string().nullable(),
  pan: z.string().nullable(),
  uan: z.string().nullable(),
  esiNumber: z.string().nullable(),
  /** Masked: XXXXXX1234. */
  bankAccount: z.string().nullable(),
  bankName: z.string().nullable(),
  dateOfJoining: z.string().nullable(),
});
export type PayslipEmployee = z.infer<typeof payslipEmployeeSchema>;

export const payslipSummarySchema = z.object({
  id: z.string(),
  runId: z.string(),
  userId: z.string(),
  month: z.string(),
  status: z.enum(PAYROLL_RUN_STATUSES),
  grossEarnings: z.number(),
  totalDeductions: z.number(),
  netPay: z.number(),
  /** The PDF is ready to download. */
  hasPdf: z.boolean(),
  /** The PDF opens only with the employee's password (PAYSLIP_PASSWORD_PATTERN of the domain). */
  pdfPasswordProtected: z.boolean(),
});
export type PayslipSummary = z.infer<typeof payslipSummarySchema>;
export const payslipListQuerySchema = z.object({
  userId: z.uuid({ error: 'userId must be a UUID' }).optional(),
  /** Financial year start, e.g. 2026 for 2026-27; default all. */
  year: z.coerce.number({ error: 'year must be a year' }).int({ error: 'year must be a year' }).min(2000, { error: 'year must be a year' }).max(2100, { error: 'year must be a year' }).optional(),
});
export const payslipListReplySchema = listEnvelope(payslipSummarySchema);

export const payslipSchema = payslipSummarySchema.extend({
  employee: payslipEmployeeSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  daysInPeriod: z.number(),
  payableDays: z.number(),
  lopDays: z.number(),
  employerCost: z.number(),
  tds: z.number(),
  taxRegime: z.union([z.literal(0), z.literal(1)]),
  holdKind: z.enum(['payout']).nullable(),
  /**
   * When the net pay was held, released and paid (dates, YYYY-MM-DD, in the organisation's zone): a
   * payout hold outlives finalize and is released into its own bank file (DESIGN §10). `paidOn` is the
   * bank's date for the payment (its return file), or the month's paid date for a payout never held.
   */
  payout: z
    .object({ heldOn: z.string().nullable(), holdReason: z.string().nullable(), releasedOn: z.string().nullable(), releasedByName: z.string().nullable(), paidOn: z.string().nullable() })
    .optional(),
  netPayInWords: z.string(),
  lines: z.array(payslipLineSchema),
  /** Financial-year totals including this month, by line code. */
  ytd: z.object({
    grossEarnings: z.number(),
    totalDeductions: z.number(),
    netPay: z.number(),
    tds: z.number(),
    lines: z.array(z.object({ code: z.string(), label: z.string(), amount: z.number() })),
  }),
  tdsExplanation: z.array(z.string()),
});
export type Payslip = z.infer<typeof payslipSchema>;
export const payslipReplySchema = envelope(payslipSchema);
export const payslipIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

// ---------------------------------------------------------------------------------------------
// Payslip documents: the stored PDF of each payslip and the payroll register.

// Their messages are in PAYROLL_MSG above (pdfNotReady, payslipsNotIssued, registerNotReady, and the
// run's and payslip's not-found texts shared with the run).
