import { z } from 'zod';
import {
  BANK_EXCLUSION_REASONS,
  BANK_FILE_SCOPES,
  BANK_FILE_TEMPLATES,
  isBankFormatPresetKey,
  isValidBankAccountNumber,
  isValidIfsc,
  type BankExclusionReason,
  type BankFileScope,
  type BankFileTemplate,
} from '@tankha/domain';
import { DATE_RANGE_MSG, dateSchema, monthLabel } from './dates';
import { envelope } from './envelope';

/**
 * The bank transfer of a finalized payroll month and the bank's return file (payroll-rules
 * §4). Money on the wire is rupees. Paths under the API prefix:
 *
 *   GET  /PayrollBankSettings                      bankFileSettingsReplySchema (the organisation's template and debit account)
 *   PUT  /PayrollBankSettings                      bankFileSettingsInputSchema → bankFileSettingsReplySchema
 *   GET  /PayrollRuns/:id/bank-file/preview        bankFileQuerySchema → bankFilePreviewReplySchema (who is paid, who is left out and why)
 *   GET  /PayrollRuns/:id/bank-file                bankFileQuerySchema → the file (CSV or XLSX, per the template)
 *   POST /PayrollRuns/:id/bank-return              multipart `file` (CSV or XLSX) → bankReturnReplySchema; all rows or none
 *   GET  /PayrollRuns/:id/payments                 bankPaymentsReplySchema (each payslip's payment status, and the counts)
 *   POST /PayrollRuns/:id/payments/:payslipId/mark-paid   bankPaymentPaidInputSchema → bankPaymentReplySchema (one payment
 *                                                  recorded paid without a return file: paid on, UTR or reference)
 */

export { BANK_FILE_TEMPLATES, BANK_FILE_SCOPES, BANK_EXCLUSION_REASONS, type BankFileTemplate, type BankFileScope, type BankExclusionReason };

export const BANK_FILE_TEMPLATE_LABELS: Record<BankFileTemplate, string> = {
  plainCsv: 'CSV without header',
  controlCsv: 'CSV with control totals',
  xlsx: 'Excel (.xlsx)',
};
export const BANK_FILE_TEMPLATE_DESCRIPTIONS: Record<BankFileTemplate, string> = {
  plainCsv: 'One line per payment: reference, beneficiary name, account number, IFSC, account type, amount, value date (YYYYMMDD). No header line.',
  controlCsv: 'A header line with the debit account, IFSC, value date, record count and total, then one line per payment.',
  xlsx: 'A workbook with one row per payment, and a Control sheet with the count, total, debit account and value date.',
};

export const BANK_EXCLUSION_LABELS: Record<BankExclusionReason, string> = {
  payoutHold: 'Payout on hold',
  holdReleased: 'Hold released: paid in the released-payouts file',
  noBankAccount: 'No bank account number',
  invalidBankAccount: 'Bank account number is not valid',
  noIfsc: 'No IFSC code',
  invalidIfsc: 'IFSC code is not valid',
  unknownIfsc: 'IFSC code is not a known bank branch',
  noBeneficiaryName: 'Name has no characters the bank accepts',
  nilNetPay: 'Net pay is nil',
  alreadyPaid: 'Already paid',
  paymentFailed: 'Payment failed: re-export the failed payments',
  inRetryFile: 'In the failed-payments file, awaiting the bank',
};

/** A payslip's payment as the run page shows it. */
export const BANK_PAYMENT_STATES = ['notSent', 'sent', 'paid', 'failed', 'leftOut'] as const;
export type BankPaymentState = (typeof BANK_PAYMENT_STATES)[number];
export const BANK_PAYMENT_STATE_LABELS: Record<BankPaymentState, string> = {
  notSent: 'Not sent',
  sent: 'Awaiting bank',
  paid: 'Paid',
  failed: 'Failed',
  leftOut: 'Left out',
};

