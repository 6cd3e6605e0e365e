import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DepartmentShiftRow } from '@tankha/domain';
import type { TenantDb } from '../../platform/tenancy';

export interface ShiftRow extends Record<string, unknown> {
  id: string;
  shift_name: string;
  shift_start: string;
  shift_end: string;
  is_default: boolean;
  weekends: unknown;
  updated_by: string | null;
  department_ids: string[] | null;
}

export interface ShiftValues {
  shiftName: string;
  shiftStart: string;
  shiftEnd: string;
  weekends: { dayOfWeek: number; weekNumber: number; isWeekend: boolean }[];
  updatedBy: string;
}

/** Each department's latest link (its shift now, or from a date already chosen). */
const LATEST_LINKS = (tdb: TenantDb) => sql`
  (SELECT DISTINCT ON (l.department_id) l.department_id, l.shift_id FROM shift_departments l
    WHERE l.tenant_id = ${tdb.tenantId} ORDER BY l.department_id, l.effective_from DESC)`;

const SHIFT_COLUMNS = (tdb: TenantDb) => sql`
  s.id, s.shift_name, s.shift_start, s.shift_end, s.is_default, s.weekends, s.updated_by,
  (SELECT array_agg(sd.department_id::text ORDER BY sd.department_id) FROM ${LATEST_LINKS(tdb)} sd
    WHERE sd.shift_id = s.id AND NOT s.is_default) AS department_ids`;

export async function countShifts(tdb: TenantDb): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM shifts WHERE tenant_id = ${tdb.tenantId}`);
  return row?.n ?? 0;
}

/** The default shift first, then by name (case-insensitive), id breaking ties. */
export async function findShifts(tdb: TenantDb, limit: number, offset: number): Promise<ShiftRow[]> {
  return queryRows<ShiftRow>(tdb.tx, sql`
    SELECT ${SHIFT_COLUMNS(tdb)} FROM shifts s
     WHERE s.tenant_id = ${tdb.tenantId}
     ORDER BY s.is_default DESC, lower(s.shift_name), s.id
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findShift(tdb: TenantDb, id: string): Promise<ShiftRow | undefined> {
  const [row] = await queryRows<ShiftRow>(tdb.tx, sql`SELECT ${SHIFT_COLUMNS(tdb)} FROM shifts s WHERE s.tenant_id = ${tdb.tenantId} AND s.id = ${id}`);
  return row;
}

export async function findShiftsByIds(tdb: TenantDb, ids: readonly string[]): Promise<ShiftRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ShiftRow>(tdb.tx, sql`
    SELECT ${SHIFT_COLUMNS(tdb)} FROM shifts s
     WHERE s.tenant_id = ${tdb.tenantId} AND s.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

export async function findDefaultShift(tdb: TenantDb): Promise<ShiftRow | undefined> {
  const [row] = await queryRows<ShiftRow>(tdb.tx, sql`SELECT ${SHIFT_COLUMNS(tdb)} FROM shifts s WHERE s.tenant_id = ${tdb.tenantId} AND s.is_default`);
  return row;
}

/** The default shift and the shifts of a department, default first. */
export async function findShiftsOfDepartment(tdb: TenantDb, departmentId: string): Promise<ShiftRow[]> {
  return queryRows<ShiftRow>(tdb.tx, sql`
    SELECT ${SHIFT_COLUMNS(tdb)} FROM shifts s
     WHERE s.tenant_id = ${tdb.tenantId}
       AND (s.is_default OR EXISTS (SELECT 1 FROM ${LATEST_LINKS(tdb)} sd WHERE sd.shift_id = s.id AND sd.department_id = ${departmentId}))
     ORDER BY s.is_default DESC, lower(s.shift_name), s.id`);
}

export async function insertShift(tdb: TenantDb, values: ShiftValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO shifts (tenant_id, shift_name, shift_start, shift_end, is_default, weekends, updated_by)
    VALUES (${tdb.tenantId}, ${values.shiftName}, ${values.shiftStart}, ${values.shiftEnd}, false, ${JSON.stringify(values.weekends)}::jsonb, ${values.updatedBy})
    RETURNING id`);
  if (!row) throw new Error('shift insert returned nothing');
  return row.id;
}

export async function updateShift(tdb: TenantDb, id: string, values: ShiftValues, now: Date): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE shifts SET shift_name = ${values.shiftName}, shift_start = ${values.shiftStart}, shift_end = ${values.shiftEnd},
           weekends = ${JSON.stringify(values.weekends)}::jsonb, updated_by = ${values.updatedBy}, updated_at = ${now}
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

