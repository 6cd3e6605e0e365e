import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, FILINGS_MSG, PAYROLL_MSG, type EcrCheck, type EsicCheck, type Journal, type LedgerAccountRow, type PayrollFilings, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

type Line = [section: 'earning' | 'deduction' | 'employer', code: string, label: string, rupees: number, explanation?: string[]];
interface Slip {
  who: string;
  payableDays: number;
  lopDays: number;
  wages: { pf?: number; eps?: number; edli?: number; esi?: number };
  lines: Line[];
}

const R = (rupees: number) => Math.round(rupees * 100);
const KA_PT = (gross: string) => [`Professional tax, Karnataka, on the month's gross ${gross}: ₹200`];

/*
 * October 2026 (31 days), Karnataka. September finalized before it. People (rupees):
 *   A  Basic 20,000, PF restricted: EPF 1,800; employer EPF 550 + EPS 1,250. UAN 100427607286.
 *   B  Born 1966 (60): Basic 30,000; EPF 1,800; employer EPF 1,800, no EPS; PT 200. UAN 100427607287.
 *   C  Basic 18,000; EPF 1,800; employer 550 + 1,250. No UAN → the ECR rejects the line.
 *   D  Left on 14 Oct: Basic 8,000 × 14/31 = 3,613; ESI 0.75% = 27.10 ↑ 28, 3.25% = 117.42 ↑ 118. IP 5300000001.
 *   E  Basic 18,000 × 29.5/31 = 17,129; ESI 129 / 557; 1.5 days LOP. IP 5300000002.
 *   G  Basic 25,000: above the ESI ceiling from October (IP in September) → reason 4. IP 5300000004. PT 200.
 * September: D, E, F and G charged ESI; F (IP 5300000003) has no October payslip and no leaving date.
 */
const OCTOBER: Slip[] = [
  { who: 'A', payableDays: 31, lopDays: 0, wages: { pf: 15_000, eps: 15_000, edli: 15_000 }, lines: [['earning', 'BASIC', 'Basic', 20_000], ['deduction', 'EPF_EE', 'Provident Fund (EPF)', 1_800], ['employer', 'EPF_ER', 'EPF (employer)', 550], ['employer', 'EPS_ER', 'EPS (employer)', 1_250]] },
  {
    who: 'B',
    payableDays: 31,
    lopDays: 0,
    wages: { pf: 15_000, eps: 0, edli: 15_000 },
    lines: [['earning', 'BASIC', 'Basic', 30_000], ['deduction', 'EPF_EE', 'Provident Fund (EPF)', 1_800], ['deduction', 'PT', 'Professional Tax', 200, KA_PT('₹30,000')], ['employer', 'EPF_ER', 'EPF (employer)', 1_800]],
  },
  { who: 'C', payableDays: 31, lopDays: 0, wages: { pf: 15_000, eps: 15_000, edli: 15_000 }, lines: [['earning', 'BASIC', 'Basic', 18_000], ['deduction', 'EPF_EE', 'Provident Fund (EPF)', 1_800], ['employer', 'EPF_ER', 'EPF (employer)', 550], ['employer', 'EPS_ER', 'EPS (employer)', 1_250]] },
  { who: 'D', payableDays: 14, lopDays: 0, wages: { esi: 3_613 }, lines: [['earning', 'BASIC', 'Basic', 3_613], ['deduction', 'ESI_EE', 'ESI', 28], ['employer', 'ESI_ER', 'ESI (employer)', 118]] },
  { who: 'E', payableDays: 29.5, lopDays: 1.5, wages: { esi: 17_129 }, lines: [['earning', 'BASIC', 'Basic', 17_129], ['deduction', 'ESI_EE', 'ESI', 129], ['employer', 'ESI_ER', 'ESI (employer)', 557]] },
  { who: 'G', payableDays: 31, lopDays: 0, wages: {}, lines: [['earning', 'BASIC', 'Basic', 25_000], ['deduction', 'PT', 'Professional Tax', 200, KA_PT('₹25,000')]] },
];
const SEPTEMBER: Slip[] = ['D', 'E', 'F', 'G'].map((who) => ({ who, payableDays: 30, lopDays: 0, wages: { esi: 18_000 }, lines: [['earning', 'BASIC', 'Basic', 18_000], ['deduction', 'ESI_EE', 'ESI', 135], ['employer', 'ESI_ER', 'ESI (employer)', 585]] }));

