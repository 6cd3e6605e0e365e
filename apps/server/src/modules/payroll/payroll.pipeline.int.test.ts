import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayrollEmployeeRow, PayrollRun, SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { PayrollRunService } from './payroll-run.service';

/**
 * The processing pipeline (DESIGN §10): chunks, each its own transaction with one read per kind of
 * input (ChunkReads) and one multi-row insert per table, give exactly the payslips that one chunk
 * of everybody gives, and the 'payroll.process' job drains to a processed run. The demo
 * organisation's January 2027 draft (43 employees, November and December finalized before it, so
 * the year to date and ESI coverage are read), with a payout hold, a processing hold and one-time
 * earnings and deductions; chunks of 4 (the last one partial) against one chunk of 10,000.
 */
describe.each(BACKENDS)('payroll processing in chunks (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let run: PayrollRun;
  let tenantId = '';
  const held = { payout: '', processing: '' };

  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  /** Every column of the run's payslips and their lines but the row's creation time, by employee. */
  const snapshot = async () => {
    const payslips = await queryRows<Record<string, unknown>>(t.database.db, sql`
      SELECT p.id, p.user_id, p.month, p.hold_kind, p.employee, p.days_in_period::text, p.payable_days::text, p.lop_days::text, p.gross_paise::text, p.deductions_paise::text,
             p.net_paise::text, p.employer_cost_paise::text, p.tds_paise::text, p.tax_regime, p.ytd, p.tds_explanation, p.wages,
             (SELECT jsonb_agg(jsonb_build_array(l.seq, l.section, l.code, l.label, l.amount_paise::text, l.explanation) ORDER BY l.seq) FROM payslip_lines l WHERE l.payslip_id = p.id) AS lines
        FROM payslips p WHERE p.run_id = ${run.id} ORDER BY p.user_id`);
    return payslips;
  };
  const queued = async (name: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state IN ('created', 'retry', 'active') AND data->>'tenantId' = ${tenantId}`))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(backend, { PAYROLL_CHUNK_SIZE: '4' });
    t.clock.set(new Date('2027-01-06T05:30:00Z'));
    await t.seedDemo({ payroll: true });
    await t.drainJobs();
    admin = await t.login(DEMO_LOGINS.administrator);
    tenantId = admin.tenantId;
    run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    const [a, b, c, d] = rows.filter((r) => r.warnings.length === 0);
    held.payout = a?.userId ?? '';
    held.processing = b?.userId ?? '';
    expect((await call('PUT', `/PayrollRuns/${run.id}/holds/${held.payout}`, { kind: 'payout', reason: 'Bank details being verified' })).statusCode).toBe(200);
    expect((await call('PUT', `/PayrollRuns/${run.id}/holds/${held.processing}`, { kind: 'processing' })).statusCode).toBe(200);
    for (const [userId, body] of [
      [c?.userId, { kind: 'earning', category: 'bonus', label: 'Year-end bonus', amount: 25_000, taxable: true }],
      [c?.userId, { kind: 'deduction', category: 'loanRecovery', label: 'Advance recovery', amount: 1_500 }],
      [d?.userId, { kind: 'earning', category: 'other', label: 'Travel', amount: 2_345.67, taxable: false }],
    ] as const) {
      expect((await call('POST', `/PayrollRuns/${run.id}/adjustments`, { userId, ...body })).statusCode).toBe(201);
    }
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  let chunked: Record<string, unknown>[] = [];

  it("the 'payroll.process' job drains in chunks of 4 to a processed run, every employee paid once", async () => {
    // Something else queued meanwhile: a drain of the processing queue leaves it where it is.
    await t.app.jobs.send('mail.send', { tenantId, data: { to: 'someone@nilgiri.demo', subject: 's', text: 't', html: '<p>t</p>', tenantId } });
    const started = await t.app.inject({ method: 'POST', url: `/backend/api/PayrollRuns/${run.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(started.statusCode).toBe(202);
    expect(data<PayrollRun>(started)).toMatchObject({ status: 'processing', progress: { done: 0 } });
    const total = data<PayrollRun>(started).progress.total;
    expect(await queued('payroll.process')).toBe(1);
    expect(await t.app.jobs.drain({ names: ['payroll.process'] })).toEqual({ ran: 1, failed: [] });
    expect(await queued('payroll.process')).toBe(0);
    expect(await queued('mail.send')).toBe(1);
    await t.drainJobs();

    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
    expect(run).toMatchObject({ status: 'processed', lastError: null, progress: { done: total, total }, employeeCount: total });
    chunked = await snapshot();
    expect(chunked).toHaveLength(total);
    // More than ten chunks, the last one partial; the processing hold has no payslip, the payout hold has one, held.
    expect(total).toBeGreaterThan(40);
    expect(total % 4).not.toBe(0);
    expect(chunked.map((p) => p.user_id)).not.toContain(held.processing);
    expect(chunked.find((p) => p.user_id === held.payout)?.hold_kind).toBe('payout');
    // The year so far came from December's payslips: TDS and the stored year to date build on them.
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`
      SELECT count(*)::int AS n FROM payslips p JOIN payroll_runs r ON r.id = p.run_id WHERE r.tenant_id = ${tenantId} AND r.month = '2026-12'`);
    expect(before?.n).toBeGreaterThan(40);
  });

  it('one chunk of everybody gives the same payslips, line for line; the job delivered again does nothing', async () => {
    const totals = { gross: run.grossEarnings, net: run.netPay, deductions: run.totalDeductions, employerCost: run.employerCost };
    // Process afresh (the draft payslips go, a job is queued), but run it as one chunk here first.
    const restarted = await t.app.inject({ method: 'POST', url: `/backend/api/PayrollRuns/${run.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(restarted.statusCode).toBe(202);
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payslips WHERE run_id = ${run.id}`))[0]?.n).toBe(0);
    const s = t.app.services;
    const oneChunk = new PayrollRunService({
      clock: t.clock,
      settings: s.payrollSettings,
      salary: s.salary,
      revisions: s.salaryRevisions,
      reimbursements: s.reimbursements,
      declarations: s.declarations,
      attendance: s.attendance,
      leave: s.leave,
      locks: s.payrollLocks,
      documents: s.payslipDocuments,
      payments: s.payrollBank,
      chunkSize: 10_000,
    });
    // tenantSteps drains the queue afterwards: the queued job finds the run processed and stops.
    await t.tenantSteps(tenantId, (steps) => oneChunk.processRun(steps, run.id));
    expect(await queued('payroll.process')).toBe(0);

    const whole = await snapshot();
    expect(whole).toEqual(chunked);
    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
    expect(run).toMatchObject({ status: 'processed', grossEarnings: totals.gross, netPay: totals.net, totalDeductions: totals.deductions, employerCost: totals.employerCost });
  });

  it('an employee processed again alone gets the same payslip as in the chunk', async () => {
    const someone = chunked[7];
    const res = await call('POST', `/PayrollRuns/${run.id}/employees/${String(someone?.user_id)}/process`);
    expect(res.statusCode).toBe(200);
    expect((await snapshot()).find((p) => p.user_id === someone?.user_id)).toEqual(someone);
  });
});
