import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { prepareDatabase } from '../bootstrap';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file, and (when TEST_DATABASE_URL is
 * set) a PostgreSQL template database. Each test file then starts from a copy, built from the real
 * migrations, in about a second.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-test-'));
  const pglite = await openPglite();
  await prepareDatabase(pglite);
  const snapshotFile = path.join(dir, 'pglite.tar.gz');
  if (!pglite.dump) throw new Error('PGlite database without dump()');
  const dump = await pglite.dump();
  fs.writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshotFile);

  let template: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    template = `tankha_tpl_${process.pid.toString()}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, template), { max: 2 });
    await prepareDatabase(database);
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // Only this run's: `_` is a LIKE wildcard, so 'tankha_t_%' also matched other runs' templates on a shared server.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [template]);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
