import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { boot, lastMonth, loadConfig, provisionLeaveDefaults, queryRows, seedBenchOrganisation, seedPayrollMonth, startServerProcess, DEMO_PASSWORD, type ServerProcess } from '@tankha/server/bench';
import type { BenchResult } from './results';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
/**
 * Processes that process the run: this one (which drains the jobs) and WORKERS - 1 server processes
 * (src/main.ts, job workers on) started on the same PostgreSQL database; PostgreSQL only.
 */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);

/**
 * Resets this process's peak resident set (Linux: `5` written to /proc/self/clear_refs), so that the peak
 * read after processing is the processing's, not the seeding's that the bench process did before it.
 */
function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Peak resident set of a process in MB, from /proc (VmHWM); null where there is no /proc. */
function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

type Db = Awaited<ReturnType<typeof boot>>['database']['db'];

async function api<T>(base: string, token: string, method: string, url: string): Promise<{ status: number; data: T; message?: string }> {
  const res = await fetch(`${base}/backend/api${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T; message?: string };
  return { status: res.status, data: body.data, ...(body.message ? { message: body.message } : {}) };
}

interface RunView {
  id: string;
  month: string;
  status: string;
  employeeCount: number;
  netPay: number;
  grossEarnings: number;
  progress: { done: number; total: number };
  lastError: string | null;
}

/**
 * The floor: the same payslip and line rows the run wrote, read back beforehand, inserted into twin
 * tables that have the same columns, primary keys, unique and secondary indexes and foreign keys
 * (tenant, run, employee; lines → payslip) but no row-level security and no immutability triggers,
 * in one transaction, as the connecting role, 5,000 rows a statement as one jsonb_to_recordset
 * parameter (the run's own statement shape; JSON.stringify included). Also timed and reported in
 * the details: the same rows by INSERT … SELECT from the run's tables (no client transfer at all).
 */
async function measureFloor(db: Db, runId: string): Promise<{ seconds: number; payslipSeconds: number; lineSeconds: number; insertSelectSeconds: number; payslips: number; lines: number }> {
  await db.execute(sql`DROP TABLE IF EXISTS bench_floor_lines, bench_floor_payslips`);
  await db.execute(sql`CREATE TABLE bench_floor_payslips (LIKE payslips INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
  await db.execute(sql`ALTER TABLE bench_floor_payslips ADD FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE,
                                         ADD FOREIGN KEY (run_id) REFERENCES payroll_runs(id) ON DELETE RESTRICT,
                                         ADD FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE RESTRICT`);
  await db.execute(sql`CREATE TABLE bench_floor_lines (LIKE payslip_lines INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
  await db.execute(sql`ALTER TABLE bench_floor_lines ADD FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE,
                                      ADD FOREIGN KEY (payslip_id) REFERENCES bench_floor_payslips(id) ON DELETE CASCADE`);
  const payslips = await queryRows<Record<string, unknown>>(db, sql`
    SELECT id, tenant_id AS tn, user_id AS u, month AS m, hold_kind AS hk, employee AS emp, days_in_period::float8 AS dip, payable_days::float8 AS pd, lop_days::float8 AS lop,
           gross_paise::float8 AS g, deductions_paise::float8 AS d, net_paise::float8 AS n, employer_cost_paise::float8 AS ec, tds_paise::float8 AS t,
           tax_regime AS rg, ytd AS y, tds_explanation AS te, wages AS w
      FROM payslips WHERE run_id = ${runId} ORDER BY user_id`);
  const lines = await queryRows<Record<string, unknown>>(db, sql`
    SELECT l.tenant_id AS tn, l.payslip_id AS p, l.seq AS s, l.section AS sc, l.code AS c, l.label AS l, l.amount_paise::float8 AS a, l.explanation AS e
      FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id WHERE p.run_id = ${runId} ORDER BY p.user_id, l.seq`);
  const tenantId = String(payslips[0]?.tn ?? '');
  const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  const payslipRows = payslips.map(({ tn: _tn, ...r }) => ({ ...r, emp: parse(r.emp), y: parse(r.y), te: parse(r.te), w: parse(r.w) }));
  const lineRows = lines.map(({ tn: _tn, ...r }) => ({ ...r, e: parse(r.e) }));
  const BATCH = 5000;
  let payslipSeconds = 0;
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < payslipRows.length; i += BATCH) {
      await tx.execute(sql`
        INSERT INTO bench_floor_payslips (id, tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise,
                                          net_paise, employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
        SELECT r.id, ${tenantId}::uuid, ${runId}::uuid, r.u, r.m, r.hk, r.emp, r.dip, r.pd, r.lop, r.g, r.d, r.n, r.ec, r.t, r.rg, r.y, r.te, r.w
          FROM jsonb_to_recordset(${JSON.stringify(payslipRows.slice(i, i + BATCH))}::jsonb)
            AS r(id uuid, u uuid, m text, hk text, emp jsonb, dip numeric, pd numeric, lop numeric, g bigint, d bigint, n bigint, ec bigint, t bigint, rg smallint, y jsonb, te jsonb, w jsonb)`);
    }
    payslipSeconds = (performance.now() - started) / 1000;
    for (let i = 0; i < lineRows.length; i += BATCH) {
      await tx.execute(sql`
        INSERT INTO bench_floor_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
        SELECT ${tenantId}::uuid, r.p, r.s, r.sc, r.c, r.l, r.a, r.e
          FROM jsonb_to_recordset(${JSON.stringify(lineRows.slice(i, i + BATCH))}::jsonb) AS r(p uuid, s smallint, sc text, c text, l text, a bigint, e jsonb)`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const lineSeconds = seconds - payslipSeconds;
  // The same rows again, database to database: what is left when nothing crosses the connection.
  await db.execute(sql`TRUNCATE bench_floor_lines, bench_floor_payslips`);
  const selectStarted = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO bench_floor_payslips SELECT * FROM payslips WHERE run_id = ${runId}`);
    await tx.execute(sql`INSERT INTO bench_floor_lines SELECT l.* FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id WHERE p.run_id = ${runId}`);
  });
  const insertSelectSeconds = (performance.now() - selectStarted) / 1000;
  await db.execute(sql`DROP TABLE bench_floor_lines, bench_floor_payslips`);
  return { seconds, payslipSeconds, lineSeconds, insertSelectSeconds, payslips: payslipRows.length, lines: lineRows.length };
}

/**
 * `payroll-run`: a month of EMPLOYEES (10,000) employees processed and finalized as the product does
 * it — POST /PayrollRuns/:id/process, the 'payroll.process' job run to the end (drained in this
 * process as the job worker would run it), POST /PayrollRuns/:id/finalize — in seconds, against the
 * floor of bulk-inserting the same payslip and line rows (measureFloor), same database, same run.
 */
export async function runPayrollRun(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-bench-payroll-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'c'.repeat(40),
    PAYROLL_PROCESS_JOBS: String(WORKERS),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  if (WORKERS > 1 && !process.env.BENCH_DATABASE_URL) throw new Error('BENCH_WORKERS > 1 needs BENCH_DATABASE_URL (the worker processes share a PostgreSQL database)');
  const { app, database } = await boot(config);
  const workers: ServerProcess[] = [];
  const db = database.db;
  try {
    const { month } = lastMonth();
    const seedStarted = performance.now();
    const org = await seedBenchOrganisation(db, 'payroll');
    await provisionLeaveDefaults(db, org.tenantId);
    const seeded = await seedPayrollMonth(db, org.tenantId, org.adminEmail.split('@')[1] ?? 'payroll.bench', EMPLOYEES);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // The other processes: real servers with their job workers on, started before the clock starts (their start is not the run).
    for (let i = 1; i < WORKERS; i += 1) {
      workers.push(await startServerProcess({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'worker-')), WEB_DIST_DIR: path.join(dataDir, 'no-web'), JWT_SECRET: 'c'.repeat(40) }, 600_000));
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port.toString()}`;
    const login = await fetch(`${base}/backend/api/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const draft = await api<RunView>(base, token, 'GET', '/PayrollRuns/current');
    if (draft.status !== 200 || draft.data.month !== month) throw new Error(`current run: ${draft.status.toString()} ${draft.message ?? draft.data.month}`);

    const peakReset = resetPeakRss();
    const processStarted = performance.now();
    const started = await api<RunView>(base, token, 'POST', `/PayrollRuns/${draft.data.id}/process`);
    if (started.status !== 202) throw new Error(`process answered ${started.status.toString()}: ${started.message ?? ''}`);
    // Only the processing job: whatever else is queued (another run's payslip documents) is not this measurement.
    // One job at a time: with worker processes, the run's other jobs are theirs to take (each claims chunks until none is left).
    const drained = await app.jobs.drain({ names: ['payroll.process'], batchSize: 1 });
    if (WORKERS > 1) {
      for (;;) {
        const [state] = await queryRows<{ status: string }>(db, sql`SELECT status FROM payroll_runs WHERE id = ${draft.data.id}`);
        if (state?.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const processSeconds = (performance.now() - processStarted) / 1000;
    if (drained.failed.length > 0) throw new Error(`processing failed: ${String(drained.failed[0]?.error)}`);
    // The reads an administrator makes next, each timed (not part of the value): the run's page, a page of its employees (the second: an offset), its warnings and variance.
    const timed = async <T>(url: string): Promise<{ seconds: number; reply: { status: number; data: T; message?: string } }> => {
      const started = performance.now();
      const reply = await api<T>(base, token, 'GET', url);
      if (reply.status !== 200) throw new Error(`GET ${url} answered ${reply.status.toString()}: ${reply.message ?? ''}`);
      return { seconds: (performance.now() - started) / 1000, reply };
    };
    const view = await timed<RunView>(`/PayrollRuns/${draft.data.id}`);
    const processed = view.reply;
    if (processed.data.status !== 'processed') throw new Error(`run is ${processed.data.status} after processing: ${processed.data.lastError ?? ''}`);
    const reads = {
      runViewSeconds: view.seconds,
      employeePageSeconds: (await timed(`/PayrollRuns/${draft.data.id}/employees?page=2&pageSize=50`)).seconds,
      warningsSeconds: (await timed(`/PayrollRuns/${draft.data.id}/warnings`)).seconds,
      varianceSeconds: (await timed(`/PayrollRuns/${draft.data.id}/variance`)).seconds,
    };

    const finalizeStarted = performance.now();
    const finalized = await api<RunView>(base, token, 'POST', `/PayrollRuns/${draft.data.id}/finalize`);
    const finalizeSeconds = (performance.now() - finalizeStarted) / 1000;
    if (finalized.status !== 200 || finalized.data.status !== 'finalized') throw new Error(`finalize answered ${finalized.status.toString()}: ${finalized.message ?? finalized.data.status}`);
    // The payslip PDFs and e-mails are the job the finalize enqueued (after its commit, not timed): it must be queued, not lost.
    const [documents] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'payroll.finalized' AND data->'data'->>'runId' = ${draft.data.id} AND state = 'created'`);
    if ((documents?.n ?? 0) !== 1) throw new Error(`the finalize left ${String(documents?.n ?? 0)} payslip document jobs queued, not 1`);

    const [stats] = await queryRows<{ payslips: number; lines: number; lop: number; esi: number; pt: number; tds: number }>(db, sql`
      SELECT count(DISTINCT p.id)::int AS payslips, count(*)::int AS lines,
             count(DISTINCT p.id) FILTER (WHERE p.lop_days > 0)::int AS lop,
             count(DISTINCT p.id) FILTER (WHERE l.code = 'ESI_EE' AND l.amount_paise > 0)::int AS esi,
             count(DISTINCT p.id) FILTER (WHERE l.code = 'PT' AND l.amount_paise > 0)::int AS pt,
             count(DISTINCT p.id) FILTER (WHERE p.tds_paise > 0)::int AS tds
        FROM payslips p JOIN payslip_lines l ON l.payslip_id = p.id WHERE p.run_id = ${draft.data.id}`);
    // The split: chunks and employees per process (payroll_run_chunks.claimed_by, host:pid), and each process's peak memory.
    const split = await queryRows<{ by: string; chunks: number; employees: number }>(
      db,
      sql`SELECT claimed_by AS by, count(*)::int AS chunks, coalesce(sum(employees), 0)::int AS employees FROM payroll_run_chunks WHERE run_id = ${draft.data.id} GROUP BY claimed_by ORDER BY claimed_by`,
    );
    const pidOf = (by: string) => Number(by.split(':').at(-1));
    // This process's peak since processing started where /proc could reset it, else over its whole life (seeding included).
    const rssOf = new Map<number, number | null>([[process.pid, peakReset ? peakRssMb(process.pid) : Math.round(process.resourceUsage().maxRSS / 1024)], ...workers.map((w) => [w.child.pid ?? 0, peakRssMb(w.child.pid ?? 0)] as const)]);
    const processes = split.map((s) => ({ process: s.by, role: pidOf(s.by) === process.pid ? 'bench (drains)' : 'worker server', chunks: s.chunks, employees: s.employees, peakRssMb: rssOf.get(pidOf(s.by)) ?? null }));
    for (const w of workers) {
      if (!processes.some((p) => pidOf(p.process) === w.child.pid)) processes.push({ process: `pid ${String(w.child.pid)}`, role: 'worker server', chunks: 0, employees: 0, peakRssMb: peakRssMb(w.child.pid ?? 0) });
    }
    const floor = await measureFloor(db, draft.data.id);
    const value = processSeconds + finalizeSeconds;
    const round = (x: number, digits = 3) => Number(x.toFixed(digits));
    return {
      benchmark: 'payroll-run',
      value: round(value),
      unit: 'seconds',
      floor: round(floor.seconds),
      ratio: round(value / floor.seconds, 4),
      description:
        `payroll month ${month} for ${String(processed.data.employeeCount)} employees, ${String(WORKERS)} process${WORKERS > 1 ? 'es' : ''} (${processes.map((p) => `${p.role} ${p.process}: ${String(p.chunks)} chunks, ${String(p.employees)} employees, peak RSS ${String(p.peakRssMb)} MB`).join('; ')}) (statutory EPF, ESI, PT Karnataka on; a month of stored attendance days and approved paid and unpaid leave): ` +
        `POST /PayrollRuns/:id/process, the 'payroll.process' jobs run to the end (one per process; chunks claimed by any process, each its own transaction; no other queue drained), then POST /PayrollRuns/:id/finalize ` +
        `(the payslip documents job it enqueues is checked queued, not run); between them, GET of the run, of its second page of 50 employees, of its warnings and of its variance, ` +
        `each timed in the details (not in the value); ` +
        `against the floor of inserting the same ${String(floor.payslips)} payslips and ${String(floor.lines)} lines (read back from the run) into twin tables with the same columns, keys, indexes and foreign keys, ` +
        `without row-level security or the immutability triggers, in one transaction, 5,000 rows a statement as one JSON parameter (the run's statement shape); same database, same run; lower is better`,
      environment: { node: process.version, database: database.kind, cpus: os.cpus().length, durationSeconds: 0, connections: 1 },
      details: {
        workers: WORKERS,
        processes,
        processSeconds: round(processSeconds),
        finalizeSeconds: round(finalizeSeconds),
        ...Object.fromEntries(Object.entries(reads).map(([k, v]) => [k, round(v)])),
        perEmployeeMs: round((value * 1000) / Math.max(1, floor.payslips)),
        payslips: stats?.payslips ?? 0,
        lines: stats?.lines ?? 0,
        payslipsWithLop: stats?.lop ?? 0,
        payslipsWithEsi: stats?.esi ?? 0,
        payslipsWithProfessionalTax: stats?.pt ?? 0,
        payslipsWithTds: stats?.tds ?? 0,
        payslipDocumentJobsQueued: documents?.n ?? 0,
        floorPayslipsSeconds: round(floor.payslipSeconds),
        floorLinesSeconds: round(floor.lineSeconds),
        floorInsertSelectSeconds: round(floor.insertSelectSeconds),
        attendanceDays: seeded.attendanceDays,
        leaveRequests: seeded.leaveRequests,
        seedSeconds: round(seedSeconds, 1),
        loadAverage: os.loadavg().map((l) => round(l, 2)),
      },
    };
  } finally {
    for (const w of workers) {
      w.child.kill('SIGTERM');
      await w.exited;
    }
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
