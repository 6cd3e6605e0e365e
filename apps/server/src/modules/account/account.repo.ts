import { queryRows } from '../../db/client';
import { currentPlanJoin } from '../../db/sql/current-plan';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accounts, authTokens, sessions, tenants, users } from '../../db/schema';
import type { GlobalDb } from '../../platform/tenancy';

/**
 * Sign-in is cross-tenant by nature (one e-mail, several organisations), so this repository takes
 * the platform's GlobalDb (the global transaction); every query here is keyed by account, session or token, never listing
 * a tenant's data.
 */
export type AccountRow = typeof accounts.$inferSelect;
/** One-time link purposes; 'invite' sets the password of an invited member (people issue). */
export type AuthTokenPurpose = 'verify-email' | 'reset-password' | 'invite';
export type Membership = {
  userId: string;
  tenantId: string;
  tenantName: string;
  roleId: number;
  status: number;
  logoKey: string | null;
};

export async function findAccountByEmail({ tx: db }: GlobalDb, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  return row;
}

export async function findAccountById({ tx: db }: GlobalDb, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function insertAccount(
  { tx: db }: GlobalDb,
  values: { email: string; passwordHash: string | null; firstName: string; lastName: string; emailVerifiedAt?: Date | null },
): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

export async function updateAccount({ tx: db }: GlobalDb, id: string, values: Partial<Pick<AccountRow, 'passwordHash' | 'emailVerifiedAt' | 'lastTenantId'>>, now: Date): Promise<void> {
  await db.update(accounts).set({ ...values, updatedAt: now }).where(eq(accounts.id, id));
}

/** The organisations an account belongs to (not soft-deleted ones). */
export async function findMemberships({ tx: db }: GlobalDb, accountId: string): Promise<Membership[]> {
  return db
    .select({ userId: users.id, tenantId: users.tenantId, tenantName: tenants.name, roleId: users.roleId, status: users.status, logoKey: tenants.logoKey })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.accountId, accountId), isNull(tenants.deletedAt)))
    .orderBy(tenants.name);
}

export async function activatePendingMemberships({ tx: db }: GlobalDb, accountId: string, now: Date): Promise<void> {
  await db.update(users).set({ status: 1, updatedAt: now }).where(and(eq(users.accountId, accountId), eq(users.status, 3)));
}

/**
 * Holds the account's row until the transaction ends, so that two requests about one account (two
 * reset mails at once) take turns: the second sees what the first wrote.
 */
export async function lockAccount({ tx: db }: GlobalDb, id: string): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).for('update');
}

/** How many links of a purpose the account was sent since an instant (used ones and replaced ones too). */
export async function countAuthTokensSince({ tx: db }: GlobalDb, accountId: string, purpose: AuthTokenPurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, purpose), gt(authTokens.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertAuthToken({ tx: db }: GlobalDb, values: { accountId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
  // A new link replaces older unused ones of the same purpose.
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.accountId, values.accountId), eq(authTokens.purpose, values.purpose), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values(values);
}

export async function findAuthToken({ tx: db }: GlobalDb, tokenHash: string, purpose: AuthTokenPurpose) {
  const [row] = await db
    .select({ id: authTokens.id, accountId: authTokens.accountId, expiresAt: authTokens.expiresAt, usedAt: authTokens.usedAt, email: accounts.email })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a token used; false when another request used it first. */
export async function consumeAuthToken({ tx: db }: GlobalDb, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(authTokens).set({ usedAt: now }).where(and(eq(authTokens.id, id), isNull(authTokens.usedAt))).returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function insertSession(
  { tx: db }: GlobalDb,
  values: { accountId: string; tenantId: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function revokeSession({ tx: db }: GlobalDb, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of an account, except one when given (the caller's own). */
export async function revokeAccountSessions({ tx: db }: GlobalDb, accountId: string, now: Date, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)];
  if (exceptSessionId) conditions.push(sql`${sessions.id} <> ${exceptSessionId}`);
  await db.update(sessions).set({ revokedAt: now }).where(and(...conditions));
}

export async function touchLastLogin({ tx: db }: GlobalDb, userId: string, accountId: string, tenantId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  await db.update(accounts).set({ lastTenantId: tenantId }).where(eq(accounts.id, accountId));
}

export interface SessionUserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  tenantId: string;
  tenantName: string;
  isEmailEnabled: boolean;
  isManager: boolean;
  planName: string | null;
  planIsFree: boolean;
  isTrial: boolean;
  featureKeys: string[] | null;
  subscriptionId: string | null;
}

/** Everything the local user record needs, in one query. */
export async function findSessionUser({ tx: db }: GlobalDb, userId: string, now: Date): Promise<SessionUserRecord | undefined> {
  // raw SQL: the plan in force is a LATERAL join shared with access checks (db/sql/current-plan.ts); rows mapped here.
  const [row] = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role_id: number;
    tenant_id: string;
    tenant_name: string;
    is_email_enabled: boolean;
    is_manager: boolean;
    plan_name: string | null;
    plan_is_free: boolean | null;
    is_trial: boolean | null;
    feature_keys: string[] | null;
    subscription_id: string | null;
  }>(db, sql`
    SELECT u.id, u.first_name, u.last_name, u.email, u.role_id, u.tenant_id, t.name AS tenant_name, t.is_email_enabled,
           EXISTS (SELECT 1 FROM users r WHERE r.tenant_id = u.tenant_id AND r.reporting_manager_id = u.id AND r.status IN (1, 4)) AS is_manager,
           cp.plan_name, cp.plan_is_free, cp.is_trial, cp.feature_keys, cp.subscription_id
      FROM users u
      JOIN tenants t ON t.id = u.tenant_id
      ${currentPlanJoin(sql`u.tenant_id`, now)}
     WHERE u.id = ${userId}`);
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roleId: row.role_id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    isEmailEnabled: row.is_email_enabled,
    isManager: row.is_manager,
    planName: row.plan_name,
    planIsFree: row.plan_is_free === true,
    isTrial: row.is_trial === true,
    featureKeys: row.feature_keys,
    subscriptionId: row.subscription_id,
  };
}
