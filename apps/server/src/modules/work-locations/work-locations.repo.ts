import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users, workLocations } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface WorkLocationRow {
  id: string;
  name: string;
  stateCode: string;
  city: string | null;
  ptRegistrationNumber: string | null;
  lwfRegistrationNumber: string | null;
  employeeCount: number;
}

export interface WorkLocationValues {
  name: string;
  stateCode: string;
  city: string | null;
  ptRegistrationNumber: string | null;
  lwfRegistrationNumber: string | null;
}

const columns = (tdb: TenantDb) => ({
  id: workLocations.id,
  name: workLocations.name,
  stateCode: workLocations.stateCode,
  city: workLocations.city,
  ptRegistrationNumber: workLocations.ptRegistrationNumber,
  lwfRegistrationNumber: workLocations.lwfRegistrationNumber,
  employeeCount: sql<number>`(${tdb.tx
    .select({ n: sql`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.workLocationId, workLocations.id)))})`.mapWith(Number),
});

/** Every location of the organisation by name (case-insensitive), id breaking ties. */
export async function findWorkLocations(tdb: TenantDb): Promise<WorkLocationRow[]> {
  return tdb.tx
    .select(columns(tdb))
    .from(workLocations)
    .where(eq(workLocations.tenantId, tdb.tenantId))
    .orderBy(asc(sql`lower(${workLocations.name})`), asc(workLocations.id));
}

export async function findWorkLocation(tdb: TenantDb, id: string): Promise<WorkLocationRow | undefined> {
  const [row] = await tdb.tx
    .select(columns(tdb))
    .from(workLocations)
    .where(and(eq(workLocations.tenantId, tdb.tenantId), eq(workLocations.id, id)));
  return row;
}

/** Another location of the organisation with this name, compared case-insensitively. */
export async function nameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: workLocations.id })
    .from(workLocations)
    .where(and(eq(workLocations.tenantId, tdb.tenantId), sql`lower(${workLocations.name}) = lower(${name})`, exceptId ? ne(workLocations.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertWorkLocation(tdb: TenantDb, values: WorkLocationValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(workLocations)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: workLocations.id });
  if (!row) throw new Error('work location insert returned nothing');
  return row.id;
}

export async function updateWorkLocation(tdb: TenantDb, id: string, values: WorkLocationValues): Promise<void> {
  await tdb.tx
    .update(workLocations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(workLocations.tenantId, tdb.tenantId), eq(workLocations.id, id)));
}

export async function deleteWorkLocation(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(workLocations).where(and(eq(workLocations.tenantId, tdb.tenantId), eq(workLocations.id, id)));
}

/** Serialises location writes of one organisation, so the name check and the in-use check see each other's rows. */
export async function lockWorkLocations(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`work_locations:${tdb.tenantId}`}))`);
}

/** The people placed at a location, whatever their status. */
export async function findUserIdsAt(tdb: TenantDb, id: string): Promise<string[]> {
  const rows = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.workLocationId, id)));
  return rows.map((r) => r.id);
}
