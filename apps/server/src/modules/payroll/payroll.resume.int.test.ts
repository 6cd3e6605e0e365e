import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYROLL_MSG, PEOPLE_MSG, type PayrollRun, type SessionUser } from '@tankha/contracts';
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

  describe('never a negative payslip (deductions above the gross)', () => {
    const who = async () => {
      const [row] = await queryRows<{ name: string }>(t.database.db, sql`SELECT first_name || ' ' || last_name || ' (' || employee_number || ')' AS name FROM users WHERE id = ${poisoned}`);
      return row?.name ?? '';
    };
    // June in full: gross ₹50,000; statutory components off; new regime under the 87A rebate: no TDS.
    // A one-time recovery of ₹60,000 would leave ₹50,000 − ₹60,000 = −₹10,000.
    const expected = async () => PAYROLL_MSG.negativeNetPay(await who(), '₹50,000', '₹60,000');

    it('on a processed month, the one-time deduction is refused with the employee named and nothing is saved', async () => {
      const res = await call('POST', `/PayrollRuns/${run.id}/adjustments`, { userId: poisoned, kind: 'deduction', category: 'loanRecovery', label: 'Advance recovery', amount: 60_000 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(await expected());
      expect((await call('GET', `/PayrollRuns/${run.id}/adjustments?userId=${poisoned}`)).json().totalRecords).toBe(0);
      expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`))).toMatchObject({ status: 'processed', netPay: 350_000 });
    });

    it('processing stops on it with the reason; the deduction can be removed while stopped and processing resumes', async () => {
      // As if entered on the draft: processing from scratch meets it in the last chunk.
      await t.database.db.execute(sql`INSERT INTO payroll_adjustments (tenant_id, run_id, user_id, kind, category, label, amount_paise, taxable)
                                      VALUES (${admin.tenantId}, ${run.id}, ${poisoned}, 'deduction', 'loanRecovery', 'Advance recovery', 6000000, false)`);
      const started = await t.app.inject({ method: 'POST', url: `/backend/api/PayrollRuns/${run.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(started.statusCode).toBe(202);
      const { failed } = await t.app.jobs.drain();
      expect(failed.map((f) => f.name)).toEqual(['payroll.process']);
      run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
      expect(run).toMatchObject({ status: 'processing', progress: { done: 6, total: 7 }, lastError: await expected() });
      expect(await count()).toBe(6);
      // Stopped, so its cause can be fixed: the recovery goes (a running one would be refused: runProcessing).
      const [adjustment] = data<{ id: string }[]>(await call('GET', `/PayrollRuns/${run.id}/adjustments?userId=${poisoned}`));
      expect((await call('DELETE', `/PayrollRuns/${run.id}/adjustments/${adjustment?.id ?? ''}`)).statusCode).toBe(200);
      expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
      run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
      expect(run).toMatchObject({ status: 'processed', employeeCount: 7, netPay: 350_000, lastError: null });
      expect(await count()).toBe(7);
    });

    it('a run that is processing without an error takes no changes', async () => {
      await t.database.db.execute(sql`UPDATE payroll_runs SET status = 'processing', last_error = NULL WHERE id = ${run.id}`);
      const res = await call('PUT', `/PayrollRuns/${run.id}/holds/${poisoned}`, { kind: 'payout' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PAYROLL_MSG.runProcessing);
    });
  });
});
