import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYROLL_BANK_FORMAT_MSG as FMSG, PAYROLL_BANK_MSG as MSG, presetAsInput, type BankFileFormatDto, type BankFileFormatInput, type BankFilePreview, type SessionUser } from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/*
 * Bank file formats over HTTP (issue 28). September 2025, finalized, two payslips (rupees):
 *
 *   member  40,000.00   HDFC0001753 / 50100111122223, holder "ADITI MEMBER"   → within HDFC (debit HDFC0000001)
 *   admin   2,50,000.00 ICIC0000409 / 040900011122,   holder "ANITA ADMIN"    → RTGS (≥ ₹2,00,000)
 *
 * Expected files are written out here from the layouts, with the employees' numbers and e-mails read from the database.
 */
const MONTH = '2025-09';

const FIXED: BankFileFormatInput = {
  name: 'Our fixed width',
  layout: 'fixedWidth',
  separator: ',',
  header: true,
  lineEnding: 'LF',
  dateFormat: 'DDMMYYYY',
  amountFormat: 'paise',
  narration: 'SAL {month}',
  extension: 'txt',
  paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'INTL' }, standard: 'neft', rtgsFrom: 200_000, internalWhenSameBank: true },
  columns: [
    { field: 'paymentMode', header: 'MODE', width: 4 },
    { field: 'beneficiaryName', header: 'NAME', width: 14 },
    { field: 'accountNumber', header: 'ACCOUNT', width: 16, align: 'right', pad: 'zero' },
    { field: 'amount', header: 'AMOUNT', width: 10, align: 'right', pad: 'zero' },
    { field: 'valueDate', header: 'DATE', width: 8 },
    { field: 'constant', header: 'CCY', width: 3, constant: 'INR' },
  ],
};

