import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORM24Q_FVU_MSG, TDS_CHALLAN_MSG, type Form24QCheck, type SessionUser, type TdsChallan } from '@tankha/contracts';
import { validateForm24QFvu } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const R = (rupees: number) => Math.round(rupees * 100);

/*
 * TDS challans and the FVU text file of Q3 2025-26 (October–December 2025); the clock is 10 Apr 2026.
 * October and November finalized, two employees (rupees a month):
 *   P  gross 1,00,000, TDS 9,000 (PAN ABCPM1234K)
 *   Q  gross 40,000, TDS 1,500 (PAN ABCPQ5678L)
 * October's 10,500 deposited with one challan (7 Nov); November's with one of 10,000 (7 Dec), 500 short.
 */
describe.each(BACKENDS)('TDS challans and the Form 24Q text file over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const people: Record<'P' | 'Q', { id: string; number: string; name: string }> = { P: { id: '', number: '', name: '' }, Q: { id: '', number: '', name: '' } };
  const QUARTER = 'financialYear=2025-26&quarter=3';
  const FVU = '/PayrollFilings/Form24Q/fvu.txt';
  const ANSWERS = { financialYear: '2025-26', quarter: 3, stateCode: '15', pin: '560001', deductorType: 'K', responsibleName: 'Meera Rao', responsibleDesignation: 'Director', responsiblePan: 'ABCPR1234Q', responsibleMobile: '9876543210', earlierStatementFiled: true };

  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const errorsOf = (res: { json(): unknown }) => (res.json() as { errors?: Record<string, string> }).errors ?? {};
  const db = () => t.database.db;
  const october = { bsrCode: '0510308', depositedOn: '2025-11-07', serialNumber: '00042', minorHead: '200', tax: 10_100, cess: 400, months: ['2025-10'] };

  /** A finalized month; `ytd` the year's taxable gross so far by person (rupees), as the payroll writes it. */
  async function insertRun(month: string, payDate: string, ytd: Partial<Record<'P' | 'Q', number>> = {}): Promise<void> {
    const tenantId = admin.tenantId;
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count) VALUES (${tenantId}, ${month}, ${`${month}-01`}, ${payDate}, ${payDate}, 'processed', 2) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    for (const [who, gross, tds] of [['P', 100_000, 9_000], ['Q', 40_000, 1_500]] as const) {
      const p = people[who];
      const employee = { name: p.name, employeeNumber: p.number, uan: null, esiNumber: null, pan: null };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${p.id}, ${month}, ${JSON.stringify(employee)}::jsonb, 30, 30, 0, ${R(gross)}, ${R(tds)}, ${R(gross - tds)},
                    ${R(gross)}, ${R(tds)}, 1, ${JSON.stringify(ytd[who] === undefined ? {} : { taxableGrossPaise: R(ytd[who]) })}::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES (${tenantId}, ${slip.id}, 0, 'earning', 'BASIC', 'Basic', ${R(gross)}, '[]'::jsonb)`);
      await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES (${tenantId}, ${slip.id}, 1, 'deduction', 'TDS', 'Income Tax (TDS)', ${R(tds)}, '[]'::jsonb)`);
    }
    await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
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
    await db().execute(sql`UPDATE users SET pan = 'ABCPQ5678L' WHERE id = ${people.Q.id}`);
    await db().execute(sql`UPDATE tenants SET tan = 'BLRN01234C', pan = 'AABCK1234L', address = '12 MG Road, Bengaluru' WHERE id = ${admin.tenantId}`);
    await insertRun('2025-10', '2025-10-31');
    await insertRun('2025-11', '2025-11-30');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('records, lists, corrects and deletes a challan', async () => {
    const created = await call(admin, 'POST', '/TdsChallans', october);
    expect(created.statusCode, created.body).toBe(201);
    const c = data<TdsChallan>(created);
    expect(c).toMatchObject({ bsrCode: '0510308', depositedOn: '2025-11-07', serialNumber: '00042', minorHead: '200', tax: 10_100, surcharge: 0, cess: 400, interest: 0, fee: 0, others: 0, total: 10_500, months: ['2025-10'] });
    const [stored] = await queryRows<{ tax: string; cess: string }>(db(), sql`SELECT tax_paise AS tax, cess_paise AS cess FROM tds_challans WHERE id = ${c.id}`);
    expect([Number(stored?.tax), Number(stored?.cess)]).toEqual([R(10_100), R(400)]);
    const spare = data<TdsChallan>(await call(admin, 'POST', '/TdsChallans', { ...october, serialNumber: '00099', tax: 1, cess: 0 }));
    const updated = await call(admin, 'PUT', `/TdsChallans/${spare.id}`, { ...october, serialNumber: '00099', tax: 2, interest: 50, cess: 0 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(data<TdsChallan>(updated)).toMatchObject({ tax: 2, interest: 50, total: 52 });
    expect((await call(admin, 'DELETE', `/TdsChallans/${spare.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/TdsChallans/${spare.id}`)).statusCode).toBe(404);
    const list = data<TdsChallan[]>(await call(admin, 'GET', `/TdsChallans?${QUARTER}`));
    expect(list.map((x) => x.serialNumber)).toEqual(['00042']);
    expect(data<TdsChallan[]>(await call(admin, 'GET', '/TdsChallans?financialYear=2025-26&quarter=2'))).toEqual([]);
  });

  it('a validation message for each field; the same challan twice is refused', async () => {
    const bad = await call(admin, 'POST', '/TdsChallans', { bsrCode: '051030', depositedOn: '2025-13-01', serialNumber: '42', minorHead: '300', tax: -1, surcharge: 1.005, months: [] });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      bsrCode: TDS_CHALLAN_MSG.bsrCode,
      depositedOn: TDS_CHALLAN_MSG.depositedOn,
      serialNumber: TDS_CHALLAN_MSG.serialNumber,
      minorHead: TDS_CHALLAN_MSG.minorHead,
      tax: 'Tax must be between ₹0 and ₹10,00,00,00,000',
      surcharge: 'Surcharge must have at most two decimal places',
      months: TDS_CHALLAN_MSG.months,
    });
    const zero = await call(admin, 'POST', '/TdsChallans', { ...october, serialNumber: '00050', tax: 0, cess: 0, interest: 100 });
    expect(errorsOf(zero)).toEqual({ tax: TDS_CHALLAN_MSG.total });
    const spread = await call(admin, 'POST', '/TdsChallans', { ...october, serialNumber: '00051', months: ['2025-12', '2026-01'] });
    expect(errorsOf(spread)).toEqual({ months: TDS_CHALLAN_MSG.monthsOneQuarter });
    const future = await call(admin, 'POST', '/TdsChallans', { ...october, serialNumber: '00052', depositedOn: '2026-04-11' });
    expect(future.statusCode).toBe(400);
    expect(errorsOf(future)).toEqual({ depositedOn: TDS_CHALLAN_MSG.depositedOnFuture });
    const twice = await call(admin, 'POST', '/TdsChallans', october);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain(TDS_CHALLAN_MSG.duplicate);
  });

  it('deposited comes from the challans; a month short of its challans is warned about', async () => {
    expect((await call(admin, 'POST', '/TdsChallans', { ...october, depositedOn: '2025-12-07', serialNumber: '00043', tax: 10_000, cess: 0, months: ['2025-11'] })).statusCode).toBe(201);
    const check = data<Form24QCheck>(await call(admin, 'GET', `/PayrollFilings/Form24Q/check?${QUARTER}`));
    expect(check.annexureI.map((r) => [r.month, r.userId, r.tdsDeducted, r.tdsDeposited])).toEqual([
      ['2025-10', people.P.id, 9_000, 9_000],
      ['2025-10', people.Q.id, 1_500, 1_500],
      ['2025-11', people.P.id, 9_000, 9_000],
      ['2025-11', people.Q.id, 1_500, 1_000],
    ]);
    expect(check.annexureI.every((r) => r.challanId !== null)).toBe(true);
    expect(check.totals.tdsDeposited).toBe(20_500);
    expect(check.warnings).toContain('TDS deducted in November 2025 exceeds the challans recorded for it by ₹500: record the challan it was deposited with');
  });

  it('the text file: FH, BH, two CD each with its DD records, passing our validator', async () => {
    const res = await call(admin, 'POST', FVU, ANSWERS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Form24Q-Q3-2025-26.txt"');
    const text = res.body;
    expect(validateForm24QFvu(text, '2026-04-10')).toEqual([]);
    const lines = text.split('\r\n').slice(0, -1).map((l) => l.split('^'));
    expect(lines.map((l) => l[1])).toEqual(['FH', 'BH', 'CD', 'DD', 'DD', 'CD', 'DD', 'DD']);
    expect(lines[0]?.[7]).toBe('BLRN01234C');
    expect([lines[1]?.[14], lines[1]?.[18], lines[1]?.[20], lines[1]?.[21], lines[1]?.[46]]).toEqual(['AABCK1234L', expect.any(String) as unknown as string, '12 MG Road', 'Bengaluru', '20500.00']);
    expect([lines[2]?.[11], lines[2]?.[15], lines[2]?.[17], lines[2]?.[26], lines[2]?.[28]]).toEqual(['00042', '0510308', '07112025', '10500.00', '10500.00']);
    expect([lines[7]?.[9], lines[7]?.[13], lines[7]?.[18], lines[7]?.[21]]).toEqual(['ABCPQ5678L', '1500.00', '1000.00', '40000.00']);
  });

  it('refuses with 422 and the problems: a deduction without a challan, a bad PAN', async () => {
    await db().execute(sql`UPDATE users SET pan = 'ABCP5678L' WHERE id = ${people.Q.id}`);
    await db().execute(sql`DELETE FROM tds_challans WHERE tenant_id = ${admin.tenantId} AND serial_number = '00043'`);
    const res = await call(admin, 'POST', FVU, ANSWERS);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The text file has');
    const problems = Object.values(errorsOf(res));
    expect(problems).toContain(`${people.P.number} ${people.P.name}, November 2025: no challan of the month has room for this TDS; record the challan it was deposited with`);
    expect(problems.some((p) => /PAN ABCP5678L is not a PAN/.test(p))).toBe(true);
    await db().execute(sql`UPDATE users SET pan = 'ABCPQ5678L' WHERE id = ${people.Q.id}`);
  });

  it('the text file’s questions have messages', async () => {
    const res = await call(admin, 'POST', FVU, { financialYear: '2025-26', quarter: 3, stateCode: 'K', pin: '5600', responsibleName: '', responsibleDesignation: '', responsiblePan: 'ABC', responsibleMobile: '98' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toMatchObject({
      stateCode: FORM24Q_FVU_MSG.stateCode,
      pin: FORM24Q_FVU_MSG.pin,
      responsibleName: FORM24Q_FVU_MSG.responsibleName,
      responsibleDesignation: FORM24Q_FVU_MSG.responsibleDesignation,
      responsiblePan: FORM24Q_FVU_MSG.responsiblePan,
      responsibleMobile: FORM24Q_FVU_MSG.responsibleMobile,
    });
  });

  it('roles and tenants: a moderator lists but does not record; a member neither; another organisation sees and changes none of it', async () => {
    const [mine] = data<TdsChallan[]>(await call(admin, 'GET', `/TdsChallans?${QUARTER}`));
    if (!mine) throw new Error('no challan');
    expect((await call(moderator, 'GET', `/TdsChallans?${QUARTER}`)).statusCode).toBe(200);
    expect((await call(moderator, 'POST', FVU, ANSWERS)).statusCode).not.toBe(403);
    expect((await call(moderator, 'POST', '/TdsChallans', { ...october, serialNumber: '00060' })).statusCode).toBe(403);
    expect((await call(member, 'GET', `/TdsChallans?${QUARTER}`)).statusCode).toBe(403);
    expect((await call(member, 'POST', FVU, ANSWERS)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/TdsChallans/${mine.id}`)).statusCode).toBe(403);
    expect(data<TdsChallan[]>(await call(other, 'GET', `/TdsChallans?${QUARTER}`))).toEqual([]);
    expect((await call(other, 'PUT', `/TdsChallans/${mine.id}`, october)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/TdsChallans/${mine.id}`)).statusCode).toBe(404);
    const theirs = await call(other, 'POST', FVU, ANSWERS);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.body).not.toContain(people.P.name);
    const [still] = await queryRows<{ n: string }>(db(), sql`SELECT count(*) AS n FROM tds_challans WHERE id = ${mine.id}`);
    expect(Number(still?.n)).toBe(1);
  });

  /*
   * Q4 2025-26: March finalized too (the year so far: P 3,00,000 taxable, Q 1,20,000), its 10,500
   * deposited on 7 Apr 2026. Annexure II follows the challan: per employee an SD record of Form 16
   * Part B's figures (the new regime: standard deduction 75,000 as an S16 record).
   */
  it('the fourth quarter: Annexure II after the challans, each employee’s year as Form 16 Part B computes it', async () => {
    await insertRun('2026-03', '2026-03-31', { P: 300_000, Q: 120_000 });
    expect((await call(admin, 'POST', '/TdsChallans', { ...october, depositedOn: '2026-04-07', serialNumber: '00050', tax: 10_500, cess: 0, months: ['2026-03'] })).statusCode).toBe(201);
    const res = await call(admin, 'POST', FVU, { ...ANSWERS, quarter: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Form24Q-Q4-2025-26.txt"');
    expect(validateForm24QFvu(res.body, '2026-04-10')).toEqual([]);
    const lines = res.body.split('\r\n').slice(0, -1).map((l) => l.split('^'));
    expect(lines.slice(0, 5).map((l) => l[1])).toEqual(['FH', 'BH', 'CD', 'DD', 'DD']);
    const sd = lines.filter((l) => l[1] === 'SD');
    expect(sd).toHaveLength(2);
    expect([lines[1]?.[17], lines[1]?.[48]]).toEqual(['Q4', '2']);
    const p = sd.find((l) => l[6] === 'ABCPM1234K');
    if (!p) throw new Error('no SD record of P');
    // Fields (1-based): 9 name, 11/12 period, 67 s.17(1), 34 taxable by this employer, 36 its TDS, 79 not opting out.
    expect([p[8], p[10], p[11], p[66], p[33], p[35], p[78]]).toEqual([people.P.name, '01102025', '31032026', '300000.00', '300000.00', '27000.00', 'N']);
    const s16 = lines.find((l) => l[1] === 'S16' && l[3] === p[3]);
    expect(s16?.slice(5, 7)).toEqual(['16(ia)', '75000.00']);
    expect([p[16], p[18]]).toEqual(['225000.00', '225000.00']);
  });
});
