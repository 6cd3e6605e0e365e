import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYROLL_MSG, type PayrollRun, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import type { TenantSteps } from '../../platform/tenancy';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * A run whose processing job died with its process: before, it stayed "processing 4 of 7"
 * until someone pressed Process again, and pg-boss gave up on the dead job only when it expired (30
 * minutes). Now the job's heartbeat (each committed chunk) goes stale, the sweep 'payroll.resumeStalled'
 * (at start, and every minute) finds the run with no chunk holding its row and no job waiting for it,
 * cancels the dead job and queues processing again; the run page says what happened.
 *
 * The death is simulated as a kill -9 leaves it: the job taken by a worker (pg-boss state 'active'),
 * two chunks committed, then nothing more (not even the failure's note on the run). The clock moves
 * instead of the test sleeping; payroll.crash.int.test.ts kills a real server on PostgreSQL.
 * Chunks of 2 employees; 7 employees, ₹50,000 a month each, statutory components off.
 */
describe.each(BACKENDS)('payroll processing resumes by itself after its job died (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let run: PayrollRun;
  const STALL_MS = 31_000;

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  /** The run as its page polls it, without running queued jobs (t.call would). */
  const look = async () => data<PayrollRun>(await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.id}`, headers: { authorization: `Bearer ${admin.token}` } }));
  const startProcessing = async () => {
    const res = await t.app.inject({ method: 'POST', url: `/backend/api/PayrollRuns/${run.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(202);
  };
  /** What pg-boss's fetch does when a worker takes the job: the process that then dies leaves it 'active'. */
  const takeJob = async () => {
    const taken = await queryRows<{ id: string }>(t.database.db, sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = 'payroll.process' AND state = 'created' RETURNING id::text AS id`);
    expect(taken).toHaveLength(1);
    return taken[0]?.id ?? '';
  };
  /** The job's body in a process that dies after `chunks` committed steps: every later step never happens. */
  const dieAfter = async (chunks: number) => {
    const dying = (steps: TenantSteps): TenantSteps => {
      let n = 0;
      return (fn) => {
        n += 1;
        return n > chunks ? Promise.reject(new Error('the process was killed')) : steps(fn);
      };
    };
    await expect(t.tenantSteps(admin.tenantId, (steps) => t.app.services.payrollRun.processRun(dying(steps), run.id))).rejects.toThrow('the process was killed');
  };
  /** The sweep as a (re)started process runs it. */
  const sweep = async () => {
    await t.app.jobs.send('payroll.resumeStalled', { tenantId: null, data: {} });
    const { ran, failed } = await t.app.jobs.drain({ names: ['payroll.resumeStalled'] });
    expect(failed).toEqual([]);
    expect(ran).toBe(1);
  };
  const state = async () =>
    (
      await queryRows<{ status: string; done: number; payslips: number; users: number; last_error: string | null; auto_resumes: number }>(
        t.database.db,
        sql`SELECT status, progress_done AS done, last_error, auto_resumes,
                   (SELECT count(*)::int FROM payslips WHERE run_id = ${run.id}) AS payslips,
                   (SELECT count(DISTINCT user_id)::int FROM payslips WHERE run_id = ${run.id}) AS users
              FROM payroll_runs WHERE id = ${run.id}`,
      )
    )[0];
  const jobs = () => queryRows<{ id: string; state: string }>(t.database.db, sql`SELECT id::text AS id, state::text AS state FROM pgboss.job WHERE name = 'payroll.process' AND singleton_key = ${run.id} ORDER BY created_on, id`);

  beforeAll(async () => {
    t = await createTestApp(backend, { PAYROLL_CHUNK_SIZE: '2' });
    t.clock.set(new Date('2026-07-05T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Bhadra Textiles' });
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2024-04-01', annual_ctc_paise = 60000000, pan = 'ABCPK1234F', bank_account_number = '1234' WHERE id = ${admin.id}`);
    for (let i = 1; i <= 6; i += 1) {
      const res = await call('POST', '/Users/restricted', { firstName: `Weaver${'abcdef'[i - 1] ?? ''}`, lastName: 'Test', email: `w${String(i)}@bhadra.example.in`, dateOfJoining: '2025-01-06', experience: 1, employeeNumber: `BT${String(i)}`, regimeType: 1, annualCTC: 600_000 });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
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

  it('killed after 4 of 7: explained while stalled, resumed by the next start-up sweep with no one pressing Process, and ends with every employee paid once', async () => {
    await startProcessing();
    const dead = await takeJob();
    await dieAfter(2);
    expect(await state()).toMatchObject({ status: 'processing', done: 4, payslips: 4, last_error: null });
    // Just after the death nothing looks wrong yet, and a sweep now leaves the run alone: its heartbeat is fresh.
    expect((await look()).processingNotice).toBeNull();
    await sweep();
    expect(await jobs()).toEqual([{ id: dead, state: 'active' }]);

    // Half a minute without a chunk: the page says processing is not moving, and why that is not the end of it.
    t.clock.advance(STALL_MS);
    const stalled = await look();
    expect(stalled).toMatchObject({ status: 'processing', progress: { done: 4, total: 7 }, lastError: null });
    expect(stalled.processingNotice).toEqual({ kind: 'stalled', message: PAYROLL_MSG.processingStalled(4, 7), since: '2026-07-05T06:00:00.000Z' });

    // The restarted process's start-up sweep: the dead job is cancelled and processing is queued again.
    await sweep();
    const resumed = await look();
    expect(resumed).toMatchObject({ status: 'processing', progress: { done: 4, total: 7 }, lastError: null });
    expect(resumed.processingNotice).toEqual({ kind: 'resumed', message: PAYROLL_MSG.processingResumed(4, 7), since: '2026-07-05T06:00:31.000Z' });
    const afterSweep = await jobs();
    expect(afterSweep).toHaveLength(2);
    expect(afterSweep.find((j) => j.id === dead)?.state).toBe('cancelled');
    expect(afterSweep.find((j) => j.id !== dead)?.state).toBe('created');

    // The new job (a worker's poll) finishes the month: exact totals, every employee once.
    await t.drainJobs();
    const done = await look();
    expect(done).toMatchObject({ status: 'processed', employeeCount: 7, grossEarnings: 350_000, netPay: 350_000, progress: { done: 7, total: 7 }, lastError: null, processingNotice: null });
    expect(await state()).toMatchObject({ payslips: 7, users: 7, auto_resumes: 0 });
  });

  it('leaves alone a run whose job still waits in the queue, and one stopped on an error (Process Payroll resumes that)', async () => {
    // Processing again from processed: its job is queued, not taken (another run keeps the worker busy).
    await startProcessing();
    t.clock.advance(STALL_MS);
    expect((await look()).processingNotice?.kind).toBe('stalled');
    await sweep();
    expect(await state()).toMatchObject({ status: 'processing', done: 0, auto_resumes: 0 });
    expect((await jobs()).filter((j) => j.state === 'created')).toHaveLength(1);
    await t.drainJobs();
    expect(await look()).toMatchObject({ status: 'processed', employeeCount: 7, netPay: 350_000 });

    // A run stopped on an error is the administrator's to resume (the error says what to fix).
    await startProcessing();
    await takeJob();
    await dieAfter(1);
    await t.database.db.execute(sql`UPDATE payroll_runs SET last_error = 'Could not compute the pay of someone' WHERE id = ${run.id}`);
    t.clock.advance(STALL_MS);
    await sweep();
    expect(await state()).toMatchObject({ status: 'processing', done: 2, last_error: 'Could not compute the pay of someone', auto_resumes: 0 });
    expect((await look()).processingNotice).toBeNull();
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    expect(await look()).toMatchObject({ status: 'processed', employeeCount: 7, netPay: 350_000, lastError: null });
    expect(await state()).toMatchObject({ payslips: 7, users: 7 });
  });

  // PostgreSQL only: a chunk in flight holds its chunk row (payroll_run_chunks) in another transaction, which PGlite's one connection cannot have.
  it.runIf(backend === 'postgres')('leaves alone a run a chunk of which is claimed by a transaction in flight, however long the chunk takes', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    await startProcessing();
    await takeJob();
    await dieAfter(1);
    t.clock.advance(STALL_MS);
    const client = new pg.Client({ connectionString: t.databaseUrl ?? '' });
    await client.connect();
    try {
      await client.query('BEGIN');
      // As a process's claim holds it (payroll.repo claimChunk) while its chunk is computed.
      await client.query('SELECT seq FROM payroll_run_chunks WHERE run_id = $1 AND done_at IS NULL ORDER BY seq LIMIT 1 FOR UPDATE', [run.id]);
      await sweep();
      expect(await state()).toMatchObject({ status: 'processing', done: 2, auto_resumes: 0 });
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    await sweep();
    expect(await state()).toMatchObject({ status: 'processing', done: 2, auto_resumes: 1 });
    await t.drainJobs();
    expect(await look()).toMatchObject({ status: 'processed', employeeCount: 7, netPay: 350_000 });
    expect(await state()).toMatchObject({ payslips: 7, users: 7 });
  });

  it('a run that dies at the same place again and again stops after three resumes in a row with the reason; progress in between starts the count again', async () => {
    const stalledAgain = async (chunks: number) => {
      await takeJob();
      await dieAfter(chunks);
      t.clock.advance(STALL_MS);
      await sweep();
    };
    await startProcessing();
    await takeJob();
    await dieAfter(1);
    t.clock.advance(STALL_MS);
    await sweep();
    expect(await state()).toMatchObject({ done: 2, auto_resumes: 1 });
    // The resumed job commits a chunk before dying: that is progress, the count starts again.
    await stalledAgain(1);
    expect(await state()).toMatchObject({ done: 4, auto_resumes: 1 });
    await stalledAgain(0);
    expect(await state()).toMatchObject({ done: 4, auto_resumes: 2 });
    await stalledAgain(0);
    expect(await state()).toMatchObject({ done: 4, auto_resumes: 3, last_error: null });
    // A fourth death at 4 of 7: no fourth resume, the reason is on the run and Process Payroll is offered.
    await stalledAgain(0);
    expect(await state()).toMatchObject({ status: 'processing', done: 4, last_error: PAYROLL_MSG.processingGaveUp(3, 4, 7) });
    const stopped = await look();
    expect(stopped).toMatchObject({ lastError: PAYROLL_MSG.processingGaveUp(3, 4, 7), processingNotice: null });
    expect((await jobs()).filter((j) => j.state === 'created' || j.state === 'active')).toEqual([]);
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    expect(await look()).toMatchObject({ status: 'processed', employeeCount: 7, grossEarnings: 350_000, netPay: 350_000, lastError: null, processingNotice: null });
    expect(await state()).toMatchObject({ payslips: 7, users: 7, auto_resumes: 0 });
  });
});
