import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { AttendanceService, PayrollLockService, boot, loadConfig, queryRows, seedBenchOrganisation, withTenant, DEMO_PASSWORD } from '@tankha/server/bench';
import type { BenchResult } from './results';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000);

/** The last whole month before today (UTC), 'YYYY-MM', with its first and last dates. */
function lastMonth(): { month: string; from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { month: first.toISOString().slice(0, 7), from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

interface Prepared {
  app: Awaited<ReturnType<typeof boot>>['app'];
  db: Awaited<ReturnType<typeof boot>>['database']['db'];
  databaseKind: string;
  tenantId: string;
  adminEmail: string;
  base: string;
  seedSeconds: number;
  logs: number;
  close(): Promise<void>;
}

/**
 * Boots the server on a fresh database (PGlite, or BENCH_DATABASE_URL), creates an organisation of its
 * own (so no earlier benchmark's rows change the result), adds 1,000 employees and ten members who
 * can sign in to it, and a month of weekday time logs for them with generate_series (10:00 IST plus
 * up to 45 minutes, nine hours and up to 30 minutes long, one day in 25 absent), then listens.
 */
export async function prepare(label: string): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tankha-bench-${label}-`));
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
  const { from, to } = lastMonth();
  const started = performance.now();
  const org = await seedBenchOrganisation(db, `attendance-${label}`, { members: CONNECTIONS });
  const tenant = { id: org.tenantId };
  await db.execute(sql`
    INSERT INTO users (tenant_id, email, employee_number, first_name, last_name, role_id, status, designation, department_id, date_of_joining, regime_type)
    SELECT ${tenant.id}::uuid, 'attbench' || n || '@' || ${org.adminEmail.split('@')[1] ?? 'bench.example'}, 'AB' || lpad(n::text, 5, '0'),
           (ARRAY['Aarav','Vivaan','Aditya','Ananya','Diya','Saanvi','Kavya','Meera','Rohan','Karthik'])[1 + n % 10],
           (ARRAY['Sharma','Iyer','Reddy','Nair','Patel','Gupta','Menon','Rao'])[1 + (n / 10) % 8],
           3, 1, 'Engineer',
           (SELECT id FROM departments WHERE tenant_id = ${tenant.id}::uuid ORDER BY id OFFSET (n % 4) LIMIT 1),
           DATE '2020-01-01', 1
      FROM generate_series(1, ${EMPLOYEES}::int) AS n`);
  await db.execute(sql`
    INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
    SELECT ${tenant.id}::uuid, u.id, d::date,
           (d::date::timestamp + interval '4 hours 30 minutes' + (abs(hashtext(u.id::text || d::text)) % 45) * interval '1 minute') AT TIME ZONE 'UTC',
           (d::date::timestamp + interval '13 hours 30 minutes' + (abs(hashtext(u.id::text || d::text)) % 75) * interval '1 minute') AT TIME ZONE 'UTC',
           'web', 2
      FROM users u CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') AS d
     WHERE u.tenant_id = ${tenant.id}::uuid AND extract(isodow FROM d) < 6 AND abs(hashtext(d::text || u.id::text)) % 25 <> 0`);
  await db.execute(sql`ANALYZE users`);
  await db.execute(sql`ANALYZE time_logs`);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM time_logs WHERE tenant_id = ${tenant.id}::uuid AND work_date BETWEEN ${from} AND ${to}`);
  const seedSeconds = (performance.now() - started) / 1000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    db,
    databaseKind: config.database,
    tenantId: tenant.id,
    adminEmail: org.adminEmail,
    base: `http://127.0.0.1:${address.port.toString()}`,
    seedSeconds,
    logs: count?.n ?? 0,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/backend/api/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (res.status !== 200) throw new Error(`login ${email} answered ${res.status.toString()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Recomputes (or only reads the inputs of) a range for every active employee of the organisation,
 * as the 'attendance.recompute' job does: one tenant transaction, batches of 400 employees in it.
 */
function recomputeAll(p: Prepared, service: InstanceType<typeof AttendanceService>, range: { from: string; to: string }, readOnly = false): Promise<unknown> {
  return withTenant(p.db, p.tenantId, async (tdb): Promise<unknown> => {
    const scope = { db: tdb, tenantId: p.tenantId, enqueue: () => {} };
    return readOnly ? service.readRecomputeInputs(scope, range) : service.recompute(scope, range);
  });
}

const environment = (database: string, connections = CONNECTIONS) => ({ node: process.version, database, cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections });

/** (a) GET /Attendances/grid for a month and all 1,000+ employees on one page, against the bare SQL of the same rows. */
export async function runAttendanceGrid(): Promise<BenchResult> {
  const p = await prepare('grid');
  try {
    const { month, from, to } = lastMonth();
    const service = new AttendanceService({ clock: { now: () => new Date() }, locks: new PayrollLockService({ clock: { now: () => new Date() } }) });
    await recomputeAll(p, service, { from, to });
    const token = await login(p.base, p.adminEmail);
    const url = `${p.base}/backend/api/Attendances/grid?month=${month}&page=1&pageSize=1000`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await probe.json()) as { data: { days: unknown[] }[]; totalRecords: number };
    if (probe.status !== 200) throw new Error(`grid answered ${probe.status.toString()}`);
    // A page of 1,000 employees takes seconds on PGlite, so both sides run a fixed number of requests
    // (BENCH_DURATION × connections, at least 2 per connection) and the rate is completed requests over elapsed time.
    const amount = Math.max(2 * CONNECTIONS, DURATION_SECONDS * CONNECTIONS);
    const options = { url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, timeout: 600 };
    await autocannon({ ...options, amount: CONNECTIONS });
    const ourStarted = performance.now();
    const ours = await autocannon({ ...options, amount });
    const ourRps = ours.requests.total / ((performance.now() - ourStarted) / 1000);
    if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`grid failed: ${ours.non2xx.toString()} non-2xx, ${ours.errors.toString()} errors`);

    // The floor: the same 1,000 employees and their month of computed days in one statement, no HTTP, auth or JSON.
    const bare = async () => {
      await p.db.execute(sql`
        SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, a.work_date, a.status, a.first_in, a.last_out, a.total_minutes, a.overtime_minutes, a.shift_id, a.approval_status
          FROM (SELECT id, first_name, last_name, email, employee_number FROM users WHERE tenant_id = ${p.tenantId}::uuid AND status IN (1, 4)
                 ORDER BY lower(first_name), lower(last_name), id LIMIT 1000) u
          LEFT JOIN attendance_days a ON a.user_id = u.id AND a.work_date BETWEEN ${from} AND ${to}
         ORDER BY lower(u.first_name), lower(u.last_name), u.id, a.work_date`);
    };
    for (let i = 0; i < 3; i += 1) await bare();
    let runs = 0;
    const started = performance.now();
    while (runs < amount) {
      await Promise.all(Array.from({ length: CONNECTIONS }, bare));
      runs += CONNECTIONS;
    }
    const floor = runs / ((performance.now() - started) / 1000);
    return {
      benchmark: 'attendance-grid',
      value: Number(ourRps.toFixed(2)),
      unit: 'requests/s',
      floor: Number(floor.toFixed(2)),
      ratio: Number((ourRps / floor).toFixed(4)),
      description: `GET /backend/api/Attendances/grid?month=${month}&pageSize=1000 (${body.data.length.toString()} employees × ${String(body.data[0]?.days.length ?? 0)} days, calendar overlay, zod-serialised JSON) against the bare SQL join of the same employees and computed days, same database, same run`,
      environment: environment(p.databaseKind),
      details: { p99LatencyMs: ours.latency.p99, employees: body.totalRecords, bytesPerResponse: Math.round(ours.throughput.total / Math.max(1, ours.requests.total)), completedRequests: ours.requests.total, logs: p.logs, seedSeconds: Number(p.seedSeconds.toFixed(1)) },
    };
  } finally {
    await p.close();
  }
}

/** (b) POST check-in / check-out under 10 connections, each connection one demo employee alternating, against a bare Fastify route. */
export async function runCheckIn(): Promise<BenchResult> {
  const p = await prepare('checkin');
  const bareApp = Fastify({ logger: false });
  bareApp.post('/bare', async () => ({ statusCode: 200, message: 'Success', data: { isCheckedIn: true } }));
  await bareApp.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Today may be a weekend or a holiday of the demo: the bench is about the request, so no restriction applies.
    await p.db.execute(sql`
      INSERT INTO attendance_settings (tenant_id, settings) VALUES (${p.tenantId}::uuid, '{"restrictLogsForWeekend": false, "restrictLogsForHolidays": false}'::jsonb)
      ON CONFLICT (tenant_id) DO UPDATE SET settings = attendance_settings.settings || EXCLUDED.settings`);
    const people = await queryRows<{ email: string }>(
      p.db,
      sql`SELECT email FROM users WHERE tenant_id = ${p.tenantId}::uuid AND account_id IS NOT NULL AND status = 1 AND role_id = 3 ORDER BY email LIMIT ${CONNECTIONS}`,
    );
    const tokens: string[] = [];
    for (const person of people) tokens.push(await login(p.base, person.email));
    let next = 0;
    const setupRequest = (req: Record<string, unknown>, context: Record<string, unknown>) => {
      if (typeof context.token !== 'string') context.token = tokens[next++ % tokens.length];
      return { ...req, headers: { ...(req.headers as Record<string, string>), authorization: `Bearer ${String(context.token)}` } };
    };
    const run = async (duration: number) => {
      // Requests the previous run left queued on the server finish first, so every user starts checked out.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await p.db.execute(sql`UPDATE time_logs SET check_out = now() WHERE tenant_id = ${p.tenantId}::uuid AND check_out IS NULL`);
      next = 0;
      return autocannon({
        url: p.base,
        connections: Math.min(CONNECTIONS, tokens.length),
        duration,
        requests: [
          { method: 'POST', path: '/backend/api/Attendances/check-in', setupRequest: setupRequest as never },
          { method: 'POST', path: '/backend/api/Attendances/check-out', setupRequest: setupRequest as never },
        ],
      });
    };
    await run(1);
    const ours = await run(DURATION_SECONDS);
    if (ours.errors > 0 || ours.non2xx > ours.requests.total * 0.01) throw new Error(`check-in failed: ${ours.non2xx.toString()} non-2xx of ${ours.requests.total.toString()}`);
    const bareUrl = `http://127.0.0.1:${String((bareApp.server.address() as { port: number }).port)}/bare`;
    await autocannon({ url: bareUrl, method: 'POST', connections: CONNECTIONS, duration: 1 });
    const floor = await autocannon({ url: bareUrl, method: 'POST', connections: CONNECTIONS, duration: DURATION_SECONDS });
    return {
      benchmark: 'check-in',
      value: Math.round(ours.requests.average),
      unit: 'requests/s',
      floor: Math.round(floor.requests.average),
      ratio: Number((ours.requests.average / floor.requests.average).toFixed(4)),
      description: `POST /backend/api/Attendances/check-in then check-out, alternating, ${String(tokens.length)} connections each signed in as a different employee (row lock, open-log check, insert or update, recompute of the day, today's card in the reply) against a bare Fastify POST route, same run`,
      environment: environment(p.databaseKind, Math.min(CONNECTIONS, tokens.length)),
      details: { p99LatencyMs: ours.latency.p99, floorP99LatencyMs: floor.latency.p99, non2xx: ours.non2xx, requests: ours.requests.total },
    };
  } finally {
    await bareApp.close();
    await p.close();
  }
}

