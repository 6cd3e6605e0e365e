import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, PEOPLE_MSG, type SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, multipart, type TestApp } from '../../testing';
import { DEMO_LOGINS } from '../../db/seed/demo';

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number]['field'], string>>;

const csvOf = (rows: Row[]) => {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [IMPORT_COLUMNS.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(IMPORT_COLUMNS.map((c) => cell(row[c.field] ?? '')).join(','));
  return Buffer.from(lines.join('\r\n') + '\r\n');
};

describe.each(BACKENDS)('Import Users (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.seedDemo();
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
