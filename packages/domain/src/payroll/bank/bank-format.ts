import { normaliseAccountNumber, normaliseIfsc } from '../../org/pay-details';
import { BANK_MAX_AMOUNT_PAISE, type BankDebitAccount, type BankTransfer, type BankTransferRecord } from './bank-transfer';

/**
 * A bank file format as data (issue 28): which fields go in which order, with or without a header
 * line, separated by a character, laid out in fixed-width columns or written as the cells of an Excel
 * sheet, how dates and amounts are written, how lines end, and which payment mode (NEFT, RTGS, IMPS, a
 * transfer within the bank) each payment is sent by. `bankFileRows` turns a format and a month's bank
 * transfer into the file's rows of cells; `renderBankFile` into a text file's text (the server writes a
 * sheet's rows into a workbook).
 *
 * A value never gets cut to fit: a value longer than its column's width is an error naming the
 * employee and the column (a truncated account number or name pays the wrong person or bounces).
 */

export const BANK_FORMAT_FIELDS = [
  'beneficiaryName',
  'accountNumber',
  'ifsc',
  'amount',
  'paymentMode',
  'narration',
  'reference',
  'employeeNumber',
  'email',
  'valueDate',
  'debitAccount',
  'debitIfsc',
  'accountType',
  'sequence',
  'constant',
  'blank',
] as const;
export type BankFormatField = (typeof BANK_FORMAT_FIELDS)[number];

export const BANK_FORMAT_SEPARATORS = [',', '|', '\t', ';', '~'] as const;
export type BankFormatSeparator = (typeof BANK_FORMAT_SEPARATORS)[number];

export const BANK_FORMAT_DATE_FORMATS = ['DD/MM/YYYY', 'DD-MM-YYYY', 'DDMMYYYY', 'YYYYMMDD', 'YYYY-MM-DD', 'DD-MMM-YYYY', 'DD/MMM/YYYY'] as const;
export type BankFormatDateFormat = (typeof BANK_FORMAT_DATE_FORMATS)[number];

/** rupees2: 45231.50 (two decimals, no grouping); paise: 4523150 (whole paise, no separator). */
export const BANK_FORMAT_AMOUNT_FORMATS = ['rupees2', 'paise'] as const;
export type BankFormatAmountFormat = (typeof BANK_FORMAT_AMOUNT_FORMATS)[number];

export const BANK_FORMAT_LINE_ENDINGS = ['CRLF', 'LF'] as const;
export type BankFormatLineEnding = (typeof BANK_FORMAT_LINE_ENDINGS)[number];

export const BANK_PAYMENT_MODES = ['neft', 'rtgs', 'imps', 'internal'] as const;
export type BankPaymentMode = (typeof BANK_PAYMENT_MODES)[number];

/**
 * RTGS is for ₹2,00,000 and above (RBI, RTGS System Regulations / Master Direction on RTGS; "The minimum amount
 * to be remitted through RTGS is ₹2,00,000", https://www.rbi.org.in/commonperson/English/Scripts/FAQs.aspx?Id=65).
 */
export const RTGS_MINIMUM_PAISE = 2_00_000_00;

export interface BankFormatColumn {
  field: BankFormatField;
  /** The column's name in the header line (and in the builder). */
  header: string;
  /** The text of a 'constant' column (a client code, a currency, a product code…). */
  constant?: string;
  /** Fixed width: the column's width. Delimited: the longest value the bank accepts (a longer one is an error). */
  width?: number;
  /** Fixed width only: left (text) or right (numbers) aligned. */
  align?: 'left' | 'right';
  /** Fixed width only: the padding character. */
  pad?: 'space' | 'zero';
}

export interface BankPaymentModeRule {
  /** What the file says for each mode (e.g. N / R / I, or NEFT / RTGS / FT). */
  codes: Record<BankPaymentMode, string>;
  /** The mode of a payment the rules below do not decide. */
  standard: 'neft' | 'imps';
  /** From this amount a payment goes by RTGS; null: never. */
  rtgsFromPaise: number | null;
  /** A payee whose IFSC has the debit account's bank code is paid by a transfer within the bank. */
  internalWhenSameBank: boolean;
}

/** Separated text, fixed-width text, or the cells of an Excel sheet (one row per payment). */
export const BANK_FORMAT_LAYOUTS = ['delimited', 'fixedWidth', 'sheet'] as const;
export type BankFormatLayout = (typeof BANK_FORMAT_LAYOUTS)[number];

