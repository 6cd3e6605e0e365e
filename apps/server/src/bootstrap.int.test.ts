import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boot } from './bootstrap';
import { openPglite, queryRows } from './db/client';
import { loadConfig } from './platform/config';
import { BACKENDS, createTestApp, type TestApp } from './testing';

/**
 * Boots as `npm start` does (no listening, no workers) on a copy of a test app's database, with
 * warn-level log lines kept: PostgreSQL through DATABASE_URL, PGlite through a data folder the dump
 * is loaded into.
 */
async function bootInProduction(env: Record<string, string>, from: TestApp) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-boot-'));
  const lines: string[] = [];
  const logger = { level: 'warn', stream: { write: (line: string) => void lines.push(line) } };
  // boot() sets the process umask for DATA_DIR (0077); this worker's later files get theirs back.
  const umask = process.umask(0o077);
  try {
    if (!from.databaseUrl) {
      if (!from.database.dump) throw new Error('a PGlite test database without dump()');
      const copy = await openPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: await from.database.dump() });
      await copy.close();
    }
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(40), DATA_DIR: dataDir, ...(from.databaseUrl ? { DATABASE_URL: from.databaseUrl } : {}), ...env });
    const running = await boot(config, undefined, { background: false, logger });
    await running.app.ready();
    const demoTenants = (await queryRows<{ n: number }>(running.database.db, sql`SELECT count(*)::int AS n FROM tenants WHERE is_demo`))[0]?.n;
    await running.app.close();
    return { seeded: running.seeded, demoTenants, seedWarnings: lines.filter((l) => l.includes('SEED_DEMO')) };
  } finally {
    process.umask(umask);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 25 F3: with NODE_ENV=production and SEED_DEMO unset, a fresh database got the demo
 * organisation, whose Administrator signs in with the password the README prints.
 */
describe.each(BACKENDS)('boot in production (%s)', (backend) => {
  it('on a database without the demo and SEED_DEMO unset: no demo organisation and nothing to warn about', async () => {
    // The migrated base: what a first start finds once its migrations have run.
    const t = await createTestApp(backend);
    try {
      expect(await bootInProduction({}, t)).toEqual({ seeded: false, demoTenants: 0, seedWarnings: [] });
    } finally {
      await t.close();
    }
  });

  it('with SEED_DEMO=true it logs the warning (the demo is already there, so nothing is seeded again)', async () => {
    const t = await createTestApp(backend, {}, { demo: true });
    try {
      const result = await bootInProduction({ SEED_DEMO: 'true' }, t);
      expect(result).toMatchObject({ seeded: false, demoTenants: 1 });
      expect(result.seedWarnings).toHaveLength(1);
      expect(result.seedWarnings[0]).toContain('SEED_DEMO=true with NODE_ENV=production');
    } finally {
      await t.close();
    }
  });
});
