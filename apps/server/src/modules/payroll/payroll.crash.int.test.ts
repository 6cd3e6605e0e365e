import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYROLL_MSG, type PayrollRun, type SessionUser } from '@tankha/contracts';
import { financialYearOf, isTaxFinancialYear } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { childConnections, holdInTransaction } from '../../testing/child-connections';

/**
 * kill -9 of the server: a real server process (src/main.ts, workers on) is killed
 * while a chunk of processing, and then a finalize, is inside its transaction. The test holds the
 * process there deterministically with an uncommitted row its next insert must wait for (a payslip
 * of the chunk's employee; the month's lock row), sees the process waiting on that lock, kills it,
 * and lets go. PostgreSQL then rolls the open transaction back: processing is left resumable with
 * the committed chunks, finalize leaves the month processed. Restarted, the server resumes the
 * processing by itself (its start-up sweep, 'payroll.resumeStalled'): nobody presses
 * Process. PostgreSQL only: the embedded PGlite lives inside the killed process.
 */
const APP_NAME = 'tankha-crash-child';
const MAIN = path.resolve(import.meta.dirname, '../../main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// Runs in the PostgreSQL project only (there with TEST_DATABASE_URL, which CI sets when PostgreSQL answers; skipped
// in the PGlite project): killing a server needs a database
// that outlives the process, which the embedded PGlite inside that process is not.
describe.skipIf(!BACKENDS.includes('postgres'))('kill -9 of the server during payroll processing and finalize (postgres)', () => { // skipped without PostgreSQL: a killed process and its restart share one database; PGlite is one process's own
  let t: TestApp;
  let admin: SessionUser;
  let run: PayrollRun;
  let child: ChildProcess | null = null;
  let childOutput = '';
  let port = 0;
  let dataDir = '';
  const userIds: string[] = [];

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];

  async function startServer(): Promise<void> {
    port = await freePort();
    childOutput = '';
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: t.databaseUrl ?? '',
        PGAPPNAME: APP_NAME,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        JWT_SECRET: t.config.JWT_SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        PAYROLL_CHUNK_SIZE: '2',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    await until(`the server to listen (${childOutput})`, async () => {
      try {
        return (await fetch(`http://127.0.0.1:${String(port)}/backend/api/health`)).ok;
      } catch {
        return false;
      }
    }, 60_000);
  }

  async function killServer(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    child = null;
  }

  const { waitOnALock: childWaitsOnALock, gone: childConnectionsGone } = childConnections(() => t.database.db, APP_NAME);
  const hold = (statement: string, values: unknown[]) => holdInTransaction(t.databaseUrl ?? '', statement, values);

  const toChild = (method: string, url: string) => fetch(`http://127.0.0.1:${String(port)}/backend/api${url}`, { method, headers: { authorization: `Bearer ${admin.token}` } });

  beforeAll(async () => {
    t = await createTestApp('postgres');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-crash-'));
    admin = await t.registerOrganisation({ organizationName: 'Kabini Mills' });
    const tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2024-04-01', annual_ctc_paise = 60000000 WHERE id = ${admin.id}`);
    userIds.push(admin.id);
    for (let i = 1; i <= 10; i += 1) {
      const res = await call('POST', '/Users/restricted', { firstName: 'Kabini', lastName: `Worker${'abcdefghij'[i - 1] ?? ''}`, email: `k${String(i)}@kabini.example.in`, dateOfJoining: '2024-06-03', experience: 1, employeeNumber: `KM${String(i)}`, regimeType: 1, annualCTC: 600_000 });
      const created = data<{ id?: string; userId?: string }>(res);
      userIds.push(created.userId ?? created.id ?? '');
    }
    userIds.sort();
    // Two months back: a whole month in the past (the clock is the real one, as the server's is).
    const now = new Date();
    const back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: back.getUTCMonth() + 1, lastPayrollYear: back.getUTCFullYear() });
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    await call('POST', '/PayrollSetup/complete');
    run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
  }, 120_000);

  afterAll(async () => {
    await killServer();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed inside a processing chunk: the committed chunks stay; restarted, the server resumes by itself within a minute and ends with the right totals', async () => {
    await startServer();
    // The third chunk (employees 5 and 6 in id order) waits for this uncommitted payslip of employee 5.
    const release = await hold(
      `INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise, employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
       VALUES ($1, $2, $3, $4, '{}', 30, 30, 0, 0, 0, 0, 0, 0, 1, '{}', '[]', '{}')`,
      [admin.tenantId, run.id, userIds[4], run.month],
    );
    try {
      const started = await toChild('POST', `/PayrollRuns/${run.id}/process`);
      expect(started.status).toBe(202);
      await childWaitsOnALock();
      await killServer();
    } finally {
      await release();
    }
    await childConnectionsGone();

    const state = await one<{ status: string; done: number; total: number; payslips: number; lines: number }>(
      sql`SELECT status, progress_done AS done, progress_total AS total,
                 (SELECT count(*)::int FROM payslips WHERE run_id = ${run.id}) AS payslips,
                 (SELECT count(*)::int FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id WHERE p.run_id = ${run.id}) AS lines
            FROM payroll_runs WHERE id = ${run.id}`,
    );
    // Two chunks of two committed; the third rolled back with the process.
    expect(state).toMatchObject({ status: 'processing', done: 4, total: 11, payslips: 4 });
    // Each payslip: 5 earning lines (Basic, HRA, Conveyance, Medical, Fixed Allowance; statutory components
    // off) and, while the month's financial year has tax rules, the TDS line (nil under the 87A rebate).
    expect(state?.lines).toBe(4 * (5 + (isTaxFinancialYear(financialYearOf(`${run.month}-01`)) ? 1 : 0)));
    const paid = await queryRows<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM payslips WHERE run_id = ${run.id} ORDER BY user_id`);
    expect(paid.map((r) => r.user_id)).toEqual(userIds.slice(0, 4));

    // The killed server's job is still 'active' in pg-boss (it would expire after 30 minutes).
    const [killedJob] = await queryRows<{ id: string; state: string }>(t.database.db, sql`SELECT id::text AS id, state::text AS state FROM pgboss.job WHERE name = 'payroll.process' AND singleton_key = ${run.id}`);
    expect(killedJob?.state).toBe('active');
    // What an administrator sees once the heartbeat is stale (this app's clock, half a minute on): not a silent "processing".
    t.clock.set(new Date(Date.now() + 31_000));
    expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`)).processingNotice).toMatchObject({ kind: 'stalled', message: PAYROLL_MSG.processingStalled(4, 11) });

    // The server comes back (default settings: 30 seconds without a sign of life) and nobody presses Process.
    await startServer();
    const listening = Date.now();
    const processed = await until(
      'the restarted server to finish the run by itself',
      async () => (await one<{ status: string }>(sql`SELECT status FROM payroll_runs WHERE id = ${run.id}`))?.status === 'processed',
      60_000,
    );
    expect(processed).toBe(true);
    expect(Date.now() - listening).toBeLessThan(60_000);
    const [cancelled] = await queryRows<{ state: string }>(t.database.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${killedJob?.id ?? ''}::uuid`);
    expect(cancelled?.state).toBe('cancelled');
    await killServer();
    await childConnectionsGone();
    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
    expect(run).toMatchObject({ status: 'processed', employeeCount: 11, grossEarnings: 550_000, netPay: 550_000, progress: { done: 11, total: 11 }, processingNotice: null });
    const perUser = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payslips WHERE run_id = ${run.id} GROUP BY user_id`);
    expect(perUser).toHaveLength(11);
    expect(perUser.every((r) => r.n === 1)).toBe(true);
  }, 240_000);

  it('killed inside the finalize transaction: the month is still processed with nothing half-done; finalizing again finalizes once', async () => {
    await startServer();
    // Finalize's month lock waits for this uncommitted lock row of the same month.
    const release = await hold(`INSERT INTO payroll_month_locks (tenant_id, month) VALUES ($1, $2)`, [admin.tenantId, run.month]);
    try {
      const finalizing = toChild('POST', `/PayrollRuns/${run.id}/finalize`).catch(() => null);
      await childWaitsOnALock();
      await killServer();
      expect(await finalizing).toBeNull();
    } finally {
      await release();
    }
    await childConnectionsGone();

    const state = await one<{ status: string; finalized: boolean; locks: number; runs: number; payslips: number }>(
      sql`SELECT status, finalized_at IS NOT NULL AS finalized,
                 (SELECT count(*)::int FROM payroll_month_locks WHERE tenant_id = ${admin.tenantId}) AS locks,
                 (SELECT count(*)::int FROM payroll_runs WHERE tenant_id = ${admin.tenantId}) AS runs,
                 (SELECT count(*)::int FROM payslips WHERE run_id = ${run.id}) AS payslips
            FROM payroll_runs WHERE id = ${run.id}`,
    );
    expect(state).toEqual({ status: 'processed', finalized: false, locks: 0, runs: 1, payslips: 11 });

    const finalized = await call('POST', `/PayrollRuns/${run.id}/finalize`);
    expect(finalized.statusCode).toBe(200);
    const after = await one<{ status: string; locks: number; runs: number }>(
      sql`SELECT status, (SELECT count(*)::int FROM payroll_month_locks WHERE tenant_id = ${admin.tenantId}) AS locks,
                 (SELECT count(*)::int FROM payroll_runs WHERE tenant_id = ${admin.tenantId}) AS runs FROM payroll_runs WHERE id = ${run.id}`,
    );
    expect(after).toEqual({ status: 'finalized', locks: 1, runs: 2 });
  }, 120_000);
});
