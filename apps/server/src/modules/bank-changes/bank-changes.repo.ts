import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role, UserStatus, type BankChangeStatus, type BankDetails } from '@tankha/contracts';
import { bankDetailChanges, tenants, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

export type BankChangeRow = typeof bankDetailChanges.$inferSelect;

export interface BankChangeView extends BankChangeRow {
  employeeFirstName: string;
  employeeLastName: string;
  employeeNumber: string | null;
  requesterFirstName: string | null;
  requesterLastName: string | null;
}

const requester = alias(users, 'requester');

function selectView(tdb: TenantDb) {
  return tdb.tx
    .select({
      change: bankDetailChanges,
      employeeFirstName: users.firstName,
      employeeLastName: users.lastName,
      employeeNumber: users.employeeNumber,
      requesterFirstName: requester.firstName,
      requesterLastName: requester.lastName,
    })
    .from(bankDetailChanges)
    .innerJoin(users, eq(users.id, bankDetailChanges.userId))
    .leftJoin(requester, eq(requester.id, bankDetailChanges.requestedBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];
const toView = (r: ViewRow): BankChangeView => ({ ...r.change, employeeFirstName: r.employeeFirstName, employeeLastName: r.employeeLastName, employeeNumber: r.employeeNumber, requesterFirstName: r.requesterFirstName, requesterLastName: r.requesterLastName });

/** The pending changes of the organisation, oldest first (the queue an approver works through). */
export async function listPending(tdb: TenantDb): Promise<BankChangeView[]> {
  const rows = await selectView(tdb)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.status, 'pending')))
    .orderBy(asc(bankDetailChanges.requestedAt), asc(bankDetailChanges.id));
  return rows.map(toView);
}

export async function findView(tdb: TenantDb, id: string): Promise<BankChangeView | undefined> {
  const [row] = await selectView(tdb).where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.id, id))).limit(1);
  return row ? toView(row) : undefined;
}

export async function findPendingFor(tdb: TenantDb, userId: string): Promise<BankChangeView | undefined> {
  const [row] = await selectView(tdb)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.userId, userId), eq(bankDetailChanges.status, 'pending')))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** Locks the change's row for the decision (two administrators deciding at once: one wins, the other sees it decided). */
export async function lockChange(tdb: TenantDb, id: string): Promise<BankChangeRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(bankDetailChanges)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertChange(tdb: TenantDb, values: Omit<typeof bankDetailChanges.$inferInsert, 'tenantId'>): Promise<string> {
  const [row] = await tdb.tx
    .insert(bankDetailChanges)
    .values({ ...values, tenantId: tdb.tenantId })
    .returning({ id: bankDetailChanges.id });
  if (!row) throw new Error('bank change not inserted');
  return row.id;
}

export async function updateChange(tdb: TenantDb, id: string, values: Partial<Pick<BankChangeRow, 'status' | 'decidedBy' | 'decidedAt' | 'reason' | 'appliedAt'>>): Promise<void> {
  await tdb.tx
    .update(bankDetailChanges)
    .set(values)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.id, id)));
}

/** A newer request replaces the employee's pending one. */
export async function supersedePending(tdb: TenantDb, userId: string, at: Date): Promise<BankChangeRow[]> {
  return tdb.tx
    .update(bankDetailChanges)
    .set({ status: 'superseded' satisfies BankChangeStatus, decidedAt: at })
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.userId, userId), eq(bankDetailChanges.status, 'pending')))
    .returning();
}

/** The employee's bank details as paid now. */
export async function findCurrentDetails(tdb: TenantDb, userId: string): Promise<BankDetails | undefined> {
  const [row] = await tdb.tx
    .select({ bankAccountNumber: users.bankAccountNumber, bankName: users.bankName, ifscCode: users.ifscCode, accountHolderName: users.accountHolderName })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function writeDetails(tdb: TenantDb, userId: string, details: BankDetails, at: Date): Promise<void> {
  await tdb.tx
    .update(users)
    .set({ ...details, updatedAt: at })
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
}

/** Active administrators other than `exceptUserId` (who could approve a change this person asked for). */
export async function findOtherAdministrators(tdb: TenantDb, exceptUserId: string | null): Promise<{ id: string; email: string; firstName: string }[]> {
  return tdb.tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.roleId, Role.Administrator), eq(users.status, UserStatus.Active), ...(exceptUserId ? [ne(users.id, exceptUserId)] : [])));
}

export async function findAdministrators(tdb: TenantDb): Promise<{ id: string; email: string; firstName: string }[]> {
  return findOtherAdministrators(tdb, null);
}

export async function findPerson(tdb: TenantDb, userId: string): Promise<{ id: string; email: string; firstName: string; lastName: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function findTenantName(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row?.name ?? '';
}

/** Pending changes whose cooling period is over at `now`. */
export async function findDue(tdb: TenantDb, now: Date): Promise<BankChangeRow[]> {
  return tdb.tx
    .select()
    .from(bankDetailChanges)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.status, 'pending'), isNotNull(bankDetailChanges.effectiveAt), lte(bankDetailChanges.effectiveAt, now)))
    .orderBy(asc(bankDetailChanges.requestedAt));
}

/** Organisations with a pending change whose cooling period is over (the schedule's sweep). */
export async function findTenantsWithDue(global: GlobalDb, now: Date): Promise<string[]> {
  const rows = await global.tx
    .selectDistinct({ tenantId: bankDetailChanges.tenantId })
    .from(bankDetailChanges)
    .innerJoin(tenants, and(eq(tenants.id, bankDetailChanges.tenantId), isNull(tenants.deletedAt)))
    .where(and(eq(bankDetailChanges.status, 'pending'), isNotNull(bankDetailChanges.effectiveAt), lte(bankDetailChanges.effectiveAt, now)));
  return rows.map((r) => r.tenantId);
}

/** The employees among `userIds` whose bank details were last changed (applied) at or after `since`. */
export async function findRecentlyChanged(tdb: TenantDb, userIds: readonly string[], since: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tdb.tx
    .selectDistinct({ userId: bankDetailChanges.userId })
    .from(bankDetailChanges)
    .where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), inArray(bankDetailChanges.userId, [...userIds]), isNotNull(bankDetailChanges.appliedAt), gte(bankDetailChanges.appliedAt, since)));
  return new Set(rows.map((r) => r.userId));
}
