import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { boot, loadConfig, queryRows, seedBenchOrganisation, DEMO_PASSWORD } from '@tankha/server/bench';
import type { BenchResult } from './results';
import { recordStatements, startRawDriverFloor } from './raw-driver-floor';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Rounds of (bare, raw-driver floor, ours) one after the other; the medians are reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Measured {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU of this process (server and autocannon) per request, µs. */
  nodeCpuMicros: number;
  /** CPU of the database's server processes per request, µs (PostgreSQL on this machine only). */
  databaseCpuMicros: number | null;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime + stime of the given processes, µs; null when /proc cannot tell (not Linux, another machine). */
function processCpuMicros(pids: readonly number[]): number | null {
  if (pids.length === 0) return null;
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid.toString()}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * (1_000_000 / TICKS);
    } catch {
      return null;
    }
  }
  return total;
}

async function measure(url: string, headers: Record<string, string>, backends: () => Promise<number[]>): Promise<Measured> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  // CPU per request as well as requests per second: on a loaded machine the rate is mostly the share
  // of the CPU the scheduler gave; the CPU a request costs much less so.
  const pids = await backends();
  const node = process.cpuUsage();
  const database = processCpuMicros(pids);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const nodeUsed = process.cpuUsage(node);
  const databaseAfter = processCpuMicros(pids);
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    nodeCpuMicros: Math.round((nodeUsed.user + nodeUsed.system) / requests),
    databaseCpuMicros: database === null || databaseAfter === null ? null : Math.round((databaseAfter - database) / requests),
  };
}

/**
 * The cost of our request path (bearer check, session row, plan features, tenant-scoped transaction
 * with row-level security, zod serialisation) against the cheapest possible Fastify route; on
 * PostgreSQL also the raw-driver floor (raw-driver-floor.ts): the statements one real request sent,
 * replayed by a minimal Fastify + node-pg server, so the distance to the design's limit shows.
 * Two results: `authenticated-request` (ours / bare) and `authenticated-request-floor` (raw / bare,
 * with ours / raw in its details), all measured in the same rounds.
 */
export async function runAuthenticatedRequest(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-bench-'));
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
  const org = await seedBenchOrganisation(database.db, 'auth-request');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port.toString()}`;
  const route = `${base}/backend/api/orgprofilecompletionstatus`;

  const login = await fetch(`${base}/backend/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const answer = async (): Promise<string> => {
    const response = await fetch(route, { headers });
    if (response.status !== 200) throw new Error(`authenticated route answered ${response.status.toString()}`);
    return response.text();
  };

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ statusCode: 200, message: 'Success', data: { orgDetails: true, settings: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  if (!bareAddress || typeof bareAddress === 'string') throw new Error('no address');

  // The floor replays what a request with its token already remembered sends (the second one on).
  let raw: Awaited<ReturnType<typeof startRawDriverFloor>> | null = null;
  let statements: string[] = [];
  if (config.database === 'postgres' && config.DATABASE_URL) {
    await answer();
    let expected = '';
    const sent = await recordStatements(async () => void (expected = await answer()));
    statements = sent.map(({ config: query, before }) => (before ? `BEGIN; ${before.text}; ` : '') + (typeof query === 'string' ? query : query.text));
    raw = await startRawDriverFloor(config.DATABASE_URL, sent);
    const floorAnswer = await (await fetch(raw.url)).text();
    if (floorAnswer !== expected) throw new Error(`the raw-driver floor answers ${floorAnswer}, the route ${expected}`);
  }

  // The database's processes serving this database (PostgreSQL on this machine), for their CPU per request.
  const backends = async (): Promise<number[]> =>
    config.database === 'postgres'
      ? (await queryRows<{ pid: number }>(database.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).map((r) => r.pid)
      : [];

  try {
    const rounds: { bare: Measured; raw: Measured | null; ours: Measured }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await measure(`http://127.0.0.1:${bareAddress.port.toString()}/bare`, {}, async () => []);
      const rawFloor = raw ? await measure(raw.url, headers, backends) : null;
      const ours = await measure(route, headers, backends);
      if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`authenticated route failed: ${ours.non2xx.toString()} non-2xx, ${ours.errors.toString()} errors`);
      if (rawFloor && (rawFloor.non2xx > 0 || rawFloor.errors > 0)) throw new Error(`raw-driver floor failed: ${rawFloor.non2xx.toString()} non-2xx, ${rawFloor.errors.toString()} errors`);
      rounds.push({ bare: floor, raw: rawFloor, ours });
    }
    const bareRps = median(rounds.map((r) => r.bare.rps));
    const oursRps = median(rounds.map((r) => r.ours.rps));
    const rawRps = raw ? median(rounds.map((r) => r.raw?.rps ?? 0)) : null;
    // CPU per request, µs, medians: this process (server and autocannon), and the database's processes.
    const cpu = (pick: (r: (typeof rounds)[number]) => Measured | null) => {
      const measured = rounds.map(pick).filter((m): m is Measured => m !== null);
      const databaseCpu = measured.map((m) => m.databaseCpuMicros).filter((m): m is number => m !== null);
      return { nodeMicros: median(measured.map((m) => m.nodeCpuMicros)), databaseMicros: databaseCpu.length > 0 ? median(databaseCpu) : null };
    };
    const cpuPerRequest = { bare: cpu((r) => r.bare), ...(raw ? { rawDriverFloor: cpu((r) => r.raw) } : {}), ours: cpu((r) => r.ours) };
    const environment = { node: process.version, database: config.database, cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS };
    const perRound = rounds.map((r) => ({ bare: Math.round(r.bare.rps), rawFloor: r.raw === null ? null : Math.round(r.raw.rps), ours: Math.round(r.ours.rps) }));
    const results: BenchResult[] = [
      {
        benchmark: 'authenticated-request',
        value: Math.round(oursRps),
        unit: 'requests/s',
        floor: Math.round(bareRps),
        ratio: Number((oursRps / bareRps).toFixed(4)),
        description: 'GET /backend/api/orgprofilecompletionstatus with a bearer token, against a bare Fastify route returning the same JSON, same process, same run',
        environment,
        details: {
          p99LatencyMs: median(rounds.map((r) => r.ours.p99)),
          floorP99LatencyMs: median(rounds.map((r) => r.bare.p99)),
          cpuPerRequest,
          ...(rawRps === null ? {} : { rawDriverFloor: Math.round(rawRps), ratioToRawDriverFloor: Number((oursRps / rawRps).toFixed(4)) }),
          rounds: perRound,
        },
      },
    ];
    if (rawRps !== null) {
      results.push({
        benchmark: 'authenticated-request-floor',
        value: Math.round(rawRps),
        unit: 'requests/s',
        floor: Math.round(bareRps),
        ratio: Number((rawRps / bareRps).toFixed(4)),
        description:
          'The raw-driver floor of the authenticated request: a minimal Fastify + node-pg server sending the statements one real request sent (recorded from the server), against the same bare Fastify route, same process, same run. The design\'s limit for authenticated-request on this machine.',
        environment,
        details: { statements, p99LatencyMs: median(rounds.map((r) => r.raw?.p99 ?? 0)), oursToRawFloor: Number((oursRps / rawRps).toFixed(4)), cpuPerRequest, rounds: perRound },
      });
    }
    return results;
  } finally {
    await raw?.close();
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
