import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumnField } from '@tankha/contracts';
import { badRequest } from '../../platform/errors';

/** One data row of an uploaded sheet: its spreadsheet row number and the cells by form field. */
export interface SheetRow {
  rowNumber: number;
  cells: Partial<Record<ImportColumnField, string>>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const normalise = (header: string) => header.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
const FIELD_BY_HEADER = new Map<string, ImportColumnField>(IMPORT_COLUMNS.map((c) => [normalise(c.header), c.field]));

/** Excel stores dates as Date cells; everything else is read as the text the user typed. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

function toRows(matrix: string[][]): SheetRow[] {
  const [header, ...body] = matrix;
  if (!header) throw badRequest('The file is empty. Download the template and fill one row per employee.');
  const fields = header.map((h) => FIELD_BY_HEADER.get(normalise(h)) ?? null);
  const missing = IMPORT_COLUMNS.filter((c) => c.header.endsWith('*') && !fields.includes(c.field)).map((c) => c.header.replace('*', ''));
  if (missing.length > 0) throw badRequest(`The file does not have the template's columns: ${missing.join(', ')}. Download the template and copy your data into it.`);
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return; // blank lines are not rows
    const row: SheetRow = { rowNumber: i + 2, cells: {} };
    fields.forEach((field, col) => {
      if (field) row.cells[field] = (cells[col] ?? '').trim();
    });
    rows.push(row);
  });
  if (rows.length === 0) throw badRequest('The file has no employees in it. Fill one row per employee below the header.');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(`The file has ${rows.length.toString()} rows; at most ${IMPORT_MAX_ROWS.toString()} can be imported at once. Split it into smaller files.`);
  return rows;
}

/**
 * Reads an uploaded CSV or XLSX by its content, not its name: an XLSX is a ZIP container, a CSV
 * must be UTF-8 text without NUL bytes. Anything else is refused.
 */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length === 0) throw badRequest('The file is empty. Download the template and fill one row per employee.');
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest('The file could not be read as an Excel workbook (.xlsx).');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw badRequest('The workbook has no sheets.');
    const matrix: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const values = row.values as ExcelJS.CellValue[]; // 1-based
      matrix[rowNumber - 1] = values.slice(1).map(cellText);
    });
    return toRows(Array.from(matrix, (r) => r ?? []));
  }
  if (bytes.includes(0)) throw badRequest('Only CSV and Excel (.xlsx) files can be imported.');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD')) throw badRequest('The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  let matrix: string[][];
  try {
    matrix = parseCsv(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw badRequest('The CSV file could not be read: check its quotes and separators.');
  }
  return toRows(matrix);
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
