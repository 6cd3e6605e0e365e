import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PEOPLE_MSG, type PayrollRun, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Processing commits chunk by chunk (DESIGN §10): a failure part-way leaves the run 'processing'
 * with the finished chunks kept and the reason on the run; POST process resumes from there and
 * ends processed with the right totals. Chunks of 2 employees; the last employee in chunk order
 * has a structure the engine refuses until it is corrected.
 */
describe.each(BACKENDS)('payroll processing resumes after a failure (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let run: PayrollRun;
  let poisoned = '';

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payslips WHERE run_id = ${run.id}`))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(backend, { PAYROLL_CHUNK_SIZE: '2' });
    t.clock.set(new Date('2026-07-05T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Tunga Foods' });
    const tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2024-04-01', annual_ctc_paise = 60000000, pan = 'ABCPK1234F', bank_account_number = '1234' WHERE id = ${admin.id}`);
    const ids: string[] = [admin.id];
    for (let i = 1; i <= 6; i += 1) {
      const res = await call('POST', '/Users/restricted', { firstName: `Worker${'abcdef'[i - 1] ?? ''}`, lastName: 'Test', email: `w${String(i)}@tunga.example.in`, dateOfJoining: '2025-01-06', experience: 1, employeeNumber: `TF${String(i)}`, regimeType: 1, annualCTC: 600_000 });
      const created = data<{ id?: string; userId?: string }>(res);
      ids.push(created.userId ?? created.id ?? '');
    }
    // The last in chunk order: a CTC of ₹1,200 cannot hold the flat allowances (the structure is refused).
    poisoned = [...ids].sort().at(-1) ?? '';
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = 120000 WHERE id = ${poisoned}`);
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 5, lastPayrollYear: 2026 });
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    await call('POST', '/PayrollSetup/complete');
    run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('a failing chunk keeps the chunks before it and says why on the run', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/backend/api/PayrollRuns/${run.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(202);
    const { failed } = await t.app.jobs.drain();
    expect(failed.map((f) => f.name)).toEqual(['payroll.process']);
    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
    expect(run.status).toBe('processing');
    expect(run.progress).toEqual({ done: 6, total: 7 });
    expect(run.lastError).toContain(PEOPLE_MSG.salaryAmountNegative);
    expect(await count()).toBe(6);
  });

  it('corrected and processed again, it resumes and ends processed with every employee once', async () => {
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = 60000000 WHERE id = ${poisoned}`);
    const res = await call('POST', `/PayrollRuns/${run.id}/process`);
    expect(res.statusCode).toBe(202);
    // Resuming keeps what was done: progress starts from the payslips already written.
    expect(data<PayrollRun>(res)).toMatchObject({ status: 'processing', progress: { done: 6, total: 7 }, lastError: null });
    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
    expect(run).toMatchObject({ status: 'processed', employeeCount: 7, grossEarnings: 350_000, netPay: 350_000, progress: { done: 7, total: 7 }, lastError: null });
    expect(await count()).toBe(7);
  });

  it('processing a processed month again starts afresh and gives the same totals', async () => {
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`))).toMatchObject({ status: 'processed', employeeCount: 7, netPay: 350_000 });
    expect(await count()).toBe(7);
  });
});
