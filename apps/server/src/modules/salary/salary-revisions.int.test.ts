import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PEOPLE_MSG, SALARY_REVISION_MSG, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SalaryRevision, type SalaryRevisionHistory, type SessionUser, type TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Salary revisions with arrears over HTTP: a raise effective in finalized months is
 * paid in the next run as arrears lines with EPF/ESI on each month's difference, PT on the month's gross
 * including them; re-processing never doubles them; finalized payslips never change; the paying run is
 * recorded at finalize; roles and another organisation.
 *
 * The organisation pays exactly the domain test's structure (packages/domain/src/payroll/arrears): EPF
 * on Basic only (considerAllSalaryComponents off), employer EPF and ESI outside the CTC (gross = CTC),
 * Karnataka professional tax. CTC ₹2,28,000 = Basic ₹1,68,000 a year (₹14,000 a month) + the fixed
 * allowance ₹5,000 a month; the raise: CTC ₹2,76,000 with Basic ₹2,16,000 (₹18,000 a month), the fixed
 * allowance still ₹5,000. Hand-worked (india-tax-rules §10–§12), per month of April–June 2026:
 *   paid: EPF 12% × 14,000 = 1,680; ESI 0.75% × 19,000 = 142.50 ↑ 143, employer 617.50 ↑ 618; PT nil (< 25,000)
 *   due:  EPF 12% × 15,000 (ceiling) = 1,800 → +120; ESI on 23,000 = 172.50 ↑ 173 → +30, employer 747.50 ↑ 748 → +130
 * July pays Basic arrears 3 × 4,000 = 12,000, EPF 360, ESI 90; gross 23,000 + 12,000 = 35,000 ≥ 25,000 → PT 200;
 * deductions 1,800 + 360 + 173 + 90 + 200 = 2,623; net 32,377.
 */