describe.each(BACKENDS)('statutory files and the payroll journal over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let runId = '';
  let draftRunId = '';
  const people: Record<string, { id: string; number: string; name: string }> = {};

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const db = () => t.database.db;

  async function insertRun(month: string, start: string, end: string, slips: Slip[], status: 'processed' | 'finalized'): Promise<string> {
    const tenantId = admin.tenantId;
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count) VALUES (${tenantId}, ${month}, ${start}, ${end}, ${end}, 'processed', ${slips.length}) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    for (const s of slips) {
      const p = people[s.who];
      if (!p) throw new Error(`no person ${s.who}`);
      const sum = (section: string) => s.lines.filter((l) => l[0] === section).reduce((a, l) => a + R(l[3]), 0);
      const gross = sum('earning');
      const deductions = sum('deduction');
      const wages = { pfWagePaise: R(s.wages.pf ?? 0), epsWagePaise: R(s.wages.eps ?? 0), edliWagePaise: R(s.wages.edli ?? 0), esiWagePaise: R(s.wages.esi ?? 0) };
      // The snapshot as it was at processing: C had no UAN, the others theirs.
      const employee = { name: p.name, employeeNumber: p.number, uan: null, esiNumber: null, designation: null, department: null, pan: null, bankAccount: null, bankName: null, dateOfJoining: '2024-06-01' };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${p.id}, ${month}, ${JSON.stringify(employee)}::jsonb, 31, ${s.payableDays}, ${s.lopDays}, ${gross}, ${deductions}, ${gross - deductions},
                    ${gross + sum('employer')}, 0, 1, '{}'::jsonb, '[]'::jsonb, ${JSON.stringify(wages)}::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      for (const [seq, [section, code, label, rupees, explanation]] of s.lines.entries()) {
        await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
                               VALUES (${tenantId}, ${slip.id}, ${seq}, ${section}, ${code}, ${label}, ${R(rupees)}, ${JSON.stringify(explanation ?? [])}::jsonb)`);
      }
    }
    if (status === 'finalized') await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
    return run.id;
  }

  const download = (user: SessionUser, path: string) => t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${runId}/filings/${path}`, headers: { authorization: `Bearer ${user.token}` } });
  const reports = () => queryRows<{ kind: string; fileName: string; summary: unknown }>(db(), sql`SELECT kind, file_name AS "fileName", summary FROM payroll_reports WHERE run_id = ${runId} ORDER BY generated_at`);

  async function sheetOf(bytes: Buffer, name?: string): Promise<ExcelJS.Worksheet> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = name ? book.getWorksheet(name) : book.worksheets[0];
    if (!sheet) throw new Error(`no sheet ${name ?? ''} in ${book.worksheets.map((w) => w.name).join(', ')}`);
    return sheet;
  }
  /** Rows under the header row named by `headers`, keyed by header. */
  function byHeaders(sheet: ExcelJS.Worksheet, headers: string[]): Record<string, unknown>[] {
    let at = 0;
    let names: unknown[] = [];
    sheet.eachRow((row, n) => {
      const v = row.values as unknown[];
      if (!at && headers.every((h) => v.includes(h))) {
        at = n;
        names = Array.from(v);
      }
    });
    const out: Record<string, unknown>[] = [];
    for (let n = at + 1; n <= sheet.rowCount; n += 1) {
      const v = sheet.getRow(n).values as unknown[];
      if (!v.some((x) => x !== null && x !== undefined && x !== '')) break;
      out.push(Object.fromEntries(Array.from(names, (h, i) => [String(h ?? ''), v[i] ?? null])));
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-11-05T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const rows = await queryRows<{ id: string; number: string; first: string; middle: string | null; last: string }>(
      db(),
      sql`SELECT id, employee_number AS number, first_name AS first, middle_name AS middle, last_name AS last FROM users WHERE tenant_id = ${admin.tenantId} AND role_id = 3 ORDER BY employee_number LIMIT 7`,
    );
    ['A', 'B', 'C', 'D', 'E', 'F', 'G'].forEach((who, i) => {
      const r = rows[i];
      if (!r) throw new Error('not enough demo people');
      people[who] = { id: r.id, number: r.number, name: [r.first, r.middle, r.last].filter((x) => x).join(' ') };
    });
    const set = async (who: string, values: { uan?: string | null; esi?: string | null; dob?: string; left?: string }) => {
      const id = people[who]?.id ?? '';
      await db().execute(sql`UPDATE users SET uan = ${values.uan ?? null}, esi_number = ${values.esi ?? null}, date_of_birth = ${values.dob ?? '1990-01-01'}, date_of_leaving = ${values.left ?? null} WHERE id = ${id}`);
    };
    await set('A', { uan: '100427607286' });
    await set('B', { uan: '100427607287', dob: '1966-05-10' });
    await set('C', { uan: null });
    await set('D', { esi: '5300000001', left: '2026-10-14' });
    await set('E', { esi: '5300000002' });
    await set('F', { esi: '5300000003' });
    await set('G', { esi: '5300000004' });
    await insertRun('2026-09', '2026-09-01', '2026-09-30', SEPTEMBER, 'finalized');
    runId = await insertRun('2026-10', '2026-10-01', '2026-10-31', OCTOBER, 'finalized');
    draftRunId = await insertRun('2026-11', '2026-11-01', '2026-11-30', [OCTOBER[0] as Slip], 'processed');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('the month’s files: what can be downloaded, how many lines, errors and reasons', async () => {
    const res = await as(admin, 'GET', `/PayrollRuns/${runId}/filings`);
    expect(res.statusCode, res.body).toBe(200);
    const files = data<PayrollFilings>(res).files;
    expect(files.map((f) => [f.kind, f.available, f.rows, f.errors])).toEqual([
      ['ecr', true, 3, 1],
      ['esic', true, 4, 0],
      ['pt', true, 6, 0],
      ['lwf', false, 0, 0],
      ['journal', false, 0, 9],
    ]);
    expect(files.find((f) => f.kind === 'lwf')?.reason).toBe(FILINGS_MSG.lwfNotDue('2026-10'));
    expect(files.find((f) => f.kind === 'journal')?.reason).toBe(FILINGS_MSG.journalUnmapped(9));
    expect(files.find((f) => f.kind === 'ecr')?.fileName).toBe('ECR-October-2026.txt');
  });

  it('ECR validation: every line, the one EPFO would reject and why; the over-58 line without EPS', async () => {
    const ecr = data<EcrCheck>(await as(admin, 'GET', `/PayrollRuns/${runId}/filings/ecr`));
    expect(ecr.errors).toEqual([{ userId: people.C?.id, employeeNumber: people.C?.number, name: people.C?.name, field: 'uan', message: 'UAN is missing' }]);
    expect(ecr.lines.map((l) => [l.employeeNumber, l.rejected])).toEqual([
      [people.A?.number, false],
      [people.B?.number, false],
      [people.C?.number, true],
    ]);
    const b = ecr.lines[1];
    expect(b?.text).toBe(`100427607287#~#${(people.B?.name ?? '').toUpperCase()}#~#30000#~#15000#~#0#~#15000#~#1800#~#0#~#1800#~#0#~#0`);
    expect(b?.explanation[0]).toContain('EPS wages 0: aged 60 on 01 Oct 2026');
    expect(ecr.totals).toMatchObject({ members: 2, epfWages: 30_000, employeeShare: 3_600, epsShare: 1_250, employerShare: 2_350 });
  });

  it('ECR download: refused with the list while a line has an error; the valid lines only when asked; recorded', async () => {
    const refused = await download(admin, 'ecr.txt');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, errorCode: ErrorCode.Conflict, message: FILINGS_MSG.ecrHasErrors(1), errors: { [`${people.C?.number ?? ''} ${people.C?.name ?? ''}`]: 'UAN is missing' } });

    const valid = await download(admin, 'ecr.txt?validOnly=true');
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['content-type']).toContain('text/plain');
    expect(valid.headers['content-disposition']).toBe('attachment; filename="ECR-October-2026.txt"');
    const lines = valid.body.split('\n').map((l) => l.split('#~#'));
    expect(lines.map((f) => f.length)).toEqual([11, 11]);
    // A: basic 20,000 restricted to 15,000 → EE 1,800, EPS 1,250, ER 550 (india-tax-rules §10).
    expect(lines[0]).toEqual(['100427607286', (people.A?.name ?? '').toUpperCase(), '20000', '15000', '15000', '15000', '1800', '1250', '550', '0', '0']);
    expect(await reports()).toEqual([{ kind: 'ecr', fileName: 'ECR-October-2026.txt', summary: expect.objectContaining({ employees: 2, excluded: 1 }) }]);
  });

  it('a UAN added to the employee record after the month was finalized clears the error: the whole file downloads', async () => {
    await db().execute(sql`UPDATE users SET uan = '100427607288' WHERE id = ${people.C?.id ?? ''}`);
    const res = await download(admin, 'ecr.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\n').map((l) => l.split('#~#')[0])).toEqual(['100427607286', '100427607287', '100427607288']);
  });

  it('ESIC: reason codes and last working days; refused with the list for a bad IP number; the template read back by its headers', async () => {
    const check = data<EsicCheck>(await as(admin, 'GET', `/PayrollRuns/${runId}/filings/esic`));
    expect(check.rows.map((r) => [r.ipNumber, r.days, r.wages, r.reasonCode, r.lastWorkingDay])).toEqual([
      ['5300000001', 14, 3_613, 2, '14/10/2026'],
      // 29.5 payable days round up to 30.
      ['5300000002', 30, 17_129, 0, ''],
      // G: an IP in September, above the ceiling from October: out of coverage (April/October only).
      ['5300000004', 0, 0, 4, '30/09/2026'],
      // F: an IP in September with no October payslip.
      ['5300000003', 0, 0, 0, ''],
    ]);
    expect(check.warnings.filter((w) => w.field === 'esi').map((w) => w.employeeNumber)).toEqual([people.F?.number]);

    await db().execute(sql`UPDATE users SET esi_number = '53000' WHERE id = ${people.E?.id ?? ''}`);
    const refused = await download(admin, 'esic.xlsx');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: FILINGS_MSG.esicHasErrors(1), errors: { [`${people.E?.number ?? ''} ${people.E?.name ?? ''}`]: 'ESI IP number must be 10 digits (found 53000)' } });
    const partial = await download(admin, 'esic.xlsx?validOnly=true');
    expect(partial.statusCode).toBe(200);
    const sheet = await sheetOf(partial.rawPayload);
    const rows = byHeaders(sheet, ['IP Number (10 Digits)', 'Total Monthly Wages']);
    expect(rows.map((r) => r['IP Number (10 Digits)'])).toEqual(['5300000001', '5300000004', '5300000003']);
    expect(rows[0]).toMatchObject({ 'No of Days for which wages paid/payable during the month': 14, 'Total Monthly Wages': 3_613, 'Last Working Day (Format DD/MM/YYYY or DD-MM-YYYY)': '14/10/2026' });
    await db().execute(sql`UPDATE users SET esi_number = '5300000002' WHERE id = ${people.E?.id ?? ''}`);
    expect((await download(admin, 'esic.xlsx')).statusCode).toBe(200);
  });

  it('Professional Tax statement: Karnataka, the slab from the state table, totals; LWF not due in October', async () => {
    const res = await download(admin, 'professional-tax.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Professional-Tax-October-2026.xlsx"');
    // One sheet per state and registration number (the organisation's Karnataka registration).
    const sheet = await sheetOf(res.rawPayload, 'Karnataka 290512345678');
    const rows = byHeaders(sheet, ['Employee Number', 'Gross Salary', 'Slab', 'PT Deducted']);
    const of = (who: string) => rows.find((r) => r['Employee Number'] === people[who]?.number);
    expect(of('B')).toMatchObject({ 'Gross Salary': 30_000, Slab: '₹25,000 and above', 'PT Deducted': 200 });
    expect(of('A')).toMatchObject({ 'Gross Salary': 20_000, Slab: 'Below ₹25,000', 'PT Deducted': 0 });
    // 200 (B) + 200 (G).
    expect(rows.at(-1)).toMatchObject({ 'Employee Name': 'Total', 'PT Deducted': 400 });

    const lwf = await download(admin, 'lwf.xlsx');
    expect(lwf.statusCode).toBe(409);
    expect(lwf.json()).toMatchObject({ message: FILINGS_MSG.lwfNotDue('2026-10') });
  });

  it('journal: unmapped components block it with the list; the ledger accounts validate; once mapped, debits = credits in XLSX and CSV', async () => {
    const before = data<Journal>(await as(admin, 'GET', `/PayrollRuns/${runId}/filings/journal`));
    // Earnings, the two totals, then deductions and employer contributions as they first appear.
    expect(before.unmapped.map((c) => c.code)).toEqual(['BASIC', 'EMPLOYER_EXPENSE', 'NET_PAY', 'EPF_EE', 'PT', 'ESI_EE', 'EPF_ER', 'EPS_ER', 'ESI_ER']);
    const blocked = await download(admin, 'journal.xlsx');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ message: FILINGS_MSG.journalUnmapped(9), errors: expect.objectContaining({ Basic: 'Debit ₹1,13,742.00: no ledger account' }) });

    const list = await as(admin, 'GET', `/PayrollLedgerAccounts?runId=${runId}`);
    expect(list.statusCode).toBe(200);
    const rows = data<LedgerAccountRow[]>(list);
    expect(rows.find((r) => r.code === 'NET_PAY')).toMatchObject({ section: 'total', group: 'Totals', side: 'credit', accountCode: null });
    expect(rows.find((r) => r.code === 'EPS_ER')).toMatchObject({ group: 'Statutory', side: 'credit' });
    expect(rows.find((r) => r.code === 'BASIC')).toMatchObject({ group: 'Earnings', side: 'debit' });

    const bad = async (accounts: unknown[], field: string, message: string) => {
      const res = await as(admin, 'PUT', '/PayrollLedgerAccounts', { accounts });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(message);
    };
    await bad([{ section: 'earning', code: 'BASIC', accountCode: '5001', accountName: '' }], 'accounts.0.accountName', FILINGS_MSG.accountBoth);
    await bad([{ section: 'earning', code: 'BASIC', accountCode: '', accountName: 'Salaries' }], 'accounts.0.accountCode', FILINGS_MSG.accountBoth);
    await bad([{ section: 'earning', code: 'BASIC', accountCode: '=1+1', accountName: 'Salaries' }], 'accounts.0.accountCode', FILINGS_MSG.accountCodeChars);
    await bad(
      [
        { section: 'earning', code: 'BASIC', accountCode: '5001', accountName: 'Salaries' },
        { section: 'earning', code: 'BASIC', accountCode: '5002', accountName: 'Wages' },
      ],
      'accounts.1.code',
      FILINGS_MSG.accountDuplicate,
    );
    expect(data<LedgerAccountRow[]>(await as(admin, 'GET', '/PayrollLedgerAccounts')).every((r) => r.accountCode === null)).toBe(true);

    const account = (code: string): [string, string] => {
      if (code === 'BASIC') return ['5001', 'Salaries and wages'];
      if (code === 'EMPLOYER_EXPENSE') return ['5002', 'Employer contributions'];
      if (code === 'NET_PAY') return ['2110', 'Salary payable'];
      if (code === 'PT') return ['2103', 'Professional tax payable'];
      if (code.startsWith('ESI')) return ['2102', 'ESI payable'];
      return ['2101', 'PF payable'];
    };
    const saved = await as(admin, 'PUT', '/PayrollLedgerAccounts', {
      accounts: rows.map((r) => ({ section: r.section, code: r.code, accountCode: before.unmapped.some((u) => u.code === r.code) ? account(r.code)[0] : '', accountName: before.unmapped.some((u) => u.code === r.code) ? account(r.code)[1] : '' })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: FILINGS_MSG.ledgerSaved });

    const journal = data<Journal>(await as(admin, 'GET', `/PayrollRuns/${runId}/filings/journal`));
    expect(journal.unmapped).toEqual([]);
    // Gross 1,13,742; employer 550 + 1,250 + 1,800 + 550 + 1,250 + 118 + 557 = 6,075.
    expect(journal.totalDebit).toBe(119_817);
    expect(journal.totalCredit).toBe(119_817);
    expect(journal).toMatchObject({ date: '31/10/2026', reference: 'PAYROLL-2026-10' });

    const xlsx = await download(admin, 'journal.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const lines = byHeaders(await sheetOf(xlsx.rawPayload, 'Journal'), ['Account Code', 'Debit', 'Credit']);
    const total = (k: string) => lines.reduce((s, l) => s + (typeof l[k] === 'number' ? l[k] : 0), 0);
    expect(total('Debit')).toBe(119_817);
    expect(total('Credit')).toBe(119_817);
    // Net pay payable = Σ net pay of the month's payslips.
    const [{ net } = { net: 0 }] = await queryRows<{ net: string }>(db(), sql`SELECT sum(net_paise)::text AS net FROM payslips WHERE run_id = ${runId}`);
    expect(lines.find((l) => l['Account Code'] === '2110')?.Credit).toBe(Number(net) / 100);

    const csv = await download(admin, 'journal.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const csvLines = csv.body.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe('Date,Reference,Account Code,Account Name,Debit,Credit,Narration');
    expect(csvLines).toHaveLength(lines.length + 1);
    expect((await reports()).map((r) => r.kind)).toEqual(['ecr', 'ecr', 'esic', 'esic', 'pt', 'journal', 'journal']);
  });

  it('files exist only for a finalized month; an unknown month is not found', async () => {
    for (const path of ['filings', 'filings/ecr', 'filings/ecr.txt', 'filings/esic', 'filings/esic.xlsx', 'filings/professional-tax.xlsx', 'filings/lwf.xlsx', 'filings/journal', 'filings/journal.xlsx', 'filings/journal.csv']) {
      const res = await as(admin, 'GET', `/PayrollRuns/${draftRunId}/${path}`);
      expect(res.statusCode, path).toBe(409);
      expect(res.json()).toMatchObject({ message: FILINGS_MSG.notFinalized });
      const missing = await as(admin, 'GET', `/PayrollRuns/00000000-0000-4000-8000-000000000000/${path}`);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json()).toMatchObject({ message: PAYROLL_MSG.runNotFound });
    }
    expect((await as(admin, 'GET', '/PayrollRuns/not-a-uuid/filings')).statusCode).toBe(400);
    expect((await as(admin, 'GET', `/PayrollRuns/${runId}/filings/ecr.txt?validOnly=yes`)).statusCode).toBe(400);
  });

  it('roles: members are refused everything; moderators download and read the ledger accounts but cannot change them', async () => {
    const paths = ['filings', 'filings/ecr', 'filings/ecr.txt', 'filings/esic', 'filings/esic.xlsx', 'filings/professional-tax.xlsx', 'filings/journal', 'filings/journal.xlsx', 'filings/journal.csv'];
    for (const path of paths) {
      expect((await as(member, 'GET', `/PayrollRuns/${runId}/${path}`)).statusCode, path).toBe(403);
      expect((await as(moderator, 'GET', `/PayrollRuns/${runId}/${path}`)).statusCode, path).toBe(200);
    }
    expect((await as(member, 'GET', '/PayrollLedgerAccounts')).statusCode).toBe(403);
    expect((await as(moderator, 'GET', '/PayrollLedgerAccounts')).statusCode).toBe(200);
    const body = { accounts: [{ section: 'total', code: 'NET_PAY', accountCode: '9', accountName: 'Nine' }] };
    expect((await as(moderator, 'PUT', '/PayrollLedgerAccounts', body)).statusCode).toBe(403);
    expect((await as(member, 'PUT', '/PayrollLedgerAccounts', body)).statusCode).toBe(403);
    expect(data<LedgerAccountRow[]>(await as(admin, 'GET', '/PayrollLedgerAccounts')).find((r) => r.code === 'NET_PAY')?.accountCode).toBe('2110');
  });

  it('another organisation reaches neither the month’s files nor the ledger accounts', async () => {
    for (const path of ['filings', 'filings/ecr', 'filings/ecr.txt', 'filings/esic.xlsx', 'filings/professional-tax.xlsx', 'filings/journal.csv']) {
      const res = await as(other, 'GET', `/PayrollRuns/${runId}/${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await as(other, 'GET', `/PayrollLedgerAccounts?runId=${runId}`)).statusCode).toBe(404);
    const theirs = data<LedgerAccountRow[]>(await as(other, 'GET', '/PayrollLedgerAccounts'));
    expect(theirs.every((r) => r.accountCode === null)).toBe(true);
    const saved = await as(other, 'PUT', '/PayrollLedgerAccounts', { accounts: [{ section: 'total', code: 'NET_PAY', accountCode: '1', accountName: 'Theirs' }] });
    expect(saved.statusCode).toBe(200);
    expect(data<LedgerAccountRow[]>(await as(admin, 'GET', '/PayrollLedgerAccounts')).find((r) => r.code === 'NET_PAY')?.accountCode).toBe('2110');
  });

  it('four identical PUTs of the ledger accounts at the same moment all succeed and store each account once', async () => {
    // Before: each deleted the organisation's accounts and inserted its own, so on PostgreSQL the later
    // ones hit the first one's uncommitted keys and answered 500 (duplicate key). Now one writer at a time.
    const accounts = (suffix: string) => [
      { section: 'total', code: 'NET_PAY', accountCode: `2110${suffix}`, accountName: 'Salary payable' },
      { section: 'earning', code: 'BASIC', accountCode: `5001${suffix}`, accountName: 'Salaries and wages' },
      { section: 'deduction', code: 'PT', accountCode: `2103${suffix}`, accountName: 'Professional tax payable' },
    ];
    const put = (body: { accounts: object[] }) => t.app.inject({ method: 'PUT', url: '/backend/api/PayrollLedgerAccounts', headers: { authorization: `Bearer ${other.token}` }, payload: body });
    const stored = () => queryRows<{ code: string; account_code: string }>(db(), sql`SELECT code, account_code FROM payroll_ledger_accounts WHERE tenant_id = ${other.tenantId} ORDER BY code`);
    for (let round = 1; round <= 3; round += 1) {
      const replies = await Promise.all([1, 2, 3, 4].map(() => put({ accounts: accounts('') })));
      expect(replies.map((r) => `${String(r.statusCode)} ${r.statusCode === 200 ? '' : r.body}`.trim())).toEqual(['200', '200', '200', '200']);
      expect(await stored()).toEqual([
        { code: 'BASIC', account_code: '5001' },
        { code: 'NET_PAY', account_code: '2110' },
        { code: 'PT', account_code: '2103' },
      ]);
    }
    // Four different mappings at once take turns: the organisation ends with one of them whole.
    const replies = await Promise.all(['1', '2', '3', '4'].map((s) => put({ accounts: accounts(s) })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = await stored();
    expect(final).toHaveLength(3);
    expect(['1', '2', '3', '4'].some((s) => final.every((r) => r.account_code.endsWith(s) && r.account_code.length === 5))).toBe(true);
  });

  it('LWF: in a month it falls due (Karnataka, December) the statement lists each employee’s shares', async () => {
    await db().execute(sql`UPDATE statutory_components SET is_enabled = true, settings = '{"stateCode":"KA"}'::jsonb WHERE tenant_id = ${admin.tenantId} AND component = 'LWF'`);
    const lwfText = ['Labour Welfare Fund, Karnataka (on the 31 December roll, due 15 January): employee ₹50, employer ₹100'];
    const december = await insertRun(
      '2026-12',
      '2026-12-01',
      '2026-12-31',
      [
        { who: 'A', payableDays: 31, lopDays: 0, wages: {}, lines: [['earning', 'BASIC', 'Basic', 20_000], ['deduction', 'LWF_EE', 'Labour Welfare Fund', 50, lwfText], ['employer', 'LWF_ER', 'LWF (employer)', 100, lwfText]] },
        { who: 'B', payableDays: 31, lopDays: 0, wages: {}, lines: [['earning', 'BASIC', 'Basic', 30_000], ['deduction', 'LWF_EE', 'Labour Welfare Fund', 50, lwfText], ['employer', 'LWF_ER', 'LWF (employer)', 100, lwfText]] },
      ],
      'finalized',
    );
    const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${december}/filings/lwf.xlsx`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = byHeaders(await sheetOf(res.rawPayload, 'Karnataka'), ['Employee Number', 'Employee Share', 'Employer Share']);
    expect(rows.map((r) => [r['Employee Share'], r['Employer Share'], r.Total])).toEqual([
      [50, 100, 150],
      [50, 100, 150],
      [100, 200, 300],
    ]);
  });

  it('no request reached a 500', () => {
    expect(t.serverErrors).toEqual([]);
  });
});
