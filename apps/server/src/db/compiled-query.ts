import { is, Placeholder, SQL } from 'drizzle-orm';
import { PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/**
 * A query whose SQL is built once per process instead of on every call: drizzle builds the text
 * of a query builder (its chunks, names, joins, parameter list) each time it runs, which was the
 * largest cost of ours in an authenticated request's profile (docs/decisions, incoming-h31-req).
 * The builder is written as usual, with `sql.placeholder(name)` where a value changes from call to
 * call; its first run keeps drizzle's prepared form (text, parameters, selected fields), and every
 * run after that hands the same form to the transaction it is given
 * (`session.prepareQuery`, what drizzle's own builders call) and fills the placeholders.
 *
 * Values that are not placeholders are part of the query for the life of the process, so a
 * builder must not close over anything that changes (it is given only a database handle to build
 * on, and is meant to be a module-level constant). A compiled query names its values; it does not
 * make one tenant's query another's: the tenant is a placeholder too (compiledTenantQuery fills it
 * from the handle), and the transaction it runs in is the caller's, with its role and row-level
 * security, as for any other query.
 */

/** A drizzle query builder (select, insert, update, delete): its result type is read from `prepare`. */
interface Preparable<R> {
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<R> };
}

/** The parts of a prepared query drizzle hands to `session.prepareQuery` (node-postgres and PGlite alike). */
interface PreparedForm {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  queryMetadata: unknown;
  cacheConfig: unknown;
  joinsNotNullableMap: unknown;
}

/** A prepared query as drizzle 0.45's node-postgres and PGlite sessions make it (db/compiled-query.int.test.ts fails if these move). */
interface PreparedInternals {
  query: { sql: string; params: unknown[] };
  fields?: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  queryMetadata?: unknown;
  cacheConfig?: unknown;
  joinsNotNullableMap?: unknown;
  execute(placeholders: Record<string, unknown>): Promise<unknown>;
}

export type Placeholders = Record<string, unknown>;

export interface CompiledQuery<R> {
  /** The SQL text and parameters as built (tests). */
  readonly text: () => string | undefined;
  /** Runs in `tx` (a transaction or the database), the placeholders filled from `values`. */
  run(tx: Db, values: Placeholders): Promise<R>;
}

function sessionOf(tx: Db): { prepareQuery: PgSession['prepareQuery'] } {
  const session: unknown = (tx as unknown as { session?: unknown }).session;
  if (!is(session, PgSession)) throw new Error('compiledQuery: not a drizzle database or transaction');
  return session as unknown as { prepareQuery: PgSession['prepareQuery'] };
}

export function compiledQuery<R>(build: (db: Db) => Preparable<R>): CompiledQuery<R> {
  let form: PreparedForm | undefined;
  return {
    text: () => form?.query.sql,
    async run(tx, values) {
      if (!form) {
        // `_prepare()` is what the builder's own `execute` calls: `prepare(name)` without the name, which
        // would override the statement names of db/prepared-statements.ts.
        const prepared = (build(tx) as unknown as { _prepare(): PreparedInternals })._prepare();
        const { query } = prepared;
        if (typeof query.sql !== 'string' || !Array.isArray(query.params)) throw new Error('compiledQuery: drizzle prepared no query text');
        // A value of the query itself must not be an SQL object or anything call-specific: only
        // placeholders and plain constants (a limit, a status code) stay.
        for (const param of query.params) if (is(param, SQL)) throw new Error('compiledQuery: a parameter is SQL, not a value');
        form = {
          query: { sql: query.sql, params: query.params },
          fields: prepared.fields,
          isResponseInArrayMode: prepared._isResponseInArrayMode,
          customResultMapper: prepared.customResultMapper,
          queryMetadata: prepared.queryMetadata,
          cacheConfig: prepared.cacheConfig,
          joinsNotNullableMap: prepared.joinsNotNullableMap,
        };
        return (await prepared.execute(values)) as R;
      }
      const prepared = sessionOf(tx).prepareQuery(
        form.query,
        form.fields as never,
        undefined,
        form.isResponseInArrayMode,
        form.customResultMapper as never,
        form.queryMetadata as never,
        form.cacheConfig as never,
      ) as unknown as PreparedInternals;
      prepared.joinsNotNullableMap = form.joinsNotNullableMap;
      return (await prepared.execute(values)) as R;
    },
  };
}

/** The placeholder compiledTenantQuery fills with the handle's tenant. */
export const TENANT_ID = 'tenantId';

/**
 * A compiled query of one organisation's rows: `sql.placeholder(TENANT_ID)` in the builder, filled
 * from the tenant handle the caller holds, never passed by hand.
 */
export function compiledTenantQuery<R>(build: (db: Db, tenantId: Placeholder<typeof TENANT_ID>) => Preparable<R>): {
  run(tdb: { readonly tx: Db; readonly tenantId: string }, values?: Placeholders): Promise<R>;
  readonly text: () => string | undefined;
} {
  const compiled = compiledQuery((db) => build(db, new Placeholder(TENANT_ID)));
  return {
    text: compiled.text,
    run: (tdb, values = {}) => compiled.run(tdb.tx, { ...values, [TENANT_ID]: tdb.tenantId }),
  };
}