export async function deleteShift(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.execute(sql`DELETE FROM shifts WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

/** Serialises shift writes of one organisation (department moves, name checks). */
export async function lockShifts(tdb: TenantDb): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shifts:${tdb.tenantId}`}))`);
}

export async function shiftNameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM shifts WHERE tenant_id = ${tdb.tenantId} AND lower(shift_name) = lower(${name}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`);
  return row !== undefined;
}

/** How many of the ids are departments of this organisation. */
export async function countDepartments(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    SELECT count(*)::int AS n FROM departments WHERE tenant_id = ${tdb.tenantId} AND id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return row?.n ?? 0;
}

/**
 * A department works one department shift at a time (docs/decisions.md): linking departments to a
 * shift from a date replaces whatever they had from that date on; the links of earlier dates stay.
 */
export async function linkDepartments(tdb: TenantDb, shiftId: string, departmentIds: readonly string[], from: string, now: Date): Promise<void> {
  if (departmentIds.length === 0) return;
  const list = sql.join(departmentIds.map((id) => sql`${id}`), sql`, `);
  await tdb.tx.execute(sql`DELETE FROM shift_departments WHERE tenant_id = ${tdb.tenantId} AND department_id IN (${list}) AND effective_from >= ${from}`);
  await tdb.tx.execute(sql`
    INSERT INTO shift_departments (tenant_id, shift_id, department_id, effective_from, created_at)
    SELECT ${tdb.tenantId}, ${shiftId}, d.id, ${from}, ${now} FROM departments d WHERE d.tenant_id = ${tdb.tenantId} AND d.id IN (${list})`);
}

/** The departments whose latest link is to this shift. */
export async function findLinkedDepartments(tdb: TenantDb, shiftId: string): Promise<string[]> {
  const rows = await queryRows<{ department_id: string }>(tdb.tx, sql`SELECT sd.department_id FROM ${LATEST_LINKS(tdb)} sd WHERE sd.shift_id = ${shiftId}`);
  return rows.map((r) => r.department_id);
}

export async function departmentExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`SELECT id FROM departments WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
  return row !== undefined;
}

/** Users whose attendance a shift affects: assigned to it, or in a department that was ever on it. */
export async function findUsersOfShift(tdb: TenantDb, shiftId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT DISTINCT a.user_id AS id FROM shift_assignments a WHERE a.tenant_id = ${tdb.tenantId} AND a.shift_id = ${shiftId}
    UNION
    SELECT u.id FROM users u JOIN shift_departments sd ON sd.department_id = u.department_id AND sd.tenant_id = u.tenant_id
     WHERE u.tenant_id = ${tdb.tenantId} AND sd.shift_id = ${shiftId}`);
  return rows.map((r) => r.id);
}

export async function findUsersOfDepartments(tdb: TenantDb, departmentIds: readonly string[]): Promise<string[]> {
  if (departmentIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM users WHERE tenant_id = ${tdb.tenantId} AND department_id IN (${sql.join(departmentIds.map((id) => sql`${id}`), sql`, `)})`);
  return rows.map((r) => r.id);
}

/** Employee statuses that work shifts: Active and Restricted Login (people spec §1: restricted users are part of payroll). */
const ROSTER_STATUSES = sql`(1, 4)`;

/** How many of the ids are employees of this organisation who work shifts. */
export async function countEmployees(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    SELECT count(*)::int AS n FROM users WHERE tenant_id = ${tdb.tenantId} AND status IN ${ROSTER_STATUSES}
       AND id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return row?.n ?? 0;
}

export async function insertAssignments(
  tdb: TenantDb,
  rows: readonly { userId: string; shiftId: string; startDate: string; endDate: string | null; notes: string | null; createdBy: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tdb.tx.execute(sql`
    INSERT INTO shift_assignments (tenant_id, user_id, shift_id, start_date, end_date, notes, created_by, created_at)
    VALUES ${sql.join(
      rows.map((r) => sql`(${tdb.tenantId}, ${r.userId}, ${r.shiftId}, ${r.startDate}, ${r.endDate}, ${r.notes}, ${r.createdBy}, ${now})`),
      sql`, `,
    )}`);
}

export interface RosterUserRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  department_id: string | null;
  reporting_manager_id: string | null;
}

function rosterWhere(tdb: TenantDb, search: string | undefined) {
  const parts = [sql`u.tenant_id = ${tdb.tenantId}`, sql`u.status IN ${ROSTER_STATUSES}`];
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`u.search_text LIKE ${pattern}`);
  }
  return sql.join(parts, sql` AND `);
}

export async function countRosterUsers(tdb: TenantDb, search: string | undefined): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM users u WHERE ${rosterWhere(tdb, search)}`);
  return row?.n ?? 0;
}

