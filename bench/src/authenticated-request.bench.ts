import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { boot, loadConfig, seedBenchOrganisation, DEMO_PASSWORD } from '@tankha/server/bench';
import type { BenchResult } from './results';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/**
 * The cost of our request path (bearer check, session row, plan features, tenant-scoped transaction
 * with row-level security, zod serialisation) against the cheapest possible Fastify route.
 */
export async function runAuthenticatedRequest(): Promise<BenchResult> {
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

  const login = await fetch(`${base}/backend/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: org.adminEmail, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ statusCode: 200, message: 'Success', data: { orgDetails: true, settings: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  if (!bareAddress || typeof bareAddress === 'string') throw new Error('no address');

  try {
    const floor = await measure(`http://127.0.0.1:${bareAddress.port.toString()}/bare`, {});
    const ours = await measure(`${base}/backend/api/orgprofilecompletionstatus`, { authorization: `Bearer ${token}` });
    if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`authenticated route failed: ${ours.non2xx.toString()} non-2xx, ${ours.errors.toString()} errors`);
    return {
      benchmark: 'authenticated-request',
      value: Math.round(ours.rps),
      unit: 'requests/s',
      floor: Math.round(floor.rps),
      ratio: Number((ours.rps / floor.rps).toFixed(4)),
      description: 'GET /backend/api/orgprofilecompletionstatus with a bearer token, against a bare Fastify route returning the same JSON, same process, same run',
      environment: { node: process.version, database: config.database, cpus: os.cpus().length, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS },
      details: { p99LatencyMs: ours.p99, floorP99LatencyMs: floor.p99 },
    };
  } finally {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
