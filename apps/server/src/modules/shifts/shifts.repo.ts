import { and, asc, count, desc, eq, gt, gte, inArray, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import type { DepartmentShiftRow } from '@tankha/domain';
import { departments, shiftAssignments, shiftDepartments, shiftHistory, shifts, tenants, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface ShiftRow {
  id: string;
  shiftName: string;
  shiftStart: string;
  shiftEnd: string;
  isDefault: boolean;
  weekends: unknown;
  updatedBy: string | null;
  departmentIds: string[] | null;
}

export interface ShiftValues {
  shiftName: string;
  shiftStart: string;
  shiftEnd: string;
  weekends: { dayOfWeek: number; weekNumber: number; isWeekend: boolean }[];
  updatedBy: string;
}

/** Each department's latest link (its shift now, or from a date already chosen). */
const latestLinks = (tdb: TenantDb) =>
  tdb.tx
    .selectDistinctOn([shiftDepartments.departmentId], { departmentId: shiftDepartments.departmentId, shiftId: shiftDepartments.shiftId })
    .from(shiftDepartments)
    .where(eq(shiftDepartments.tenantId, tdb.tenantId))
    .orderBy(shiftDepartments.departmentId, desc(shiftDepartments.effectiveFrom));

/** The same as an SQL fragment, for the correlated subqueries below (the builder has no correlated array_agg). */
const LATEST_LINKS = (tdb: TenantDb) => sql`
  (SELECT DISTINCT ON (l.department_id) l.department_id, l.shift_id FROM shift_departments l
    WHERE l.tenant_id = ${tdb.tenantId} ORDER BY l.department_id, l.effective_from DESC)`;

const shiftColumns = (tdb: TenantDb) => ({
  id: shifts.id,
  shiftName: shifts.shiftName,
  shiftStart: shifts.shiftStart,
  shiftEnd: shifts.shiftEnd,
  isDefault: shifts.isDefault,
  weekends: shifts.weekends,
  updatedBy: shifts.updatedBy,
  departmentIds: sql<string[] | null>`(SELECT array_agg(sd.department_id::text ORDER BY sd.department_id) FROM ${LATEST_LINKS(tdb)} sd
    WHERE sd.shift_id = ${shifts.id} AND NOT ${shifts.isDefault})`,
});

/** The default shift first, then by name (case-insensitive), id breaking ties. */
const SHIFT_ORDER = [desc(shifts.isDefault), sql`lower(${shifts.shiftName})`, asc(shifts.id)];

export async function countShifts(tdb: TenantDb): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(shifts).where(eq(shifts.tenantId, tdb.tenantId));
  return row?.n ?? 0;
}

export async function findShifts(tdb: TenantDb, limit: number, offset: number): Promise<ShiftRow[]> {
  return tdb.tx
    .select(shiftColumns(tdb))
    .from(shifts)
    .where(eq(shifts.tenantId, tdb.tenantId))
    .orderBy(...SHIFT_ORDER)
    .limit(limit)
    .offset(offset);
}

export async function findShift(tdb: TenantDb, id: string): Promise<ShiftRow | undefined> {
  const [row] = await tdb.tx
    .select(shiftColumns(tdb))
    .from(shifts)
    .where(and(eq(shifts.tenantId, tdb.tenantId), eq(shifts.id, id)));
  return row;
}

export async function findShiftsByIds(tdb: TenantDb, ids: readonly string[]): Promise<ShiftRow[]> {
  if (ids.length === 0) return [];
  return tdb.tx
    .select(shiftColumns(tdb))
    .from(shifts)
    .where(and(eq(shifts.tenantId, tdb.tenantId), inArray(shifts.id, [...ids])));
}

export async function findDefaultShift(tdb: TenantDb): Promise<ShiftRow | undefined> {
  const [row] = await tdb.tx
    .select(shiftColumns(tdb))
    .from(shifts)
    .where(and(eq(shifts.tenantId, tdb.tenantId), eq(shifts.isDefault, true)));
  return row;
}

/** The default shift and the shifts of a department, default first. */
export async function findShiftsOfDepartment(tdb: TenantDb, departmentId: string): Promise<ShiftRow[]> {
  return tdb.tx
    .select(shiftColumns(tdb))
    .from(shifts)
    .where(
      and(
        eq(shifts.tenantId, tdb.tenantId),
        or(eq(shifts.isDefault, true), sql`EXISTS (SELECT 1 FROM ${LATEST_LINKS(tdb)} sd WHERE sd.shift_id = ${shifts.id} AND sd.department_id = ${departmentId})`),
      ),
    )
    .orderBy(...SHIFT_ORDER);
}

export async function insertShift(tdb: TenantDb, values: ShiftValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(shifts)
    .values({
      tenantId: tdb.tenantId,
      shiftName: values.shiftName,
      shiftStart: values.shiftStart,
      shiftEnd: values.shiftEnd,
      isDefault: false,
      weekends: values.weekends,
      updatedBy: values.updatedBy,
    })
    .returning({ id: shifts.id });
  if (!row) throw new Error('shift insert returned nothing');
  return row.id;
}

export async function updateShift(tdb: TenantDb, id: string, values: ShiftValues, now: Date): Promise<void> {
  await tdb.tx
    .update(shifts)
    .set({ shiftName: values.shiftName, shiftStart: values.shiftStart, shiftEnd: values.shiftEnd, weekends: values.weekends, updatedBy: values.updatedBy, updatedAt: now })
    .where(and(eq(shifts.tenantId, tdb.tenantId), eq(shifts.id, id)));
}

export async function deleteShift(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(shifts).where(and(eq(shifts.tenantId, tdb.tenantId), eq(shifts.id, id)));
}

/** Serialises shift writes of one organisation (department moves, name checks). */
export async function lockShifts(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shifts:${tdb.tenantId}`}))`);
}

