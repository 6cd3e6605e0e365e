import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { attendanceLocationSettings, clientSiteEmployees, clientSites, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface SiteRow {
  id: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  radiusMetres: number;
  employeeCount: number;
}
export interface SiteValues {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  radiusMetres: number;
}

const siteColumns = {
  id: clientSites.id,
  name: clientSites.name,
  address: clientSites.address,
  latitude: clientSites.latitude,
  longitude: clientSites.longitude,
  radiusMetres: clientSites.radiusMetres,
  employeeCount: count(clientSiteEmployees.userId),
};

export async function findSites(tdb: TenantDb, id?: string): Promise<SiteRow[]> {
  const rows = await tdb.tx
    .select(siteColumns)
    .from(clientSites)
    .leftJoin(clientSiteEmployees, eq(clientSiteEmployees.siteId, clientSites.id))
    .where(and(eq(clientSites.tenantId, tdb.tenantId), id ? eq(clientSites.id, id) : undefined))
    .groupBy(clientSites.id)
    .orderBy(asc(sql`lower(${clientSites.name})`));
  return rows.map((r) => ({ ...r, employeeCount: Number(r.employeeCount) }));
}

export async function nameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: clientSites.id })
    .from(clientSites)
    .where(
      and(
        eq(clientSites.tenantId, tdb.tenantId),
        sql`lower(${clientSites.name}) = lower(${name})`,
        exceptId ? sql`${clientSites.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertSite(tdb: TenantDb, values: SiteValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(clientSites)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: clientSites.id });
  if (!row) throw new Error('client site insert returned nothing');
  return row.id;
}

export async function updateSite(tdb: TenantDb, id: string, values: SiteValues, now: Date): Promise<void> {
  await tdb.tx
    .update(clientSites)
    .set({ ...values, updatedAt: now })
    .where(and(eq(clientSites.tenantId, tdb.tenantId), eq(clientSites.id, id)));
}

export async function deleteSite(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(clientSites).where(and(eq(clientSites.tenantId, tdb.tenantId), eq(clientSites.id, id)));
}

export interface AssignedRow {
  userId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  email: string;
}

export async function findAssigned(tdb: TenantDb, siteId: string): Promise<AssignedRow[]> {
  return tdb.tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeNumber: users.employeeNumber,
      email: users.email,
    })
    .from(clientSiteEmployees)
    .innerJoin(users, eq(users.id, clientSiteEmployees.userId))
    .where(and(eq(clientSiteEmployees.tenantId, tdb.tenantId), eq(clientSiteEmployees.siteId, siteId)))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** How many of these ids are employees of the organisation. */
export async function countEmployees(tdb: TenantDb, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...userIds])));
  return Number(row?.n ?? 0);
}

/**
 * The site's row locked until the transaction ends, so that two replacements of its employees take
 * turns: the second deletes what the first inserted (it reads after the first commits) instead of
 * inserting the same (site, employee) keys beside them.
 */
export async function lockSite(tdb: TenantDb, siteId: string): Promise<void> {
  await tdb.tx
    .select({ id: clientSites.id })
    .from(clientSites)
    .where(and(eq(clientSites.tenantId, tdb.tenantId), eq(clientSites.id, siteId)))
    .for('no key update');
}

/** Replaces the site's employees (delete, then one insert); the caller holds the site's lock (lockSite). */
export async function replaceAssigned(tdb: TenantDb, siteId: string, userIds: readonly string[]): Promise<void> {
  await tdb.tx.delete(clientSiteEmployees).where(and(eq(clientSiteEmployees.tenantId, tdb.tenantId), eq(clientSiteEmployees.siteId, siteId)));
  if (userIds.length > 0) await tdb.tx.insert(clientSiteEmployees).values(userIds.map((userId) => ({ tenantId: tdb.tenantId, siteId, userId })));
}

/** The sites an employee is assigned to (their geofences). */
export async function findSitesOf(tdb: TenantDb, userId: string): Promise<Omit<SiteRow, 'employeeCount' | 'address'>[]> {
  return tdb.tx
    .select({
      id: clientSites.id,
      name: clientSites.name,
      latitude: clientSites.latitude,
      longitude: clientSites.longitude,
      radiusMetres: clientSites.radiusMetres,
    })
    .from(clientSiteEmployees)
    .innerJoin(clientSites, eq(clientSites.id, clientSiteEmployees.siteId))
    .where(and(eq(clientSiteEmployees.tenantId, tdb.tenantId), eq(clientSiteEmployees.userId, userId)));
}

export async function findRequireLocation(tdb: TenantDb): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ requireLocation: attendanceLocationSettings.requireLocation })
    .from(attendanceLocationSettings)
    .where(eq(attendanceLocationSettings.tenantId, tdb.tenantId));
  return row?.requireLocation ?? false;
}

export async function upsertRequireLocation(tdb: TenantDb, requireLocation: boolean, now: Date): Promise<void> {
  await tdb.tx
    .insert(attendanceLocationSettings)
    .values({ tenantId: tdb.tenantId, requireLocation, updatedAt: now })
    .onConflictDoUpdate({
      target: attendanceLocationSettings.tenantId,
      set: { requireLocation, updatedAt: now },
    });
}
