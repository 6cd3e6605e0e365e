import { bankDetailsProblem, normaliseAccountNumber, normaliseIfsc } from '../../org/pay-details';

/**
 * The bank transfer of a finalized payroll month (payroll-rules §4 "Bank transfer
 * files"): which payslips are paid in a file, under which payment reference, and the file's text.
 *
 * There is no national standard. The layouts (docs/decisions/0092-bank-transfer-file.md):
 *
 *  plainCsv   — no header; one line per payment, seven comma-separated fields:
 *               customer reference (≤15), beneficiary name (≤70), account number (≤30), IFSC (11),
 *               account type (2), amount (≤12 digits with 2 decimals, e.g. 45231.00), value date YYYYMMDD.
 *  controlCsv — a header line first: H, debit account number, debit IFSC, value date YYYYMMDD,
 *               record count, total amount (2 decimals); then each payment as D followed by the seven
 *               plainCsv fields.
 *  xlsx       — a generic workbook (written by the server; the records and totals come from here).
 *
 * Lines end with CRLF. Names and references carry only letters, digits, spaces and full stops, the
 * characters every Indian bank's bulk upload accepts; nothing needs quoting.
 *
 * Invariant (payroll-rules §2): the file total is the sum of the net pay of the payslips in it, and
 * the payslips of the month are exactly those in the file plus those left out, each with a reason.
 */

export const BANK_FILE_TEMPLATES = ['plainCsv', 'controlCsv', 'xlsx'] as const;
export type BankFileTemplate = (typeof BANK_FILE_TEMPLATES)[number];

/**
 * A full file pays the month; a retry file pays again only what the bank returned as failed; a
 * released file pays the payouts whose hold was released after finalize (payroll-rules §1a: held
 * salary goes out "in a separate bank advice").
 */
export const BANK_FILE_SCOPES = ['all', 'failed', 'released'] as const;
export type BankFileScope = (typeof BANK_FILE_SCOPES)[number];

/** A payment attempt: in a file and not reported on yet, or reported by the bank's return file. */
export const BANK_PAYMENT_STATUSES = ['sent', 'paid', 'failed'] as const;
export type BankPaymentStatus = (typeof BANK_PAYMENT_STATUSES)[number];

/** Why a payslip of the month is not in the file. */
export const BANK_EXCLUSION_REASONS = [
  'payoutHold',
  'holdReleased',
  'noBankAccount',
  'invalidBankAccount',
  'noIfsc',
  'invalidIfsc',
  'unknownIfsc',
  'noBeneficiaryName',
  'nilNetPay',
  'alreadyPaid',
  'paymentFailed',
  'inRetryFile',
] as const;
export type BankExclusionReason = (typeof BANK_EXCLUSION_REASONS)[number];

/** NEFT/RTGS account type code of a salary (savings bank) account: 10. */
export const SAVINGS_ACCOUNT_TYPE = '10';

export const BANK_FIELD_WIDTHS = { reference: 15, beneficiaryName: 70, accountNumber: 30, ifsc: 11, accountType: 2 } as const;
/** Amount (12.2): at most ten digits before the decimal point. */
export const BANK_MAX_AMOUNT_PAISE = 9_999_999_999_99;

/**
 * Text a bank accepts in a name or reference field: accents dropped (é → e), anything but letters,
 * digits, spaces and full stops turned into a space, spaces collapsed, cut to `width`.
 */
export function cleanBankText(text: string, width: number): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, width).trim();
}

