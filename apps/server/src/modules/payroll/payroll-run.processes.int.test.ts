import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayrollRun } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { startServerProcess, until, type ServerProcess } from '../../testing/server-process';
import { seedBenchOrganisation } from '../../seed/bench-organisation';
import { lastMonth, seedPayrollMonth } from '../../seed/bench-payroll-month';
import { DEMO_PASSWORD } from '../../seed/demo';
import { provisionLeaveDefaults } from '../leave/leave.defaults';

/**
 * A payroll run split across server processes (DESIGN §10): two real server processes (src/main.ts,
 * job workers on) on one PostgreSQL database, one Redis and one S3 bucket, each given one of the run's
 * two 'payroll.process' jobs (PAYROLL_PROCESS_JOBS=2). 2,000 employees (the benchmark's month: EPF,
 * ESI, PT, attendance, leave) in chunks of 100: both processes claim chunks (payroll_run_chunks,
 * claimed_by host:pid, the split printed and asserted), every employee is computed once. Then the
 * month is processed again and one process is killed with SIGKILL while it is inside a chunk: the other
 * finishes the run — the dead process's chunk rolled back with its connection and was taken over —
 * with nothing duplicated or missing and the same totals. PostgreSQL only (PGlite lives inside a process).
 */
const EMPLOYEES = 2000;
const CHUNK = 100;
/** The run goes through the 2,000 and the organisation's administrator, who has no CTC and so no payslip. */
const IN_RUN = EMPLOYEES + 1;

