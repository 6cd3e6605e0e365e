import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PEOPLE_MSG, ifscUnknownMessage, type SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, lowEntropyBytes, multipart, packedRepeat, writeZip, type TestApp, type ZipEntrySpec } from '../../testing';
import { DEMO_LOGINS } from '../../seed/demo';

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number]['field'], string>>;

const csvOf = (rows: Row[]) => {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [IMPORT_COLUMNS.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(IMPORT_COLUMNS.map((c) => cell(row[c.field] ?? '')).join(','));
  return Buffer.from(lines.join('\r\n') + '\r\n');
};

/** A minimal workbook: one sheet whose cells are shared strings (row 1 the template's headers). */
const workbookOf = (dataRows: string[][], options: { sharedStrings?: Buffer; declaredSize?: number; extra?: ZipEntrySpec; sheet?: Buffer } = {}) => {
  const strings: string[] = [];
  const index = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  const column = (i: number) => String.fromCharCode(65 + (i % 26)).padStart(i >= 26 ? 2 : 1, 'A');
  const rowXml = (cells: string[], r: number) => `<row r="${r.toString()}">${cells.map((c, i) => `<c r="${column(i)}${r.toString()}" t="s"><v>${index(c).toString()}</v></c>`).join('')}</row>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${[IMPORT_COLUMNS.map((c) => c.header), ...dataRows].map((cells, i) => rowXml(cells, i + 1)).join('')}</sheetData></worksheet>`;
  const shared =
    options.sharedStrings ??
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`);
  const ns = 'http://schemas.openxmlformats.org';
  return writeZip([
    { name: '[Content_Types].xml', data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`) },
    { name: '_rels/.rels', data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`) },
    { name: 'xl/sharedStrings.xml', data: shared, ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }) },
    ...(options.extra ? [options.extra] : []),
    { name: 'xl/worksheets/sheet1.xml', data: options.sheet ?? Buffer.from(sheet) },
  ]);
};

/** Shared strings with one cell of `megabytes` MB: a few hundred KB packed. */
const hugeSharedStrings = (megabytes: number) =>
  Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>'), Buffer.alloc(megabytes * 1024 * 1024, 'A'), Buffer.from('</t></si></sst>')]);

describe.each(BACKENDS)('Import Users (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Other Import Org' });
  });
  afterAll(async () => {
    await t.close();
  });

  const person = (overrides: Row = {}): Row => {
    n += 1;
    return {
      employeeNumber: `IMP${String(n).padStart(3, '0')}`,
      firstName: 'Meera',
      lastName: 'Iyer',
      email: `meera.import${String(n)}@example.in`,
      dateOfJoining: '15/06/2026',
      experience: '2',
      annualCTC: '7,20,000',
      regimeType: 'New',
      departmentId: 'Engineering',
      employmentType: 'Full Time',
      ...overrides,
    };
  };
  const upload = (url: string, bytes: Buffer, token = admin.token, fields: Record<string, string> = {}, filename = 'people.csv', contentType = 'text/csv') => {
    const form = multipart(fields, { field: 'file', filename, contentType, bytes });
    return t.call('POST', url, { token, body: form.body, headers: form.headers });
  };
  const listed = async (search: string) => (await t.call('GET', `/Users?search=${encodeURIComponent(search)}`, { token: admin.token })).json().data.totalRecords as number;

  it('serves the template as CSV and as an Excel workbook with the columns', async () => {
    const csv = await t.call('GET', '/Users/import/template?format=csv', { token: admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(IMPORT_COLUMNS.map((c) => c.header).join(','));
    const xlsx = await t.call('GET', '/Users/import/template?format=xlsx', { token: admin.token });
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('Employee Number*');
  });

  it('previews every row with its problems, by column', async () => {
    const res = await upload('/Users/import/preview', csvOf([person(), person({ email: 'not-an-email', firstName: 'M3era' }), person({ employeeNumber: 'NSP001' })]));
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ totalRows: 3, validRows: 1, invalidRows: 2 });
    expect(preview.rows[0]).toMatchObject({ rowNumber: 2, errors: [] });
    expect(preview.rows[1].errors).toEqual(
      expect.arrayContaining([
        { column: 'Work Email', message: PEOPLE_MSG.validEmail },
        { column: 'First Name', message: PEOPLE_MSG.alphabeticOnly },
      ]),
    );
    expect(preview.rows[2].errors).toEqual([{ column: 'Employee Number', message: PEOPLE_MSG.employeeNumberExists }]);
  });

  it('bank and statutory numbers: each bad cell named by its column with the form’s message; an IFSC of no branch too', async () => {
    const res = await upload(
      '/Users/import/preview',
      csvOf([
        person({ ifscCode: 'HDFC1234', bankAccountNumber: '12', uan: '12345', esiNumber: '1234', pan: 'ABCP1234K' }),
        person({ ifscCode: 'HDFC0000000', bankAccountNumber: '50100123456789' }),
        person({ ifscCode: 'hdfc 0001753', bankAccountNumber: '5010 0123 4567 89', uan: '1004 2760 7286', esiNumber: '53 0001 2345' }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ totalRows: 3, validRows: 1, invalidRows: 2 });
    expect(preview.rows[0].errors).toEqual(
      expect.arrayContaining([
        { column: 'IFSC Code', message: PEOPLE_MSG.ifscInvalid },
        { column: 'Bank Account Number', message: PEOPLE_MSG.bankAccountInvalid },
        { column: 'UAN', message: PEOPLE_MSG.uanInvalid },
        { column: 'ESI Number', message: PEOPLE_MSG.esiNumberInvalid },
        { column: 'PAN', message: PEOPLE_MSG.panInvalid },
      ]),
    );
    expect(preview.rows[0].errors).toHaveLength(5);
    expect(preview.rows[1].errors).toEqual([{ column: 'IFSC Code', message: ifscUnknownMessage('HDFC0000000') }]);
    expect(preview.rows[2].errors).toEqual([]);
    // Nothing is imported from a file with a bad row.
    const rows = [person({ lastName: 'Bankcheck', ifscCode: 'HDFC0000000', bankAccountNumber: '50100123456789' }), person({ lastName: 'Bankcheck' })];
    expect((await upload('/Users/import', csvOf(rows), admin.token, { mode: 'restricted' })).statusCode).toBe(400);
    expect(await listed('Bankcheck')).toBe(0);
  });

  it('writes nothing when one row is bad', async () => {
    const good1 = person({ lastName: 'Wholefile' });
    const good2 = person({ lastName: 'Wholefile' });
    const bad = person({ lastName: 'Wholefile', annualCTC: 'lots' });
    const res = await upload('/Users/import', csvOf([good1, bad, good2]), admin.token, { mode: 'invite' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Nothing was imported');
    expect(await listed('Wholefile')).toBe(0);
  });

  it('imports every row of a valid file as invited users, with a manager from the same file', async () => {
    const lead = person({ lastName: 'Importlead', email: `lead${String(Date.now())}@example.in` });
    const report = person({ lastName: 'Importreport', reportingManagerId: lead.email ?? '' });
    const res = await upload('/Users/import', csvOf([lead, report]), admin.token, { mode: 'invite' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 2, invited: 2, restricted: 0, invitesFailed: 0 });
    const rows = (await t.call('GET', `/Users?userStatus=3&search=Import`, { token: admin.token })).json().data.data as { id: string; lastName: string; status: number }[];
    expect(rows.map((r) => r.lastName).sort()).toEqual(['Importlead', 'Importreport']);
    const reportId = rows.find((r) => r.lastName === 'Importreport')?.id;
    const employee = (await t.call('GET', `/Users/${reportId ?? ''}`, { token: admin.token })).json().data;
    expect(employee.reportingManagerName).toBe('Meera Importlead');
    expect(employee.annualCTC).toBe(720_000);
    expect(employee.dateOfJoining).toBe('2026-06-15');
    const mails = await t.mailbox(report.email ?? '');
    expect(mails[0]?.links[0]).toContain('/accept-invite/');
  });

  it('imports restricted users without e-mails', async () => {
    const row = person({ lastName: 'Importrestricted' });
    const res = await upload('/Users/import', csvOf([row]), admin.token, { mode: 'restricted' });
    expect(res.json().data).toEqual({ created: 1, invited: 0, restricted: 1, invitesFailed: 0 });
    expect(await t.mailbox(row.email ?? '')).toEqual([]);
    const rows = (await t.call('GET', `/Users?userStatus=4&search=Importrestricted`, { token: admin.token })).json().data.data;
    expect(rows).toHaveLength(1);
  });

  it('reads an Excel file like the CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
    const row = person({ lastName: 'Fromexcel' });
    sheet.addRow(IMPORT_COLUMNS.map((c) => (c.field === 'dateOfJoining' ? new Date(Date.UTC(2026, 6, 1)) : (row[c.field] ?? ''))));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('/Users/import/preview', bytes, admin.token, {}, 'people.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.json().data).toMatchObject({ totalRows: 1, validRows: 1 });
  });

  describe('hostile files stop early (limits while reading, not after)', () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const preview = (bytes: Buffer, filename = 'people.xlsx') => upload('/Users/import/preview', bytes, admin.token, {}, filename, filename.endsWith('.csv') ? 'text/csv' : XLSX);
    const tooLarge = /^The workbook is too large once unpacked \(more than 40 MB\)/;
    const cellTooLong = (part: string) => `A value in the workbook (${part}) is longer than 32,767 characters, Excel's own limit for a cell: the file was not read.`;
    const tooManyRows = `The file has more than ${IMPORT_MAX_ROWS.toString()} rows; at most ${IMPORT_MAX_ROWS.toString()} can be imported at once. Split it into smaller files.`;

    it('the hand-made workbook is readable when honest (control)', async () => {
      const row = person();
      const res = await preview(workbookOf([IMPORT_COLUMNS.map((c) => row[c.field] ?? '')]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ totalRows: 1 });
    });

    it('refuses a sheet whose shared strings unpack to 64 MB, as the directory says (413, before unpacking)', async () => {
      const bytes = workbookOf([], { sharedStrings: hugeSharedStrings(64) });
      expect(bytes.length).toBeLessThan(400_000);
      const res = await preview(bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(tooLarge);
    });

    it('refuses the same bomb when the directory lies about its size: its cell stops at Excel’s limit as it unpacks (422)', async () => {
      const res = await preview(workbookOf([], { sharedStrings: hugeSharedStrings(64), declaredSize: 2_000 }));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(cellTooLong('xl/sharedStrings.xml'));
    });

    it('counts what a part really unpacks to: an image claiming 2,000 bytes, packed 10 to 1, stops past 40 MB (413)', async () => {
      const bytes = workbookOf([], { extra: { name: 'xl/media/image1.png', packed: packedRepeat(lowEntropyBytes(1024 * 1024), 41), declaredSize: 2_000 } });
      expect(bytes.length).toBeLessThan(IMPORT_MAX_BYTES);
      const res = await preview(bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(tooLarge);
    });

    it('refuses one 39 MB inline cell of a 40 KB workbook at Excel’s cell limit (422), before ExcelJS holds it', async () => {
      const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const sheet = Buffer.concat([
        Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`),
        Buffer.alloc(39 * 1024 * 1024, 'A'),
        Buffer.from('</t></is></c></row></sheetData></worksheet>'),
      ]);
      const bytes = workbookOf([], { sheet });
      expect(bytes.length).toBeLessThan(60_000);
      const res = await preview(bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errorCode: 'UNPROCESSABLE_CONTENT', message: cellTooLong('xl/worksheets/sheet1.xml') });
    });

    it('refuses a sheet of 1,000,000 nested elements at 64 levels (422)', async () => {
      const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const sheet = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${'<x>'.repeat(1_000_000)}${'</x>'.repeat(1_000_000)}</sheetData></worksheet>`);
      const res = await preview(workbookOf([], { sheet }));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The workbook was not read: its part xl/worksheets/sheet1.xml nests elements more than 64 levels deep, which no spreadsheet program writes.');
    });

    it('refuses an entry hidden from the central directory (the streaming reader would still see it)', async () => {
      const res = await preview(workbookOf([], { extra: { name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(1024, 'B'), hidden: true } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The file could not be read as an Excel workbook (.xlsx).');
    });

    it('stops an Excel sheet of 12,000 rows at the limit', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Employees');
      sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
      for (let i = 0; i < 12_000; i += 1) sheet.addRow([`E${i.toString()}`, 'A', 'B', `a${i.toString()}@example.in`]);
      const res = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(tooManyRows);
    });

    it('stops a CSV of 880,000 rows at the limit, before reading the rest', async () => {
      const header = IMPORT_COLUMNS.map((c) => c.header).join(',');
      // The unclosed quote at the end is never reached: reading stopped at row 5,001.
      const bytes = Buffer.from(`${header}\n${'x\n'.repeat(880_000)}"unclosed`);
      expect(bytes.length).toBeLessThan(5_242_880);
      const res = await preview(bytes, 'people.csv');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(tooManyRows);
    });

    it('still accepts exactly the limit (blank lines do not count)', async () => {
      const header = IMPORT_COLUMNS.map((c) => c.header).join(',');
      const bytes = Buffer.from(`${header}\n${'x\n\n'.repeat(IMPORT_MAX_ROWS)}`);
      const res = await preview(bytes, 'people.csv');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.totalRows).toBe(IMPORT_MAX_ROWS);
    });
  });

  it('refuses files that are not CSV or Excel by their content, and sheets without the template columns', async () => {
    const pdf = await upload('/Users/import/preview', Buffer.from('%PDF-1.7\n\0binary'), admin.token, {}, 'people.csv');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('Only CSV and Excel (.xlsx) files can be imported.');
    const wrong = await upload('/Users/import/preview', Buffer.from('Name,Email\nA,a@example.in\n'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('does not have the template');
    const empty = await upload('/Users/import/preview', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('is for administrators and moderators only', async () => {
    expect((await t.call('GET', '/Users/import/template?format=csv', { token: member.token })).statusCode).toBe(403);
    expect((await upload('/Users/import/preview', csvOf([person()]), member.token)).statusCode).toBe(403);
  });

  it("cannot use another organisation's departments", async () => {
    // 'Engineering' exists only in the demo organisation; the other organisation's import cannot name it.
    const res = await upload('/Users/import/preview', csvOf([person()]), other.token);
    expect(res.json().data.rows[0].errors).toEqual(expect.arrayContaining([{ column: 'Department', message: "No department named 'Engineering'" }]));
  });
});
