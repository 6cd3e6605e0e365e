import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, MSG, PAYROLL_MSG, type PayrollEmployeeRow, type PayrollRun, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Who may do what with payroll (contracts PERMISSIONS: payroll.settings.*, payroll.run.*,
 * payslips.own), another organisation, the free plan's checklist, and two administrators pressing
 * Finalize at once. The demo organisation; figures are not the point here.
 */
describe.each(BACKENDS)('payroll access, tenancy and concurrent finalize (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let run: PayrollRun;
  let memberPayslipId = '';
  let otherPayslipId = '';

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

  beforeAll(async () => {
    // 4 May 2026: April (FY 2026-27) is the month to run; March was the last one run elsewhere.
    t = await createTestApp(backend, {}, { demo: new Date('2026-05-04T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('a member: payroll settings, setup and the run are refused; the status and own payslips are not', async () => {
    for (const [method, url] of [
      ['GET', '/PayrollSettings'],
      ['PUT', '/PayrollSettings'],
      ['POST', '/PayrollSettings/mark-completed'],
      ['GET', '/PayrollSetup'],
      ['POST', '/PayrollSetup/complete'],
      ['GET', '/PayrollRuns'],
      ['GET', '/PayrollRuns/current'],
    ] as const) {
      const res = await as(member, method, url, method === 'PUT' ? { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(data(await as(member, 'GET', '/PayrollSettings/status'))).toEqual({ isEnabled: false });
    expect((await as(member, 'GET', '/Payslips')).json()).toMatchObject({ statusCode: 200, totalRecords: 0 });
  });

  it('a moderator sets payroll up and processes the month', async () => {
    expect((await as(moderator, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 1, payDay: 1, lastPayrollRunMonth: 3, lastPayrollYear: 2026 })).statusCode).toBe(200);
    await as(moderator, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await as(moderator, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await as(moderator, 'POST', '/PayrollSettings/mark-completed');
    expect(data(await as(moderator, 'POST', '/PayrollSetup/complete'))).toMatchObject({ isEnabled: true });
    run = data<PayrollRun>(await as(moderator, 'GET', '/PayrollRuns/current'));
    // Pay day 1 of a month is paid on the 1st.
    expect(run).toMatchObject({ month: '2026-04', status: 'draft', payDate: '2026-04-01' });
    expect((await as(moderator, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    run = data<PayrollRun>(await as(moderator, 'GET', `/PayrollRuns/${run.id}`));
    expect(run.status).toBe('processed');
    expect(run.employeeCount).toBeGreaterThan(5);
    expect(run.netPay).toBeGreaterThan(0);
  });

  it('a moderator cannot finalize or mark paid; a member cannot touch the run', async () => {
    const refused = await as(moderator, 'POST', `/PayrollRuns/${run.id}/finalize`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.permissionDenied);
    expect((await as(moderator, 'POST', `/PayrollRuns/${run.id}/mark-paid`, { paidOn: '2026-04-30', reference: 'x' })).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/PayrollRuns/${run.id}`, undefined],
      ['GET', `/PayrollRuns/${run.id}/employees`, undefined],
      ['POST', `/PayrollRuns/${run.id}/process`, undefined],
      ['PUT', `/PayrollRuns/${run.id}/holds/${member.id}`, { kind: 'payout' }],
      ['POST', `/PayrollRuns/${run.id}/adjustments`, { userId: member.id, kind: 'earning', category: 'bonus', label: 'Self', amount: 100000 }],
      ['POST', `/PayrollRuns/${run.id}/employees/${member.id}/process`, undefined],
      ['POST', `/PayrollRuns/${run.id}/finalize`, undefined],
    ] as const) {
      expect((await as(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('a member sees no draft payslip, not even their own', async () => {
    const rows = data<PayrollEmployeeRow[]>(await as(admin, 'GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    memberPayslipId = rows.find((r) => r.userId === member.id)?.payslipId ?? '';
    otherPayslipId = rows.find((r) => r.userId !== member.id && r.payslipId)?.payslipId ?? '';
    expect(memberPayslipId).not.toBe('');
    expect(otherPayslipId).not.toBe('');
    expect((await as(member, 'GET', '/Payslips')).json().totalRecords).toBe(0);
    expect((await as(member, 'GET', `/Payslips/${memberPayslipId}`)).statusCode).toBe(404);
    // An administrator reviews the draft.
    expect(data<{ status: string }>(await as(admin, 'GET', `/Payslips/${memberPayslipId}`)).status).toBe('processed');
  });

  it('another organisation can neither see nor change the run or its payslips', async () => {
    for (const [method, url, body] of [
      ['GET', `/PayrollRuns/${run.id}`, undefined],
      ['GET', `/PayrollRuns/${run.id}/employees`, undefined],
      ['GET', `/PayrollRuns/${run.id}/variance`, undefined],
      ['PUT', `/PayrollRuns/${run.id}/holds/${member.id}`, { kind: 'processing' }],
      ['POST', `/PayrollRuns/${run.id}/adjustments`, { userId: member.id, kind: 'earning', category: 'bonus', label: 'x', amount: 1 }],
      ['PUT', `/PayrollRuns/${run.id}/remarks/${member.id}`, { remark: 'x' }],
      ['POST', `/PayrollRuns/${run.id}/process`, undefined],
      ['POST', `/PayrollRuns/${run.id}/employees/${member.id}/process`, undefined],
      ['POST', `/PayrollRuns/${run.id}/finalize`, undefined],
      ['GET', `/Payslips/${memberPayslipId}`, undefined],
    ] as const) {
      expect((await as(other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(other, 'GET', `/Payslips?userId=${member.id}`)).json().totalRecords).toBe(0);
    expect((await as(other, 'GET', '/PayrollRuns')).json().totalRecords).toBe(0);
    const [state] = await queryRows<{ status: string; holds: number; adjustments: number }>(
      t.database.db,
      sql`SELECT status, (SELECT count(*)::int FROM payroll_holds WHERE run_id = ${run.id}) AS holds, (SELECT count(*)::int FROM payroll_adjustments WHERE run_id = ${run.id}) AS adjustments FROM payroll_runs WHERE id = ${run.id}`,
    );
    expect(state).toEqual({ status: 'processed', holds: 0, adjustments: 0 });
  });

  it('two administrators press Finalize at once: it finalizes once', async () => {
    const second = await t.login(DEMO_LOGINS.administrator);
    const replies = await Promise.all([as(admin, 'POST', `/PayrollRuns/${run.id}/finalize`), as(second, 'POST', `/PayrollRuns/${run.id}/finalize`)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().message).toBe(PAYROLL_MSG.runAlreadyFinalized);
    const db = t.database.db;
    const [counts] = await queryRows<{ locks: number; may: number; jobs: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM payroll_month_locks WHERE month = '2026-04') AS locks,
                 (SELECT count(*)::int FROM payroll_runs WHERE month = '2026-05' AND tenant_id = ${admin.tenantId}) AS may,
                 (SELECT count(*)::int FROM pgboss.job WHERE name = 'payroll.finalized' AND data->'data'->>'runId' = ${run.id}) AS jobs`,
    );
    expect(counts).toEqual({ locks: 1, may: 1, jobs: 1 });
  });

  it('after finalize a member sees their own payslip, and only theirs', async () => {
    const list = data<{ id: string; month: string; status: string }[]>(await as(member, 'GET', '/Payslips'));
    expect(list.map((p) => [p.id, p.month, p.status])).toEqual([[memberPayslipId, '2026-04', 'finalized']]);
    expect((await as(member, 'GET', '/Payslips?year=2026')).json().totalRecords).toBe(1);
    expect((await as(member, 'GET', '/Payslips?year=2025')).json().totalRecords).toBe(0);
    const own = await as(member, 'GET', `/Payslips/${memberPayslipId}`);
    expect(own.statusCode).toBe(200);
    expect(data<{ userId: string; netPayInWords: string }>(own).userId).toBe(member.id);
    expect((await as(member, 'GET', `/Payslips/${otherPayslipId}`)).statusCode).toBe(403);
    expect((await as(member, 'GET', `/Payslips?userId=${admin.id}`)).statusCode).toBe(403);
    expect((await as(member, 'GET', `/Payslips?userId=${member.id}`)).json().totalRecords).toBe(1);
    expect((await as(moderator, 'GET', `/Payslips?userId=${member.id}`)).json().totalRecords).toBe(1);
  });

  it('the free plan hides the statutory step: it is not needed to complete setup and cannot be marked', async () => {
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'free'), is_trial = false WHERE tenant_id = ${other.tenantId}`);
    other = await t.login(other.email, 'Secret123');
    expect(data(await as(other, 'GET', '/PayrollSetup'))).toEqual({ salaryComponents: false, statutoryComponents: null, settings: false, isEnabled: false });
    const statutory = await as(other, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    expect(statutory.statusCode).toBe(403);
    expect(statutory.json().errorCode).toBe(ErrorCode.FeatureDenied);
    await as(other, 'PUT', '/PayrollSettings', { payPeriodType: 2, payStartDay: 26, payEndDay: 25, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await as(other, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await as(other, 'POST', '/PayrollSettings/mark-completed');
    expect(data(await as(other, 'POST', '/PayrollSetup/complete'))).toEqual({ salaryComponents: true, statutoryComponents: null, settings: true, isEnabled: true });
    // A fixed range from the 26th: April's period is 26 March to 25 April; paid on the last working day (Thursday 30 April).
    expect(data(await as(other, 'GET', '/PayrollRuns/current'))).toMatchObject({ month: '2026-04', periodStart: '2026-03-26', periodEnd: '2026-04-25', payDate: '2026-04-30' });
  });
});
