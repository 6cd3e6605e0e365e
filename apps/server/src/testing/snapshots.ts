import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { openPglite, openPostgres, type Database } from '../db/client';
import { seedDemoOrganisation } from '../seed/demo';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../platform/config';
import { TestClock } from '../platform/clock';

/**
 * The databases a test file starts from, built once per run (or once per seeding instant) and
 * copied per file (docs/testing.md):
 * - base: migrated, reference data, pg-boss's schema and every queue of the app created;
 * - demo at an instant: base with the demo organisation seeded as of that instant.
 * On PGlite a snapshot is a data-directory dump in a file; on PostgreSQL a template database.
 */
export interface SnapshotPlace {
  /** Folder of this run's PGlite dumps (both backends keep their lock-free bookkeeping here). */
  dir: string;
  /** PostgreSQL only: server URL and the base template's name (demo templates are named after it). */
  postgres: { url: string; template: string } | null;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates every job queue of the app in the database (the app's start does; then the files' starts only find them). */
async function createQueues(database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-queues-'));
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
  const app = await buildApp({ config, database, clock: new TestClock(), logger: false });
  await app.ready();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const BASE_FILE = 'base.tar.gz';
/** Which demo snapshot: `key` names it (letters, digits and _ only), `at` is the instant it is seeded as of when built. */
export interface DemoSnapshot {
  key: string;
  at: Date;
}

const demoFile = (demo: DemoSnapshot) => `demo-${demo.key}.tar.gz`;
const demoTemplate = (template: string, demo: DemoSnapshot) => `${template}_d${demo.key}`;

async function writeDump(database: Database, file: string): Promise<void> {
  if (!database.dump) throw new Error('PGlite database without dump()');
  const dump = await database.dump();
  // Written aside and renamed: a worker reading it never sees half a file, and two workers building
  // the same snapshot at once both end with a whole one.
  const part = `${file}.${process.pid.toString()}.part`;
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, file);
}

/** Global setup: the base snapshot of one backend. */
export async function buildBase(backend: 'pglite' | 'postgres', place: SnapshotPlace): Promise<void> {
  if (backend === 'pglite') {
    const database = await openPglite();
    await prepareDatabase(database);
    await createQueues(database);
    await writeDump(database, path.join(place.dir, BASE_FILE));
    await database.close();
    return;
  }
  if (!place.postgres) throw new Error('PostgreSQL snapshot without TEST_DATABASE_URL');
  const { url, template } = place.postgres;
  await admin(url, (client) => client.query(`CREATE DATABASE ${template}`));
  const database = openPostgres(withDatabase(url, template), { max: 2 });
  await prepareDatabase(database);
  await createQueues(database);
  await database.close();
}

/** The run's databases of every backend: dropped at the end of the run (PGlite's go with the folder). */
export async function dropPostgresTemplates(place: SnapshotPlace): Promise<void> {
  if (!place.postgres) return;
  const { url, template } = place.postgres;
  await admin(url, async (client) => {
    // Only this run's: `_` is a LIKE wildcard, so a LIKE pattern also matched other runs' databases on a shared server.
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [template]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  });
}

/** Dump bytes by file, kept for the next file of the same worker (workers keep modules between files). */
const dumps = new Map<string, Blob>();

function readDump(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) {
    blob = new Blob([fs.readFileSync(file)]);
    dumps.set(file, blob);
  }
  return blob;
}

let counter = 0;

/** A PostgreSQL database of this run's own, cloned from a template; dropped when closed. */
async function cloneTemplate(url: string, runTemplate: string, from: string): Promise<{ database: Database; url: string }> {
  counter += 1;
  // Named after the run's base template, so the run's teardown drops its own databases and no one else's.
  const name = `${runTemplate}_t${process.pid.toString(36)}${counter.toString()}`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${from}`));
  const databaseUrl = withDatabase(url, name);
  const database = openPostgres(databaseUrl, { max: 4 });
  const close = database.close;
  database.close = async () => {
    await close();
    await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  return { database, url: databaseUrl };
}

/**
 * A database of the file's own: the base snapshot, or a demo snapshot. A demo snapshot missing so
 * far is built here, seeded as of `demo.at` (the first file that asks pays for it).
 */
export async function openSnapshot(backend: 'pglite' | 'postgres', place: SnapshotPlace, demo: DemoSnapshot | null): Promise<{ database: Database; url: string | null }> {
  if (backend === 'pglite') {
    const base = path.join(place.dir, BASE_FILE);
    if (!demo) return { database: await openPglite({ loadDataDir: readDump(base) }), url: null };
    const file = path.join(place.dir, demoFile(demo));
    if (fs.existsSync(file)) return { database: await openPglite({ loadDataDir: readDump(file) }), url: null };
    const database = await openPglite({ loadDataDir: readDump(base) });
    await seedDemoOrganisation(database.db, demo.at);
    await writeDump(database, file);
    return { database, url: null };
  }
  if (!place.postgres) throw new Error('PostgreSQL backend requested without TEST_DATABASE_URL');
  const { url, template } = place.postgres;
  if (!demo) return cloneTemplate(url, template, template);
  const name = demoTemplate(template, demo);
  await admin(url, async (client) => {
    // One builder per template across workers: the others wait here, then find it.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      const seeding = openPostgres(withDatabase(url, name), { max: 2 });
      try {
        await seedDemoOrganisation(seeding.db, demo.at);
      } finally {
        await seeding.close();
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return cloneTemplate(url, template, name);
}