describe.each(BACKENDS)('salary revisions with arrears (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let demoModerator: SessionUser;
  let demoMember: SessionUser;
  let demoAdmin: SessionUser;
  let tenantId = '';
  const ids = { asha: '', bala: '', chitra: '' };
  let basicId = '';
  let july: PayrollRun;

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const call = (method: string, url: string, body?: unknown) => as(admin, method, url, body);
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const structure = (annualCTC: number, basicAnnual: number) => ({ annualCTC, regimeType: 1, earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: basicAnnual }] });
  const hire = async (key: keyof typeof ids, first: string) => {
    const res = await call('POST', '/Users/restricted', {
      firstName: first,
      lastName: 'Rao',
      email: `${first.toLowerCase()}@hampi.example.in`,
      dateOfJoining: '2025-01-06',
      experience: 1,
      employeeNumber: `HS${key.toUpperCase()}`,
      pan: 'ABCPE1234F',
      bankAccountNumber: '001234567890',
      bankName: 'Canara Bank',
      ifscCode: 'CNRB0000002',
      ...structure(228_000, 168_000),
    });
    const created = data<{ id?: string; userId?: string }>(res);
    ids[key] = created.userId ?? created.id ?? '';
  };
  const runMonth = async (): Promise<PayrollRun> => {
    const run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    return data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
  };
  const payslipOf = async (run: PayrollRun, userId: string): Promise<Payslip> => {
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    const row = rows.find((r) => r.userId === userId);
    return data<Payslip>(await call('GET', `/Payslips/${row?.payslipId ?? ''}`));
  };
  const linesOf = (slip: Payslip) => Object.fromEntries(slip.lines.map((l) => [l.code, l.amount]));
  const finalizedLines = () =>
    queryRows<{ month: string; userId: string; code: string; amount: number }>(
      t.database.db,
      sql`SELECT p.month, p.user_id AS "userId", l.code, l.amount_paise::float8 AS amount FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id
           JOIN payroll_runs r ON r.id = p.run_id WHERE p.tenant_id = ${tenantId} AND r.status IN ('finalized', 'paid') AND p.month < '2026-07' ORDER BY 1, 2, 3`,
    );

  beforeAll(async () => {
    // 5 July 2026; payroll starts with April (March was the last month run elsewhere).
    t = await createTestApp(backend, {}, { demo: new Date('2026-07-05T06:00:00Z') });
    demoAdmin = await t.login(DEMO_LOGINS.administrator);
    demoModerator = await t.login(DEMO_LOGINS.moderator);
    demoMember = await t.login(DEMO_LOGINS.member);
    admin = await t.registerOrganisation({ organizationName: 'Hampi Silks', firstName: 'Meera', lastName: 'Iyer' });
    tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"considerAllSalaryComponents": false, "includeEmployerShareInCtc": false}'::jsonb WHERE tenant_id = ${tenantId} AND component = 'EPF'`);
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"includeEmployerShareInCtc": false}'::jsonb WHERE tenant_id = ${tenantId} AND component = 'ESI'`);
    // PF and ESI on the components marked for them (ESI on the gross), not the labour codes' wages.
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"wageBase": "components"}'::jsonb WHERE tenant_id = ${tenantId} AND component IN ('EPF', 'ESI')`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = true, settings = '{"stateCode": "KA"}'::jsonb WHERE tenant_id = ${tenantId} AND component = 'ProfessionalTax'`);
    const earnings = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings'));
    basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    await hire('asha', 'Asha');
    await hire('bala', 'Bala');
    await hire('chitra', 'Chitra');
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    await call('POST', '/PayrollSetup/complete');
    // April, May and June run and finalized on the old structure.
    for (const month of ['2026-04', '2026-05', '2026-06']) {
      const run = await runMonth();
      expect(run).toMatchObject({ month, status: 'processed', employeeCount: 3 });
      expect((await call('POST', `/PayrollRuns/${run.id}/finalize`)).statusCode).toBe(200);
    }
    july = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(july).toMatchObject({ month: '2026-07', status: 'draft' });
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('the months before the revision paid the old structure (the hand-worked figures)', async () => {
    const rows = await finalizedLines();
    const april = Object.fromEntries(rows.filter((r) => r.month === '2026-04' && r.userId === ids.asha).map((r) => [r.code, r.amount / 100]));
    expect(april).toMatchObject({ BASIC: 14_000, FIXED_ALLOWANCE: 5_000, EPF_EE: 1_680, ESI_EE: 143, EPS_ER: 1_166, EPF_ER: 514, ESI_ER: 618 });
    expect(april.PT).toBeUndefined();
  });

  it('an empty history; the earliest effective date is the date of joining', async () => {
    expect(data<SalaryRevisionHistory>(await call('GET', `/Users/${ids.asha}/salary-revisions`))).toEqual({ revisions: [], earliestEffectiveFrom: '2025-01-06', latestEffectiveFrom: '2027-07-05' });
  });

  it('validation: effective date required and in range, a real change, a valid structure; nothing is written', async () => {
    const missing = await call('POST', `/Users/${ids.asha}/salary-revisions`, structure(276_000, 216_000));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(SALARY_REVISION_MSG.effectiveRequired);
    const bad = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2026-02-30' });
    expect(bad.json().message).toContain(SALARY_REVISION_MSG.effectiveInvalid);
    const early = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2024-12-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(`effectiveFrom: ${SALARY_REVISION_MSG.beforeJoining}`);
    const late = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2027-07-06' });
    expect(late.json().message).toBe(`effectiveFrom: ${SALARY_REVISION_MSG.tooLate}`);
    const same = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(228_000, 168_000), effectiveFrom: '2026-04-01' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SALARY_REVISION_MSG.unchanged);
    const negative = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(100_000, 216_000), effectiveFrom: '2026-04-01' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(PEOPLE_MSG.salaryAmountNegative);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM salary_revisions WHERE tenant_id = ${tenantId}`);
    expect(n).toBe(0);
    const [person] = await queryRows<{ ctc: number }>(t.database.db, sql`SELECT annual_ctc_paise::float8 AS ctc FROM users WHERE id = ${ids.asha}`);
    expect(person?.ctc).toBe(22_800_000);
  });

  it('a raise from 1 April (inside finalized months): saved as the current structure, with its history', async () => {
    const res = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2026-04-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(SALARY_REVISION_MSG.created);
    const created = data<SalaryRevision>(res);
    expect(created).toMatchObject({
      userId: ids.asha,
      effectiveFrom: '2026-04-01',
      previousAnnualCTC: 228_000,
      annualCTC: 276_000,
      previousMonthlyGross: 19_000,
      monthlyGross: 23_000,
      createdByName: 'Meera Iyer',
      arrears: { status: 'pending', month: null, runId: null, amount: null },
    });
    expect(created.components).toEqual([
      { name: 'Basic', kind: 'earning', previousMonthly: 14_000, monthly: 18_000 },
      { name: 'Fixed Allowance', kind: 'earning', previousMonthly: 5_000, monthly: 5_000 },
    ]);
    // The rest of the product reads the current tables: the profile's structure is the new one.
    const view = data<{ annualCTC: number; earnings: { earningName: string; monthlyAmount: number }[] }>(await call('GET', `/Users/${ids.asha}/salary-structure`));
    expect(view.annualCTC).toBe(276_000);
    expect(view.earnings.find((e) => e.earningName === 'Basic')?.monthlyAmount).toBe(18_000);
    // Bala: the same raise from 16 May (mid-month).
    expect((await call('POST', `/Users/${ids.bala}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2026-05-16' })).statusCode).toBe(201);
    const history = data<SalaryRevisionHistory>(await call('GET', `/Users/${ids.asha}/salary-revisions`));
    expect(history.revisions).toHaveLength(1);
    expect(history.earliestEffectiveFrom).toBe('2026-04-01');
  });

  it('July pays the arrears as separate lines, with EPF/ESI per month and PT on the gross including them', async () => {
    const before = await finalizedLines();
    const run = await runMonth();
    expect(run).toMatchObject({ month: '2026-07', status: 'processed', employeeCount: 3, lastError: null });
    const asha = await payslipOf(run, ids.asha);
    expect(linesOf(asha)).toEqual({
      BASIC: 18_000,
      FIXED_ALLOWANCE: 5_000,
      ARR_BASIC: 12_000,
      EPF_EE: 1_800,
      ESI_EE: 173,
      ARR_EPF_EE: 360,
      ARR_ESI_EE: 90,
      PT: 200,
      TDS: 0,
      EPF_ER: 550,
      EPS_ER: 1_250,
      EDLI: 75,
      EPF_ADMIN: 75,
      ESI_ER: 748,
      ARR_EPF_ER: 108,
      ARR_EPS_ER: 252,
      ARR_EDLI: 15,
      ARR_EPF_ADMIN: 15,
      ARR_ESI_ER: 390,
    });
    expect(asha).toMatchObject({ grossEarnings: 35_000, totalDeductions: 2_623, netPay: 32_377 });
    const arrears = asha.lines.find((l) => l.code === 'ARR_BASIC');
    expect(arrears?.label).toBe('Basic arrears Apr 2026 – Jun 2026');
    expect(arrears?.explanation).toEqual(expect.arrayContaining(['Apr 2026: due ₹18,000 − paid ₹14,000 = ₹4,000', 'Jun 2026: due ₹18,000 − paid ₹14,000 = ₹4,000', 'Arrears ₹4,000 + ₹4,000 + ₹4,000 = ₹12,000']));
    expect(asha.lines.find((l) => l.code === 'PT')?.explanation.join(' ')).toContain("the month's gross ₹35,000");
    // Bala from 16 May: May is (14,000 × 15 + 18,000 × 16) ÷ 31 = 16,064.52 → 16,065 (+2,065); June +4,000.
    const bala = await payslipOf(run, ids.bala);
    expect(linesOf(bala)).toMatchObject({ BASIC: 18_000, ARR_BASIC: 6_065, ARR_EPF_EE: 240 });
    expect(bala.lines.find((l) => l.code === 'ARR_BASIC')?.label).toBe('Basic arrears May 2026 – Jun 2026');
    // Chitra had no revision: no arrears, PT nil on 19,000.
    const chitra = await payslipOf(run, ids.chitra);
    expect(chitra.lines.some((l) => l.code.startsWith('ARR_'))).toBe(false);
    expect(linesOf(chitra).PT).toBeUndefined();
    // The finalized months are untouched.
    expect(await finalizedLines()).toEqual(before);
  });

  it('processing July again recomputes the arrears, never doubles them', async () => {
    const run = await runMonth();
    const asha = await payslipOf(run, ids.asha);
    expect(linesOf(asha)).toMatchObject({ ARR_BASIC: 12_000, ARR_EPF_EE: 360, ARR_ESI_EE: 90 });
    expect(asha.lines.filter((l) => l.code === 'ARR_BASIC')).toHaveLength(1);
    // One employee again, too.
    expect((await call('POST', `/PayrollRuns/${run.id}/employees/${ids.asha}/process`)).statusCode).toBe(200);
    expect(linesOf(await payslipOf(run, ids.asha))).toMatchObject({ ARR_BASIC: 12_000, PT: 200 });
    july = run;
  });

  it('finalizing July records the paying run; August pays no arrears again', async () => {
    expect((await call('POST', `/PayrollRuns/${july.id}/finalize`)).statusCode).toBe(200);
    const history = data<SalaryRevisionHistory>(await call('GET', `/Users/${ids.asha}/salary-revisions`));
    expect(history.revisions[0]?.arrears).toEqual({ status: 'paid', month: '2026-07', runId: july.id, amount: 12_000 });
    expect(history.earliestEffectiveFrom).toBe('2026-07-01');
    // August is processed once it has begun (a month not begun cannot be): Monday 3 August 2026.
    t.clock.set(new Date('2026-08-03T06:00:00Z'));
    admin = await t.login(admin.email, 'Secret123');
    demoAdmin = await t.login(DEMO_LOGINS.administrator);
    demoModerator = await t.login(DEMO_LOGINS.moderator);
    demoMember = await t.login(DEMO_LOGINS.member);
    const august = await runMonth();
    expect(august.month).toBe('2026-08');
    const asha = await payslipOf(august, ids.asha);
    expect(asha.lines.some((l) => l.code.startsWith('ARR_'))).toBe(false);
    expect(linesOf(asha)).toMatchObject({ BASIC: 18_000, EPF_EE: 1_800 });
    // A paid revision never changes, in the database too.
    const error = await t.database.db.execute(sql`UPDATE salary_revisions SET arrears_run_id = NULL WHERE tenant_id = ${tenantId}`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(`${error?.message ?? ''} ${error?.cause?.message ?? ''}`).toMatch(/are paid; the revision cannot change/);
  });

  it('a later revision cannot reach back into months whose arrears were paid', async () => {
    const res = await call('POST', `/Users/${ids.asha}/salary-revisions`, { ...structure(300_000, 240_000), effectiveFrom: '2026-06-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`effectiveFrom: ${SALARY_REVISION_MSG.beforePaid('01 Jul 2026')}`);
  });

  it('roles: a member and a moderator cannot revise; a moderator sees the history; a member does not', async () => {
    const target = demoMember.id;
    const body = { ...structure(500_000, 240_000), effectiveFrom: '2026-07-01', earningAssociations: [] };
    expect((await as(demoMember, 'POST', `/Users/${target}/salary-revisions`, body)).statusCode).toBe(403);
    expect((await as(demoModerator, 'POST', `/Users/${target}/salary-revisions`, body)).statusCode).toBe(403);
    expect((await as(demoMember, 'GET', `/Users/${demoMember.id}/salary-revisions`)).statusCode).toBe(403);
    expect((await as(demoModerator, 'GET', `/Users/${target}/salary-revisions`)).statusCode).toBe(200);
  });

  it("another organisation's employee is not found, and nothing changes", async () => {
    const read = await as(demoAdmin, 'GET', `/Users/${ids.asha}/salary-revisions`);
    expect(read.statusCode).toBe(404);
    const write = await as(demoAdmin, 'POST', `/Users/${ids.chitra}/salary-revisions`, { ...structure(276_000, 216_000), effectiveFrom: '2026-07-01', earningAssociations: [] });
    expect(write.statusCode).toBe(404);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM salary_revisions WHERE user_id = ${ids.chitra}`);
    expect(n).toBe(0);
  });
});
