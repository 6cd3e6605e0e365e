import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { boot, loadConfig, queryRows, seedBenchOrganisation, DEMO_PASSWORD } from '@tankha/server/bench';
import type { BenchResult } from './results';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);

/**
 * The user list over 100,000 employees of one organisation, with a search, a department filter and
 * a sort, through the API (bearer check, tenant transaction with row-level security, list query,
 * counts per tab, serialisation) against the bare SQL of the same page and counts in the same run.
 */
export async function runUserList(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-bench-users-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'b'.repeat(40),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { app, database } = await boot(config);
  const db = database.db;
  try {
    const seedStarted = performance.now();
    // An organisation of its own, so the 100,000 users change no other benchmark's result.
    const org = await seedBenchOrganisation(db, 'user-list');
    const tenant = { id: org.tenantId, department_id: org.departmentIds[0] ?? '' };
    const domain = org.adminEmail.split('@')[1] ?? 'bench.example';
    // 100,000 employees in 10,000-row statements: names from Indian name pools, 90% active.
    for (let offset = 0; offset < USERS; offset += 10_000) {
      await db.execute(sql`
        INSERT INTO users (tenant_id, email, employee_number, first_name, last_name, role_id, status, phone_number, designation, department_id, date_of_joining, regime_type, last_login_at)
        SELECT ${tenant.id}::uuid,
               'bench' || n || '@' || ${domain},
               'B' || lpad(n::text, 6, '0'),
               (ARRAY['Aarav','Vivaan','Aditya','Vihaan','Arjun','Sai','Reyansh','Ishaan','Ananya','Diya','Saanvi','Aadhya','Kavya','Meera','Priya','Rohan','Karthik','Lakshmi','Nikhil','Pooja'])[1 + n % 20],
               (ARRAY['Sharma','Iyer','Reddy','Nair','Patel','Gupta','Menon','Rao','Das','Khan','Singh','Joshi','Kulkarni','Bose','Pillai'])[1 + (n / 20) % 15],
               3,
               CASE WHEN n % 20 = 0 THEN 3 WHEN n % 20 = 1 THEN 2 ELSE 1 END,
               '98' || lpad((n % 100000000)::text, 8, '0'),
               (ARRAY['Software Engineer','Senior Engineer','Analyst','Accountant','Sales Executive','HR Executive','Team Lead','Designer'])[1 + n % 8],
               (SELECT id FROM departments WHERE tenant_id = ${tenant.id}::uuid ORDER BY id OFFSET (n % 4) LIMIT 1),
               DATE '2015-01-01' + (n % 4000),
               n % 2,
               CASE WHEN n % 3 = 0 THEN NULL ELSE TIMESTAMPTZ '2026-01-01' + (n % 300) * INTERVAL '1 day' END
        FROM generate_series(${offset + 1}::int, ${Math.min(offset + 10_000, USERS)}::int) AS n`);
    }
    await db.execute(sql`ANALYZE users`);
    // Filter on the department most of the matching people are in, so the page is a real one.
    const [busiest] = await queryRows<{ department_id: string }>(
      db,
      sql`SELECT department_id FROM users WHERE tenant_id = ${tenant.id}::uuid AND first_name ILIKE '%priya%' AND department_id IS NOT NULL GROUP BY department_id ORDER BY count(*) DESC LIMIT 1`,
    );
    if (busiest) tenant.department_id = busiest.department_id;
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port.toString()}`;
    const login = await fetch(`${base}/backend/api/Account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const query = new URLSearchParams({ pageNo: '3', pageSize: '10', userStatus: '1', search: 'priya', departmentId: tenant.department_id, sortBy: 'dateOfJoining', orderBy: 'desc' });
    const url = `${base}/backend/api/Users?${query.toString()}`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const probeBody = (await probe.json()) as { data?: { totalRecords?: number; data?: unknown[] } };
    if (probe.status !== 200) throw new Error(`user list answered ${probe.status.toString()}: ${JSON.stringify(probeBody)}`);

    const options = { url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS };
    await autocannon({ ...options, duration: 1 });
    const ours = await autocannon({ ...options, duration: DURATION_SECONDS });
    if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`user list failed: ${ours.non2xx.toString()} non-2xx`);

    // The floor: the same page and the tab counts as bare SQL on the same database, one
    // statement each, no HTTP, no auth, no tenant transaction. It matches the same way as the API
    // (lowercase "contains" on users.search_text) through the same trigram index, which the
    // connecting role, not being under row-level security, may use directly; the API reaches it
    // through tenant_users_matching() (docs/decisions/0020-user-search-at-100-000-users.md).
    const pattern = '%priya%';
    const bare = async () => {
      await db.execute(sql`
        SELECT u.id, u.employee_number, u.first_name, u.last_name, u.email, u.role_id, u.phone_number, u.designation, u.status, u.date_of_joining, u.last_login_at, d.name
        FROM users u LEFT JOIN departments d ON d.id = u.department_id
        WHERE u.tenant_id = ${tenant.id}::uuid AND u.status IN (1, 4) AND u.department_id = ${tenant.department_id}::uuid AND u.search_text LIKE ${pattern}
        ORDER BY u.date_of_joining DESC, u.id LIMIT 10 OFFSET 20`);
      await db.execute(sql`
        SELECT count(*) FILTER (WHERE status IN (1, 4)) AS active, count(*) FILTER (WHERE status = 3) AS pending, count(*) FILTER (WHERE status = 2) AS inactive,
               count(*) FILTER (WHERE status = 4) AS restricted
        FROM users WHERE tenant_id = ${tenant.id}::uuid AND department_id = ${tenant.department_id}::uuid AND search_text LIKE ${pattern}`);
    };
    for (let i = 0; i < 5; i += 1) await bare();
    let runs = 0;
    const started = performance.now();
    while (performance.now() - started < DURATION_SECONDS * 1000) {
      await Promise.all(Array.from({ length: CONNECTIONS }, bare));
      runs += CONNECTIONS;
    }
    const floor = runs / ((performance.now() - started) / 1000);

    return {
      benchmark: 'user-list',
      value: Math.round(ours.requests.average),
      unit: 'requests/s',
      floor: Math.round(floor),
      ratio: Number((ours.requests.average / floor).toFixed(4)),
      description: `GET /backend/api/Users (search 'priya', one department, Active tab, sorted by joining date, page 3 of 10) over ${USERS.toLocaleString('en-IN')} employees, against the bare SQL page + tab counts on the same database, same run`,
      environment: { node: process.version, database: config.database, cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS },
      details: { p99LatencyMs: ours.latency.p99, users: USERS, seedSeconds: Number(seedSeconds.toFixed(1)), totalRecords: probeBody.data?.totalRecords ?? null },
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
