import { and, eq, inArray, sql } from 'drizzle-orm';
import { subscriptions, plans, tenantSettings, tenants, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';
import { compiledTenantQuery } from '../../db/compiled-query';

export type TenantRow = typeof tenants.$inferSelect;
export type TenantValues = Partial<Omit<typeof tenants.$inferInsert, 'id' | 'createdAt'>>;

export async function findTenant(tdb: TenantDb): Promise<TenantRow | undefined> {
  const [row] = await tdb.tx.select().from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row;
}

/** Setup is complete when the details carry name, address and PAN and the settings exist. Asked on every page load: compiled once. */
const completionStatusQuery = compiledTenantQuery((db, tenantId) =>
  db
    .select({
      orgDetails: sql<boolean>`(${tenants.orgDetailsCompletedAt} IS NOT NULL AND ${tenants.address} IS NOT NULL AND ${tenants.pan} IS NOT NULL)`,
      settings: sql<boolean>`(${tenantSettings.tenantId} IS NOT NULL)`,
    })
    .from(tenants)
    .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId))
    .limit(1),
);

export async function findCompletionStatus(tdb: TenantDb): Promise<{ orgDetails: boolean; settings: boolean }> {
  const [row] = await completionStatusQuery.run(tdb);
  return { orgDetails: row?.orgDetails === true, settings: row?.settings === true };
}

export async function updateTenant(tdb: TenantDb, values: TenantValues): Promise<TenantRow | undefined> {
  const [row] = await tdb.tx.update(tenants).set(values).where(eq(tenants.id, tdb.tenantId)).returning();
  return row;
}

export async function findSettings(tdb: TenantDb) {
  const [row] = await tdb.tx.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tdb.tenantId)).limit(1);
  return row;
}

export async function upsertSettings(tdb: TenantDb, values: { workingHours: number; weekDaysOff: string[] }, now: Date) {
  const [row] = await tdb.tx
    .insert(tenantSettings)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSettings.tenantId, set: { ...values, updatedAt: now } })
    .returning();
  return row;
}

/**
 * Creating an organisation happens before any tenant context exists (registration, 'Add
 * Organization'): the organisation row is written on the global transaction of that flow, and its
 * own rows as the new tenant (`scope.asTenant`).
 */
export async function insertTenant({ tx }: GlobalDb, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

export async function insertOwner(
  tdb: TenantDb,
  values: { accountId: string; email: string; firstName: string; lastName: string; status: number; employeeNumber: string; dateOfJoining: string },
): Promise<string> {
  const [row] = await tdb.tx
    .insert(users)
    .values({ ...values, tenantId: tdb.tenantId, roleId: 1 })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function insertSubscription(tdb: TenantDb, values: Omit<typeof subscriptions.$inferInsert, 'tenantId'>): Promise<void> {
  await tdb.tx.insert(subscriptions).values({ ...values, tenantId: tdb.tenantId });
}

/** The plan catalogue is reference data of no organisation. */
export async function findPlanByCode({ tx }: GlobalDb, code: string) {
  const [row] = await tx.select().from(plans).where(eq(plans.code, code)).limit(1);
  return row;
}

/** Soft delete and reactivation are keyed by a tenant the caller administers (checked by the service). */
export async function setTenantDeleted({ tx }: GlobalDb, tenantId: string, deletedAt: Date | null): Promise<void> {
  await tx.update(tenants).set({ deletedAt }).where(eq(tenants.id, tenantId));
}

/** The account's administrator membership in another organisation: a cross-tenant read keyed by the account. */
export async function findAdminMembership({ tx }: GlobalDb, accountId: string, tenantId: string) {
  const [row] = await tx
    .select({ userId: users.id, roleId: users.roleId, status: users.status })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.tenantId, tenantId), eq(users.roleId, 1)))
    .limit(1);
  return row;
}

/** Which of these storage keys an organisation's logo names (the sweeper). */
export async function findKnownLogoKeys({ tx }: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx.select({ logoKey: tenants.logoKey }).from(tenants).where(inArray(tenants.logoKey, [...keys]));
  return new Set(rows.flatMap((r) => (r.logoKey ? [r.logoKey] : [])));
}