/** (c) Recomputing a month for every employee (1,000 plus the demo's), in seconds, against only reading the same inputs. */
export async function runAttendanceRecompute(): Promise<BenchResult> {
  const p = await prepare('recompute');
  try {
    const { from, to } = lastMonth();
    const service = new AttendanceService({ clock: { now: () => new Date() }, locks: new PayrollLockService({ clock: { now: () => new Date() } }) });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const times: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      let started = performance.now();
      await recomputeAll(p, service, { from, to });
      times.push((performance.now() - started) / 1000);
      started = performance.now();
      await recomputeAll(p, service, { from, to }, true);
      floors.push((performance.now() - started) / 1000);
    }
    const [row] = await queryRows<{ employees: number; days: number }>(
      p.db,
      sql`SELECT count(DISTINCT user_id)::int AS employees, count(*)::int AS days FROM attendance_days WHERE tenant_id = ${p.tenantId}::uuid AND work_date BETWEEN ${from} AND ${to}`,
    );
    const value = median(times);
    const floor = median(floors);
    return {
      benchmark: 'attendance-recompute',
      value: Number(value.toFixed(3)),
      unit: 'seconds',
      floor: Number(floor.toFixed(3)),
      ratio: Number((value / floor).toFixed(4)),
      description: `recompute(${from}..${to}) for every active employee (${String(row?.employees ?? 0)} employees, ${String(row?.days ?? 0)} days; batches of 400, one query per input table, one JSON upsert, all in one tenant transaction as the job runs it) against only reading the same inputs; median of 3; lower is better`,
      environment: { ...environment(p.databaseKind, 1), durationSeconds: 0 },
      details: { runsSeconds: times.map((t) => Number(t.toFixed(3))), floorRunsSeconds: floors.map((t) => Number(t.toFixed(3))), logs: p.logs },
    };
  } finally {
    await p.close();
  }
}