/** A page of employees by name, id breaking ties so pages never overlap. */
export async function findRosterUsers(tdb: TenantDb, search: string | undefined, limit: number, offset: number): Promise<RosterUserRow[]> {
  return queryRows<RosterUserRow>(tdb.tx, sql`
    SELECT u.id, u.first_name, u.last_name, u.department_id, u.reporting_manager_id FROM users u
     WHERE ${rosterWhere(tdb, search)}
     ORDER BY lower(u.first_name), lower(u.last_name), u.id
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findUser(tdb: TenantDb, id: string): Promise<RosterUserRow | undefined> {
  const [row] = await queryRows<RosterUserRow>(tdb.tx, sql`
    SELECT u.id, u.first_name, u.last_name, u.department_id, u.reporting_manager_id FROM users u WHERE u.tenant_id = ${tdb.tenantId} AND u.id = ${id}`);
  return row;
}

export interface AssignmentRow extends Record<string, unknown> {
  user_id: string;
  shift_id: string;
  start_date: string;
  end_date: string | null;
  notes: string | null;
  created_at: Date | string;
}

/** Assignments of these users overlapping [from, to]. */
export async function findAssignments(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<AssignmentRow[]> {
  if (userIds.length === 0) return [];
  return queryRows<AssignmentRow>(tdb.tx, sql`
    SELECT user_id, shift_id, start_date::text AS start_date, end_date::text AS end_date, notes, created_at
      FROM shift_assignments
     WHERE tenant_id = ${tdb.tenantId} AND user_id IN (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
       AND start_date <= ${to} AND (end_date IS NULL OR end_date >= ${from})`);
}

/** Each department's shift links by effective date, up to `to` (the later ones cannot matter). */
export async function findDepartmentShifts(tdb: TenantDb, to: string): Promise<Map<string, DepartmentShiftRow[]>> {
  const rows = await queryRows<{ department_id: string; shift_id: string; effective_from: string }>(tdb.tx, sql`
    SELECT department_id, shift_id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from
      FROM shift_departments WHERE tenant_id = ${tdb.tenantId} AND effective_from <= ${to}`);
  const byDepartment = new Map<string, DepartmentShiftRow[]>();
  for (const r of rows) byDepartment.set(r.department_id, [...(byDepartment.get(r.department_id) ?? []), { shiftId: r.shift_id, effectiveFrom: r.effective_from }]);
  return byDepartment;
}

export interface ShiftHistoryRow extends Record<string, unknown> {
  shift_id: string;
  valid_until: string;
  shift_start: string;
  shift_end: string;
  weekends: unknown;
}

/** Earlier definitions of shifts still in force after `from` (older ones cannot matter). */
export async function findShiftHistory(tdb: TenantDb, from: string): Promise<ShiftHistoryRow[]> {
  return queryRows<ShiftHistoryRow>(tdb.tx, sql`
    SELECT shift_id, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, shift_start, shift_end, weekends
      FROM shift_history WHERE tenant_id = ${tdb.tenantId} AND valid_until > ${from}`);
}

/** Replaces a shift's earlier definitions (the service works the new list out with the domain rule). */
export async function replaceShiftHistory(
  tdb: TenantDb,
  shiftId: string,
  rows: readonly { validUntil: string; shiftStart: string; shiftEnd: string; weekends: unknown }[],
): Promise<void> {
  await tdb.tx.execute(sql`DELETE FROM shift_history WHERE tenant_id = ${tdb.tenantId} AND shift_id = ${shiftId}`);
  if (rows.length === 0) return;
  await tdb.tx.execute(sql`
    INSERT INTO shift_history (tenant_id, shift_id, valid_until, shift_start, shift_end, weekends)
    VALUES ${sql.join(
      rows.map((r) => sql`(${tdb.tenantId}, ${shiftId}, ${r.validUntil}, ${r.shiftStart}, ${r.shiftEnd}, ${JSON.stringify(r.weekends)}::jsonb)`),
      sql`, `,
    )}`);
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await queryRows<{ time_zone: string }>(tdb.tx, sql`SELECT time_zone FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.time_zone ?? 'Asia/Kolkata';
}