/** Rupees with two decimals and no grouping, as the 12.2 amount field wants: 4523100 paise → '45231.00'. */
export function formatBankAmount(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('a bank amount is a whole, non-negative number of paise');
  if (amountPaise > BANK_MAX_AMOUNT_PAISE) throw new RangeError('amount too large for the 12.2 field');
  const rupees = Math.floor(amountPaise / 100);
  return `${String(rupees)}.${String(amountPaise % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
export function formatBankDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError('value date must be YYYY-MM-DD');
  return isoDate.replaceAll('-', '');
}

/**
 * The customer reference of one payment: SAL, the month as YYMM, the payslip's line in the month
 * (six digits) and the attempt (two digits), 15 characters: SAL261100001201 is line 12 of
 * November 2026, first attempt. A retry of a failed payment gets a new reference (banks refuse a
 * reference they have seen), and the same payment keeps its reference however often the file is
 * downloaded.
 */
export function bankPaymentReference(month: string, line: number, attempt: number): string {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError('month must be YYYY-MM');
  if (!Number.isInteger(line) || line < 1 || line > 999_999) throw new RangeError('line must be 1 to 999999');
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > 99) throw new RangeError('attempt must be 1 to 99');
  return `SAL${month.slice(2, 4)}${month.slice(5, 7)}${String(line).padStart(6, '0')}${String(attempt).padStart(2, '0')}`;
}

/** One payslip of the month, with the employee's bank details as they are now and its latest payment attempt. */
export interface BankPayee {
  payslipId: string;
  employeeNumber: string | null;
  employeeName: string;
  /** The name on the bank account, when recorded; else the employee's name is sent. */
  accountHolderName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  netPaise: number;
  holdKind: 'payout' | null;
  /** A payout hold released after finalize: paid by the 'released' file, not the month's full file. */
  holdReleased?: boolean;
  latestPayment: { attempt: number; reference: string; status: BankPaymentStatus } | null;
  /** The account was changed recently (the last 30 days, issue 30 §4): the file marks the line for a second look. */
  accountChangedRecently?: boolean;
}

export interface BankTransferRecord {
  payslipId: string;
  employeeNumber: string | null;
  employeeName: string;
  /** The payslip's line in the month (1-based, by employee number): part of the reference. */
  line: number;
  reference: string;
  attempt: number;
  /** True when this file starts the attempt (the first payment, or a retry after a failure). */
  newAttempt: boolean;
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
  accountType: string;
  amountPaise: number;
  /** Paid to an account changed recently (BankPayee.accountChangedRecently). */
  accountChangedRecently: boolean;
}

export interface BankTransferExclusion {
  payslipId: string;
  employeeNumber: string | null;
  employeeName: string;
  netPaise: number;
  reason: BankExclusionReason;
  /** The latest payment's reference, for the payment-state reasons. */
  reference: string | null;
}

export interface BankTransfer {
  month: string;
  valueDate: string;
  scope: BankFileScope;
  records: BankTransferRecord[];
  excluded: BankTransferExclusion[];
  totalPaise: number;
}

const byEmployeeNumber = (a: BankPayee, b: BankPayee): number => {
  const x = a.employeeNumber ?? '';
  const y = b.employeeNumber ?? '';
  if (x !== y) return x < y ? -1 : 1;
  return a.payslipId < b.payslipId ? -1 : a.payslipId > b.payslipId ? 1 : 0;
};

/** What stops a payment to these bank details, if anything. */
function payeeProblem(p: BankPayee, isKnownIfsc: ((ifsc: string) => boolean) | undefined): BankExclusionReason | null {
  const problem = bankDetailsProblem({ accountNumber: p.accountNumber, ifsc: p.ifsc }, isKnownIfsc);
  if (problem) return problem;
  if (beneficiaryNameOf(p) === '') return 'noBeneficiaryName';
  return null;
}

function beneficiaryNameOf(p: BankPayee): string {
  const holder = cleanBankText(p.accountHolderName ?? '', BANK_FIELD_WIDTHS.beneficiaryName);
  return holder !== '' ? holder : cleanBankText(p.employeeName, BANK_FIELD_WIDTHS.beneficiaryName);
}

/**
 * Which payslips the file pays, under which reference, and why the others are left out.
 *
 * `payees` are every payslip of the month: lines are numbered over all of them (by employee
 * number), so a payslip's reference does not depend on who else is paid.
 *  - scope 'all': payslips never sent and first attempts not reported on yet (downloading again
 *    gives the same references). Left out: payout on hold, missing or invalid bank details (an IFSC
 *    of no known branch included), nil net
 *    pay, already paid, failed (they go in the retry file) and retries awaiting the bank.
 *  - scope 'failed': payslips whose latest payment failed (a new attempt, a new reference) and
 *    retries not reported on yet. Left out are only those of them whose bank details are still
 *    missing or invalid; payslips with nothing failed are not part of a retry at all.
 *  - scope 'released': payslips whose payout hold was released after finalize, not sent yet or
 *    sent and not reported on (the same reference again). Left out: those already paid, failed (the
 *    retry file pays them) or with missing or invalid bank details; other payslips are not part of it.
 *    The full file leaves a released payout out ('holdReleased'), so it is never paid twice.
 */
export function buildBankTransfer(input: {
  month: string;
  valueDate: string;
  scope: BankFileScope;
  payees: readonly BankPayee[];
  /** Whether a well-formed IFSC names a bank branch (the server's directory); without it only the format is checked. */
  isKnownIfsc?: (ifsc: string) => boolean;
}): BankTransfer {
  const { month, valueDate, scope } = input;
  formatBankDate(valueDate);
  const records: BankTransferRecord[] = [];
  const excluded: BankTransferExclusion[] = [];
  const sorted = [...input.payees].sort(byEmployeeNumber);
  sorted.forEach((p, index) => {
    const line = index + 1;
    const latest = p.latestPayment;
    const leaveOut = (reason: BankExclusionReason) =>
      excluded.push({ payslipId: p.payslipId, employeeNumber: p.employeeNumber, employeeName: p.employeeName, netPaise: p.netPaise, reason, reference: latest?.reference ?? null });

    let attempt: number;
    let newAttempt: boolean;
    if (scope === 'all') {
      if (latest?.status === 'paid') return leaveOut('alreadyPaid');
      if (latest?.status === 'failed') return leaveOut('paymentFailed');
      if (latest && latest.attempt > 1) return leaveOut('inRetryFile');
      if (p.holdKind === 'payout') return leaveOut(p.holdReleased ? 'holdReleased' : 'payoutHold');
      if (p.netPaise <= 0) return leaveOut('nilNetPay');
      attempt = 1;
      newAttempt = latest === null;
    } else if (scope === 'released') {
      if (p.holdKind !== 'payout' || !p.holdReleased) return;
      if (latest?.status === 'paid') return leaveOut('alreadyPaid');
      if (latest?.status === 'failed') return leaveOut('paymentFailed');
      if (latest && latest.attempt > 1) return leaveOut('inRetryFile');
      if (p.netPaise <= 0) return leaveOut('nilNetPay');
      attempt = 1;
      newAttempt = latest === null;
    } else {
      const failed = latest?.status === 'failed';
      const retryAwaiting = latest?.status === 'sent' && latest.attempt > 1;
      if (!latest || (!failed && !retryAwaiting)) return;
      attempt = failed ? latest.attempt + 1 : latest.attempt;
      newAttempt = failed;
    }
    const problem = payeeProblem(p, input.isKnownIfsc);
    if (problem) return leaveOut(problem);
    records.push({
      payslipId: p.payslipId,
      employeeNumber: p.employeeNumber,
      employeeName: p.employeeName,
      line,
      reference: !newAttempt && latest ? latest.reference : bankPaymentReference(month, line, attempt),
      attempt,
      newAttempt,
      beneficiaryName: beneficiaryNameOf(p),
      accountNumber: normaliseAccountNumber(p.accountNumber),
      ifsc: normaliseIfsc(p.ifsc),
      accountType: SAVINGS_ACCOUNT_TYPE,
      amountPaise: p.netPaise,
      accountChangedRecently: p.accountChangedRecently ?? false,
    });
  });
  const totalPaise = records.reduce((sum, r) => sum + r.amountPaise, 0);
  return { month, valueDate, scope, records, excluded, totalPaise };
}

/** The organisation's account the salaries are debited from (the controlCsv header). */
export interface BankDebitAccount {
  accountNumber: string;
  ifsc: string;
}

function recordFields(r: BankTransferRecord, valueDate: string): string[] {
  return [r.reference, r.beneficiaryName, r.accountNumber, r.ifsc, r.accountType, formatBankAmount(r.amountPaise), formatBankDate(valueDate)];
}

/** The text of a CSV bank file (plainCsv or controlCsv; see the layouts at the top of this file). */
export function bankTransferCsv(transfer: BankTransfer, template: 'plainCsv' | 'controlCsv', debit: BankDebitAccount | null): string {
  const lines: string[][] = [];
  if (template === 'controlCsv') {
    if (!debit) throw new RangeError('the control-total layout needs the debit account');
    lines.push([
      'H',
      normaliseAccountNumber(debit.accountNumber),
      normaliseIfsc(debit.ifsc),
      formatBankDate(transfer.valueDate),
      String(transfer.records.length),
      formatBankAmount(transfer.totalPaise),
    ]);
    for (const r of transfer.records) lines.push(['D', ...recordFields(r, transfer.valueDate)]);
  } else {
    for (const r of transfer.records) lines.push(recordFields(r, transfer.valueDate));
  }
  return lines.map((fields) => `${fields.join(',')}\r\n`).join('');
}
