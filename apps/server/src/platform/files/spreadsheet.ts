import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { AppError, badRequest } from '../errors';
import { checkXlsx } from './xlsx';
import { readXlsxRows } from './xlsx-rows';

/**
 * Uploaded CSV and XLSX files, read as streams so that no upload is held whole in memory
 * (docs/decisions/0045-import-files-are-limited-while-they-are-read.md): the kind is decided by the content, not the name — an XLSX is a ZIP container (unpacked
 * and its XML checked within Excel's limits: xlsx.ts; its first sheet then read by xlsx-rows.ts), a
 * PDF is neither, a CSV must be UTF-8 text without NUL bytes — and every row is handed to `onRow` as it is read, so a
 * caller that throws at its row limit stops the read: a file of 880,000 rows costs no more than one
 * just over the limit. Used by the people import and the bank return file.
 */

/** The messages a caller words for its own file (an import of employees, a bank's return file). */
export interface SheetMessages {
  empty: string;
  /** Neither a ZIP (XLSX) nor text (a NUL byte), or a PDF. */
  wrongType: string;
  notUtf8: string;
  unreadableCsv: string;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Streams the first sheet's rows (XLSX) or the CSV's records to `onRow(rowNumber, cells)`; rowNumber
 * is the spreadsheet's (1 = the first line). An AppError thrown by `onRow` ends the read and is
 * passed on as it is.
 */
export async function streamSheetRows(bytes: Buffer, messages: SheetMessages, onRow: (rowNumber: number, cells: string[]) => void): Promise<void> {
  if (bytes.length === 0) throw badRequest(messages.empty);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    await checkXlsx(bytes);
    await readXlsxRows(bytes, onRow);
    return;
  }
  // A PDF is text enough to pass for a CSV of one odd column: it is refused as what it is.
  if (bytes.includes(0) || bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw badRequest(messages.wrongType);
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
