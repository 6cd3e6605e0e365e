import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, TENANT_APPEND_ONLY_TABLES, TENANT_READABLE_REFERENCE_TABLES } from './client';
import { withTenant } from '../platform/unit-of-work';
import { BACKENDS, createTestApp, type TestApp } from '../testing';

/**
 * Tables that carry a tenant_id but are global: credentials and tokens, closed to the tenant role
 * (DESIGN §9). Row-level security is on with no policy for it; it has no privilege either.
 */
const GLOBAL_TABLES_WITH_TENANT_ID = ['sessions', 'outbox_emails'];
/** Every global table holding credentials, tokens or mail: `SELECT *` as the tenant role must fail. */
const CLOSED_TABLES = ['accounts', 'sessions', 'auth_tokens', 'outbox_emails', 'installation_secrets'];

/** The database's own message for a failed query (drizzle wraps it as the cause). */
async function failure(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return 'no error';
}

describe.each(BACKENDS)('row-level security and the tenant role (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('every table with a tenant_id column has row-level security and the tenant policy', async () => {
    const rows = await queryRows<{ table_name: string; rls: boolean; cmd: string | null; roles: string | null; qual: string | null; with_check: string | null; permissive: string | null }>(
      t.database.db,
      sql`
      SELECT c.table_name, k.relrowsecurity AS rls, p.cmd, p.roles::text AS roles, p.qual, p.with_check, p.permissive
        FROM information_schema.columns c
        JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace
        LEFT JOIN pg_policies p ON p.schemaname = 'public' AND p.tablename = c.table_name AND p.policyname = 'tenant_isolation'
       WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'
       ORDER BY c.table_name`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const withoutRls = rows.filter((r) => !r.rls).map((r) => r.table_name);
    expect(withoutRls, 'tables with tenant_id but no row-level security').toEqual([]);
    const tenantTables = rows.filter((r) => !GLOBAL_TABLES_WITH_TENANT_ID.includes(r.table_name));
    const wrong = tenantTables.filter(
      (r) => r.cmd !== 'ALL' || r.roles !== '{tankha_tenant}' || r.permissive !== 'PERMISSIVE' || r.qual !== '(tenant_id = current_tenant_id())' || r.with_check !== '(tenant_id = current_tenant_id())',
    );
    expect(
      wrong.map((r) => r.table_name),
      'tables with tenant_id lacking the tenant_isolation policy (tenantIsolation() in db/schema/rls.ts)',
    ).toEqual([]);
    // The global ones have no policy at all: the tenant role sees none of their rows.
    const globalPolicies = await queryRows<{ tablename: string }>(t.database.db, sql`SELECT tablename FROM pg_policies WHERE tablename IN ('accounts', 'sessions', 'auth_tokens', 'outbox_emails')`);
    expect(globalPolicies).toEqual([]);
  });

  it('tenants itself is isolated by its id', async () => {
    const [row] = await queryRows<{ rls: boolean; qual: string; with_check: string }>(
      t.database.db,
      sql`SELECT k.relrowsecurity AS rls, p.qual, p.with_check FROM pg_class k JOIN pg_policies p ON p.tablename = k.relname AND p.policyname = 'tenant_isolation'
           WHERE k.relname = 'tenants' AND k.relnamespace = 'public'::regnamespace`,
    );
    expect(row).toEqual({ rls: true, qual: '(id = current_tenant_id())', with_check: '(id = current_tenant_id())' });
  });

  it('the tenant role may use exactly the tables with its policy, and read the reference tables', async () => {
    const rows = await queryRows<{ relname: string; has_policy: boolean; sel: boolean; ins: boolean; upd: boolean; del: boolean }>(
      t.database.db,
      sql`
      SELECT c.relname,
             EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname AND 'tankha_tenant' = ANY (p.roles)) AS has_policy,
             has_table_privilege('tankha_tenant', c.oid, 'SELECT') AS sel, has_table_privilege('tankha_tenant', c.oid, 'INSERT') AS ins,
             has_table_privilege('tankha_tenant', c.oid, 'UPDATE') AS upd, has_table_privilege('tankha_tenant', c.oid, 'DELETE') AS del
        FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.relname`,
    );
    const reference: readonly string[] = TENANT_READABLE_REFERENCE_TABLES;
    const appendOnly: readonly string[] = TENANT_APPEND_ONLY_TABLES;
    for (const r of rows) {
      const expected = r.has_policy && appendOnly.includes(r.relname) ? [true, true, false, false] : r.has_policy ? [true, true, true, true] : reference.includes(r.relname) ? [true, false, false, false] : [false, false, false, false];
      expect([r.relname, r.sel, r.ins, r.upd, r.del]).toEqual([r.relname, ...expected]);
    }
    for (const table of CLOSED_TABLES) expect(rows.find((r) => r.relname === table)).toMatchObject({ sel: false, ins: false, upd: false, del: false });
  });

  it.each(CLOSED_TABLES)('SELECT * FROM %s as the tenant role is refused', async (table) => {
    const tenant = await t.registerOrganisation();
    const attempt = withTenant(t.database.db, tenant.tenantId, (tdb) => tdb.tx.execute(sql.raw(`SELECT * FROM ${table}`)));
    expect(await failure(attempt)).toBe(`permission denied for table ${table}`);
  });

  it('the tenant role reads plans but cannot change them', async () => {
    const tenant = await t.registerOrganisation();
    const plans = await withTenant(t.database.db, tenant.tenantId, (tdb) => queryRows<{ code: string }>(tdb.tx, sql`SELECT code FROM plans`));
    expect(plans.length).toBeGreaterThan(0);
    expect(await failure(withTenant(t.database.db, tenant.tenantId, (tdb) => tdb.tx.execute(sql`UPDATE plans SET name = name`)))).toBe('permission denied for table plans');
  });

  it("the session functions reach only the tenant in scope's rows", async () => {
    const a = await t.registerOrganisation();
    const b = await t.registerOrganisation();
    // b's administrator, ended from a's scope: nothing happens.
    await withTenant(t.database.db, a.tenantId, (tdb) => tdb.tx.execute(sql`SELECT tenant_delete_user_sessions(${b.id}), tenant_revoke_user_sessions(${b.id}, now())`));
    const [open] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${b.id} AND revoked_at IS NULL`);
    expect(open?.n).toBeGreaterThan(0);
    await withTenant(t.database.db, b.tenantId, (tdb) => tdb.tx.execute(sql`SELECT tenant_revoke_user_sessions(${b.id}, now())`));
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${b.id} AND revoked_at IS NULL`);
    expect(after?.n).toBe(0);
  });

  it("an invite token is refused for an account that is not a member of the tenant in scope", async () => {
    const a = await t.registerOrganisation();
    const b = await t.registerOrganisation();
    const [account] = await queryRows<{ account_id: string }>(t.database.db, sql`SELECT account_id FROM users WHERE id = ${b.id}`);
    const attempt = withTenant(t.database.db, a.tenantId, (tdb) => tdb.tx.execute(sql`SELECT tenant_issue_invite_token(${account?.account_id ?? null}, 'x', now())`));
    expect(await failure(attempt)).toMatch(/is not a member of the tenant in scope/);
  });
});