/** A text file is .csv or .txt; a sheet is an .xlsx workbook. */
export const BANK_FORMAT_EXTENSIONS = ['csv', 'txt', 'xlsx'] as const;
export type BankFormatExtension = (typeof BANK_FORMAT_EXTENSIONS)[number];

/** The extension a layout is written with: a sheet only as xlsx, a text file only as csv or txt. */
export const extensionFitsLayout = (layout: BankFormatLayout, extension: BankFormatExtension): boolean => (layout === 'sheet') === (extension === 'xlsx');

export interface BankFileFormat {
  name: string;
  layout: BankFormatLayout;
  separator: BankFormatSeparator;
  header: boolean;
  lineEnding: BankFormatLineEnding;
  dateFormat: BankFormatDateFormat;
  amountFormat: BankFormatAmountFormat;
  /** The narration column's text; {month} becomes the month as e.g. "Nov 2026". */
  narration: string;
  paymentMode: BankPaymentModeRule;
  extension: BankFormatExtension;
  columns: BankFormatColumn[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM-DD' in the format's date format. */
export function formatFileDate(isoDate: string, format: BankFormatDateFormat): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError('a date must be YYYY-MM-DD');
  const [, y = '', mo = '', d = ''] = m;
  const mon = MONTHS[Number(mo) - 1] ?? '';
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${mo}/${y}`;
    case 'DD-MM-YYYY':
      return `${d}-${mo}-${y}`;
    case 'DDMMYYYY':
      return `${d}${mo}${y}`;
    case 'YYYYMMDD':
      return `${y}${mo}${d}`;
    case 'YYYY-MM-DD':
      return isoDate;
    case 'DD-MMM-YYYY':
      return `${d}-${mon}-${y}`;
    case 'DD/MMM/YYYY':
      return `${d}/${mon}/${y}`;
  }
}

/** A whole number of paise in the format's amount format: 4523150 → '45231.50' or '4523150'. */
export function formatFileAmount(amountPaise: number, format: BankFormatAmountFormat): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('a bank amount is a whole, non-negative number of paise');
  if (amountPaise > BANK_MAX_AMOUNT_PAISE) throw new RangeError('amount too large for a bank file');
  if (format === 'paise') return String(amountPaise);
  return `${String(Math.floor(amountPaise / 100))}.${String(amountPaise % 100).padStart(2, '0')}`;
}

/** The bank of an IFSC: its first four letters (RBI: "the first four alphabetic characters represent the bank"). */
export const ifscBankCode = (ifsc: string): string => normaliseIfsc(ifsc).slice(0, 4);

/** The payment mode of one payment under the format's rule. */
export function paymentModeOf(rule: BankPaymentModeRule, amountPaise: number, payeeIfsc: string, debitIfsc: string | null): BankPaymentMode {
  if (rule.internalWhenSameBank && debitIfsc && ifscBankCode(payeeIfsc) === ifscBankCode(debitIfsc)) return 'internal';
  if (rule.rtgsFromPaise !== null && amountPaise >= rule.rtgsFromPaise) return 'rtgs';
  return rule.standard;
}

/** Whether the format needs the organisation's debit account (a debit column, or the within-the-bank rule). */
export function formatNeedsDebitAccount(format: BankFileFormat): boolean {
  return format.paymentMode.internalWhenSameBank || format.columns.some((c) => c.field === 'debitAccount' || c.field === 'debitIfsc');
}

/** A record the file could not carry as the format wants it; `column` is the column's header. */
export interface BankFileProblem {
  employeeNumber: string | null;
  employeeName: string;
  column: string;
  kind: 'tooWide' | 'containsSeparator';
  value: string;
  width: number | null;
}

export type BankFileRender = { ok: true; text: string; lines: number } | { ok: false; problems: BankFileProblem[] };

/** The records' data for a file, with the employee's e-mail when the format has an e-mail column. */
export interface BankFileRecord extends BankTransferRecord {
  email?: string | null;
}

function valueOf(column: BankFormatColumn, r: BankFileRecord, index: number, ctx: { format: BankFileFormat; transfer: BankTransfer; debit: BankDebitAccount | null }): string {
  const { format, transfer, debit } = ctx;
  switch (column.field) {
    case 'beneficiaryName':
      return r.beneficiaryName;
    case 'accountNumber':
      return r.accountNumber;
    case 'ifsc':
      return r.ifsc;
    case 'amount':
      return formatFileAmount(r.amountPaise, format.amountFormat);
    case 'paymentMode':
      return format.paymentMode.codes[paymentModeOf(format.paymentMode, r.amountPaise, r.ifsc, debit ? normaliseIfsc(debit.ifsc) : null)];
    case 'narration': {
      const [y = '', mo = '01'] = transfer.month.split('-');
      return format.narration.replaceAll('{month}', `${MONTH_NAMES[Number(mo) - 1] ?? ''} ${y}`);
    }
    case 'reference':
      return r.reference;
    case 'employeeNumber':
      return r.employeeNumber ?? '';
    case 'email':
      return r.email ?? '';
    case 'valueDate':
      return formatFileDate(transfer.valueDate, format.dateFormat);
    case 'debitAccount':
      return debit ? normaliseAccountNumber(debit.accountNumber) : '';
    case 'debitIfsc':
      return debit ? normaliseIfsc(debit.ifsc) : '';
    case 'accountType':
      return r.accountType;
    case 'sequence':
      return String(index + 1);
    case 'constant':
      return column.constant ?? '';
    case 'blank':
      return '';
  }
}

function fit(value: string, column: BankFormatColumn, layout: BankFileFormat['layout']): string {
  if (layout !== 'fixedWidth' || column.width === undefined) return value;
  const pad = column.pad === 'zero' ? '0' : ' ';
  return column.align === 'right' ? value.padStart(column.width, pad) : value.padEnd(column.width, pad);
}

export type BankFileRows = { ok: true; header: string[] | null; rows: string[][] } | { ok: false; problems: BankFileProblem[] };

/**
 * The cells of a bank file in a format: the header's column names when the format has a header, then
 * one row per record (fixed width: each cell padded to its column). A value longer than its column's
 * width, or (delimited) holding the separator, stops the file: every such value is listed, none is cut.
 */
export function bankFileRows(format: BankFileFormat, transfer: BankTransfer, records: readonly BankFileRecord[], debit: BankDebitAccount | null): BankFileRows {
  // A header names its column: left-aligned and padded with spaces, whatever the column's values are.
  const header = format.header ? format.columns.map((c) => fit(c.header, { ...c, align: 'left', pad: 'space' }, format.layout)) : null;
  const problems: BankFileProblem[] = [];
  const rows = records.map((r, index) =>
    format.columns.map((column) => {
      const value = valueOf(column, r, index, { format, transfer, debit });
      const problem = (kind: BankFileProblem['kind']) =>
        problems.push({ employeeNumber: r.employeeNumber, employeeName: r.employeeName, column: column.header, kind, value, width: column.width ?? null });
      if (column.width !== undefined && value.length > column.width) problem('tooWide');
      else if (format.layout === 'delimited' && value.includes(format.separator)) problem('containsSeparator');
      return fit(value, column, format.layout);
    }),
  );
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, header, rows };
}

/** The text of a separated or fixed-width file from its rows: each line ending as the format says. */
export function bankFileText(format: BankFileFormat, rows: { header: readonly string[] | null; rows: readonly (readonly string[])[] }): string {
  if (format.layout === 'sheet') throw new RangeError('a sheet is written as a workbook, not as text');
  const eol = format.lineEnding === 'CRLF' ? '\r\n' : '\n';
  const join = format.layout === 'delimited' ? format.separator : '';
  const lines = [...(rows.header ? [rows.header] : []), ...rows.rows].map((cells) => cells.join(join));
  return lines.map((l) => `${l}${eol}`).join('');
}

/** The text of a separated or fixed-width bank file in a format (a value that does not fit stops it, as in `bankFileRows`). */
export function renderBankFile(format: BankFileFormat, transfer: BankTransfer, records: readonly BankFileRecord[], debit: BankDebitAccount | null): BankFileRender {
  const out = bankFileRows(format, transfer, records, debit);
  if (!out.ok) return out;
  return { ok: true, text: bankFileText(format, out), lines: out.rows.length + (out.header ? 1 : 0) };
}

/** The records of a transfer with each payee's e-mail, for the renderer. */
export function withEmails(records: readonly BankTransferRecord[], emails: ReadonlyMap<string, string | null>): BankFileRecord[] {
  return records.map((r) => ({ ...r, email: emails.get(r.payslipId) ?? null }));
}