describe.skipIf(!BACKENDS.includes('postgres'))('a payroll run processed by two server processes (postgres)', () => { // skipped without PostgreSQL: real processes share one database; PGlite is one process's own
  let t: TestApp;
  let s3: TestS3Server;
  let tenantId = '';
  let token = '';
  let run: PayrollRun;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-processes-'));
  const servers: ServerProcess[] = [];

  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];
  const toServer = async <T>(server: ServerProcess, method: string, url: string): Promise<{ status: number; data: T }> => {
    const res = await fetch(`http://127.0.0.1:${String(server.port)}/backend/api${url}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, data: ((await res.json()) as { data: T }).data };
  };
  /** The run's chunks by the process that did them (host:pid), and the chunks not done. */
  const split = () =>
    queryRows<{ by: string | null; chunks: number; employees: number }>(
      t.database.db,
      sql`SELECT claimed_by AS by, count(*)::int AS chunks, coalesce(sum(employees), 0)::int AS employees FROM payroll_run_chunks WHERE run_id = ${run.id} GROUP BY claimed_by ORDER BY claimed_by NULLS LAST`,
    );
  const pidsOf = () => servers.map((s) => s.child.pid ?? 0);
  const byPid = <R extends { by: string | null }>(rows: R[], pid: number): R[] => rows.filter((r) => r.by?.endsWith(`:${String(pid)}`));
  /** The month as processed: status, totals, payslips, distinct employees paid, employees who should have been. */
  const outcome = () =>
    one<{ status: string; done: number; total: number; count: number; net: string; payslips: number; users: number; eligible: number }>(sql`
      SELECT r.status, r.progress_done AS done, r.progress_total AS total, r.employee_count AS count, r.net_paise::text AS net,
             (SELECT count(*)::int FROM payslips WHERE run_id = r.id) AS payslips,
             (SELECT count(DISTINCT user_id)::int FROM payslips WHERE run_id = r.id) AS users,
             (SELECT count(*)::int FROM users u WHERE u.tenant_id = r.tenant_id AND u.employee_number LIKE 'PR%' AND u.annual_ctc_paise > 0) AS eligible
        FROM payroll_runs r WHERE r.id = ${run.id}`);
  const processedBy = (server: ServerProcess) =>
    until('the run to be processed', async () => {
      const view = await toServer<PayrollRun>(server, 'GET', `/PayrollRuns/${run.id}`);
      if (view.data.lastError) throw new Error(`processing failed: ${view.data.lastError}`);
      return view.data.status === 'processed' ? view.data : null;
    }, 180_000);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    s3 = await startS3Server();
    const org = await seedBenchOrganisation(t.database.db, 'fanout');
    tenantId = org.tenantId;
    await provisionLeaveDefaults(t.database.db, tenantId);
    await seedPayrollMonth(t.database.db, tenantId, org.adminEmail.split('@')[1] ?? 'fanout.bench', EMPLOYEES);
    const env = {
      DATABASE_URL: t.databaseUrl ?? '',
      JWT_SECRET: t.config.JWT_SECRET ?? 'x'.repeat(40),
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `tankha-fanout-${String(process.pid)}-${Date.now().toString(36)}:`,
      ...s3.env,
      PAYROLL_PROCESS_JOBS: '2',
      PAYROLL_CHUNK_SIZE: String(CHUNK),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
    // Started together (a process starting on a loaded 2-core machine can take minutes); their queues race benignly (JobQueue.ensureQueue).
    servers.push(...(await Promise.all(['a', 'b'].map((name) => startServerProcess({ ...env, DATA_DIR: fs.mkdtempSync(path.join(dataDir, name)) }, 420_000)))));
    const login = await fetch(`http://127.0.0.1:${String(servers[0]?.port)}/backend/api/Account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const [a] = servers;
    if (!a) throw new Error('no server');
    run = (await toServer<PayrollRun>(a, 'GET', '/PayrollRuns/current')).data;
    expect(run.month).toBe(lastMonth().month);
  }, 600_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await s3.close();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('both processes take chunks; each employee is computed once; the split is recorded per process', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('no servers');
    expect((await toServer<PayrollRun>(a, 'POST', `/PayrollRuns/${run.id}/process`)).status).toBe(202);
    const processed = await processedBy(b);
    const rows = await split();
    console.info(`2,000 employees, chunks of ${String(CHUNK)}: ${rows.map((r) => `${r.by ?? 'not done'}: ${String(r.chunks)} chunks, ${String(r.employees)} employees`).join('; ')}`);
    // Every chunk done, by one of the two processes, and each process did some.
    expect(rows.every((r) => r.by !== null)).toBe(true);
    for (const pid of pidsOf()) expect(byPid(rows, pid).reduce((n, r) => n + r.chunks, 0), `chunks of process ${String(pid)}`).toBeGreaterThan(0);
    expect(rows.reduce((n, r) => n + r.chunks, 0)).toBe(EMPLOYEES / CHUNK + 1);
    const state = await outcome();
    expect(state?.eligible).toBe(EMPLOYEES);
    // Each employee once: as many payslips as employees paid, as employees eligible, as the chunks went through.
    expect(state).toMatchObject({ status: 'processed', done: IN_RUN, total: IN_RUN, count: EMPLOYEES, payslips: EMPLOYEES, users: EMPLOYEES });
    expect(rows.reduce((n, r) => n + r.employees, 0)).toBe(IN_RUN);
    expect(processed.employeeCount).toBe(EMPLOYEES);
  }, 300_000);

  it('kill -9 of one process inside a chunk: the other finishes the run, nothing duplicated or missing, the same totals', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('no servers');
    const before = await outcome();
    expect((await toServer<PayrollRun>(a, 'POST', `/PayrollRuns/${run.id}/process`)).status).toBe(202);
    const victimPid = b.child.pid ?? 0;
    // B has committed a chunk or two and is inside another one (a chunk not done, claimed by a transaction in flight).
    await until('process B to be inside a chunk after committing one', async () => {
      const done = byPid(await split(), victimPid).reduce((n, r) => n + r.chunks, 0);
      if (done < 2) return false;
      const free = await one<{ left: number; free: number }>(sql`
        SELECT (SELECT count(*)::int FROM payroll_run_chunks WHERE run_id = ${run.id} AND done_at IS NULL) AS left,
               (SELECT count(*)::int FROM (SELECT 1 FROM payroll_run_chunks WHERE run_id = ${run.id} AND done_at IS NULL FOR KEY SHARE SKIP LOCKED) x) AS free`);
      return (free?.left ?? 0) > 4 && (free?.free ?? 0) < (free?.left ?? 0);
    }, 120_000);
    b.child.kill('SIGKILL');
    expect(await b.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const mid = await outcome();
    expect(mid?.status).toBe('processing');
    expect(mid?.payslips).toBeLessThan(EMPLOYEES);

    await processedBy(a);
    const rows = await split();
    console.info(`after kill -9 of ${String(victimPid)}: ${rows.map((r) => `${r.by ?? 'not done'}: ${String(r.chunks)} chunks, ${String(r.employees)} employees`).join('; ')}`);
    const killed = byPid(rows, victimPid).reduce((n, r) => n + r.chunks, 0);
    const survivor = byPid(rows, a.child.pid ?? 0).reduce((n, r) => n + r.chunks, 0);
    expect(killed).toBeGreaterThanOrEqual(2);
    expect(killed + survivor).toBe(EMPLOYEES / CHUNK + 1);
    const after = await outcome();
    expect(after).toMatchObject({ status: 'processed', done: IN_RUN, total: IN_RUN, count: EMPLOYEES, payslips: EMPLOYEES, users: EMPLOYEES, net: before?.net });
    expect(rows.reduce((n, r) => n + r.employees, 0)).toBe(IN_RUN);
  }, 600_000);
});
