import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import { AppError, badRequest } from '../errors';

/**
 * Uploaded CSV and XLSX files, read as streams (issue 9 "Import files are limited while they are
 * read"): the kind is decided by the content, not the name — an XLSX is a ZIP container (checked
 * entry by entry before any XML is parsed), a CSV must be UTF-8 text without NUL bytes — and every
 * row is handed to `onRow` as it is read, so a caller that throws at its row limit stops the read:
 * a file of 880,000 rows costs no more than one just over the limit. Used by the people import and
 * the bank return file.
 */

/** The messages a caller words for its own file (an import of employees, a bank's return file). */
export interface SheetMessages {
  empty: string;
  /** Neither a ZIP (XLSX) nor text (a NUL byte). */
  wrongType: string;
  notUtf8: string;
  unreadableCsv: string;
}

export const NOT_XLSX = 'The file could not be read as an Excel workbook (.xlsx).';
export const XLSX_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1_000;
const TOO_LARGE_UNPACKED = `The workbook is too large once unpacked (more than ${(XLSX_MAX_UNPACKED_BYTES / 1024 / 1024).toString()} MB). Remove other sheets, images and formatting, or import a CSV file.`;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Excel stores dates as Date cells; everything else is read as the text the user typed. */
export function cellText(value: ExcelJS.CellValue): string {
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

/**
 * Streams the first sheet's rows (XLSX) or the CSV's records to `onRow(rowNumber, cells)`; rowNumber
 * is the spreadsheet's (1 = the first line). An AppError thrown by `onRow` ends the read and is
 * passed on as it is.
 */
export async function streamSheetRows(bytes: Buffer, messages: SheetMessages, onRow: (rowNumber: number, cells: string[]) => void): Promise<void> {
  if (bytes.length === 0) throw badRequest(messages.empty);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    checkXlsxContainer(bytes);
    await readXlsxRows(bytes, onRow);
    return;
  }
  if (bytes.includes(0)) throw badRequest(messages.wrongType);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD')) throw badRequest(messages.notUtf8);
  // Fed in small pieces: given the whole text at once, csv-parse would turn every line into a
  // record before the first one is looked at.
  const input = Readable.from(piecesOf(text, 16_384));
  const parser = input.pipe(parseCsv({ relax_column_count: true, skip_empty_lines: false }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      onRow(line, record);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(messages.unreadableCsv);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

function* piecesOf(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function readXlsxRows(bytes: Buffer, onRow: (rowNumber: number, cells: string[]) => void): Promise<void> {
  const input = Readable.from(bytes);
  // Styles are read so that date cells come back as dates; only the first sheet is read.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[]; // 1-based
        onRow(row.number, Array.from(values.slice(1), cellText));
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