/** Return files: at most this many rows, and 5 MB (the upload limit). */
export const BANK_RETURN_MAX_ROWS = 20_000;
export const BANK_RETURN_MAX_BYTES = 5_242_880;
/** The columns a return file is read by (case and spaces ignored); the first name of each is the one to use. */
export const BANK_RETURN_COLUMNS = {
  reference: ['Reference', 'Payment Reference', 'Customer Reference', 'Customer Ref No', 'Ref No', 'Transaction Reference'],
  status: ['Status', 'Transaction Status', 'Payment Status'],
  utr: ['UTR', 'UTR Number', 'UTR No', 'Bank Reference'],
  reason: ['Reason', 'Failure Reason', 'Return Reason', 'Remarks'],
  amount: ['Amount', 'Transaction Amount'],
  date: ['Date', 'Value Date', 'Transaction Date', 'Payment Date'],
} as const;
export type BankReturnColumn = keyof typeof BANK_RETURN_COLUMNS;
/** How bank statuses read: these mean paid, these failed (case ignored). */
export const BANK_RETURN_PAID_WORDS = ['paid', 'success', 'successful', 'processed', 'credited', 'executed', 'completed'] as const;
export const BANK_RETURN_FAILED_WORDS = ['failed', 'failure', 'rejected', 'returned', 'unsuccessful', 'cancelled', 'canceled'] as const;
export const BANK_RETURN_UTR_MAX = 35;
export const BANK_RETURN_REASON_MAX = 200;

export const PAYROLL_BANK_MSG = {
  settingsSaved: 'Bank file settings saved',
  debitAccountRequired: 'Debit account number is required for the CSV with control totals',
  debitIfscRequired: 'Debit account IFSC is required for the CSV with control totals',
  debitAccountInvalid: 'Debit account number must be 9 to 18 digits',
  debitIfscInvalid: 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)',
  templateInvalid: 'Template must be plainCsv, controlCsv or xlsx',
  bankFormatInvalid: 'Bank file format must be a bank preset or one of your own formats',
  runNotFinalized: 'The bank transfer file is available once the payroll is finalized',
  valueDateInvalid: 'Value date must be a date (YYYY-MM-DD)',
  valueDatePast: 'Value date cannot be before today',
  scopeInvalid: 'scope must be all, failed or released',
  nobodyToPay: 'Nobody to pay in this file: every employee of the month is left out or already paid',
  noFailedPayments: 'No failed payments to re-export',
  noReleasedPayouts: 'No released payouts to pay: release a payout hold first, or the released payouts are already paid or in a file awaiting the bank',
  /** Return files. */
  returnFileRequired: 'Choose the bank’s return file (CSV or Excel)',
  returnFileTooLarge: 'The file is larger than 5 MB.',
  returnFileEmpty: 'The file is empty.',
  returnFileType: 'Only CSV and Excel (.xlsx) files can be read.',
  returnFileNotUtf8: 'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  returnFileUnreadableCsv: 'The CSV file could not be read: check its quotes and separators.',
  returnFileNoRows: 'The file has no payments in it.',
  returnFileTooManyRows: `The file has more than ${BANK_RETURN_MAX_ROWS.toLocaleString('en-IN')} rows.`,
  returnFileColumns: (found: string) => `The file needs a Reference column and a Status column (found: ${found || 'none'}). The UTR column is needed for paid payments and Reason for failed ones.`,
  returnRowsInvalid: (bad: number, total: number) => `Nothing was recorded: ${String(bad)} of ${String(total)} rows have errors. Fix them and upload the file again.`,
  returnRecorded: (paid: number, failed: number) => `Bank return file recorded: ${String(paid)} paid, ${String(failed)} failed`,
  referenceRequired: 'Reference is required',
  unknownReference: (ref: string) => `Unknown reference ${ref}: it is not a payment in this month’s bank files`,
  duplicateReference: (ref: string, firstRow: number) => `Reference ${ref} appears twice in the file (first on row ${String(firstRow)})`,
  supersededReference: (ref: string, newer: string) => `Reference ${ref} failed earlier and was sent again as ${newer}: report ${newer} instead`,
  statusRequired: 'Status is required',
  statusUnknown: (status: string) => `Status "${status}" is not understood: use Paid or Failed (Success, Rejected and Returned are read too)`,
  utrRequired: 'UTR is required for a paid payment',
  utrTooLong: `UTR must be at most ${String(BANK_RETURN_UTR_MAX)} characters`,
  reasonRequired: 'Reason is required for a failed payment',
  reasonTooLong: `Reason must be at most ${String(BANK_RETURN_REASON_MAX)} characters`,
  amountInvalid: (text: string) => `Amount "${text}" is not an amount in rupees`,
  amountMismatch: (ref: string, inFile: string, sent: string) => `Amount ${inFile} does not match the ${sent} sent under ${ref}`,
  dateInvalid: (text: string) => `Date "${text}" is not a date (DD/MM/YYYY or YYYY-MM-DD)`,
  dateOutOfRange: (text: string) => `Date "${text}": ${DATE_RANGE_MSG}`,
  paidCannotFail: (ref: string) => `${ref} is already recorded as paid; a return file cannot change it to failed`,
  failedCannotBePaid: (ref: string) => `${ref} is already recorded as failed; re-export the failed payments and report the new reference`,
  /** One payment marked paid by hand. */
  paymentMarkedPaid: 'Payment marked as paid',
  paymentNotFound: 'This payslip is not part of this payroll month',
  paymentAlreadyPaid: 'This payment is already recorded as paid',
  paymentFailedMarkPaid: 'This payment failed at the bank: re-export the failed payments, then mark the new payment as paid',
  paymentLeftOut: (reason: string) => `This payment is left out of the bank transfer (${reason}), so it cannot be marked as paid`,
  paymentReferenceRequired: 'UTR or payment reference is required',
  paymentReferenceTooLong: `UTR or payment reference must be at most ${String(BANK_RETURN_UTR_MAX)} characters`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const bankFileSettingsSchema = z.object({
  template: z.enum(BANK_FILE_TEMPLATES),
  debitAccountNumber: z.string().nullable(),
  debitIfsc: z.string().nullable(),
  /** The bank file format the file is written in (a preset key or the id of an own format), or null for the template. */
  bankFormat: z.string().nullable(),
  bankFormatName: z.string().nullable(),
  /** Null until the organisation saves them (the defaults: CSV without header, no debit account). */
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type BankFileSettings = z.infer<typeof bankFileSettingsSchema>;
export const bankFileSettingsReplySchema = envelope(bankFileSettingsSchema);

export const bankFileSettingsInputSchema = z
  .object({
    template: z.enum(BANK_FILE_TEMPLATES, { error: PAYROLL_BANK_MSG.templateInvalid }),
    debitAccountNumber: optionalText(40, PAYROLL_BANK_MSG.debitAccountInvalid).transform((v) => (v ? v.replace(/[\s-]+/g, '').toUpperCase() : null)),
    debitIfsc: optionalText(20, PAYROLL_BANK_MSG.debitIfscInvalid).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null)),
    /** A bank preset's key or the id of one of the organisation's formats; absent or null: the template above. */
    bankFormat: optionalText(60, PAYROLL_BANK_MSG.bankFormatInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.debitAccountNumber !== null && !isValidBankAccountNumber(v.debitAccountNumber)) ctx.addIssue({ code: 'custom', path: ['debitAccountNumber'], message: PAYROLL_BANK_MSG.debitAccountInvalid });
    if (v.debitIfsc !== null && !isValidIfsc(v.debitIfsc)) ctx.addIssue({ code: 'custom', path: ['debitIfsc'], message: PAYROLL_BANK_MSG.debitIfscInvalid });
    if (v.bankFormat !== null && !isBankFormatPresetKey(v.bankFormat) && !UUID.test(v.bankFormat)) ctx.addIssue({ code: 'custom', path: ['bankFormat'], message: PAYROLL_BANK_MSG.bankFormatInvalid });
    if (v.template === 'controlCsv') {
      if (v.debitAccountNumber === null) ctx.addIssue({ code: 'custom', path: ['debitAccountNumber'], message: PAYROLL_BANK_MSG.debitAccountRequired });
      if (v.debitIfsc === null) ctx.addIssue({ code: 'custom', path: ['debitIfsc'], message: PAYROLL_BANK_MSG.debitIfscRequired });
    }
  });
