import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumnField } from '@tankha/contracts';
import { badRequest } from '../../platform/errors';
import { streamSheetRows, type SheetMessages } from '../../platform/files/spreadsheet';

/** One data row of an uploaded sheet: its spreadsheet row number and the cells by form field. */
export interface SheetRow {
  rowNumber: number;
  cells: Partial<Record<ImportColumnField, string>>;
}

const normalise = (header: string) => header.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
const FIELD_BY_HEADER = new Map<string, ImportColumnField>(IMPORT_COLUMNS.map((c) => [normalise(c.header), c.field]));

const EMPTY = 'The file is empty. Download the template and fill one row per employee.';
const TOO_MANY_ROWS = `The file has more than ${IMPORT_MAX_ROWS.toString()} rows; at most ${IMPORT_MAX_ROWS.toString()} can be imported at once. Split it into smaller files.`;
const SHEET_MESSAGES: SheetMessages = {
  empty: EMPTY,
  wrongType: 'Only CSV and Excel (.xlsx) files can be imported.',
  notUtf8: 'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  unreadableCsv: 'The CSV file could not be read: check its quotes and separators.',
};

/**
 * Rows as they stream in: the header is checked at once, and reading stops at the first row past
 * IMPORT_MAX_ROWS, so a file with 880,000 rows costs no more than one with 5,001.
 */
class RowCollector {
  private fields: (ImportColumnField | null)[] | null = null;
  readonly rows: SheetRow[] = [];

  /** `rowNumber` is the spreadsheet's (1 = header); a sheet whose first row is further down has no header. */
  add(rowNumber: number, cells: string[]): void {
    if (!this.fields) {
      const header = rowNumber === 1 ? cells : [];
      this.fields = header.map((h) => FIELD_BY_HEADER.get(normalise(h)) ?? null);
      const fields = this.fields;
      const missing = IMPORT_COLUMNS.filter((c) => c.header.endsWith('*') && !fields.includes(c.field)).map((c) => c.header.replace('*', ''));
      if (missing.length > 0) throw badRequest(`The file does not have the template's columns: ${missing.join(', ')}. Download the template and copy your data into it.`);
      if (rowNumber === 1) return;
    }
    if (cells.every((c) => c.trim() === '')) return; // blank lines are not rows
    if (this.rows.length === IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS);
    const row: SheetRow = { rowNumber, cells: {} };
    this.fields.forEach((field, col) => {
      if (field) row.cells[field] = (cells[col] ?? '').trim();
    });
    this.rows.push(row);
  }

  finish(): SheetRow[] {
    if (!this.fields) throw badRequest(EMPTY);
    if (this.rows.length === 0) throw badRequest('The file has no employees in it. Fill one row per employee below the header.');
    return this.rows;
  }
}

/**
 * Reads an uploaded CSV or XLSX by its content, not its name (platform/files/spreadsheet.ts): rows
 * are collected as they stream in and reading stops at the row limit.
 */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length === 0) throw badRequest(EMPTY);
  const collector = new RowCollector();
  await streamSheetRows(bytes, SHEET_MESSAGES, (rowNumber, cells) => collector.add(rowNumber, cells));
  return collector.finish();
}

/** The template: the header row and one example row, as CSV or XLSX. */
export async function buildTemplate(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  const example = IMPORT_COLUMNS.map((c) => c.example);
  if (format === 'csv') {
    const line = (cells: readonly string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    return Buffer.from(`${line(headers)}\r\n${line(example)}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Employees');
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = workbook.addWorksheet('How to fill');
  [
    ['Columns marked * are required.'],
    ['Dates: YYYY-MM-DD or DD/MM/YYYY.'],
    ['Tax Regime: New or Old. Role: Administrator, Moderator or Member (default Member).'],
    ['Department and Employment Type must match names already set up in Tankha.'],
    ['Reporting Manager Email: an existing employee, or someone earlier in this file.'],
    ['Annual CTC in rupees; the salary structure uses the organisation\'s salary components.'],
    ['Nothing is imported unless every row is valid.'],
  ].forEach((r) => notes.addRow(r));
  notes.getColumn(1).width = 90;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