export async function shiftNameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.tenantId, tdb.tenantId), sql`lower(${shifts.shiftName}) = lower(${name})`, exceptId ? ne(shifts.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** How many of the ids are departments of this organisation. */
export async function countDepartments(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), inArray(departments.id, [...ids])));
  return row?.n ?? 0;
}

/**
 * A department works one department shift at a time (docs/decisions/): linking departments to a
 * shift from a date replaces whatever they had from that date on; the links of earlier dates stay.
 */
export async function linkDepartments(tdb: TenantDb, shiftId: string, departmentIds: readonly string[], from: string, now: Date): Promise<void> {
  if (departmentIds.length === 0) return;
  await tdb.tx
    .delete(shiftDepartments)
    .where(and(eq(shiftDepartments.tenantId, tdb.tenantId), inArray(shiftDepartments.departmentId, [...departmentIds]), gte(shiftDepartments.effectiveFrom, from)));
  const known = await tdb.tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), inArray(departments.id, [...departmentIds])));
  if (known.length === 0) return;
  await tdb.tx.insert(shiftDepartments).values(known.map((d) => ({ tenantId: tdb.tenantId, shiftId, departmentId: d.id, effectiveFrom: from, createdAt: now })));
}

/** The departments whose latest link is to this shift. */
export async function findLinkedDepartments(tdb: TenantDb, shiftId: string): Promise<string[]> {
  const latest = latestLinks(tdb).as('sd');
  const rows = await tdb.tx.select({ departmentId: latest.departmentId }).from(latest).where(eq(latest.shiftId, shiftId));
  return rows.map((r) => r.departmentId);
}

export async function departmentExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)));
  return row !== undefined;
}

/** Users whose attendance a shift affects: assigned to it, or in a department that was ever on it. */
export async function findUsersOfShift(tdb: TenantDb, shiftId: string): Promise<string[]> {
  const rows = await tdb.tx
    .selectDistinct({ id: shiftAssignments.userId })
    .from(shiftAssignments)
    .where(and(eq(shiftAssignments.tenantId, tdb.tenantId), eq(shiftAssignments.shiftId, shiftId)))
    .union(
      tdb.tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(shiftDepartments, and(eq(shiftDepartments.departmentId, users.departmentId), eq(shiftDepartments.tenantId, users.tenantId)))
        .where(and(eq(users.tenantId, tdb.tenantId), eq(shiftDepartments.shiftId, shiftId))),
    );
  return rows.map((r) => r.id);
}

export async function findUsersOfDepartments(tdb: TenantDb, departmentIds: readonly string[]): Promise<string[]> {
  if (departmentIds.length === 0) return [];
  const rows = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.departmentId, [...departmentIds])));
  return rows.map((r) => r.id);
}

/** Employee statuses that work shifts: Active and Restricted Login (people spec §1: restricted users are part of payroll). */
const ROSTER_STATUSES = [1, 4];

/** How many of the ids are employees of this organisation who work shifts. */
export async function countEmployees(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.status, ROSTER_STATUSES), inArray(users.id, [...ids])));
  return row?.n ?? 0;
}

export async function insertAssignments(
  tdb: TenantDb,
  rows: readonly { userId: string; shiftId: string; startDate: string; endDate: string | null; notes: string | null; createdBy: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tdb.tx.insert(shiftAssignments).values(
    rows.map((r) => ({
      tenantId: tdb.tenantId,
      userId: r.userId,
      shiftId: r.shiftId,
      startDate: r.startDate,
      endDate: r.endDate,
      notes: r.notes,
      createdBy: r.createdBy,
      createdAt: now,
    })),
  );
}

export interface RosterUserRow {
  id: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  reportingManagerId: string | null;
}

const ROSTER_USER_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  departmentId: users.departmentId,
  reportingManagerId: users.reportingManagerId,
};