export type BankFileSettingsInput = z.input<typeof bankFileSettingsInputSchema>;

export const bankFileQuerySchema = z.object({
  scope: z.enum(BANK_FILE_SCOPES, { error: PAYROLL_BANK_MSG.scopeInvalid }).default('all'),
  /** Default: the run's pay date, or today when that has passed. */
  valueDate: dateSchema(PAYROLL_BANK_MSG.valueDateInvalid).optional(),
});
export type BankFileQuery = z.input<typeof bankFileQuerySchema>;

export const bankFileRecordSchema = z.object({
  payslipId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  beneficiaryName: z.string(),
  reference: z.string(),
  /** Masked: XXXXXX6789. */
  accountNumber: z.string(),
  ifsc: z.string(),
  amount: z.number(),
  /** 1 for the first payment; a retry of a failed payment is 2, 3, … */
  attempt: z.number().int(),
  /** Paid to an account changed in the last 30 days (issue 30 §4): worth a second look before upload. */
  accountChangedRecently: z.boolean(),
});
export type BankFileRecord = z.infer<typeof bankFileRecordSchema>;

export const bankFileExclusionSchema = z.object({
  payslipId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  netPay: z.number(),
  reason: z.enum(BANK_EXCLUSION_REASONS),
  /** BANK_EXCLUSION_LABELS of the reason. */
  reasonText: z.string(),
  reference: z.string().nullable(),
});
export type BankFileExclusion = z.infer<typeof bankFileExclusionSchema>;

