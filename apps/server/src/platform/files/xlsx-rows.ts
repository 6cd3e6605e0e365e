import { badRequest, payloadTooLarge } from '../errors';
import { NOT_XLSX, readXlsxParts, type XmlPartReader } from './xlsx';

/**
 * The first sheet of an uploaded workbook, row by row, read by us rather than by ExcelJS's streaming
 * reader: that one walks the ZIP's entries in a single pass and, racing itself, now and then lost
 * xl/workbook.xml when it was the last entry — where ExcelJS writes it — so about 1 in 75 of our own
 * templates, filled in and uploaded back, was refused as "not a workbook".
 *
 * Two passes over the bytes, each through xlsx.ts's bounded unpacking (the ZIP-bomb limits) and its
 * XML limits: the first reads the small parts (which sheet is first, the 1904 date system, shared
 * strings, which styles are dates), the second streams that sheet's XML to `onRow` as each row
 * closes; the sheet is never held whole.
 */

export const NO_SHEETS = 'The workbook has no sheets.';
/**
 * Shared strings are held for the second pass. 20,000 rows of 50 different texts fit; a table past
 * either limit is text no import reads.
 */
export const XLSX_MAX_SHARED_STRINGS = 1_000_000;
const XLSX_MAX_SHARED_CHARS = 20_000_000;
export interface SharedStringLimits {
  count: number;
  chars: number;
}
const SHARED_STRING_LIMITS: SharedStringLimits = { count: XLSX_MAX_SHARED_STRINGS, chars: XLSX_MAX_SHARED_CHARS };
export const TOO_MUCH_TEXT = `The workbook holds more text than can be read (more than ${XLSX_MAX_SHARED_STRINGS.toLocaleString('en-IN')} different texts or ${XLSX_MAX_SHARED_CHARS.toLocaleString('en-IN')} characters). Remove other sheets, or import a CSV file.`;

/**
 * Cells read from the left of each row: neither sheet needs more, and a lone cell in column XFD
 * costs no more than one in column IV (Excel 2003's last).
 */
const SHEET_MAX_COLUMNS = 256;

/** Number formats built into Excel that show a date or a time (ECMA-376 part 1, 18.8.30; 27–36 and 50–58 are East Asian dates). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/**
 * A custom format shows a date when a date or time code is left once literals are taken out: quoted
 * text, escaped characters (`\-`), spacing and fill (`_)`, `*-`) and bracketed sections (colours,
 * currencies `[$₹-4009]`, locales `[$-409]`, conditions). `[h]:mm` keeps its `mm`. "General" and
 * `#,##0.00 "days"` have no such letter left.
 */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare.replace(/general/gi, ''));
}

/** Excel's serial day (1900 system: day 1 = 1900-01-01 after its leap-year bug, so 25,569 = 1970-01-01) as YYYY-MM-DD. */
function serialDate(serial: number, date1904: boolean): string | null {
  // Day 0 to 9999-12-31, the range Excel shows as dates.
  if (!(serial >= 0 && serial < 2_958_466)) return null;
  return new Date(Math.round((serial - 25_569 + (date1904 ? 1_462 : 0)) * 86_400_000)).toISOString().slice(0, 10);
}

