import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { writeZip, type ZipEntrySpec } from '../../testing/zips';
import { NOT_XLSX, XLSX_MAX_CELL_CHARS, XLSX_MAX_DEPTH, checkXlsx } from './xlsx';

const NS = 'http://schemas.openxmlformats.org';
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

/** A minimal workbook whose first sheet's sheetData is `rows`, with extra parts. */
function workbook(rows: string, extra: ZipEntrySpec[] = [], sheet?: Buffer): Buffer {
  return writeZip([
    { name: '_rels/.rels', data: Buffer.from(`${XML}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: Buffer.from(`${XML}<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`${XML}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: sheet ?? Buffer.from(`${XML}<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`) },
    ...extra,
  ]);
}
const inlineCell = (text: string) => `<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`;

async function outcome(bytes: Buffer): Promise<{ status: number; message: string } | 'read'> {
  try {
    await checkXlsx(bytes);
    return 'read';
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}
const tooLong = (part: string) => ({ status: 422, message: `A value in the workbook (${part}) is longer than 32,767 characters, Excel's own limit for a cell: the file was not read.` });

describe('checkXlsx', () => {
  it('reads a workbook ExcelJS wrote, and a cell of exactly 32,767 characters (entities counted as one)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('People').addRows([
      ['Name', 'Joined'],
      ['Meera', new Date(Date.UTC(2026, 5, 1))],
    ]);
    expect(await outcome(Buffer.from(await book.xlsx.writeBuffer()))).toBe('read');
    expect(await outcome(workbook(inlineCell('A'.repeat(XLSX_MAX_CELL_CHARS))))).toBe('read');
    expect(await outcome(workbook(inlineCell('&amp;'.repeat(XLSX_MAX_CELL_CHARS))))).toBe('read');
  });

  it('refuses a cell one character past Excel’s limit (422, naming the part)', async () => {
    expect(await outcome(workbook(inlineCell('A'.repeat(XLSX_MAX_CELL_CHARS + 1))))).toEqual(tooLong('xl/worksheets/sheet1.xml'));
  });

  it('refuses a 39 MB cell in a 40 KB file after reading a few hundred KB of it, not the whole', async () => {
    const sheet = Buffer.concat([Buffer.from(`${XML}<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`), Buffer.alloc(39 * 1024 * 1024, 'A'), Buffer.from('</t></is></c></row></sheetData></worksheet>')]);
    const bytes = workbook('', [], sheet);
    expect(bytes.length).toBeLessThan(60_000);
    const started = performance.now();
    expect(await outcome(bytes)).toEqual(tooLong('xl/worksheets/sheet1.xml'));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an attribute past the limit, an element with 257 attributes, and text in shared strings', async () => {
    expect(await outcome(workbook(`<row r="1" spans="${'1'.repeat(XLSX_MAX_CELL_CHARS + 1)}"/>`))).toEqual(tooLong('xl/worksheets/sheet1.xml'));
    const attributes = Array.from({ length: 257 }, (_, i) => `a${String(i)}="1"`).join(' ');
    expect(await outcome(workbook(`<row r="1" ${attributes}/>`))).toEqual({ status: 422, message: 'The workbook was not read: an element of its part xl/worksheets/sheet1.xml has more than 256 attributes.' });
    const shared = { name: 'xl/sharedStrings.xml', data: Buffer.from(`${XML}<sst xmlns="${NS}/spreadsheetml/2006/main"><si><t>${'B'.repeat(40_000)}</t></si></sst>`) };
    expect(await outcome(workbook('', [shared]))).toEqual(tooLong('xl/sharedStrings.xml'));
  });

  it('refuses nesting past 64 levels: 1,000,000 nested elements stop at the 65th', async () => {
    // worksheet and sheetData are two levels: 62 more make 64.
    expect(await outcome(workbook(`${'<x>'.repeat(XLSX_MAX_DEPTH - 2)}${'</x>'.repeat(XLSX_MAX_DEPTH - 2)}`))).toBe('read');
    const deep = { status: 422, message: 'The workbook was not read: its part xl/worksheets/sheet1.xml nests elements more than 64 levels deep, which no spreadsheet program writes.' };
    expect(await outcome(workbook(`${'<x>'.repeat(XLSX_MAX_DEPTH - 1)}${'</x>'.repeat(XLSX_MAX_DEPTH - 1)}`))).toEqual(deep);
    expect(await outcome(workbook(`${'<x>'.repeat(1_000_000)}${'</x>'.repeat(1_000_000)}`))).toEqual(deep);
  });

  it('refuses a DOCTYPE and broken XML in the parts the reader parses, not in the parts it leaves unread', async () => {
    const doctype = Buffer.from(`${XML}<!DOCTYPE worksheet [<!ENTITY a "aaaa">]><worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData/></worksheet>`);
    expect(await outcome(workbook('', [], doctype))).toEqual({ status: 400, message: NOT_XLSX });
    expect(await outcome(workbook('<row r="1"><c>'))).toEqual({ status: 400, message: NOT_XLSX });
    expect(await outcome(workbook('', [{ name: 'xl/drawings/drawing1.xml', data: Buffer.from('<not-closed>') }]))).toBe('read');
  });

  it('refuses a part that unpacks past the ratio of a ZIP bomb, parsed or not (422)', async () => {
    const zeros = { name: 'xl/media/image1.png', data: Buffer.alloc(3 * 1024 * 1024) };
    expect(await outcome(workbook('', [zeros]))).toEqual({ status: 422, message: 'The workbook was not read: its part xl/media/image1.png unpacks to more than 100 times its packed size, which no spreadsheet program writes.' });
  });
});
