import { BANK_RETURN_FAILED_WORDS, BANK_RETURN_PAID_WORDS, BANK_RETURN_REASON_MAX, BANK_RETURN_UTR_MAX, PAYROLL_BANK_MSG as MSG, isDateInRange } from '@tankha/contracts';
import { formatInr, isIsoDate, rupeesToPaise } from '@tankha/domain';
import type { ReturnRow } from './bank-return.sheet';

/** A payment attempt of the month as the return file is checked against it. */
export interface KnownPayment {
  id: string;
  payslipId: string;
  attempt: number;
  reference: string;
  amountPaise: number;
  status: 'sent' | 'paid' | 'failed';
}

export interface ReturnRowError {
  rowNumber: number;
  reference: string;
  message: string;
}

export interface ReturnDecision {
  paymentId: string;
  reference: string;
  amountPaise: number;
  status: 'paid' | 'failed';
  utr: string | null;
  failureReason: string | null;
  statusDate: string | null;
}

export interface ReturnCheck {
  errors: ReturnRowError[];
  /** Attempts whose status the file sets (still 'sent'). */
  updates: ReturnDecision[];
  /** Rows that repeat a status already recorded. */
  unchanged: number;
  paid: number;
  failed: number;
  paidPaise: number;
  failedPaise: number;
}

const PAID = new Set<string>(BANK_RETURN_PAID_WORDS);
const FAILED = new Set<string>(BANK_RETURN_FAILED_WORDS);

function statusOf(text: string): 'paid' | 'failed' | null {
  const word = text.trim().toLowerCase();
  if (PAID.has(word)) return 'paid';
  if (FAILED.has(word)) return 'failed';
  return null;
}

/** '45,231.50', '₹ 45231.5', 'Rs. 45231' → paise; null when it is not an amount. */
function amountPaiseOf(text: string): number | null {
  const plain = text.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/[,\s]/g, '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.split('.');
  return rupeesToPaise(Number(whole)) + Number(fraction.padEnd(2, '0'));
}

/** 'DD/MM/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD' (an Excel date cell is read as the last) → 'YYYY-MM-DD'. */
function dateOf(text: string): string | null {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = dmy ? `${dmy[3] ?? ''}-${(dmy[2] ?? '').padStart(2, '0')}-${(dmy[1] ?? '').padStart(2, '0')}` : /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : text;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Checks every row of a return file against the month's payment attempts (pure). The file is
 * applied whole or not at all, so every row's problems are listed:
 *  - the reference must be one of this month's attempts, once in the file, and the payslip's latest
 *    attempt (a failed attempt that was sent again is reported under the new reference);
 *  - the status must read as paid or failed; paid needs the UTR, failed the bank's reason;
 *  - an Amount, when the file has one, must be the amount sent; a Date must be a date;
 *  - a status already recorded may be repeated (counted as unchanged); paid never becomes failed
 *    nor failed paid (the bank reports a retry under its own reference).
 */
export function checkBankReturn(rows: readonly ReturnRow[], payments: readonly KnownPayment[]): ReturnCheck {
  const byReference = new Map(payments.map((p) => [p.reference.toUpperCase(), p]));
  const latest = new Map<string, KnownPayment>();
  for (const p of payments) {
    const seen = latest.get(p.payslipId);
    if (!seen || p.attempt > seen.attempt) latest.set(p.payslipId, p);
  }
  const firstRowOf = new Map<string, number>();
  const result: ReturnCheck = { errors: [], updates: [], unchanged: 0, paid: 0, failed: 0, paidPaise: 0, failedPaise: 0 };

  for (const row of rows) {
    const { cells } = row;
    const reference = cells.reference.replace(/\s+/g, '').toUpperCase();
    const problems: string[] = [];
    const payment = reference ? byReference.get(reference) : undefined;
    let superseded = false;
    if (!reference) problems.push(MSG.referenceRequired);
    else if (!payment) problems.push(MSG.unknownReference(reference));
    else {
      const first = firstRowOf.get(reference);
      if (first !== undefined) problems.push(MSG.duplicateReference(reference, first));
      else firstRowOf.set(reference, row.rowNumber);
      const newest = latest.get(payment.payslipId);
      superseded = newest !== undefined && newest.attempt > payment.attempt;
      if (newest && superseded) problems.push(MSG.supersededReference(reference, newest.reference));
    }

    const status = cells.status ? statusOf(cells.status) : null;
    if (!cells.status) problems.push(MSG.statusRequired);
    else if (!status) problems.push(MSG.statusUnknown(cells.status));
    const utr = cells.utr.trim();
    const reason = cells.reason.replace(/\s+/g, ' ').trim();
    if (status === 'paid' && !utr) problems.push(MSG.utrRequired);
    if (utr.length > BANK_RETURN_UTR_MAX) problems.push(MSG.utrTooLong);
    if (status === 'failed' && !reason) problems.push(MSG.reasonRequired);
    if (reason.length > BANK_RETURN_REASON_MAX) problems.push(MSG.reasonTooLong);

    if (cells.amount) {
      const paise = amountPaiseOf(cells.amount);
      if (paise === null) problems.push(MSG.amountInvalid(cells.amount));
      else if (payment && paise !== payment.amountPaise) problems.push(MSG.amountMismatch(payment.reference, formatInr(paise, { decimals: 2 }), formatInr(payment.amountPaise, { decimals: 2 })));
    }
    const statusDate = cells.date ? dateOf(cells.date) : null;
    if (cells.date && !statusDate) problems.push(MSG.dateInvalid(cells.date));
    else if (statusDate && !isDateInRange(statusDate)) problems.push(MSG.dateOutOfRange(cells.date));

    if (payment && status && !superseded) {
      if (payment.status === 'paid' && status === 'failed') problems.push(MSG.paidCannotFail(payment.reference));
      if (payment.status === 'failed' && status === 'paid') problems.push(MSG.failedCannotBePaid(payment.reference));
    }

    if (problems.length > 0) {
      for (const message of problems) result.errors.push({ rowNumber: row.rowNumber, reference: reference || '', message });
      continue;
    }
    if (!payment || !status) continue;
    if (status === 'paid') {
      result.paid += 1;
      result.paidPaise += payment.amountPaise;
    } else {
      result.failed += 1;
      result.failedPaise += payment.amountPaise;
    }
    if (payment.status === status) {
      result.unchanged += 1;
      continue;
    }
    result.updates.push({
      paymentId: payment.id,
      reference: payment.reference,
      amountPaise: payment.amountPaise,
      status,
      utr: utr || null,
      failureReason: status === 'failed' ? reason : null,
      statusDate,
    });
  }
  return result;
}