/** `_x000D_` is how Excel writes a character XML cannot hold (ECMA-376 part 1, 22.9.2.19); `_x005F_` escapes a literal one. */
const decodeEscapes = (text: string) => (text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

const isTrue = (value: string | undefined) => value === '1' || value === 'true';
const attribute = (attributes: Readonly<Record<string, string>>, local: string) => Object.entries(attributes).find(([name]) => name === local || name.endsWith(`:${local}`))?.[1];

/** A relationship's target as a part name: relative to xl/ (`worksheets/sheet1.xml`, `../xl/…`) or absolute (`/xl/…`). */
export function partName(target: string): string {
  const segments = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** What the first pass finds: enough to read the sheet's cells as their text. */
interface WorkbookInfo {
  workbookSeen: boolean;
  firstSheetRelId: string | null;
  sheetCount: number;
  date1904: boolean;
  targets: Map<string, string>;
  sharedStrings: string[];
  /** cellXfs by index: does the style show a date. */
  dateStyles: boolean[];
}

function workbookReader(info: WorkbookInfo): XmlPartReader {
  return {
    open(name, attributes) {
      info.workbookSeen = true;
      if (name === 'workbookPr') info.date1904 = isTrue(attributes.date1904);
      if (name === 'sheet') {
        info.sheetCount += 1;
        if (info.sheetCount === 1) info.firstSheetRelId = attribute(attributes, 'id') ?? null;
      }
    },
  };
}

function relationshipsReader(info: WorkbookInfo): XmlPartReader {
  return {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target && attributes.TargetMode !== 'External') info.targets.set(attributes.Id, attributes.Target);
    },
  };
}

/** `<si>` → the text of its `<t>`s (plain or rich-text runs), leaving out phonetic guides (`<rPh>`). */
function sharedStringsReader(info: WorkbookInfo, limits: SharedStringLimits): XmlPartReader {
  let inItem = false;
  let inPhonetic = false;
  let inText = false;
  let text = '';
  let chars = 0;
  return {
    open(name) {
      if (name === 'si') {
        inItem = true;
        text = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && inItem && !inPhonetic) inText = true;
    },
    text(value) {
      if (!inText) return;
      text += value;
      chars += value.length;
      if (chars > limits.chars) throw payloadTooLarge(TOO_MUCH_TEXT);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        inItem = false;
        if (info.sharedStrings.length === limits.count) throw payloadTooLarge(TOO_MUCH_TEXT);
        info.sharedStrings.push(decodeEscapes(text));
      }
    },
  };
}

/** `cellXfs` → whether each style's number format shows a date (custom `numFmts` first, then Excel's built-in ones). */
function stylesReader(info: WorkbookInfo): XmlPartReader {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let parent: 'numFmts' | 'cellXfs' | null = null;
  return {
    open(name, attributes) {
      if (name === 'numFmts' || name === 'cellXfs') parent = name;
      else if (name === 'numFmt' && parent === 'numFmts') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'xf' && parent === 'cellXfs') formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === parent) parent = null;
      if (name === 'styleSheet') {
        info.dateStyles = formatIds.map((id) => {
          const custom = customFormats.get(id);
          return custom === undefined ? BUILTIN_DATE_FORMATS.has(id) : isDateFormat(custom);
        });
      }
    },
  };
}

/** A cell reference's column (A = 1, XFD = 16,384), or null when it has none. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/**
 * The sheet's rows as they close: each row's cells from column A to its last cell (at most
 * SHEET_MAX_COLUMNS: a cell further right is not read), the columns it skips as ''. A row or cell without its reference (`r`, optional
 * in the format) follows the one before it.
 */
