import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { salaryRevisions, userDeductions, userEarnings, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export type RevisionRow = typeof salaryRevisions.$inferSelect;

/** What a revision checks about the employee. */
export async function findRevisionPerson(tdb: TenantDb, userId: string) {
  const [row] = await tdb.tx
    .select({ id: users.id, dateOfJoining: users.dateOfJoining, dateOfBirth: users.dateOfBirth, gender: users.gender })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function listRevisions(tdb: TenantDb, userId: string): Promise<(RevisionRow & { createdByFirstName: string | null; createdByLastName: string | null })[]> {
  const creator = alias(users, 'creator');
  const rows = await tdb.tx
    .select({ revision: salaryRevisions, createdByFirstName: creator.firstName, createdByLastName: creator.lastName })
    .from(salaryRevisions)
    .leftJoin(creator, eq(creator.id, salaryRevisions.createdBy))
    .where(and(eq(salaryRevisions.tenantId, tdb.tenantId), eq(salaryRevisions.userId, userId)))
    .orderBy(asc(salaryRevisions.effectiveFrom), asc(salaryRevisions.createdAt));
  return rows.map((r) => ({ ...r.revision, createdByFirstName: r.createdByFirstName, createdByLastName: r.createdByLastName }));
}

/** The revisions whose arrears no run has paid yet, oldest effective date first, for many employees. */
export async function listPendingRevisions(tdb: TenantDb, userIds?: readonly string[]): Promise<RevisionRow[]> {
  if (userIds?.length === 0) return [];
  return tdb.tx
    .select()
    .from(salaryRevisions)
    .where(and(eq(salaryRevisions.tenantId, tdb.tenantId), userIds ? inArray(salaryRevisions.userId, [...userIds]) : undefined, isNull(salaryRevisions.arrearsRunId)))
    .orderBy(asc(salaryRevisions.userId), asc(salaryRevisions.effectiveFrom), asc(salaryRevisions.createdAt));
}

export async function insertRevision(tdb: TenantDb, values: Omit<typeof salaryRevisions.$inferInsert, 'tenantId' | 'id'>): Promise<RevisionRow> {
  const [row] = await tdb.tx
    .insert(salaryRevisions)
    .values({ ...values, tenantId: tdb.tenantId })
    .returning();
  if (!row) throw new Error('salary revision not inserted');
  return row;
}

/** The current tables take the new structure (the rest of the product reads them). */
export async function saveCurrentStructure(
  tdb: TenantDb,
  userId: string,
  values: { annualCtcPaise: number; regimeType: number; forceEsiCalc: boolean; updatedAt: Date },
  earnings: readonly { tenantEarningId: string; calculationType: number; calculationValue: string }[],
  deductions: readonly { tenantDeductionId: string; annualPaise: number }[],
): Promise<void> {
  await tdb.tx
    .update(users)
    .set(values)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  await tdb.tx.delete(userEarnings).where(and(eq(userEarnings.tenantId, tdb.tenantId), eq(userEarnings.userId, userId)));
  if (earnings.length > 0) await tdb.tx.insert(userEarnings).values(earnings.map((e) => ({ ...e, tenantId: tdb.tenantId, userId })));
  await tdb.tx.delete(userDeductions).where(and(eq(userDeductions.tenantId, tdb.tenantId), eq(userDeductions.userId, userId)));
  if (deductions.length > 0) await tdb.tx.insert(userDeductions).values(deductions.map((d) => ({ ...d, tenantId: tdb.tenantId, userId })));
}

/** Records the run that paid an employee's pending revisions effective by `effectiveBy` (once: only rows not yet paid). */
export async function markRevisionsPaid(tdb: TenantDb, userId: string, effectiveBy: string, paid: { runId: string; month: string; arrearsPaise: number }): Promise<void> {
  await tdb.tx
    .update(salaryRevisions)
    .set({ arrearsRunId: paid.runId, arrearsMonth: paid.month, arrearsPaise: paid.arrearsPaise })
    .where(and(eq(salaryRevisions.tenantId, tdb.tenantId), eq(salaryRevisions.userId, userId), isNull(salaryRevisions.arrearsRunId), lte(salaryRevisions.effectiveFrom, effectiveBy)));
}
