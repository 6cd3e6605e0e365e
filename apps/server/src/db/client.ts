import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { is, sql, SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { BossConnection, Db } from './types';
import { restrictToOwner } from '../platform/private-files';
import { installSessionEntry, SESSION_REFUSED } from './sql/session-entry';
import { PreparingPglite, preparingClient, type LeadingStatement, type PreparingPgClient } from './prepared-statements';

export type { Db };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How pg-boss reaches this database: its own small pool on PostgreSQL, the one PGlite connection embedded. */
  bossConnection: BossConnection;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (test snapshots). */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Reference tables without tenant data or secrets that tenant-scoped work reads: SELECT only. Every
 * other table without a tenant policy (accounts, sessions, auth_tokens, outbox_emails, and any
 * global table added later) is closed to the tenant role (docs/decisions/0037-row-level-security-in-the-schema.md).
 */
export const TENANT_READABLE_REFERENCE_TABLES = ['plans'] as const;

/**
 * Tenant tables the tenant role may add to and read but never change or remove from: SELECT and INSERT
 * only (the audit log; its trigger refuses UPDATE and DELETE as well, migration 0043).
 */
export const TENANT_APPEND_ONLY_TABLES = ['audit_log'] as const;

/**
 * The tenant role's privileges, derived from the migrated schema; idempotent, run after every
 * migration. A table in public gets SELECT, INSERT, UPDATE, DELETE when it has a row-level security
 * policy for tankha_tenant (tenantIsolation() in db/schema/rls.ts) — SELECT, INSERT only when it is append-only —, SELECT when it is a reference
 * table above, nothing otherwise. One statement, so no other session sees it half done.
 */
async function grantTenantRole(db: Db): Promise<void> {
  await db.execute(sql`GRANT USAGE ON SCHEMA public TO tankha_tenant`);
  const reference = sql.raw(`ARRAY[${TENANT_READABLE_REFERENCE_TABLES.map((t) => `'${t}'`).join(', ')}]::text[]`);
  const appendOnly = sql.raw(`ARRAY[${TENANT_APPEND_ONLY_TABLES.map((t) => `'${t}'`).join(', ')}]::text[]`);
  await db.execute(sql`DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname,
           EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname AND 'tankha_tenant' = ANY (p.roles)) AS tenant_owned
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')
  LOOP
    EXECUTE format('REVOKE ALL ON TABLE public.%I FROM tankha_tenant', t.relname);
    IF t.tenant_owned AND t.relname = ANY (${appendOnly}) THEN
      EXECUTE format('GRANT SELECT, INSERT ON TABLE public.%I TO tankha_tenant', t.relname);
    ELSIF t.tenant_owned THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.%I TO tankha_tenant', t.relname);
    ELSIF t.relname = ANY (${reference}) THEN
      EXECUTE format('GRANT SELECT ON TABLE public.%I TO tankha_tenant', t.relname);
    END IF;
  END LOOP;
END
$$`);
  await db.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tankha_tenant`);
  await db.execute(sql`GRANT EXECUTE ON FUNCTION current_tenant_id() TO tankha_tenant`);
  // The signed-in request's entry (db/sql/session-entry.ts).
  await installSessionEntry(db);
  // A non-superuser connecting role must be a member to SET ROLE; a superuser already may.
  await db.execute(sql`DO $$ BEGIN EXECUTE format('GRANT tankha_tenant TO %I', current_user); EXCEPTION WHEN OTHERS THEN NULL; END $$`);
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  const { dataDir } = options;
  // Owner-only (0700 / 0600): PGlite itself leaves its files world-readable and writable.
  if (dataDir) restrictToOwner(dataDir);
  // pg_trgm serves the user search (migration 0005); an extension's bundle must be loaded on every open.
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  if (dataDir) restrictToOwner(dataDir);
  // drizzle reads `query` and `transaction` of its client: PGlite's, with named statements (db/prepared-statements.ts).
  const db = drizzlePglite({ client: new PreparingPglite(client) as unknown as PGlite }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    bossConnection: {
      // pg-boss sends its schema scripts as several statements without parameters: PGlite runs those with exec().
      executeSql: async (text, values) => {
        if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      },
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      await grantTenantRole(db);
    },
    async close() {
      await client.close();
      if (dataDir) restrictToOwner(dataDir);
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  // jit=off: the app's statements are short, and PostgreSQL compiled them (JIT) whenever a plan's
  // estimated cost passed jit_above_cost, on every execution: the run's warnings read of 20,000
  // employees took 0.9 s with JIT and 0.18 s without (docs/decisions, incoming-h31-scale).
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, Client: preparingClient(), options: '-c jit=off' });
  // An idle client whose connection the server ended (restart, failover, a dropped test database)
  // is removed by the pool; without a listener its error would crash the process. The next query
  // opens a new connection; a query in flight still gets its own error.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    bossConnection: { connectionString: url },
    async migrate() {
      // Several server processes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        await grantTenantRole(drizzlePg(client) as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: { database: 'pglite' | 'postgres'; DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  if (config.database === 'postgres' && config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What drizzle's own `transaction()` reads from a database object; `transactionFrom` builds the same transaction. */
interface DrizzleInternals {
  dialect: PgDialect;
  session: { client: unknown; schema: unknown; options: unknown };
}

/**
 * A transaction whose first statement is `first`, and `fn` given the transaction and that
 * statement's rows; BEGIN and the statement go to the database together. On
 * PostgreSQL in one round trip, one simple-protocol message with the parameters inlined as
 * literals (so `first` must not carry user input other than values the server produced or
 * validated); the database plans it on its own core. On PGlite, which plans on the server's thread,
 * in one call, as a named statement planned once (PreparingPglite.transactionFrom). The rest is what
 * drizzle's `transaction()` does: COMMIT when `fn` returns, ROLLBACK when it throws.
 */
export async function transactionFrom<T>(db: Db, first: SQL, fn: (tx: Db, firstRows: readonly unknown[]) => Promise<T>): Promise<T> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  // Which driver: the session's class (checked without narrowing, whose private members clash with these fields).
  const driver = (kind: abstract new (...args: never[]) => unknown): boolean => session instanceof kind;
  if (driver(NodePgSession) && session.client instanceof pg.Pool) {
    const text = dialect.sqlToQuery(first.inlineParams()).sql;
    const client = await session.client.connect();
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, session.schema as never, session.options as never), session.schema as never) as unknown as Db;
    let broken: Error | undefined;
    try {
      const results = (await client.query(`BEGIN; ${text}`)) as unknown as pg.QueryResult[];
      const result = await fn(tx, results[1]?.rows ?? []);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('ROLLBACK').catch((failure: unknown) => (broken = failure instanceof Error ? failure : new Error(String(failure))));
      throw error;
    } finally {
      client.release(broken);
    }
  }
  if (driver(PgliteSession) && session.client instanceof PreparingPglite) {
    const query = dialect.sqlToQuery(first);
    return session.client.transactionFrom({ text: query.sql, params: query.params }, (ptx, rows) => {
      const tx = new PgliteTransaction(dialect, new PgliteSession(ptx, dialect, session.schema as never, session.options as never), session.schema as never) as unknown as Db;
      return fn(tx, rows);
    });
  }
  return db.transaction(async (tx) => fn(tx, ((await tx.execute(first)) as unknown as { rows: unknown[] }).rows));
}

/** Whether `transactionEnteredByFirstQuery` applies: PostgreSQL through our pool (PGlite opens with transactionFrom). */
export function entersWithFirstQuery(db: Db): boolean {
  const { session } = db as unknown as DrizzleInternals;
  return (session as unknown) instanceof NodePgSession && session.client instanceof pg.Pool;
}

/** The error of an entry that `transactionEnteredByFirstQuery` sent and the database refused (drizzle wraps it in its own). */
export function isEntryRefused(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === SESSION_REFUSED) return true;
  }
  return false;
}

function leadingStatementOf(dialect: PgDialect, entry: SQL): LeadingStatement {
  const query = dialect.sqlToQuery(entry);
  return { text: query.sql, values: query.params as (string | number | null)[] };
}

/**
 * A transaction on PostgreSQL whose BEGIN and entry statement (`entry`, as SQL or as its text and
 * values: one that raises SESSION_REFUSED when it refuses, and sets what the transaction needs otherwise) travel in front of the first query
 * `fn` sends, in one message: a request whose work is one query costs two round trips (that message,
 * COMMIT) instead of three. When the entry refuses, PostgreSQL runs nothing sent after it: the query
 * fails with the entry's error (isEntryRefused). When `fn` sends no query, the entry is checked
 * alone after it returns, before its result goes anywhere. So `fn` may run before the entry was
 * checked: what it does before its first query must be work whose result is thrown away on
 * refusal (a read-only request, which is what this is for: route-scope.ts).
 */
export async function transactionEnteredByFirstQuery<T>(db: Db, entry: SQL | LeadingStatement, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  if (!(session.client instanceof pg.Pool)) throw new Error('transactionEnteredByFirstQuery: PostgreSQL through the pool only');
  const before = is(entry, SQL) ? leadingStatementOf(dialect, entry) : entry;
  const client = (await session.client.connect()) as PreparingPgClient;
  let begun = false;
  const entering = {
    query: (config: string | { text: string }, values?: unknown[]) => {
      if (begun) return client.query(config as never, values as never);
      begun = true;
      return client.queryEntering(before, config, values);
    },
  };
  const tx = new NodePgTransaction(dialect, new NodePgSession(entering as never, dialect, session.schema as never, session.options as never), session.schema as never) as unknown as Db;
  let broken: Error | undefined;
  try {
    const result = await fn(tx);
    // No query sent: the entry alone (no transaction to end), before the result is handed back.
    if (!begun) await client.query(before.text, before.values as unknown[]);
    else await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is not given back to the pool.
    if (begun) await client.query('ROLLBACK').catch((failure: unknown) => (broken = failure instanceof Error ? failure : new Error(String(failure))));
    throw error;
  } finally {
    client.release(broken);
  }
}
