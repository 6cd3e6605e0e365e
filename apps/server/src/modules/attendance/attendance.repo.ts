import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/** Users who have attendance: Active and Restricted Login (people spec §1: restricted users count as Active). */
const ATTENDANCE_STATUSES = sql`(1, 4)`;

const uuidArray = (ids: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

export interface TenantRow extends Record<string, unknown> {
  time_zone: string;
}

export async function findTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await queryRows<TenantRow>(tdb.tx, sql`SELECT time_zone FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.time_zone ?? 'Asia/Kolkata';
}

export async function findSettings(tdb: TenantDb): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ settings: unknown }>(tdb.tx, sql`SELECT settings FROM attendance_settings WHERE tenant_id = ${tdb.tenantId}`);
  if (!row) return null;
  const value = typeof row.settings === 'string' ? (JSON.parse(row.settings) as unknown) : row.settings;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

export interface EmployeeRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string | null;
  designation: string | null;
  department_id: string | null;
  department_name: string | null;
  date_of_joining: string | null;
  reporting_manager_id: string | null;
  status: number;
}

const EMPLOYEE_COLUMNS = sql`u.id, u.first_name, u.last_name, u.email, u.employee_number, u.designation, u.department_id, d.name AS department_name,
  to_char(u.date_of_joining, 'YYYY-MM-DD') AS date_of_joining, u.reporting_manager_id, u.status::int AS status`;

/** The employees of a recompute: the given ids (any status) or every Active / Restricted Login user. */
export async function findEmployees(tdb: TenantDb, userIds?: readonly string[]): Promise<EmployeeRow[]> {
  const where = userIds ? sql`u.id = ANY(${uuidArray(userIds)})` : sql`u.status IN ${ATTENDANCE_STATUSES}`;
  return queryRows<EmployeeRow>(tdb.tx, sql`
    SELECT ${EMPLOYEE_COLUMNS} FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE u.tenant_id = ${tdb.tenantId} AND ${where} ORDER BY u.id`);
}

/** One employee; `lock` takes the row lock that serialises their log writes (two check-ins at once leave one open log). */
/** The day the organisation was created, in its zone: no day before it has a status (issue 16). */
export async function findOrganisationStartDate(tdb: TenantDb, timeZone: string): Promise<string | null> {
  const [row] = await queryRows<{ day: string }>(tdb.tx, sql`SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.day ?? null;
}

export async function findEmployee(tdb: TenantDb, userId: string, lock = false): Promise<EmployeeRow | null> {
  const [row] = await queryRows<EmployeeRow>(tdb.tx, sql`
    SELECT ${EMPLOYEE_COLUMNS} FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE u.tenant_id = ${tdb.tenantId} AND u.id = ${userId} ${lock ? sql`FOR UPDATE OF u` : sql``}`);
  return row ?? null;
}

/** Who a grid, report or team list may show: everyone with attendance, or one manager's direct reports. */
export interface EmployeeScope {
  managerId?: string;
  search?: string;
  departmentId?: string;
  ids?: readonly string[];
}

function scopeWhere(tdb: TenantDb, scope: EmployeeScope): SQL {
  const parts: SQL[] = [sql`u.tenant_id = ${tdb.tenantId}`, sql`u.status IN ${ATTENDANCE_STATUSES}`];
  if (scope.managerId) parts.push(sql`u.reporting_manager_id = ${scope.managerId}`);
  if (scope.departmentId) parts.push(sql`u.department_id = ${scope.departmentId}`);
  if (scope.ids) parts.push(sql`u.id = ANY(${uuidArray(scope.ids)})`);
  if (scope.search) {
    const pattern = `%${scope.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`u.search_text LIKE ${pattern}`);
  }
  return sql.join(parts, sql` AND `);
}

export async function countScopedEmployees(tdb: TenantDb, scope: EmployeeScope): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM users u WHERE ${scopeWhere(tdb, scope)}`);
  return row?.n ?? 0;
}

export async function findScopedEmployees(tdb: TenantDb, scope: EmployeeScope, limit: number | null, offset: number): Promise<EmployeeRow[]> {
  return queryRows<EmployeeRow>(tdb.tx, sql`
    SELECT ${EMPLOYEE_COLUMNS} FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE ${scopeWhere(tdb, scope)}
     ORDER BY lower(u.first_name), lower(u.last_name), u.id
     ${limit === null ? sql`` : sql`LIMIT ${limit} OFFSET ${offset}`}`);
}

export async function countReportees(tdb: TenantDb, managerId: string): Promise<number> {
  return countScopedEmployees(tdb, { managerId });
}

export interface ShiftRow extends Record<string, unknown> {
  id: string;
  shift_name: string;
  shift_start: string;
  shift_end: string;
  is_default: boolean;
  weekends: unknown;
}

export async function findShifts(tdb: TenantDb): Promise<ShiftRow[]> {
  return queryRows<ShiftRow>(tdb.tx, sql`SELECT id, shift_name, shift_start, shift_end, is_default, weekends FROM shifts WHERE tenant_id = ${tdb.tenantId} ORDER BY created_at, id`);
}

/** Each department's shift links by effective date up to `to` (issue 16: a link never reaches back before its date). */
export async function findDepartmentShifts(tdb: TenantDb, to: string): Promise<{ department_id: string; shift_id: string; effective_from: string }[]> {
  return queryRows(tdb.tx, sql`
    SELECT department_id, shift_id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from
      FROM shift_departments WHERE tenant_id = ${tdb.tenantId} AND effective_from <= ${to}`);
}

export interface ShiftHistoryRow extends Record<string, unknown> {
  shift_id: string;
  valid_until: string;
  shift_start: string;
  shift_end: string;
  weekends: unknown;
}

/** Earlier definitions of the shifts still in force after `from` (a shift edited from a date). */
export async function findShiftHistory(tdb: TenantDb, from: string): Promise<ShiftHistoryRow[]> {
  return queryRows<ShiftHistoryRow>(tdb.tx, sql`
    SELECT shift_id, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, shift_start, shift_end, weekends
      FROM shift_history WHERE tenant_id = ${tdb.tenantId} AND valid_until > ${from}`);
}

export interface AssignmentRow extends Record<string, unknown> {
  user_id: string;
  shift_id: string;
  start_date: string;
  end_date: string | null;
  created_at: string;
}

export async function findAssignments(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<AssignmentRow[]> {
  return queryRows<AssignmentRow>(tdb.tx, sql`
    SELECT user_id, shift_id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at
      FROM shift_assignments
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ANY(${uuidArray(userIds)}) AND start_date <= ${to} AND (end_date IS NULL OR end_date >= ${from})`);
}

export async function findHolidays(tdb: TenantDb, from: string, to: string): Promise<{ holiday_date: string; name: string }[]> {
  // An optional holiday is one an employee may take as leave; the day itself stays a working day.
  return queryRows(tdb.tx, sql`
    SELECT to_char(holiday_date, 'YYYY-MM-DD') AS holiday_date, name FROM holidays
     WHERE tenant_id = ${tdb.tenantId} AND NOT is_optional AND holiday_date BETWEEN ${from} AND ${to}`);
}

export interface LeaveRow extends Record<string, unknown> {
  user_id: string;
  start_date: string;
  end_date: string;
  portion: 'full' | 'firstHalf' | 'secondHalf';
  is_paid: boolean;
  leave_type_name: string;
}

/** Approved leave (status 2) overlapping the range. */
export async function findApprovedLeave(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<LeaveRow[]> {
  return queryRows<LeaveRow>(tdb.tx, sql`
    SELECT r.user_id, to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.portion, t.is_paid, t.name AS leave_type_name
      FROM leave_requests r JOIN leave_types t ON t.id = r.leave_type_id
     WHERE r.tenant_id = ${tdb.tenantId} AND r.status = 2 AND r.user_id = ANY(${uuidArray(userIds)}) AND r.start_date <= ${to} AND r.end_date >= ${from}`);
}

export interface TimeLogRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  work_date: string;
  check_in_ms: number;
  check_out_ms: number | null;
  source: string;
  approval_status: number;
  notes: string | null;
}

const LOG_COLUMNS = sql`l.id, l.user_id, to_char(l.work_date, 'YYYY-MM-DD') AS work_date,
  (extract(epoch from l.check_in) * 1000)::float8 AS check_in_ms, (extract(epoch from l.check_out) * 1000)::float8 AS check_out_ms,
  l.source, l.approval_status::int AS approval_status, l.notes`;

/** Logs of the range; rejected ones too (the day's approval status reads them), the caller drops them from the times. */
export async function findTimeLogs(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<TimeLogRow[]> {
  return queryRows<TimeLogRow>(tdb.tx, sql`
    SELECT ${LOG_COLUMNS} FROM time_logs l
     WHERE l.tenant_id = ${tdb.tenantId} AND l.user_id = ANY(${uuidArray(userIds)}) AND l.work_date BETWEEN ${from} AND ${to}
     ORDER BY l.check_in`);
}

export async function insertTimeLog(
  tdb: TenantDb,
  log: { userId: string; workDate: string; checkIn: Date; checkOut: Date | null; source: string; approvalStatus: number; notes: string | null },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status, notes)
    VALUES (${tdb.tenantId}, ${log.userId}, ${log.workDate}, ${log.checkIn.toISOString()}, ${log.checkOut ? log.checkOut.toISOString() : null}, ${log.source}, ${log.approvalStatus}, ${log.notes})
    RETURNING id`);
  if (!row) throw new Error('time log not inserted');
  return row.id;
}


export async function closeTimeLog(tdb: TenantDb, id: string, checkOut: Date): Promise<void> {
  await tdb.tx.execute(sql`UPDATE time_logs SET check_out = ${checkOut.toISOString()}, updated_at = now() WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

export interface ApprovalLogRow extends TimeLogRow {
  first_name: string;
  last_name: string;
  employee_number: string | null;
  reporting_manager_id: string | null;
  created_at_ms: number;
}

const APPROVAL_FROM = sql`time_logs l JOIN users u ON u.id = l.user_id`;

export async function countLogsByApproval(tdb: TenantDb, status: number, managerId?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    SELECT count(*)::int AS n FROM ${APPROVAL_FROM}
     WHERE l.tenant_id = ${tdb.tenantId} AND l.approval_status = ${status} ${managerId ? sql`AND u.reporting_manager_id = ${managerId}` : sql``}`);
  return row?.n ?? 0;
}

export async function findLogsByApproval(tdb: TenantDb, status: number, limit: number, offset: number, managerId?: string): Promise<ApprovalLogRow[]> {
  return queryRows<ApprovalLogRow>(tdb.tx, sql`
    SELECT ${LOG_COLUMNS}, u.first_name, u.last_name, u.employee_number, u.reporting_manager_id, (extract(epoch from l.created_at) * 1000)::float8 AS created_at_ms
      FROM ${APPROVAL_FROM}
     WHERE l.tenant_id = ${tdb.tenantId} AND l.approval_status = ${status} ${managerId ? sql`AND u.reporting_manager_id = ${managerId}` : sql``}
     ORDER BY l.work_date DESC, l.check_in DESC, l.id
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findLogsByIds(tdb: TenantDb, ids: readonly string[]): Promise<TimeLogRow[]> {
  return queryRows<TimeLogRow>(tdb.tx, sql`SELECT ${LOG_COLUMNS} FROM time_logs l WHERE l.tenant_id = ${tdb.tenantId} AND l.id = ANY(${uuidArray(ids)}) FOR UPDATE`);
}

export async function updateLogApproval(tdb: TenantDb, ids: readonly string[], status: number): Promise<void> {
  await tdb.tx.execute(sql`UPDATE time_logs SET approval_status = ${status}, updated_at = now() WHERE tenant_id = ${tdb.tenantId} AND id = ANY(${uuidArray(ids)})`);
}

export interface StoredDayRow extends Record<string, unknown> {
  user_id: string;
  work_date: string;
  status: string;
  first_in: string | null;
  last_out: string | null;
  total_minutes: number;
  overtime_minutes: number;
  is_late: boolean;
  shift_id: string | null;
  approval_status: number | null;
  payable_fraction: number;
}

export async function findDays(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<StoredDayRow[]> {
  return queryRows<StoredDayRow>(tdb.tx, sql`
    SELECT user_id, to_char(work_date, 'YYYY-MM-DD') AS work_date, status, first_in, last_out, total_minutes, overtime_minutes, is_late, shift_id, approval_status::int AS approval_status, payable_fraction::float8 AS payable_fraction
      FROM attendance_days
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ANY(${uuidArray(userIds)}) AND work_date BETWEEN ${from} AND ${to}`);
}

export interface DayWrite {
  u: string;
  d: string;
  s: string;
  fi: string | null;
  lo: string | null;
  tm: number;
  om: number;
  l: boolean;
  p: number;
  sh: string | null;
  a: number | null;
}

/**
 * Upserts computed days in one statement: the rows travel as one JSON parameter (a multi-row
 * INSERT … ON CONFLICT without thousands of bind parameters), the same on PGlite and PostgreSQL.
 */
export async function upsertDays(tdb: TenantDb, rows: readonly DayWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await tdb.tx.execute(sql`
    INSERT INTO attendance_days (tenant_id, user_id, work_date, status, first_in, last_out, total_minutes, overtime_minutes, is_late, payable_fraction, shift_id, approval_status, computed_at)
    SELECT ${tdb.tenantId}::uuid, r.u, r.d, r.s, r.fi, r.lo, r.tm, r.om, r.l, r.p, r.sh, r.a, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(u uuid, d date, s text, fi text, lo text, tm int, om int, l boolean, p numeric, sh uuid, a smallint)
    ON CONFLICT (user_id, work_date) DO UPDATE SET
      status = EXCLUDED.status, first_in = EXCLUDED.first_in, last_out = EXCLUDED.last_out, total_minutes = EXCLUDED.total_minutes,
      overtime_minutes = EXCLUDED.overtime_minutes, is_late = EXCLUDED.is_late, payable_fraction = EXCLUDED.payable_fraction,
      shift_id = EXCLUDED.shift_id, approval_status = EXCLUDED.approval_status, computed_at = EXCLUDED.computed_at`);
}

/** Days of the range that no longer exist for an employee (before joining). */
export async function deleteDaysBefore(tdb: TenantDb, cutoffs: readonly { u: string; d: string }[], from: string, to: string): Promise<void> {
  if (cutoffs.length === 0) return;
  await tdb.tx.execute(sql`
    DELETE FROM attendance_days a USING jsonb_to_recordset(${JSON.stringify(cutoffs)}::jsonb) AS c(u uuid, d date)
     WHERE a.tenant_id = ${tdb.tenantId} AND a.user_id = c.u AND a.work_date BETWEEN ${from} AND ${to} AND a.work_date < c.d`);
}
