import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { boot, loadConfig, provisionLeaveDefaults, queryRows, seedBenchOrganisation, DEMO_PASSWORD } from '@tankha/server/bench';
import type { BenchResult } from './results';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);

type Db = Awaited<ReturnType<typeof boot>>['database']['db'];

/** The last whole month before today (UTC): the benchmarked payroll month, with its first and last dates and the month before it. */
function lastMonth(): { month: string; from: string; to: string; before: { year: number; month: number } } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return {
    month: first.toISOString().slice(0, 7),
    from: first.toISOString().slice(0, 10),
    to: last.toISOString().slice(0, 10),
    before: { year: previous.getUTCFullYear(), month: previous.getUTCMonth() + 1 },
  };
}

/**
 * The organisation's month, in bulk with generate_series: EMPLOYEES employees (Karnataka defaults:
 * EPF, ESI and Professional Tax on) on a CTC ladder from ₹1.8 lakh to ₹36 lakh a year (about a third
 * under the ESI wage line), the default salary structure as each one's earning associations (as the
 * demo stores them), both tax regimes, men and women, a few senior citizens, one in 200 joining on
 * the 11th; a stored attendance day for every day of the month from joining (weekends WeekOff, one
 * weekday in 25 Absent, one in 40 HalfDay); one employee in 20 with two days of approved Loss of Pay
 * and one in 10 with a day of approved Casual Leave; payroll set up with the month before as the
 * last payroll month. ANALYZE at the end (PostgreSQL's plans for the chunk reads go bad without it).
 */