function sheetReader(info: WorkbookInfo, onRow: (rowNumber: number, cells: string[]) => void): XmlPartReader {
  let inSheetData = false;
  let rowNumber = 0;
  let cells: string[] | null = null;
  let column = 0;
  // The open cell: its column (null past SHEET_MAX_COLUMNS: not read), type, style and text.
  let cell: { column: number; type: string; style: number; value: string; inline: string; hasValue: boolean } | null = null;
  let inValue = false;
  let inInline = false;
  let inPhonetic = false;
  let inInlineText = false;

  const cellText = (c: NonNullable<typeof cell>): string => {
    switch (c.type) {
      case 's':
        return c.value.trim() === '' ? '' : (info.sharedStrings[Number(c.value)] ?? '');
      case 'inlineStr':
        return decodeEscapes(c.inline);
      case 'str':
        return decodeEscapes(c.value);
      case 'b':
        return c.hasValue ? String(Number(c.value) !== 0) : '';
      case 'e':
        return '';
      case 'd': // an ISO 8601 date (Strict files)
        return /^\d{4}-\d{2}-\d{2}/.test(c.value) ? c.value.slice(0, 10) : c.value.trim();
      default: {
        const text = c.value.trim();
        if (text === '') return '';
        const number = parseFloat(text);
        if (!Number.isFinite(number)) return text;
        return (info.dateStyles[c.style] ? serialDate(number, info.date1904) : null) ?? String(number);
      }
    }
  };

  return {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (name === 'row') {
        const r = Number(attributes.r);
        rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        cells = [];
        column = 0;
      } else if (name === 'c' && cells) {
        column = columnOf(attributes.r) ?? column + 1;
        const style = Number(attributes.s ?? 0);
        cell = column <= SHEET_MAX_COLUMNS ? { column, type: attributes.t ?? 'n', style: Number.isInteger(style) ? style : 0, value: '', inline: '', hasValue: false } : null;
      } else if (cell) {
        if (name === 'v') {
          inValue = true;
          cell.hasValue = true;
        } else if (name === 'is') inInline = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && inInline && !inPhonetic) inInlineText = true;
      }
    },
    text(value) {
      if (!cell) return;
      if (inValue) cell.value += value;
      else if (inInlineText) cell.inline += value;
    },
    close(name) {
      if (name === 'sheetData') inSheetData = false;
      else if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inInlineText = false;
      else if (name === 'c') {
        if (cells) {
          // A cell past the last column read still makes the row that wide (as ExcelJS's rows were).
          while (cells.length < Math.min(column, SHEET_MAX_COLUMNS)) cells.push('');
          if (cell) cells[cell.column - 1] = cellText(cell);
        }
        cell = null;
      } else if (name === 'row' && cells) {
        const row = cells;
        cells = null;
        onRow(rowNumber, row);
      }
    },
  };
}


/**
 * Streams the first sheet's rows (the first in the workbook's tab order) to `onRow(rowNumber, cells)`,
 * every `<row>` the sheet holds, empty ones too: text as typed, numbers as JavaScript writes them,
 * dates (a number in a date or time format) as YYYY-MM-DD, booleans as 'true'/'false', errors and
 * empty cells as ''. Run checkXlsx first: this reads only the parts it needs. An AppError thrown by
 * `onRow` ends the read and is passed on as it is. `limits` are the shared strings' (tests make them small).
 */
export async function readXlsxRows(bytes: Buffer, onRow: (rowNumber: number, cells: string[]) => void, limits = SHARED_STRING_LIMITS): Promise<void> {
  const info: WorkbookInfo = { workbookSeen: false, firstSheetRelId: null, sheetCount: 0, date1904: false, targets: new Map(), sharedStrings: [], dateStyles: [] };
  // checkXlsxContainer refused a part named twice: one reader per name.
  const readers = new Map<string, XmlPartReader>([
    ['xl/workbook.xml', workbookReader(info)],
    ['xl/_rels/workbook.xml.rels', relationshipsReader(info)],
    ['xl/sharedstrings.xml', sharedStringsReader(info, limits)],
    ['xl/styles.xml', stylesReader(info)],
  ]);
  await readXlsxParts(bytes, (path) => readers.get(path.toLowerCase()));
  if (!info.workbookSeen) throw badRequest(NOT_XLSX);
  if (info.sheetCount === 0) throw badRequest(NO_SHEETS);
  const target = info.firstSheetRelId === null ? undefined : info.targets.get(info.firstSheetRelId);
  if (target === undefined) throw badRequest(NOT_XLSX);

  const sheetPath = partName(target).toLowerCase();
  const sheet = sheetReader(info, onRow);
  let sheetSeen = false;
  await readXlsxParts(bytes, (path) => {
    if (path.toLowerCase() !== sheetPath) return undefined;
    sheetSeen = true;
    return sheet;
  });
  // Listed in the workbook but not in the file: not a workbook any program wrote.
  if (!sheetSeen) throw badRequest(NOT_XLSX);
}
