import { and, arrayOverlaps, asc, eq } from 'drizzle-orm';
import { tdsChallans, tenants } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** Queries of the TDS challans (tds_challans): the organisation's own rows only. */

export type ChallanRow = typeof tdsChallans.$inferSelect;
export type ChallanValues = Pick<ChallanRow, 'bsrCode' | 'depositedOn' | 'serialNumber' | 'minorHead' | 'taxPaise' | 'surchargePaise' | 'cessPaise' | 'interestPaise' | 'feePaise' | 'othersPaise' | 'months'>;

/** The challans depositing TDS of any of these months, by date of deposit. */
export async function findChallansOfMonths(tdb: TenantDb, months: readonly string[]): Promise<ChallanRow[]> {
  if (months.length === 0) return [];
  return tdb.tx
    .select()
    .from(tdsChallans)
    .where(and(eq(tdsChallans.tenantId, tdb.tenantId), arrayOverlaps(tdsChallans.months, [...months])))
    .orderBy(asc(tdsChallans.depositedOn), asc(tdsChallans.serialNumber), asc(tdsChallans.id));
}

export async function findChallan(tdb: TenantDb, id: string): Promise<ChallanRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(tdsChallans)
    .where(and(eq(tdsChallans.tenantId, tdb.tenantId), eq(tdsChallans.id, id)))
    .limit(1);
  return row;
}

export async function insertChallan(tdb: TenantDb, values: ChallanValues, createdBy: string, now: Date): Promise<ChallanRow> {
  const [row] = await tdb.tx
    .insert(tdsChallans)
    .values({ tenantId: tdb.tenantId, ...values, createdBy, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('challan not inserted');
  return row;
}

export async function updateChallan(tdb: TenantDb, id: string, values: ChallanValues, now: Date): Promise<ChallanRow | undefined> {
  const [row] = await tdb.tx
    .update(tdsChallans)
    .set({ ...values, updatedAt: now })
    .where(and(eq(tdsChallans.tenantId, tdb.tenantId), eq(tdsChallans.id, id)))
    .returning();
  return row;
}

export async function deleteChallan(tdb: TenantDb, id: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(tdsChallans)
    .where(and(eq(tdsChallans.tenantId, tdb.tenantId), eq(tdsChallans.id, id)))
    .returning({ id: tdsChallans.id });
  return rows.length > 0;
}

/** The organisation's time zone: "today" for a date of deposit. */
export async function findTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row?.timeZone ?? 'Asia/Kolkata';
}

/** What the FVU batch header takes from the organisation profile. */
export async function findDeductor(tdb: TenantDb): Promise<{ name: string; legalName: string | null; address: string | null; pan: string | null; tan: string | null; gstNumber: string | null }> {
  const [row] = await tdb.tx
    .select({ name: tenants.name, legalName: tenants.legalCompanyName, address: tenants.address, pan: tenants.pan, tan: tenants.tan, gstNumber: tenants.gstNumber })
    .from(tenants)
    .where(eq(tenants.id, tdb.tenantId))
    .limit(1);
  return row ?? { name: '', legalName: null, address: null, pan: null, tan: null, gstNumber: null };
}
