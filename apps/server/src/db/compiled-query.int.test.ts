import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from '../testing/harness';
import { withTenant } from '../platform/unit-of-work';
import { compiledQuery, compiledTenantQuery } from './compiled-query';
import { tenantSettings, tenants, users } from './schema';
import type { Db } from './types';

/**
 * A compiled query (db/compiled-query.ts) must answer exactly what drizzle's builder answers when it
 * builds the same query afresh, in whatever transaction it is given: the rows of that transaction's
 * tenant only, with drizzle's own mapping of columns, joins and types.
 */
describe.each(BACKENDS)('compiled queries (%s)', (backend) => {
  let t: TestApp;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    tenantA = (await t.registerOrganisation({ email: 'compiled-a@example.com', organizationName: 'Compiled A' })).tenantId;
    tenantB = (await t.registerOrganisation({ email: 'compiled-b@example.com', organizationName: 'Compiled B' })).tenantId;
    // B without settings, so the left join below has a missing side in one tenant and not the other.
    await withTenant(t.database.db, tenantA, ({ tx }) => tx.insert(tenantSettings).values({ tenantId: tenantA, workingHours: 9, weekDaysOff: ['Sunday'] }).onConflictDoNothing());
    await withTenant(t.database.db, tenantB, ({ tx }) => tx.delete(tenantSettings).where(eq(tenantSettings.tenantId, tenantB)));
  });
  afterAll(async () => {
    await t.close();
  });

  const joined = (db: Db, tenantId: unknown) =>
    db
      .select()
      .from(tenants)
      .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
      .where(eq(tenants.id, tenantId as string))
      .limit(1);

  it('answers what the builder answers, tenant after tenant, built once', async () => {
    let builds = 0;
    const compiled = compiledTenantQuery((db, tenantId) => {
      builds += 1;
      return joined(db, tenantId);
    });
    for (let round = 0; round < 3; round += 1) {
      for (const tenantId of [tenantA, tenantB]) {
        const [fresh, once] = await withTenant(t.database.db, tenantId, async (tdb) => [await joined(tdb.tx, tdb.tenantId), await compiled.run(tdb)]);
        expect(once).toEqual(fresh);
        expect(once).toHaveLength(1);
        expect(once[0]?.tenants.id).toBe(tenantId);
        // Dates stay Dates, arrays arrays, and a missing joined row is null, as drizzle maps them.
        expect(once[0]?.tenants.createdAt).toBeInstanceOf(Date);
        if (tenantId === tenantA) expect(once[0]?.tenant_settings?.weekDaysOff).toEqual(['Sunday']);
        else expect(once[0]?.tenant_settings).toBeNull();
      }
    }
    expect(builds).toBe(1);
    expect(compiled.text()).toContain('left join "tenant_settings"');
  });

  it('runs under the transaction’s tenant: row-level security applies to a compiled query as to any other', async () => {
    // No tenant filter of its own: what it sees is what the transaction's role and tenant allow.
    const everyone = compiledQuery((db) => db.select({ tenantId: users.tenantId }).from(users).orderBy(asc(users.tenantId)));
    for (const tenantId of [tenantA, tenantB, tenantA]) {
      const rows = await withTenant(t.database.db, tenantId, (tdb) => everyone.run(tdb.tx, {}));
      expect(rows.length).toBeGreaterThan(0);
      expect([...new Set(rows.map((r) => r.tenantId))]).toEqual([tenantId]);
    }
  });

  it('takes every varying value as a placeholder, and refuses to run without one', async () => {
    const named = compiledQuery((db) => db.select({ name: tenants.name }).from(tenants).where(eq(tenants.name, sql.placeholder('name'))));
    const byName = (name: string) => withTenant(t.database.db, tenantA, (tdb) => named.run(tdb.tx, { name }));
    expect(await byName('Compiled A')).toEqual([{ name: 'Compiled A' }]);
    expect(await byName('Compiled B')).toEqual([]);
    await expect(withTenant(t.database.db, tenantA, (tdb) => named.run(tdb.tx, {}))).rejects.toThrow(/placeholder/);
  });
});
