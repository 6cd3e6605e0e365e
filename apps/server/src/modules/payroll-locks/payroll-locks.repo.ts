import { and, asc, between, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { payrollMonthLocks, payrollRuns, payrollStaleInputs, payslips, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** A lock as stored: the month, and its locked days (both null: the calendar month, for locks made before they were kept). */
export interface LockRow {
  month: string;
  lockedFrom: string | null;
  lockedThrough: string | null;
}

/** The locks of the 'YYYY-MM' months from `fromMonth` to `toMonth`. */
export async function findLocks(tdb: TenantDb, fromMonth: string, toMonth: string): Promise<LockRow[]> {
  return tdb.tx
    .select({ month: payrollMonthLocks.month, lockedFrom: payrollMonthLocks.lockedFrom, lockedThrough: payrollMonthLocks.lockedThrough })
    .from(payrollMonthLocks)
    .where(and(eq(payrollMonthLocks.tenantId, tdb.tenantId), between(payrollMonthLocks.month, fromMonth, toMonth)))
    .orderBy(asc(payrollMonthLocks.month));
}

export async function insertLock(tdb: TenantDb, lock: LockRow, lockedBy: string | null, now: Date): Promise<void> {
  await tdb.tx.insert(payrollMonthLocks).values({ tenantId: tdb.tenantId, ...lock, lockedAt: now, lockedBy }).onConflictDoNothing();
}

export async function deleteLock(tdb: TenantDb, month: string): Promise<void> {
  await tdb.tx.delete(payrollMonthLocks).where(and(eq(payrollMonthLocks.tenantId, tdb.tenantId), eq(payrollMonthLocks.month, month)));
}

/**
 * Takes the organisation's month-lock lock in share mode: a change checked against the locks holds it
 * until it commits, so a payroll finalize (exclusive) waits for it and then sees its rows.
 */
export async function shareMonthLocks(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock is a function call on no table
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${`payroll-month-locks:${tdb.tenantId}`}))`);
}

export async function excludeMonthLocks(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock is a function call on no table
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payroll-month-locks:${tdb.tenantId}`}))`);
}

export async function insertStaleMarks(tdb: TenantDb, rows: readonly { userId: string; month: string; reason: string }[], now: Date): Promise<void> {
  // A holiday marks every employee of the month: bounded statements, well under the parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await tdb.tx.insert(payrollStaleInputs).values(rows.slice(i, i + 1000).map((r) => ({ tenantId: tdb.tenantId, userId: r.userId, month: r.month, reason: r.reason, markedAt: now })));
  }
}

/** The month's marks, oldest first. */
export async function findStaleMarks(tdb: TenantDb, month: string): Promise<{ userId: string; reason: string }[]> {
  return tdb.tx
    .select({ userId: payrollStaleInputs.userId, reason: payrollStaleInputs.reason })
    .from(payrollStaleInputs)
    .where(and(eq(payrollStaleInputs.tenantId, tdb.tenantId), eq(payrollStaleInputs.month, month)))
    .orderBy(asc(payrollStaleInputs.markedAt), asc(payrollStaleInputs.id));
}

/** The ids of the month's marks of these employees, as this statement sees them. */
export async function findStaleMarkIds(tdb: TenantDb, month: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tdb.tx
    .select({ id: payrollStaleInputs.id })
    .from(payrollStaleInputs)
    .where(and(eq(payrollStaleInputs.tenantId, tdb.tenantId), eq(payrollStaleInputs.month, month), inArray(payrollStaleInputs.userId, [...userIds])));
  return rows.map((r) => r.id);
}

/** Removes these marks. */
export async function deleteStaleMarks(tdb: TenantDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tdb.tx.delete(payrollStaleInputs).where(and(eq(payrollStaleInputs.tenantId, tdb.tenantId), inArray(payrollStaleInputs.id, [...ids])));
}

/** Which processed runs a change reaches: a pay period with one of the days, a month of the range, or any. */
export type RunMatch = { from: string; to: string } | { fromMonth: string; toMonth: string } | 'any';

/** The runs processed or processing (not draft, not finalized) that the change reaches. */
export async function findProcessedRuns(tdb: TenantDb, match: RunMatch): Promise<{ id: string; month: string }[]> {
  const reach =
    match === 'any'
      ? undefined
      : 'from' in match
        ? and(lte(payrollRuns.periodStart, match.to), gte(payrollRuns.periodEnd, match.from))
        : between(payrollRuns.month, match.fromMonth, match.toMonth);
  return tdb.tx
    .select({ id: payrollRuns.id, month: payrollRuns.month })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), inArray(payrollRuns.status, ['processing', 'processed']), reach))
    .orderBy(asc(payrollRuns.month));
}

/** The employees with a payslip in these runs. */
export async function findPayslipHolders(tdb: TenantDb, runIds: readonly string[]): Promise<{ userId: string; month: string }[]> {
  if (runIds.length === 0) return [];
  return tdb.tx
    .select({ userId: payslips.userId, month: payslips.month })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), inArray(payslips.runId, [...runIds])))
    .orderBy(asc(payslips.month), asc(payslips.userId));
}

/** "Anita Rao", for a reason. */
export async function findPersonName(tdb: TenantDb, userId: string): Promise<string | undefined> {
  const [row] = await tdb.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row ? `${row.firstName} ${row.lastName}`.trim() : undefined;
}
