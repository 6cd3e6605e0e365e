import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/** The locked months among 'YYYY-MM' months from `fromMonth` to `toMonth`. */
export async function findLockedMonths(tdb: TenantDb, fromMonth: string, toMonth: string): Promise<string[]> {
  const rows = await queryRows<{ month: string }>(tdb.tx, sql`
    SELECT month FROM payroll_month_locks WHERE tenant_id = ${tdb.tenantId} AND month >= ${fromMonth} AND month <= ${toMonth} ORDER BY month`);
  return rows.map((r) => r.month);
}

export async function insertLock(tdb: TenantDb, month: string, lockedBy: string | null, now: Date): Promise<void> {
  await tdb.tx.execute(sql`
    INSERT INTO payroll_month_locks (tenant_id, month, locked_at, locked_by) VALUES (${tdb.tenantId}, ${month}, ${now}, ${lockedBy})
    ON CONFLICT (tenant_id, month) DO NOTHING`);
}

export async function deleteLock(tdb: TenantDb, month: string): Promise<void> {
  await tdb.tx.execute(sql`DELETE FROM payroll_month_locks WHERE tenant_id = ${tdb.tenantId} AND month = ${month}`);
}

/**
 * Takes the organisation's month-lock lock in share mode: a change checked against the locks holds it
 * until it commits, so a payroll finalize (exclusive) waits for it and then sees its rows.
 */
export async function shareMonthLocks(tdb: TenantDb): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${`payroll-month-locks:${tdb.tenantId}`}))`);
}

export async function excludeMonthLocks(tdb: TenantDb): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payroll-month-locks:${tdb.tenantId}`}))`);
}
