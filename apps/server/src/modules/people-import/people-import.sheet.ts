import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumnField } from '@tankha/contracts';
import { AppError, badRequest } from '../../platform/errors';

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

const EMPTY = 'The file is empty. Download the template and fill one row per employee.';
const TOO_MANY_ROWS = `The file has more than ${IMPORT_MAX_ROWS.toString()} rows; at most ${IMPORT_MAX_ROWS.toString()} can be imported at once. Split it into smaller files.`;
const NOT_XLSX = 'The file could not be read as an Excel workbook (.xlsx).';

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
 * Reads an uploaded CSV or XLSX by its content, not its name: an XLSX is a ZIP container, a CSV
 * must be UTF-8 text without NUL bytes. Anything else is refused. Both are read as streams that
 * stop at the row limit; an XLSX is first checked for what it unpacks to (see checkXlsxContainer).
 */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length === 0) throw badRequest(EMPTY);
  const collector = new RowCollector();
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    checkXlsxContainer(bytes);
    await readXlsxRows(bytes, collector);
    return collector.finish();
  }
  if (bytes.includes(0)) throw badRequest('Only CSV and Excel (.xlsx) files can be imported.');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD')) throw badRequest('The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  // Fed in small pieces: given the whole text at once, csv-parse would turn every line into a
  // record before the first one is looked at.
  const input = Readable.from(piecesOf(text, 16_384));
  const parser = input.pipe(parseCsv({ relax_column_count: true, skip_empty_lines: false }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      collector.add(line, record);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('The CSV file could not be read: check its quotes and separators.');
  } finally {
    input.destroy();
    parser.destroy();
  }
  return collector.finish();
}

function* piecesOf(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function readXlsxRows(bytes: Buffer, collector: RowCollector): Promise<void> {
  const input = Readable.from(bytes);
  // Styles are read so that date cells come back as dates; only the first sheet is read.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[]; // 1-based
        collector.add(row.number, Array.from(values.slice(1), cellText));
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(NOT_XLSX);
  } finally {
    input.destroy();
  }
  if (sheets === 0) throw badRequest('The workbook has no sheets.');
}

/**
 * An XLSX is a ZIP, and a small ZIP can unpack to gigabytes (a 397 KB file held one 400 MB cell).
 * Before any XML is parsed, the central directory is read and every entry's unpacked size is
 * checked against the limits; each entry is then inflated with its declared size as a hard cap
 * (a directory can lie) and must be exactly that size. The entries must follow one another from
 * the start of the file to the directory, so the streaming reader, which walks the local headers,
 * sees exactly the entries checked here.
 */
export const XLSX_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1_000;
const TOO_LARGE_UNPACKED = `The workbook is too large once unpacked (more than ${(XLSX_MAX_UNPACKED_BYTES / 1024 / 1024).toString()} MB). Remove other sheets, images and formatting, or import a CSV file.`;

export function checkXlsxContainer(bytes: Buffer): void {
  const eocd = bytes.lastIndexOf(EOCD_SIGNATURE);
  if (eocd < 0 || eocd + 22 > bytes.length || bytes.length - eocd > 22 + 0xffff) throw badRequest(NOT_XLSX);
  const entryCount = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (bytes.readUInt16LE(eocd + 4) !== 0 || bytes.readUInt16LE(eocd + 6) !== 0) throw badRequest(NOT_XLSX);
  // ZIP64 (0xFFFF entries, 0xFFFFFFFF offsets) is only needed past 4 GB: never a sheet of 5,000 people.
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) throw badRequest(TOO_LARGE_UNPACKED);
  if (entryCount > XLSX_MAX_ENTRIES) throw badRequest(TOO_LARGE_UNPACKED);
  if (directoryOffset + directorySize > eocd) throw badRequest(NOT_XLSX);

  const entries: { localOffset: number; flags: number; method: number; compressedSize: number; size: number }[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== 0x02014b50) throw badRequest(NOT_XLSX);
    const entry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    total += entry.size;
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || total > XLSX_MAX_UNPACKED_BYTES) throw badRequest(TOO_LARGE_UNPACKED);
    if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw badRequest(NOT_XLSX); // encrypted or unusual compression
    entries.push(entry);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }

  let next = 0;
  for (const entry of entries.sort((a, b) => a.localOffset - b.localOffset)) {
    const local = entry.localOffset;
    if (local !== next || local + 30 > directoryOffset || bytes.readUInt32LE(local) !== 0x04034b50) throw badRequest(NOT_XLSX);
    const hasDescriptor = (entry.flags & 8) !== 0;
    if (!hasDescriptor && (bytes.readUInt32LE(local + 18) !== entry.compressedSize || bytes.readUInt32LE(local + 22) !== entry.size)) throw badRequest(NOT_XLSX);
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw badRequest(NOT_XLSX);
    checkUnpackedSize(bytes.subarray(dataStart, dataEnd), entry.method, entry.size);
    next = dataEnd;
    if (hasDescriptor) next += dataEnd + 4 <= directoryOffset && bytes.readUInt32LE(dataEnd) === 0x08074b50 ? 16 : 12;
  }
  if (next !== directoryOffset) throw badRequest(NOT_XLSX);
}

const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Inflates with the declared size as the cap: a lying directory fails here, not in the parser. */
function checkUnpackedSize(data: Buffer, method: number, size: number): void {
  if (method === 0) {
    if (data.length !== size) throw badRequest(NOT_XLSX);
    return;
  }
  let unpacked: Buffer;
  try {
    unpacked = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(TOO_LARGE_UNPACKED);
    throw badRequest(NOT_XLSX);
  }
  if (unpacked.length !== size) throw badRequest(NOT_XLSX);
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