describe.each(BACKENDS)('bank file formats (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let moderator: SessionUser;
  let outsider: SessionUser;
  let runId = '';
  let valueDate = '';
  const people: Record<'member' | 'admin', { number: string; email: string }> = { member: { number: '', email: '' }, admin: { number: '', email: '' } };
  const db = () => t.database.db;
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const call = (user: SessionUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const settings = (user: SessionUser, body: Record<string, unknown>) => call(user, 'PUT', '/PayrollBankSettings', { template: 'plainCsv', debitAccountNumber: '50200012345678', debitIfsc: 'HDFC0000001', ...body });
  const download = () => call(admin, 'GET', `/PayrollRuns/${runId}/bank-file?scope=all`);
  const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
  const slash = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    moderator = await t.login(DEMO_LOGINS.moderator);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Bank Formats' });
    const today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    valueDate = addDaysToDate(today, 2);
    const tenantId = admin.tenantId;
    const slips = [
      { who: 'member' as const, id: member.id, paise: 40_000_00, account: '50100111122223', ifsc: 'HDFC0001753', holder: 'ADITI MEMBER' },
      { who: 'admin' as const, id: admin.id, paise: 2_50_000_00, account: '040900011122', ifsc: 'ICIC0000409', holder: 'ANITA ADMIN' },
    ];
    const total = slips.reduce((s, x) => s + x.paise, 0);
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count, gross_paise, deductions_paise, net_paise, employer_cost_paise)
          VALUES (${tenantId}, ${MONTH}, ${`${MONTH}-01`}, ${`${MONTH}-30`}, ${valueDate}, 'processed', 2, ${total}, 0, ${total}, ${total}) RETURNING id`,
    );
    runId = run?.id ?? '';
    for (const s of slips) {
      await db().execute(sql`UPDATE users SET bank_account_number = ${s.account}, ifsc_code = ${s.ifsc}, account_holder_name = ${s.holder} WHERE id = ${s.id}`);
      const [u] = await queryRows<{ name: string; number: string | null; email: string }>(db(), sql`SELECT first_name || ' ' || last_name AS name, employee_number AS number, email FROM users WHERE id = ${s.id}`);
      people[s.who] = { number: u?.number ?? '', email: u?.email ?? '' };
      const employee = { name: u?.name ?? '', employeeNumber: u?.number ?? null, designation: null, department: null, pan: null, uan: null, esiNumber: null, bankAccount: null, bankName: null, dateOfJoining: null };
      const ytd = { grossPaise: s.paise, deductionsPaise: 0, netPaise: s.paise, tdsPaise: 0, lines: [] };
      await db().execute(
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${runId}, ${s.id}, ${MONTH}, ${null}, ${JSON.stringify(employee)}::jsonb, 30, 30, 0, ${s.paise}, 0, ${s.paise},
                    ${s.paise}, 0, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb)`,
      );
    }
    await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${runId}`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** The employees in the file's order (by employee number). */
  const ordered = () => (['member', 'admin'] as const).slice().sort((a, b) => (people[a].number < people[b].number ? -1 : 1));

  it('creates, lists and updates a format of one’s own; the administrator’s, not the member’s', async () => {
    const created = await call(admin, 'POST', '/PayrollBankFormats', FIXED);
    expect(created.statusCode, created.body).toBe(200);
    const dto = data<BankFileFormatDto>(created);
    expect(dto).toMatchObject({ name: 'Our fixed width', layout: 'fixedWidth', paymentMode: { rtgsFrom: 200_000 } });
    expect(dto.columns[0]).toEqual({ field: 'paymentMode', header: 'MODE', width: 4, align: 'left', pad: 'space' });
    expect(data<BankFileFormatDto[]>(await call(admin, 'GET', '/PayrollBankFormats')).map((f) => f.id)).toEqual([dto.id]);
    const renamed = await call(admin, 'PUT', `/PayrollBankFormats/${dto.id}`, { ...FIXED, name: 'Our fixed width v2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(data<BankFileFormatDto>(renamed).name).toBe('Our fixed width v2');

    expect((await call(member, 'POST', '/PayrollBankFormats', FIXED)).statusCode).toBe(403);
    expect((await call(member, 'GET', '/PayrollBankFormats')).statusCode).toBe(403);
    expect((await call(member, 'PUT', `/PayrollBankFormats/${dto.id}`, FIXED)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/PayrollBankFormats/${dto.id}`)).statusCode).toBe(403);
    // Payroll settings are the administrators' (Administrator and Moderator, access.ts payroll.settings.*).
    expect((await call(moderator, 'GET', '/PayrollBankFormats')).statusCode).toBe(200);
  });

  it('refuses a format with each validation message', async () => {
    const bad = async (body: unknown) => {
      const res = await call(admin, 'POST', '/PayrollBankFormats', body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { errors: Record<string, string> }).errors;
    };
    expect(await bad({ ...FIXED, name: ' ' })).toEqual({ name: FMSG.nameRequired });
    expect(await bad({ ...FIXED, name: 'x'.repeat(81) })).toEqual({ name: FMSG.nameTooLong });
    expect(await bad({ ...FIXED, columns: [] })).toEqual({ columns: FMSG.columnsRequired });
    expect(await bad({ ...FIXED, separator: '#' })).toEqual({ separator: FMSG.separatorInvalid });
    expect(await bad({ ...FIXED, dateFormat: 'MM/DD/YYYY' })).toEqual({ dateFormat: FMSG.dateFormatInvalid });
    expect(await bad({ ...FIXED, amountFormat: 'lakhs' })).toEqual({ amountFormat: FMSG.amountFormatInvalid });
    expect(await bad({ ...FIXED, columns: [{ field: 'salary', header: 'X', width: 3 }] })).toEqual({ 'columns.0.field': FMSG.fieldInvalid });
    expect(await bad({ ...FIXED, columns: [{ field: 'ifsc', header: 'IFSC' }] })).toEqual({ 'columns.0.width': FMSG.widthRequired });
    expect(await bad({ ...FIXED, columns: [{ field: 'ifsc', header: 'IFSC', width: 0 }] })).toEqual({ 'columns.0.width': FMSG.widthInvalid });
    expect(await bad({ ...FIXED, columns: [{ field: 'ifsc', header: 'IFSC CODE', width: 4 }] })).toEqual({ 'columns.0.header': FMSG.headerTooWide('IFSC CODE', 4) });
    expect(await bad({ ...FIXED, columns: [{ field: 'constant', header: 'CC', width: 2, constant: 'INR' }] })).toEqual({ 'columns.0.constant': FMSG.constantTooWide('CC', 2) });
    expect(await bad({ ...FIXED, layout: 'delimited', separator: '|', columns: [{ field: 'constant', header: 'Code', constant: 'A|B' }] })).toEqual({ 'columns.0.constant': FMSG.containsSeparator });
    expect(await bad({ ...FIXED, columns: [{ field: 'ifsc', header: ' ', width: 11 }] })).toEqual({ 'columns.0.header': FMSG.columnHeaderRequired });
    expect(await bad({ ...FIXED, paymentMode: { ...FIXED.paymentMode, rtgsFrom: 1_99_999 } })).toEqual({ 'paymentMode.rtgsFrom': FMSG.rtgsFromInvalid });
    expect(await bad({ ...FIXED, paymentMode: { ...FIXED.paymentMode, codes: { ...FIXED.paymentMode.codes, neft: '' } } })).toEqual({ 'paymentMode.codes.neft': FMSG.codeRequired });
    expect(await bad({ ...FIXED, layout: 'xml' })).toEqual({ layout: FMSG.layoutInvalid });
    expect(await bad({ ...FIXED, extension: 'xls' })).toEqual({ extension: FMSG.extensionInvalid });
    expect(await bad({ ...FIXED, layout: 'sheet' })).toEqual({ extension: FMSG.extensionMismatch });
    expect(await bad({ ...FIXED, extension: 'xlsx' })).toEqual({ extension: FMSG.extensionMismatch });
  });

  it('writes the file in a bank preset (HDFC ENet): bytes as the layout says', async () => {
    const none = await call(admin, 'PUT', '/PayrollBankSettings', { template: 'plainCsv', bankFormat: 'hdfc-enet' });
    expect(none.statusCode).toBe(400);
    expect((none.json() as { errors: Record<string, string> }).errors).toEqual({ debitAccountNumber: FMSG.debitAccountRequired });
    const typo = await settings(admin, { bankFormat: 'hdfc' });
    expect((typo.json() as { errors: Record<string, string> }).errors).toEqual({ bankFormat: MSG.bankFormatInvalid });
    const saved = await settings(admin, { bankFormat: 'hdfc-enet' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved)).toMatchObject({ bankFormat: 'hdfc-enet', bankFormatName: 'HDFC Bank ENet bulk upload' });

    const preview = data<BankFilePreview>(await call(admin, 'GET', `/PayrollRuns/${runId}/bank-file/preview?scope=all`));
    expect(preview).toMatchObject({ formatName: 'HDFC Bank ENet bulk upload', fileName: 'Bank-Transfer-September-2025.txt', employees: 2, formatProblems: [] });
    const refs = Object.fromEntries(preview.records.map((r) => [r.name === 'ADITI MEMBER' || r.beneficiaryName === 'ADITI MEMBER' ? 'member' : 'admin', r.reference]));

    const res = await download();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Bank-Transfer-September-2025.txt"');
    const line = { member: `I,${people.member.number},50100111122223,40000.00,ADITI MEMBER,,,,,,,,,${refs.member ?? ''},Salary Sep 2025,,,,,,,,${slash(valueDate)},,HDFC0001753,,,${people.member.email}`, admin: `R,${people.admin.number},040900011122,250000.00,ANITA ADMIN,,,,,,,,,${refs.admin ?? ''},Salary Sep 2025,,,,,,,,${slash(valueDate)},,ICIC0000409,,,${people.admin.email}` };
    expect(res.body).toBe(ordered().map((k) => `${line[k]}\r\n`).join(''));
  });

  it('writes a sheet preset (ICICI CIB) as an Excel workbook: the PAB sheet’s header, one row per payment, text cells and number amounts', async () => {
    const saved = await settings(admin, { bankFormat: 'icici-cib', debitAccountNumber: '000405001234', debitIfsc: 'ICIC0000004' });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = data<BankFilePreview>(await call(admin, 'GET', `/PayrollRuns/${runId}/bank-file/preview?scope=all`));
    expect(preview).toMatchObject({ formatName: 'ICICI Bank CIB bulk upload', fileName: 'Bank-Transfer-September-2025.xlsx', formatProblems: [] });
    const refs = Object.fromEntries(preview.records.map((r) => [r.beneficiaryName === 'ADITI MEMBER' ? 'member' : 'admin', r.reference]));

    const res = await download();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Bank-Transfer-September-2025.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Sheet1']);
    const sheet = book.worksheets[0];
    const rowValues = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    // The columns of ICICI's PAB sheet (docs/decisions 0292); ICIC payee within ICICI → FT, the HDFC payee → NEFT.
    expect(rowValues(1)).toEqual(['PYMT_PROD_TYPE_CODE', 'PYMT_MODE', 'DEBIT_ACC_NO', 'BNF_NAME', 'BENE_ACC_NO', 'BENE_IFSC', 'AMOUNT', 'DEBIT_NARR', 'CREDIT_NARR', 'MOBILE_NUM', 'EMAIL_ID', 'REMARK', 'PYMT_DATE', 'REF_NO', 'ADDL_INFO1', 'ADDL_INFO2', 'ADDL_INFO3', 'ADDL_INFO4', 'ADDL_INFO5']);
    const dashed = `${valueDate.slice(8, 10)}-${valueDate.slice(5, 7)}-${valueDate.slice(0, 4)}`;
    const row = {
      member: ['PAB_VENDOR', 'NEFT', '000405001234', 'ADITI MEMBER', '50100111122223', 'HDFC0001753', 40000, 'Salary Sep 2025', 'Salary Sep 2025', '', people.member.email, '', dashed, refs.member, '', '', '', '', ''],
      admin: ['PAB_VENDOR', 'FT', '000405001234', 'ANITA ADMIN', '040900011122', 'ICIC0000409', 250000, 'Salary Sep 2025', 'Salary Sep 2025', '', people.admin.email, '', dashed, refs.admin, '', '', '', '', ''],
    };
    // ExcelJS reads an empty text cell back as nothing: compare the written cells, blanks as ''.
    const read = (n: number) => Array.from({ length: 19 }, (_, i) => rowValues(n)[i] ?? '');
    expect([read(2), read(3)]).toEqual(ordered().map((k) => row[k]));
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getCell('G2').numFmt).toBe('0.00');
    expect(sheet?.getCell('C2').numFmt).toBe('@');
  });

  it('writes the file in the organisation’s own fixed-width format, and refuses a value that does not fit', async () => {
    const [own] = data<BankFileFormatDto[]>(await call(admin, 'GET', '/PayrollBankFormats'));
    expect((await settings(admin, { bankFormat: own?.id })).statusCode).toBe(200);
    const res = await download();
    expect(res.statusCode, res.body).toBe(200);
    const lines = {
      member: `INTLADITI MEMBER  00501001111222230004000000${ddmmyyyy(valueDate)}INR`,
      admin: `RTGSANITA ADMIN   00000409000111220025000000${ddmmyyyy(valueDate)}INR`,
    };
    expect(res.body).toBe(`MODENAME          ACCOUNT         AMOUNT    DATE    CCY\n${ordered().map((k) => `${lines[k]}\n`).join('')}`);

    // A name column of 11 cannot hold "ADITI MEMBER": nothing is cut, the file is refused and names who and which column.
    const narrow = await call(admin, 'PUT', `/PayrollBankFormats/${own?.id ?? ''}`, { ...FIXED, columns: FIXED.columns.map((c) => (c.field === 'beneficiaryName' ? { ...c, width: 11 } : c)) });
    expect(narrow.statusCode).toBe(200);
    const listed = data<BankFilePreview>(await call(admin, 'GET', `/PayrollRuns/${runId}/bank-file/preview?scope=all`));
    expect(listed.formatProblems).toEqual([expect.stringContaining('NAME "ADITI MEMBER" is longer than the column\'s 11 characters')]);
    const refused = await download();
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(FMSG.renderRefused(1));
    expect(Object.values(body.errors)).toEqual([expect.stringContaining('NAME "ADITI MEMBER" is longer than the column\'s 11 characters')]);
    expect(Object.values(body.errors)[0]).toContain(people.member.number);
  });

  it('keeps formats to their organisation', async () => {
    const [own] = data<BankFileFormatDto[]>(await call(admin, 'GET', '/PayrollBankFormats'));
    const id = own?.id ?? '';
    expect(data<BankFileFormatDto[]>(await call(outsider, 'GET', '/PayrollBankFormats'))).toEqual([]);
    expect((await call(outsider, 'PUT', `/PayrollBankFormats/${id}`, FIXED)).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/PayrollBankFormats/${id}`)).statusCode).toBe(404);
    const borrowed = await settings(outsider, { bankFormat: id });
    expect(borrowed.statusCode).toBe(400);
    expect((borrowed.json() as { errors: Record<string, string> }).errors).toEqual({ bankFormat: MSG.bankFormatInvalid });
    expect(data<BankFileFormatDto[]>(await call(admin, 'GET', '/PayrollBankFormats')).map((f) => f.name)).toEqual([own?.name]);
  });

  it('deleting the chosen format brings back the template; a preset copied is a valid format', async () => {
    const [own] = data<BankFileFormatDto[]>(await call(admin, 'GET', '/PayrollBankFormats'));
    expect((await call(admin, 'DELETE', `/PayrollBankFormats/${own?.id ?? ''}`)).statusCode).toBe(200);
    expect(data(await call(admin, 'GET', '/PayrollBankSettings'))).toMatchObject({ bankFormat: null, bankFormatName: null });
    expect((await call(admin, 'DELETE', `/PayrollBankFormats/${own?.id ?? ''}`)).statusCode).toBe(404);
    const res = await download();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')[0]?.split(',')).toHaveLength(7);
    for (const key of ['sbi-cmp', 'hdfc-enet', 'icici-cib', 'axis-corporate', 'kotak-cms'] as const) {
      const copy = await call(admin, 'POST', '/PayrollBankFormats', presetAsInput(key));
      expect(copy.statusCode, `${key}: ${copy.body}`).toBe(200);
    }
  });
});
