import { and, asc, eq, inArray } from 'drizzle-orm';
import { Role, UserStatus } from '@tankha/contracts';
import { senderEmailPreferences, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface ContactRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
}

/** Who may be the primary contact: active Administrators and Moderators, longest-standing first. */
export async function findEligibleContacts(tdb: TenantDb): Promise<ContactRow[]> {
  return tdb.tx
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.status, UserStatus.Active), inArray(users.roleId, [Role.Administrator, Role.Moderator])))
    .orderBy(asc(users.roleId), asc(users.createdAt), asc(users.id));
}

export async function findChosenContactId(tdb: TenantDb): Promise<string | null> {
  const [row] = await tdb.tx
    .select({ userId: senderEmailPreferences.primaryContactUserId })
    .from(senderEmailPreferences)
    .where(eq(senderEmailPreferences.tenantId, tdb.tenantId));
  return row?.userId ?? null;
}

export async function upsertChosenContact(tdb: TenantDb, userId: string, updatedBy: string, now: Date): Promise<void> {
  await tdb.tx
    .insert(senderEmailPreferences)
    .values({ tenantId: tdb.tenantId, primaryContactUserId: userId, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: senderEmailPreferences.tenantId, set: { primaryContactUserId: userId, updatedBy, updatedAt: now } });
}
