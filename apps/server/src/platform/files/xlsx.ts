import { SaxesParser } from 'saxes';
import { badRequest, payloadTooLarge, unprocessable } from '../errors';
import { ZIP_MAX_RATIO, unpackZip, type ZipEntrySink, type ZipLimits } from './zip';

/**
 * An uploaded XLSX, checked before its sheet is read (xlsx-rows.ts). A workbook is a ZIP of XML
 * parts, and both layers can blow up: a 397 KB file held one 400 MB cell, a 40 KB one a 39 MB cell
 * that cost 260 MB to parse, and a sheet of 1,000,000 nested elements 282 MB. So every part is
 * unpacked by the bounded streaming reader (zip.ts: real bytes counted, 40 MB in all, the ratio of
 * a ZIP bomb refused), and the parts the reader parses are read through an XML parser as they
 * unpack, within Excel's own limits: no text or attribute past 32,767 characters, no nesting past
 * 64 levels.
 */

export const NOT_XLSX = 'The file could not be read as an Excel workbook (.xlsx).';
export const XLSX_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1_000;
export const TOO_LARGE_UNPACKED = `The workbook is too large once unpacked (more than ${(XLSX_MAX_UNPACKED_BYTES / 1024 / 1024).toString()} MB). Remove other sheets, images and formatting, or import a CSV file.`;

/** Excel's own limit on a cell's text (Excel specifications and limits: 32,767 characters). */
export const XLSX_MAX_CELL_CHARS = 32_767;
/** Spreadsheet XML nests about 10 levels (worksheet, sheetData, row, c, is, r, t); drawings about 15. */
export const XLSX_MAX_DEPTH = 64;
/** An element of a workbook carries a dozen attributes; namespace declarations on a root, a few dozen. */
const XLSX_MAX_ATTRIBUTES = 256;
/**
 * Characters the parser may hold before it reports anything (a text, or a tag with its attributes):
 * a cell of 32,767 characters each written as an entity (`&amp;`) fits; past it, the parser would be
 * growing one string without end.
 */
const XLSX_MAX_PENDING_CHARS = 6 * XLSX_MAX_CELL_CHARS;
/** Unpacked text is handed to the parser in pieces of this size, so a long run is caught early. */
const XML_PIECE_BYTES = 64 * 1024;

const tooLong = (part: string) => `A value in the workbook (${part}) is longer than ${XLSX_MAX_CELL_CHARS.toLocaleString('en-IN')} characters, Excel's own limit for a cell: the file was not read.`;

/**
 * The parts xlsx-rows.ts parses: the workbook, its relationships, shared strings, styles and the
 * worksheets (the first sheet may be any of them); every other part is only unpacked and counted.
 */
