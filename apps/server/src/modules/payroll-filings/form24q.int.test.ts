import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORM24Q_MSG, type Form24QCheck, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const R = (rupees: number) => Math.round(rupees * 100);

/*
 * Form 24Q of Q4 2025-26 (January–March 2026). December 2025, January and February 2026 are
 * finalized; March is only processed (not in the export). Two employees (rupees a month):
 *   P  gross 1,00,000, TDS 9,000 (PAN ABCPM1234K)
 *   Q  gross 40,000, TDS 1,500 in January and 0 in February (no PAN → listed)
 * Σ TDS of the quarter's finalized payslips: 9,000 × 2 + 1,500 = 19,500. TDS of the year: + December's 9,000 + 1,500.
 */
describe.each(BACKENDS)('Form 24Q over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const people: Record<'P' | 'Q', { id: string; number: string; name: string }> = { P: { id: '', number: '', name: '' }, Q: { id: '', number: '', name: '' } };

  const as = (user: SessionUser, url: string) => t.call('GET', url, { token: user.token });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const db = () => t.database.db;
  const CHECK = '/PayrollFilings/Form24Q/check?financialYear=2025-26&quarter=4';
  const FILE = '/PayrollFilings/Form24Q/annexure.xlsx?financialYear=2025-26&quarter=4';

  async function insertRun(month: string, payDate: string, slips: { who: 'P' | 'Q'; gross: number; tds: number }[], status: 'processed' | 'finalized'): Promise<void> {
    const tenantId = admin.tenantId;
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count) VALUES (${tenantId}, ${month}, ${`${month}-01`}, ${payDate}, ${payDate}, 'processed', ${slips.length}) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    for (const s of slips) {
      const p = people[s.who];
      const employee = { name: p.name, employeeNumber: p.number, uan: null, esiNumber: null, pan: null };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${p.id}, ${month}, ${JSON.stringify(employee)}::jsonb, 31, 31, 0, ${R(s.gross)}, ${R(s.tds)}, ${R(s.gross - s.tds)},
                    ${R(s.gross)}, ${R(s.tds)}, 1, '{}'::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES (${tenantId}, ${slip.id}, 0, 'earning', 'BASIC', 'Basic', ${R(s.gross)}, '[]'::jsonb)`);
      if (s.tds > 0) await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES (${tenantId}, ${slip.id}, 1, 'deduction', 'TDS', 'Income Tax (TDS)', ${R(s.tds)}, '[]'::jsonb)`);
    }
    if (status === 'finalized') await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-04-10T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const rows = await queryRows<{ id: string; number: string; first: string; last: string }>(
      db(),
      sql`SELECT id, employee_number AS number, first_name AS first, last_name AS last FROM users WHERE tenant_id = ${admin.tenantId} AND role_id = 3 ORDER BY employee_number LIMIT 2`,
    );
    (['P', 'Q'] as const).forEach((who, i) => {
      const r = rows[i];
      if (!r) throw new Error('not enough demo people');
      people[who] = { id: r.id, number: r.number, name: `${r.first} ${r.last}` };
    });
    await db().execute(sql`UPDATE users SET pan = 'ABCPM1234K' WHERE id = ${people.P.id}`);
    await db().execute(sql`UPDATE users SET pan = NULL WHERE id = ${people.Q.id}`);
    await db().execute(sql`UPDATE tenants SET tan = NULL WHERE id = ${admin.tenantId}`);
    await insertRun('2025-12', '2025-12-31', [{ who: 'P', gross: 100_000, tds: 9_000 }, { who: 'Q', gross: 40_000, tds: 1_500 }], 'finalized');
    await insertRun('2026-01', '2026-01-31', [{ who: 'P', gross: 100_000, tds: 9_000 }, { who: 'Q', gross: 40_000, tds: 1_500 }], 'finalized');
    await insertRun('2026-02', '2026-02-28', [{ who: 'P', gross: 100_000, tds: 9_000 }, { who: 'Q', gross: 40_000, tds: 0 }], 'finalized');
    await insertRun('2026-03', '2026-03-31', [{ who: 'P', gross: 100_000, tds: 9_000 }], 'processed');
    // January's and February's TDS deposited in full (tds-challans.int.test.ts covers the shortfall).
    await db().execute(sql`INSERT INTO tds_challans (tenant_id, bsr_code, deposited_on, serial_number, minor_head, tax_paise, surcharge_paise, cess_paise, interest_paise, fee_paise, others_paise, months)
                           VALUES (${admin.tenantId}, '0510308', '2026-02-07', '00011', '200', ${R(10_500)}, 0, 0, 0, 0, 0, ARRAY['2026-01']),
                                  (${admin.tenantId}, '0510308', '2026-03-07', '00012', '200', ${R(9_000)}, 0, 0, 0, 0, 0, ARRAY['2026-02'])`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('the check: Annexure I per month, totals = Σ payslip TDS, the missing PAN and TAN listed, March not finalized', async () => {
    const res = await as(admin, CHECK);
    expect(res.statusCode, res.body).toBe(200);
    const c = data<Form24QCheck>(res);
    expect(c.months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(c.missingMonths).toEqual(['2026-03']);
    expect(c.warnings).toEqual([FORM24Q_MSG.monthNotFinalized('2026-03')]);
    expect(c.annexureI.map((r) => [r.month, r.userId, r.pan, r.dateOfPayment, r.amountPaid, r.tdsDeducted, r.tdsDeposited])).toEqual([
      ['2026-01', people.P.id, 'ABCPM1234K', '31/01/2026', 100_000, 9_000, 9_000],
      ['2026-01', people.Q.id, 'PANNOTAVBL', '31/01/2026', 40_000, 1_500, 1_500],
      ['2026-02', people.P.id, 'ABCPM1234K', '28/02/2026', 100_000, 9_000, 9_000],
      ['2026-02', people.Q.id, 'PANNOTAVBL', '28/02/2026', 40_000, 0, 0],
    ]);
    const [sum] = await queryRows<{ tds: string }>(
      db(),
      sql`SELECT coalesce(sum(l.amount_paise), 0) AS tds FROM payslip_lines l JOIN payslips s ON s.id = l.payslip_id JOIN payroll_runs r ON r.id = s.run_id
          WHERE r.tenant_id = ${admin.tenantId} AND r.month IN ('2026-01', '2026-02', '2026-03') AND r.status IN ('finalized', 'paid') AND l.code = 'TDS'`,
    );
    expect(R(c.totals.tdsDeducted)).toBe(Number(sum?.tds));
    expect(c.totals).toEqual({ deductees: 2, amountPaid: 280_000, tdsDeducted: 19_500, tdsDeposited: 19_500 });
    expect(c.monthTotals.map((m) => m.tdsDeducted)).toEqual([10_500, 9_000, 0]);
    expect(c.errors.map((e) => [e.userId, e.field])).toEqual([[people.Q.id, 'pan']]);
    expect(c.organisationErrors[0]).toMatch(/no TAN/);
    expect(c.annexureII?.map((r) => [r.userId, r.newRegime, r.tds])).toEqual([
      [people.P.id, expect.stringMatching(/^[YN]$/) as unknown as string, 27_000],
      [people.Q.id, expect.stringMatching(/^[YN]$/) as unknown as string, 3_000],
    ]);
  });

  it('the workbook: Annexure I, II and the validation list; the download is logged', async () => {
    await db().execute(sql`UPDATE tenants SET tan = 'BLRN01234C' WHERE id = ${admin.tenantId}`);
    const res = await t.app.inject({ method: 'GET', url: `/backend/api${FILE}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Form24Q-Q4-2025-26.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Annexure I', 'Annexure II', 'Validation']);
    const one = book.getWorksheet('Annexure I');
    expect(String(one?.getCell(2, 1).value)).toContain('TAN BLRN01234C');
    expect(one?.getRow(5).values).toEqual([undefined, 1, 'January 2026', people.P.number, 'ABCPM1234K', people.P.name, '192', '31/01/2026', '31/01/2026', 100_000, 9_000, 9_000]);
    const lastRows: unknown[][] = [];
    one?.eachRow((row) => lastRows.push(row.values as unknown[]));
    expect(lastRows.at(-1)).toEqual([undefined, '', 'Total for the quarter', '', '', '2 employees', '', '', '', 280_000, 19_500, 19_500]);
    const validation = book.getWorksheet('Validation');
    expect(validation?.getRow(2).values).toEqual([undefined, '', '', 'month', 'March 2026 is not finalized: its payslips are not in this export']);
    expect(validation?.getRow(3).values).toEqual([undefined, people.Q.number, people.Q.name, 'pan', expect.stringMatching(/PAN is missing/) as unknown as string]);
    const logged = await queryRows<{ kind: string; month: string; runId: string | null }>(db(), sql`SELECT kind, month, run_id AS "runId" FROM payroll_reports WHERE tenant_id = ${admin.tenantId} AND kind = 'form24q'`);
    expect(logged).toEqual([{ kind: 'form24q', month: '2026-03', runId: null }]);
  });

  it('Q1–Q3 carry no Annexure II; a quarter without a finalized month is refused; bad input gets a clear message', async () => {
    const q3 = data<Form24QCheck>(await as(admin, '/PayrollFilings/Form24Q/check?financialYear=2025-26&quarter=3'));
    expect(q3.annexureII).toBeNull();
    expect(q3.annexureI).toHaveLength(2);
    const q1 = await as(admin, '/PayrollFilings/Form24Q/check?financialYear=2025-26&quarter=1');
    expect(q1.statusCode).toBe(409);
    expect(q1.body).toContain(FORM24Q_MSG.nothingFinalized(1, '2025-26'));
    const bad = await as(admin, '/PayrollFilings/Form24Q/check?financialYear=2025-2027&quarter=5');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(FORM24Q_MSG.financialYear);
    expect(bad.body).toContain(FORM24Q_MSG.quarter);
  });

  it('roles and tenants: a moderator may, a member may not; another organisation sees none of it', async () => {
    expect((await as(moderator, CHECK)).statusCode).toBe(200);
    expect((await as(member, CHECK)).statusCode).toBe(403);
    expect((await as(member, FILE)).statusCode).toBe(403);
    const theirs = await as(other, CHECK);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.body).not.toContain(people.P.name);
  });
});