async function seedPayrollMonth(db: Db, tenantId: string, domain: string): Promise<{ attendanceDays: number; leaveRequests: number }> {
  const { from, to, before } = lastMonth();
  const tenant = sql`${tenantId}::uuid`;
  const joinOf = sql`CASE WHEN n % 200 = 7 THEN ${from}::date + 10 ELSE DATE '2019-06-01' + (n % 1500) END`;
  await db.execute(sql`
    INSERT INTO users (tenant_id, email, employee_number, first_name, last_name, role_id, status, designation, department_id, date_of_joining,
                       date_of_birth, gender, regime_type, annual_ctc_paise, pan, uan, esi_number, bank_account_number, bank_name, ifsc_code, work_location)
    SELECT ${tenant}, 'pay' || n || '@' || ${domain}, 'PR' || lpad(n::text, 6, '0'),
           (ARRAY['Aarav','Vivaan','Aditya','Ananya','Diya','Saanvi','Kavya','Meera','Rohan','Karthik'])[1 + n % 10],
           (ARRAY['Sharma','Iyer','Reddy','Nair','Patel','Gupta','Menon','Rao'])[1 + (n / 10) % 8],
           3, CASE WHEN n % 50 = 13 THEN 4 ELSE 1 END, 'Engineer',
           (SELECT id FROM departments WHERE tenant_id = ${tenant} ORDER BY id OFFSET (n % 4) LIMIT 1),
           ${joinOf},
           DATE '1965-01-01' + (n * 37) % 13000, CASE WHEN n % 10 IN (3, 4, 5, 8) THEN 2 ELSE 1 END, CASE WHEN n % 4 = 0 THEN 0 ELSE 1 END,
           ((ARRAY[264000, 270000, 276000, 360000, 480000, 600000, 840000, 1200000, 1800000, 3600000])[1 + (n / 3) % 10] + (n % 97) * 60)::bigint * 100,
           'ABCP' || chr(65 + n % 26) || lpad((n % 10000)::text, 4, '0') || 'F', '1001' || lpad(n::text, 8, '0'), '31' || lpad(n::text, 15, '0'),
           '0012' || lpad(n::text, 8, '0'), 'Canara Bank', 'CNRB0000123', 'Bengaluru'
      FROM generate_series(1, ${EMPLOYEES}::int) AS n`);
  // The default structure, as the demo stores it: one association per structure earning at the component's own calculation.
  await db.execute(sql`
    INSERT INTO user_earnings (tenant_id, user_id, tenant_earning_id, calculation_type, calculation_value)
    SELECT ${tenant}, u.id, e.id, e.calculation_type, e.calculation_value
      FROM users u CROSS JOIN tenant_earnings e
     WHERE u.tenant_id = ${tenant} AND e.tenant_id = ${tenant} AND e.is_part_of_salary_structure AND u.annual_ctc_paise IS NOT NULL`);
  // Approved leave: Loss of Pay for two weekdays (one in 20), Casual Leave for one (one in 10), dates spread over the month's weekdays.
  const weekday = (offset: SQL) => sql`(SELECT d::date FROM generate_series(${from}::date, ${to}::date, interval '1 day') d WHERE extract(isodow FROM d) < 6 ORDER BY d OFFSET ${offset} LIMIT 1)`;
  await db.execute(sql`
    INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status, decided_at)
    SELECT ${tenant}, u.id, t.id, x.day, x.day + 1, 'full', 2, 2, now()
      FROM (SELECT id, row_number() OVER (ORDER BY employee_number) AS n FROM users WHERE tenant_id = ${tenant} AND employee_number LIKE 'PR%') u
      JOIN leave_types t ON t.tenant_id = ${tenant} AND t.code = 'LOP'
     CROSS JOIN LATERAL (SELECT ${weekday(sql`(u.n % 15)::int`)} AS day) x
     WHERE u.n % 20 = 3 AND extract(isodow FROM x.day) < 5`);
  await db.execute(sql`
    INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status, decided_at)
    SELECT ${tenant}, u.id, t.id, x.day, x.day, 'full', 1, 2, now()
      FROM (SELECT id, row_number() OVER (ORDER BY employee_number) AS n FROM users WHERE tenant_id = ${tenant} AND employee_number LIKE 'PR%') u
      JOIN leave_types t ON t.tenant_id = ${tenant} AND t.code = 'CL'
     CROSS JOIN LATERAL (SELECT ${weekday(sql`(u.n % 19)::int`)} AS day) x
     WHERE u.n % 10 = 5`);
  // A stored day for every day from joining, as the attendance recompute leaves them: leave days from the approved leave.
  await db.execute(sql`
    INSERT INTO attendance_days (tenant_id, user_id, work_date, status, first_in, last_out, total_minutes, payable_fraction, approval_status)
    SELECT ${tenant}, u.id, d.day,
           CASE WHEN extract(isodow FROM d.day) >= 6 THEN 'WeekOff' WHEN l.leave_type_id IS NOT NULL THEN 'Leave'
                WHEN abs(hashtext(u.id::text || d.day::text)) % 80 = 0 THEN 'Absent' WHEN abs(hashtext(u.id::text || d.day::text)) % 120 = 1 THEN 'HalfDay' ELSE 'Present' END,
           NULL, NULL, 0,
           CASE WHEN extract(isodow FROM d.day) >= 6 THEN 1 WHEN l.leave_type_id IS NOT NULL THEN (CASE WHEN t.is_paid THEN 1 ELSE 0 END)
                WHEN abs(hashtext(u.id::text || d.day::text)) % 80 = 0 THEN 0 WHEN abs(hashtext(u.id::text || d.day::text)) % 120 = 1 THEN 0.5 ELSE 1 END,
           NULL
      FROM users u
     CROSS JOIN LATERAL (SELECT g::date AS day FROM generate_series(greatest(${from}::date, u.date_of_joining), ${to}::date, interval '1 day') g) d
      LEFT JOIN leave_requests l ON l.tenant_id = ${tenant} AND l.user_id = u.id AND l.status = 2 AND d.day BETWEEN l.start_date AND l.end_date
      LEFT JOIN leave_types t ON t.id = l.leave_type_id
     WHERE u.tenant_id = ${tenant} AND u.employee_number LIKE 'PR%'`);
  await db.execute(sql`
    INSERT INTO payroll_settings (tenant_id, pay_period_type, pay_day_type, pay_day, last_payroll_run_month, last_payroll_year,
                                  salary_components_done, statutory_components_done, settings_done, is_payroll_enabled)
    VALUES (${tenant}, 1, 0, -1, ${before.month}, ${before.year}, true, true, true, true)`);
  for (const table of ['users', 'user_earnings', 'leave_requests', 'attendance_days', 'payroll_settings', 'payslips', 'payslip_lines', 'payroll_runs', 'payroll_holds', 'payroll_adjustments']) {
    await db.execute(sql.raw(`ANALYZE ${table}`));
  }
  const [counts] = await queryRows<{ days: number; leave: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM attendance_days WHERE tenant_id = ${tenant}) AS days, (SELECT count(*)::int FROM leave_requests WHERE tenant_id = ${tenant}) AS leave`,
  );
  return { attendanceDays: counts?.days ?? 0, leaveRequests: counts?.leave ?? 0 };
}

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
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { app, database } = await boot(config);
  const db = database.db;
  try {
    const { month } = lastMonth();
    const seedStarted = performance.now();
    const org = await seedBenchOrganisation(db, 'payroll');
    await provisionLeaveDefaults(db, org.tenantId);
    const seeded = await seedPayrollMonth(db, org.tenantId, org.adminEmail.split('@')[1] ?? 'payroll.bench');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port.toString()}`;
    const login = await fetch(`${base}/backend/api/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const draft = await api<RunView>(base, token, 'GET', '/PayrollRuns/current');
    if (draft.status !== 200 || draft.data.month !== month) throw new Error(`current run: ${draft.status.toString()} ${draft.message ?? draft.data.month}`);

    const processStarted = performance.now();
    const started = await api<RunView>(base, token, 'POST', `/PayrollRuns/${draft.data.id}/process`);
    if (started.status !== 202) throw new Error(`process answered ${started.status.toString()}: ${started.message ?? ''}`);
    // Only the processing job: whatever else is queued (another run's payslip documents) is not this measurement.
    const drained = await app.jobs.drain({ names: ['payroll.process'] });
    const processSeconds = (performance.now() - processStarted) / 1000;
    if (drained.failed.length > 0) throw new Error(`processing failed: ${String(drained.failed[0]?.error)}`);
    const processed = await api<RunView>(base, token, 'GET', `/PayrollRuns/${draft.data.id}`);
    if (processed.data.status !== 'processed') throw new Error(`run is ${processed.data.status} after processing: ${processed.data.lastError ?? ''}`);

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
        `payroll month ${month} for ${String(processed.data.employeeCount)} employees (statutory EPF, ESI, PT Karnataka on; a month of stored attendance days and approved paid and unpaid leave): ` +
        `POST /PayrollRuns/:id/process, the 'payroll.process' job run to the end in this process (chunks, each its own transaction; no other queue drained), then POST /PayrollRuns/:id/finalize ` +
        `(the payslip documents job it enqueues is checked queued, not run); ` +
        `against the floor of inserting the same ${String(floor.payslips)} payslips and ${String(floor.lines)} lines (read back from the run) into twin tables with the same columns, keys, indexes and foreign keys, ` +
        `without row-level security or the immutability triggers, in one transaction, 5,000 rows a statement as one JSON parameter (the run's statement shape); same database, same run; lower is better`,
      environment: { node: process.version, database: database.kind, cpus: os.cpus().length, durationSeconds: 0, connections: 1 },
      details: {
        processSeconds: round(processSeconds),
        finalizeSeconds: round(finalizeSeconds),
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
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