const PARSED_PARTS = new Set(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedstrings.xml', 'xl/styles.xml']);
const isParsedPart = (path: string) => PARSED_PARTS.has(path.toLowerCase()) || /^xl\/worksheets\/[^/]+[.]xml$/i.test(path);

const XLSX_LIMITS: ZipLimits = {
  maxEntries: XLSX_MAX_ENTRIES,
  maxEntryBytes: XLSX_MAX_UNPACKED_BYTES,
  overEntry: 'refuse',
  maxTotalBytes: XLSX_MAX_UNPACKED_BYTES,
  maxRatio: ZIP_MAX_RATIO,
  messages: {
    unreadable: NOT_XLSX,
    tooMany: TOO_LARGE_UNPACKED,
    tooLarge: TOO_LARGE_UNPACKED,
    ratio: (part) => `The workbook was not read: its part ${part} unpacks to more than ${String(ZIP_MAX_RATIO)} times its packed size, which no spreadsheet program writes.`,
  },
};

/**
 * Checks a workbook's container and content within the limits above; xlsx-rows.ts then reads the
 * same bytes through readXlsxParts. Refusals: 413 past the unpacked size, 422 for a ZIP bomb's
 * ratio or XML past Excel's limits, 400 for what is not a workbook.
 */
export async function checkXlsx(bytes: Buffer): Promise<void> {
  checkXlsxContainer(bytes);
  await unpackZip(bytes, XLSX_LIMITS, (path) => (isParsedPart(path) ? new XmlLimits(path) : IGNORED));
}

/**
 * What a reader does with one part's XML, told as XmlLimits parses it: element names without their
 * namespace prefix (`x:row` is a row), attributes as written.
 */
export interface XmlPartReader {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/**
 * Reads the parts `pick` gives a reader for, and only those (the others are neither unpacked nor
 * counted), within the same limits as checkXlsx: each is parsed as it unpacks, never held whole. A
 * reader may throw an AppError to end the read.
 */
export async function readXlsxParts(bytes: Buffer, pick: (path: string) => XmlPartReader | undefined): Promise<void> {
  await unpackZip(bytes, { ...XLSX_LIMITS, skip: (path) => pick(path) === undefined }, (path) => new XmlLimits(path, pick(path)));
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const IGNORED: ZipEntrySink = { write: () => undefined, end: () => undefined };

/** One XML part read through saxes as it unpacks, refused at the first limit passed. */
class XmlLimits implements ZipEntrySink {
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private depth = 0;
  private attributes = 0;
  /** The parser's position (characters) at its last report. */
  private reportedAt = 0;

  constructor(
    private readonly part: string,
    reader: XmlPartReader = {},
  ) {
    const parser = this.parser;
    const reported = () => {
      this.reportedAt = parser.position;
    };
    const text = (value: string) => {
      reported();
      if (value.length > XLSX_MAX_CELL_CHARS) throw unprocessable(tooLong(part));
    };
    const content = (value: string) => {
      text(value);
      reader.text?.(value);
    };
    parser.on('opentagstart', () => {
      reported();
      this.attributes = 0;
      this.depth += 1;
      if (this.depth > XLSX_MAX_DEPTH) throw unprocessable(`The workbook was not read: its part ${part} nests elements more than ${String(XLSX_MAX_DEPTH)} levels deep, which no spreadsheet program writes.`);
    });
    parser.on('attribute', (attribute) => {
      reported();
      this.attributes += 1;
      if (this.attributes > XLSX_MAX_ATTRIBUTES) throw unprocessable(`The workbook was not read: an element of its part ${part} has more than ${String(XLSX_MAX_ATTRIBUTES)} attributes.`);
      if (attribute.value.length > XLSX_MAX_CELL_CHARS) throw unprocessable(tooLong(part));
    });
    parser.on('opentag', (tag) => {
      reported();
      reader.open?.(localName(tag.name), tag.attributes);
    });
    parser.on('closetag', (tag) => {
      reported();
      this.depth -= 1;
      reader.close?.(localName(tag.name));
    });
    parser.on('text', content);
    parser.on('cdata', content);
    parser.on('comment', text);
    parser.on('processinginstruction', reported);
    parser.on('xmldecl', reported);
    // Excel writes no DOCTYPE; one could only declare entities for a parser to expand.
    parser.on('doctype', () => {
      throw badRequest(NOT_XLSX);
    });
  }

  write(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.length; at += XML_PIECE_BYTES) {
      this.feed(this.decoder.decode(chunk.subarray(at, at + XML_PIECE_BYTES), { stream: true }));
    }
  }

  end(): void {
    this.feed(this.decoder.decode());
    this.parser.close();
  }

  private feed(text: string): void {
    this.parser.write(text);
    if (this.parser.position - this.reportedAt > XLSX_MAX_PENDING_CHARS) throw unprocessable(tooLong(this.part));
  }
}

const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * The container's structure, before anything is unpacked: the central directory is read and its
 * declared sizes checked against the limits (a cheap early refusal; the real bytes are counted as
 * they unpack), and the entries must follow one another from the start of the file to the
 * directory, each local header agreeing with it — so the streaming reader (zip.ts), which walks the
 * local headers, sees exactly the entries the directory lists.
 */
export function checkXlsxContainer(bytes: Buffer): void {
  const eocd = bytes.lastIndexOf(EOCD_SIGNATURE);
  if (eocd < 0 || eocd + 22 > bytes.length || bytes.length - eocd > 22 + 0xffff) throw badRequest(NOT_XLSX);
  const entryCount = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (bytes.readUInt16LE(eocd + 4) !== 0 || bytes.readUInt16LE(eocd + 6) !== 0) throw badRequest(NOT_XLSX);
  // ZIP64 (0xFFFF entries, 0xFFFFFFFF offsets) is only needed past 4 GB: never a sheet of 5,000 people.
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) throw payloadTooLarge(TOO_LARGE_UNPACKED);
  if (entryCount > XLSX_MAX_ENTRIES) throw payloadTooLarge(TOO_LARGE_UNPACKED);
  if (directoryOffset + directorySize > eocd) throw badRequest(NOT_XLSX);

  const entries: { localOffset: number; flags: number; compressedSize: number; size: number }[] = [];
  // Part names are unique, letter case aside (ECMA-376 part 2, 9.1.1.1): a second copy is a part read twice.
  const names = new Set<string>();
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
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || total > XLSX_MAX_UNPACKED_BYTES) throw payloadTooLarge(TOO_LARGE_UNPACKED);
    if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw badRequest(NOT_XLSX); // encrypted or unusual compression
    const name = bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28)).toLowerCase();
    if (names.has(name)) throw badRequest(NOT_XLSX);
    names.add(name);
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
    next = dataEnd;
    if (hasDescriptor) next += dataEnd + 4 <= directoryOffset && bytes.readUInt32LE(dataEnd) === 0x08074b50 ? 16 : 12;
  }
  if (next !== directoryOffset) throw badRequest(NOT_XLSX);
}
