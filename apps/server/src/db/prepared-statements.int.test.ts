import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from '../testing/harness';
import { withTenant } from '../platform/unit-of-work';
import { openPostgres, queryRows, type Database } from './client';

/**
 * Issue 9 item 6: a parameterised statement is a named prepared statement, parsed and planned once
 * per connection (PGlite: once, it is one session). A cached plan must never carry one tenant's
 * rows, or the tenant role's restrictions, into the next use of the connection.
 */
describe.each(BACKENDS)('named prepared statements (%s)', (backend) => {
  let t: TestApp;
  // One connection, so that every statement below reuses the same backend and its cached plans.
  let single: Database;
  let closeSingle: () => Promise<void>;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    if (backend === 'postgres') {
      if (!t.databaseUrl) throw new Error('PostgreSQL test app without its database URL');
      const pool = openPostgres(t.databaseUrl, { max: 1 });
      single = pool;
      closeSingle = () => pool.close();
    } else {
      single = t.database;
      closeSingle = async () => undefined;
    }
    tenantA = (await t.registerOrganisation({ email: 'prepared-a@example.com', organizationName: 'Prepared A' })).tenantId;
    tenantB = (await t.registerOrganisation({ email: 'prepared-b@example.com', organizationName: 'Prepared B' })).tenantId;
  });
  afterAll(async () => {
    await closeSingle();
    await t.close();
  });

  const prepared = async (): Promise<string[]> =>
    (await queryRows<{ statement: string }>(single.db, sql`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`)).map((r) => r.statement);

  it('prepares a parameterised text once, and leaves statements without parameters unnamed', async () => {
    for (let i = 0; i < 3; i += 1) expect(await queryRows(single.db, sql`SELECT ${i}::int AS probe_value`)).toEqual([{ probe_value: i }]);
    await single.db.execute(sql`SELECT 'unparameterised probe' AS text_only`);
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('probe_value'))).toEqual(['SELECT $1::int AS probe_value']);
    expect(statements.some((s) => s.includes('unparameterised probe'))).toBe(false);
  });

  it('one cached plan, alternating tenants and roles on one connection: each sees only its own rows', async () => {
    const tenantsSeen = (rows: { tenant_id: string }[]) => [...new Set(rows.map((r) => r.tenant_id))];
    // More than five executions each, so PostgreSQL has moved from custom plans to its generic plan.
    for (let round = 0; round < 8; round += 1) {
      for (const tenantId of [tenantA, tenantB]) {
        const rows = await withTenant(single.db, tenantId, async ({ tx }) => queryRows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM users WHERE role_id <> ${-1}`));
        expect(rows.length).toBeGreaterThan(0);
        expect(tenantsSeen(rows)).toEqual([tenantId]);
      }
    }
    expect((await prepared()).filter((s) => s.includes('FROM users WHERE role_id'))).toHaveLength(1);
    // The same prepared text as the connecting role, outside any tenant: both organisations' rows.
    const global = await queryRows<{ tenant_id: string }>(single.db, sql`SELECT tenant_id FROM users WHERE role_id <> ${-1}`);
    expect(tenantsSeen(global).sort()).toEqual([tenantA, tenantB].sort());
  });

  it('passes values through the types’ serializers and parsers, and an error leaves the statement and the session usable', async () => {
    const when = new Date('2026-04-01T09:30:00.000Z');
    const values = async () =>
      queryRows<{ at: string; doc: { a: number[] }; list: string[]; missing: string | null }>(
        single.db,
        sql`SELECT ${when.toISOString()}::timestamptz AS at, ${JSON.stringify({ a: [1, 2] })}::jsonb AS doc, ${'{x,y}'}::text[] AS list, ${null}::text AS missing`,
      );
    for (let i = 0; i < 2; i += 1) {
      const [row] = await values();
      expect(new Date(row?.at ?? '').toISOString()).toBe(when.toISOString());
      expect(row?.doc).toEqual({ a: [1, 2] });
      expect(row?.list).toEqual(['x', 'y']);
      expect(row?.missing).toBeNull();
    }
    const divide = (by: number) => queryRows<{ q: number }>(single.db, sql`SELECT 10 / ${by}::int AS q`);
    await expect(divide(0)).rejects.toThrow();
    expect(await divide(5)).toEqual([{ q: 2 }]);
    // Inside a transaction: the failure rolls it back, and the next transaction runs the same statement.
    await expect(single.db.transaction(async (tx) => queryRows(tx, sql`SELECT 10 / ${0}::int AS q`))).rejects.toThrow();
    expect(await single.db.transaction(async (tx) => queryRows(tx, sql`SELECT 10 / ${2}::int AS q`))).toEqual([{ q: 5 }]);
  });
});
