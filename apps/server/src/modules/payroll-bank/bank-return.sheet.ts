import { BANK_RETURN_COLUMNS, BANK_RETURN_MAX_ROWS, PAYROLL_BANK_MSG as MSG, type BankReturnColumn } from '@tankha/contracts';
import { badRequest } from '../../platform/errors';
import { streamSheetRows, type SheetMessages } from '../../platform/files/spreadsheet';

/** One payment row of a bank's return file: its row number in the file and the cells by column. */
export interface ReturnRow {
  rowNumber: number;
  cells: Record<BankReturnColumn, string>;
}

const normalise = (header: string) => header.replace(/[^A-Za-z0-9]+/g, ' ').trim().toLowerCase();
const COLUMN_BY_HEADER = new Map<string, BankReturnColumn>(
  (Object.entries(BANK_RETURN_COLUMNS) as [BankReturnColumn, readonly string[]][]).flatMap(([column, names]) => names.map((n) => [normalise(n), column] as const)),
);
const COLUMNS = Object.keys(BANK_RETURN_COLUMNS) as BankReturnColumn[];

/** Banks put a title or the account above the header: the header is looked for in the first rows. */
const HEADER_SEARCH_ROWS = 10;

const SHEET_MESSAGES: SheetMessages = {
  empty: MSG.returnFileEmpty,
  wrongType: MSG.returnFileType,
  notUtf8: MSG.returnFileNotUtf8,
  unreadableCsv: MSG.returnFileUnreadableCsv,
};

/**
 * Reads a bank's return file (CSV or XLSX, by content): the header row is the first of the first ten
 * that names a Reference and a Status column (their usual bank names are read too); every later
 * non-blank row is a payment. Reading stops at the row limit.
 */
export async function readBankReturn(bytes: Buffer): Promise<ReturnRow[]> {
  const rows: ReturnRow[] = [];
  let columns: (BankReturnColumn | null)[] | null = null;
  let firstCells: string[] | null = null;
  let seen = 0;
  await streamSheetRows(bytes, SHEET_MESSAGES, (rowNumber, cells) => {
    if (cells.every((c) => c.trim() === '')) return;
    if (!columns) {
      seen += 1;
      firstCells ??= cells;
      const mapped = cells.map((c) => COLUMN_BY_HEADER.get(normalise(c)) ?? null);
      if (mapped.includes('reference') && mapped.includes('status')) {
        columns = mapped;
        return;
      }
      if (seen >= HEADER_SEARCH_ROWS) throw badRequest(MSG.returnFileColumns(headerText(firstCells)));
      return;
    }
    if (rows.length === BANK_RETURN_MAX_ROWS) throw badRequest(MSG.returnFileTooManyRows);
    const row: ReturnRow = { rowNumber, cells: Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Record<BankReturnColumn, string> };
    columns.forEach((column, i) => {
      // The first column of a kind wins (a file with two Remarks columns keeps the first).
      if (column && row.cells[column] === '') row.cells[column] = (cells[i] ?? '').trim();
    });
    rows.push(row);
  });
  if (!columns) throw badRequest(firstCells ? MSG.returnFileColumns(headerText(firstCells)) : MSG.returnFileEmpty);
  if (rows.length === 0) throw badRequest(MSG.returnFileNoRows);
  return rows;
}

/** The first row's cells as the message names them (short, so a data row in place of a header stays readable). */
function headerText(cells: readonly string[]): string {
  return cells
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(0, 8)
    .map((c) => (c.length > 30 ? `${c.slice(0, 30)}…` : c))
    .join(', ');
}
