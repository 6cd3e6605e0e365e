import ExcelJS from 'exceljs';
import { formatBankDate, type BankDebitAccount, type BankFileFormat, type BankTransfer, paiseToRupees } from '@tankha/domain';

/**
 * The generic Excel bank file (template 'xlsx', docs/decisions/0092-bank-transfer-file.md):
 *
 *  sheet 'Payments' — row 1 the headers, then one row per payment:
 *    A Payment Reference · B Beneficiary Name · C Account Number (text, so leading zeros and 18 digits
 *    survive) · D IFSC · E Account Type · F Amount (number, 2 decimals) · G Value Date (YYYYMMDD, text)
 *    · H Narration ('Salary <Month YYYY>') · I Employee Number · J Account Changed (Last 30 Days): 'Yes'
 *    when the account was changed in the last 30 days (issue 30 §4), else empty — the last column, so
 *    a portal that maps A–I by position reads the sheet as before.
 *    Nothing else on the sheet: bank portals read it as a table.
 *  sheet 'Control' — label / value rows: Payroll Month, Value Date, Record Count, Total Amount,
 *    Debit Account Number, Debit IFSC.
 *
 * Amounts arrive in paise and are written in rupees; the total is summed in paise.
 */

export const BANK_XLSX_HEADERS = ['Payment Reference', 'Beneficiary Name', 'Account Number', 'IFSC', 'Account Type', 'Amount', 'Value Date', 'Narration', 'Employee Number', 'Account Changed (Last 30 Days)'] as const;
export const BANK_XLSX_CONTROL_LABELS = ['Payroll Month', 'Value Date', 'Record Count', 'Total Amount', 'Debit Account Number', 'Debit IFSC'] as const;

const AMOUNT_FORMAT = '0.00';

export async function buildBankTransferXlsx(transfer: BankTransfer, debit: BankDebitAccount | null, monthText: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  const sheet = book.addWorksheet('Payments', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [18, 34, 22, 14, 12, 14, 12, 24, 16, 16];
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  const header = sheet.getRow(1);
  header.values = [...BANK_XLSX_HEADERS];
  header.font = { bold: true };
  sheet.getColumn(6).numFmt = AMOUNT_FORMAT;
  // Account numbers and references are text: Excel would drop leading zeros and round past 15 digits.
  for (const col of [1, 3, 4, 5, 7, 9]) sheet.getColumn(col).numFmt = '@';
  const valueDate = formatBankDate(transfer.valueDate);
  transfer.records.forEach((r, i) => {
    sheet.getRow(i + 2).values = [r.reference, r.beneficiaryName, r.accountNumber, r.ifsc, r.accountType, paiseToRupees(r.amountPaise), valueDate, `Salary ${monthText}`, r.employeeNumber ?? '', r.accountChangedRecently ? 'Yes' : ''];
  });

  const control = book.addWorksheet('Control');
  control.getColumn(1).width = 24;
  control.getColumn(2).width = 22;
  const values: (string | number)[] = [monthText, valueDate, transfer.records.length, paiseToRupees(transfer.totalPaise), debit?.accountNumber ?? '', debit?.ifsc ?? ''];
  BANK_XLSX_CONTROL_LABELS.forEach((label, i) => {
    const row = control.getRow(i + 1);
    row.values = [label, values[i] ?? ''];
    row.getCell(1).font = { bold: true };
  });
  control.getCell(4, 2).numFmt = AMOUNT_FORMAT;
  control.getCell(5, 2).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * A bank format's sheet (layout 'sheet', the ICICI and Axis presets): one worksheet, 'Sheet1' as Excel
 * names a new book's first sheet, holding the format's header row (when it has one) and one row per
 * payment, cell for cell as `bankFileRows` wrote them. Every cell is text (account numbers keep their
 * leading zeros and all 18 digits) except the amount columns, which are numbers shown as the format
 * writes them (0.00 for rupees, 0 for paise) so the bank's sheet validation reads a number.
 */
export async function buildBankFormatXlsx(format: BankFileFormat, rows: { header: readonly string[] | null; rows: readonly (readonly string[])[] }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  const sheet = book.addWorksheet('Sheet1');
  const amountFormat = format.amountFormat === 'paise' ? '0' : AMOUNT_FORMAT;
  format.columns.forEach((column, i) => {
    const cells = sheet.getColumn(i + 1);
    cells.width = Math.min(40, Math.max(10, column.header.length + 2));
    cells.numFmt = column.field === 'amount' ? amountFormat : '@';
  });
  const at = rows.header ? 2 : 1;
  if (rows.header) {
    const head = sheet.getRow(1);
    head.values = [...rows.header];
    head.font = { bold: true };
  }
  rows.rows.forEach((cells, r) => {
    // An amount cell is the format's own text (45231.50 or 4523150) read as a number: exact to the paisa.
    sheet.getRow(at + r).values = cells.map((text, c) => (format.columns[c]?.field === 'amount' ? Number(text) : text));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