function rosterWhere(tdb: TenantDb, search: string | undefined) {
  const pattern = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(eq(users.tenantId, tdb.tenantId), inArray(users.status, ROSTER_STATUSES), pattern ? like(users.searchText, pattern) : undefined);
}

export async function countRosterUsers(tdb: TenantDb, search: string | undefined): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(users).where(rosterWhere(tdb, search));
  return row?.n ?? 0;
}

/** A page of employees by name, id breaking ties so pages never overlap. */
export async function findRosterUsers(tdb: TenantDb, search: string | undefined, limit: number, offset: number): Promise<RosterUserRow[]> {
  return tdb.tx
    .select(ROSTER_USER_COLUMNS)
    .from(users)
    .where(rosterWhere(tdb, search))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function findUser(tdb: TenantDb, id: string): Promise<RosterUserRow | undefined> {
  const [row] = await tdb.tx
    .select(ROSTER_USER_COLUMNS)
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
  return row;
}

export interface AssignmentRow {
  userId: string;
  shiftId: string;
  startDate: string;
  endDate: string | null;
  notes: string | null;
  /** ISO 8601 UTC with milliseconds, formatted by the database. */
  createdAt: string;
}

/** Assignments of these users overlapping [from, to]. */
export async function findAssignments(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<AssignmentRow[]> {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({
      userId: shiftAssignments.userId,
      shiftId: shiftAssignments.shiftId,
      startDate: shiftAssignments.startDate,
      endDate: shiftAssignments.endDate,
      notes: shiftAssignments.notes,
      createdAt: sql<string>`to_char(${shiftAssignments.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(shiftAssignments)
    .where(
      and(
        eq(shiftAssignments.tenantId, tdb.tenantId),
        inArray(shiftAssignments.userId, [...userIds]),
        lte(shiftAssignments.startDate, to),
        or(isNull(shiftAssignments.endDate), gte(shiftAssignments.endDate, from)),
      ),
    );
}

/** Each department's shift links by effective date, up to `to` (the later ones cannot matter). */
export async function findDepartmentShifts(tdb: TenantDb, to: string): Promise<Map<string, DepartmentShiftRow[]>> {
  const rows = await tdb.tx
    .select({ departmentId: shiftDepartments.departmentId, shiftId: shiftDepartments.shiftId, effectiveFrom: shiftDepartments.effectiveFrom })
    .from(shiftDepartments)
    .where(and(eq(shiftDepartments.tenantId, tdb.tenantId), lte(shiftDepartments.effectiveFrom, to)));
  const byDepartment = new Map<string, DepartmentShiftRow[]>();
  for (const r of rows) byDepartment.set(r.departmentId, [...(byDepartment.get(r.departmentId) ?? []), { shiftId: r.shiftId, effectiveFrom: r.effectiveFrom }]);
  return byDepartment;
}

export interface ShiftHistoryRow {
  shiftId: string;
  validUntil: string;
  shiftStart: string;
  shiftEnd: string;
  weekends: unknown;
}

/** Earlier definitions of shifts still in force after `from` (older ones cannot matter). */
export async function findShiftHistory(tdb: TenantDb, from: string): Promise<ShiftHistoryRow[]> {
  return tdb.tx
    .select({
      shiftId: shiftHistory.shiftId,
      validUntil: shiftHistory.validUntil,
      shiftStart: shiftHistory.shiftStart,
      shiftEnd: shiftHistory.shiftEnd,
      weekends: shiftHistory.weekends,
    })
    .from(shiftHistory)
    .where(and(eq(shiftHistory.tenantId, tdb.tenantId), gt(shiftHistory.validUntil, from)));
}

/** Replaces a shift's earlier definitions (the service works the new list out with the domain rule). */
export async function replaceShiftHistory(
  tdb: TenantDb,
  shiftId: string,
  rows: readonly { validUntil: string; shiftStart: string; shiftEnd: string; weekends: unknown }[],
): Promise<void> {
  await tdb.tx.delete(shiftHistory).where(and(eq(shiftHistory.tenantId, tdb.tenantId), eq(shiftHistory.shiftId, shiftId)));
  if (rows.length === 0) return;
  await tdb.tx
    .insert(shiftHistory)
    .values(rows.map((r) => ({ tenantId: tdb.tenantId, shiftId, validUntil: r.validUntil, shiftStart: r.shiftStart, shiftEnd: r.shiftEnd, weekends: r.weekends })));
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId));
  return row?.timeZone ?? 'Asia/Kolkata';
}
