import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { boot, loadConfig, seedBenchOrganisation, DEMO_PASSWORD } from '@tankha/server/bench';
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

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
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

  try {
    const rounds: { bare: number; raw: number | null; ours: number; p99: number; bareP99: number; rawP99: number | null }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await measure(`http://127.0.0.1:${bareAddress.port.toString()}/bare`, {});
      const rawFloor = raw ? await measure(raw.url, headers) : null;
      const ours = await measure(route, headers);
      if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`authenticated route failed: ${ours.non2xx.toString()} non-2xx, ${ours.errors.toString()} errors`);
      if (rawFloor && (rawFloor.non2xx > 0 || rawFloor.errors > 0)) throw new Error(`raw-driver floor failed: ${rawFloor.non2xx.toString()} non-2xx, ${rawFloor.errors.toString()} errors`);
      rounds.push({ bare: floor.rps, raw: rawFloor?.rps ?? null, ours: ours.rps, p99: ours.p99, bareP99: floor.p99, rawP99: rawFloor?.p99 ?? null });
    }
    const bareRps = median(rounds.map((r) => r.bare));
    const oursRps = median(rounds.map((r) => r.ours));
    const rawRps = raw ? median(rounds.map((r) => r.raw ?? 0)) : null;
    const environment = { node: process.version, database: config.database, cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS };
    const perRound = rounds.map((r) => ({ bare: Math.round(r.bare), rawFloor: r.raw === null ? null : Math.round(r.raw), ours: Math.round(r.ours) }));
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
          p99LatencyMs: median(rounds.map((r) => r.p99)),
          floorP99LatencyMs: median(rounds.map((r) => r.bareP99)),
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
        details: { statements, p99LatencyMs: median(rounds.map((r) => r.rawP99 ?? 0)), oursToRawFloor: Number((oursRps / rawRps).toFixed(4)), rounds: perRound },
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