export const bankFilePreviewSchema = z.object({
  runId: z.string(),
  month: z.string(),
  template: z.enum(BANK_FILE_TEMPLATES),
  /** The bank file format's name when the file is written in one (a preset or an own format), else null. */
  formatName: z.string().nullable(),
  scope: z.enum(BANK_FILE_SCOPES),
  valueDate: z.string(),
  fileName: z.string(),
  /** The control figures: payments in the file and their total (= Σ net pay of the included payslips). */
  employees: z.number().int(),
  total: z.number(),
  /** How the total is reached from the month: run net pay − net pay of those left out (scope all). */
  runNetPay: z.number(),
  excludedNetPay: z.number(),
  explanation: z.array(z.string()),
  debitAccount: z.object({ accountNumber: z.string(), ifsc: z.string() }).nullable(),
  records: z.array(bankFileRecordSchema),
  excluded: z.array(bankFileExclusionSchema),
  /** Failed payments waiting to be re-exported (the retry file's payments). */
  failedCount: z.number().int(),
  /** Why the chosen bank file format cannot write this file (a value that does not fit, a missing debit account); empty when it can. */
  formatProblems: z.array(z.string()),
});
export type BankFilePreview = z.infer<typeof bankFilePreviewSchema>;
export const bankFilePreviewReplySchema = envelope(bankFilePreviewSchema);

export const bankReturnResultSchema = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
  /** Rows that repeat a status already recorded. */
  unchanged: z.number().int(),
  paidAmount: z.number(),
  failedAmount: z.number(),
});
export type BankReturnResult = z.infer<typeof bankReturnResultSchema>;
export const bankReturnReplySchema = envelope(bankReturnResultSchema);

export const bankPaymentRowSchema = z.object({
  payslipId: z.string(),
  userId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  netPay: z.number(),
  state: z.enum(BANK_PAYMENT_STATES),
  /** The latest attempt's reference; null when never sent. */
  reference: z.string().nullable(),
  attempts: z.number().int(),
  utr: z.string().nullable(),
  /** Why it failed (the bank's reason), or why it is left out of the bank file. */
  reason: z.string().nullable(),
  /** The date the bank gave with the status (YYYY-MM-DD), if any. */
  statusDate: z.string().nullable(),
});
export type BankPaymentRow = z.infer<typeof bankPaymentRowSchema>;

export const bankPaymentsSchema = z.object({
  counts: z.object({ notSent: z.number().int(), sent: z.number().int(), paid: z.number().int(), failed: z.number().int(), leftOut: z.number().int() }),
  paidAmount: z.number(),
  rows: z.array(bankPaymentRowSchema),
});
export type BankPayments = z.infer<typeof bankPaymentsSchema>;
export const bankPaymentsReplySchema = envelope(bankPaymentsSchema);

export const bankPaymentPathSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  payslipId: z.uuid({ error: 'payslipId must be a UUID' }),
});
/** One payment recorded paid without a return file: the date (finalize date to today) and the bank's UTR or reference. */
export const bankPaymentPaidInputSchema = z.object({
  paidOn: dateSchema('Paid on must be a date (YYYY-MM-DD)', { required: 'Paid on is required' }),
  reference: z
    .string({ error: PAYROLL_BANK_MSG.paymentReferenceRequired })
    .trim()
    .min(1, { error: PAYROLL_BANK_MSG.paymentReferenceRequired })
    .max(BANK_RETURN_UTR_MAX, { error: PAYROLL_BANK_MSG.paymentReferenceTooLong }),
});
export type BankPaymentPaidInput = z.input<typeof bankPaymentPaidInputSchema>;
export const bankPaymentReplySchema = envelope(bankPaymentRowSchema);

/** The bank file's download name, e.g. 'Bank-Transfer-November-2026.csv' or 'Bank-Transfer-November-2026-Failed.xlsx'. */
export function bankFileName(month: string, template: BankFileTemplate, scope: BankFileScope, extension?: 'csv' | 'txt' | 'xlsx'): string {
  const base = `Bank-Transfer-${monthLabel(month).replace(' ', '-')}${scope === 'failed' ? '-Failed' : scope === 'released' ? '-Released' : ''}`;
  return `${base}.${extension ?? (template === 'xlsx' ? 'xlsx' : 'csv')}`;
}
