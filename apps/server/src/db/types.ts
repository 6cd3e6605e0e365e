import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The one database type both PGlite and PostgreSQL are used through. Without drizzle's relational
 * query schema: nothing uses `db.query.*`, and with it every transaction object builds a query
 * builder per table (a measured 4% of an authenticated request). Its own file, with
 * no imports of ours, so the ground floor (db/, platform/) can name it without an import cycle;
 * client.ts re-exports it.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** How pg-boss reaches the database: its own pool on PostgreSQL, the one PGlite connection embedded. */
export type BossConnection = { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
