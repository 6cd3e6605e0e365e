import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { until } from './server-process';

/**
 * What a crash test asks PostgreSQL about a child server's connections (named by PGAPPNAME): that one
 * of its requests waits on a lock the test holds, and that a killed child's connections are gone.
 * `db` is read when asked (the test's database is opened in beforeAll).
 */
export function childConnections(db: () => Db, appName: string): { waitOnALock: () => Promise<true>; gone: () => Promise<true> } {
  const count = async (where: SQL) => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${appName} ${where}`))[0]?.n ?? 0;
  return {
    waitOnALock: () => until('the server to wait on the held lock', async () => (await count(sql`AND wait_event_type = 'Lock' AND state = 'active'`)) > 0),
    gone: () => until('the killed server’s connections to end', async () => (await count(sql``)) === 0),
  };
}

/** A connection of the test's own, holding (in an open transaction) what `statement` takes, until released. */
export async function holdInTransaction(databaseUrl: string, statement: string, values: unknown[]): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(statement, values);
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}
