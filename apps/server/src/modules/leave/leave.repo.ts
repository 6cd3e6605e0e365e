import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/** Queries of leave types, holidays and leave requests; every one scoped to the tenant. */

export async function findTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await queryRows<{ time_zone: string }>(tdb.tx, sql`SELECT time_zone FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.time_zone ?? 'Asia/Kolkata';
}

/** Serialises one employee's leave writes, so two applications cannot both spend the last day. */
export async function lockEmployeeLeave(tdb: TenantDb, userId: string): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave:${userId}`}))`);
}

/** Serialises holiday and leave-type writes of one organisation (the date and code checks). */
export async function lockLeaveSettings(tdb: TenantDb): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave-settings:${tdb.tenantId}`}))`);
}

// ——— Employees ———

export interface EmployeeRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  date_of_joining: string | null;
  reporting_manager_id: string | null;
  department_id: string | null;
}

export async function findEmployee(tdb: TenantDb, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await queryRows<EmployeeRow>(tdb.tx, sql`
    SELECT id, first_name, last_name, to_char(date_of_joining, 'YYYY-MM-DD') AS date_of_joining, reporting_manager_id, department_id
      FROM users WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
  return row;
}

// ——— Working days (the shift resolution of the attendance module, read-only) ———

export interface WorkingDayShift extends Record<string, unknown> {
  id: string;
  is_default: boolean;
  weekends: unknown;
}

export async function findShiftWeekends(tdb: TenantDb): Promise<WorkingDayShift[]> {
  return queryRows<WorkingDayShift>(tdb.tx, sql`SELECT id, is_default, weekends FROM shifts WHERE tenant_id = ${tdb.tenantId}`);
}

/** The department's shift links by effective date (issue 16), as the attendance module reads them. */
export async function findDepartmentShifts(tdb: TenantDb, departmentId: string | null, to: string): Promise<{ shift_id: string; effective_from: string }[]> {
  if (departmentId === null) return [];
  return queryRows<{ shift_id: string; effective_from: string }>(tdb.tx, sql`
    SELECT shift_id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from FROM shift_departments
     WHERE tenant_id = ${tdb.tenantId} AND department_id = ${departmentId} AND effective_from <= ${to}`);
}

/** Earlier weekends of edited shifts still in force after `from`. */
export async function findShiftWeekendHistory(tdb: TenantDb, from: string): Promise<{ shift_id: string; valid_until: string; weekends: unknown }[]> {
  return queryRows<{ shift_id: string; valid_until: string; weekends: unknown }>(tdb.tx, sql`
    SELECT shift_id, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, weekends FROM shift_history WHERE tenant_id = ${tdb.tenantId} AND valid_until > ${from}`);
}

export async function findAssignments(tdb: TenantDb, userId: string, from: string, to: string) {
  return queryRows<{ shift_id: string; start_date: string; end_date: string | null; created_at: string }>(tdb.tx, sql`
    SELECT shift_id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at
      FROM shift_assignments
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND start_date <= ${to} AND (end_date IS NULL OR end_date >= ${from})`);
}

// ——— Holidays ———

export interface HolidayRow extends Record<string, unknown> {
  id: string;
  holiday_date: string;
  name: string;
  description: string | null;
  is_optional: boolean;
}

const HOLIDAY_COLUMNS = sql`id, to_char(holiday_date, 'YYYY-MM-DD') AS holiday_date, name, description, is_optional`;

export async function findHolidays(tdb: TenantDb, from: string, to: string): Promise<HolidayRow[]> {
  return queryRows<HolidayRow>(tdb.tx, sql`
    SELECT ${HOLIDAY_COLUMNS} FROM holidays
     WHERE tenant_id = ${tdb.tenantId} AND holiday_date BETWEEN ${from} AND ${to}
     ORDER BY holiday_date`);
}

export async function findHoliday(tdb: TenantDb, id: string): Promise<HolidayRow | undefined> {
  const [row] = await queryRows<HolidayRow>(tdb.tx, sql`SELECT ${HOLIDAY_COLUMNS} FROM holidays WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
  return row;
}

export async function holidayDateTaken(tdb: TenantDb, date: string, exceptId: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM holidays WHERE tenant_id = ${tdb.tenantId} AND holiday_date = ${date} ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`);
  return rows.length > 0;
}

export interface HolidayValues {
  date: string;
  name: string;
  description: string | null;
  isOptional: boolean;
}

export async function insertHoliday(tdb: TenantDb, v: HolidayValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO holidays (tenant_id, holiday_date, name, description, is_optional)
    VALUES (${tdb.tenantId}, ${v.date}, ${v.name}, ${v.description}, ${v.isOptional}) RETURNING id`);
  if (!row) throw new Error('holiday insert returned nothing');
  return row.id;
}

export async function updateHoliday(tdb: TenantDb, id: string, v: HolidayValues): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE holidays SET holiday_date = ${v.date}, name = ${v.name}, description = ${v.description}, is_optional = ${v.isOptional}
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

export async function deleteHoliday(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.execute(sql`DELETE FROM holidays WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

// ——— Leave types ———

export interface LeaveTypeRow extends Record<string, unknown> {
  id: string;
  name: string;
  code: string;
  is_paid: boolean;
  yearly_quota: string;
  accrues_monthly: boolean;
  carry_forward: boolean;
  max_carry_forward: string;
  color: string;
  is_active: boolean;
  request_count: number;
}

const TYPE_COLUMNS = sql`t.id, t.name, t.code, t.is_paid, t.yearly_quota::text AS yearly_quota, t.accrues_monthly, t.carry_forward,
  t.max_carry_forward::text AS max_carry_forward, t.color, t.is_active,
  (SELECT count(*)::int FROM leave_requests r WHERE r.tenant_id = t.tenant_id AND r.leave_type_id = t.id) AS request_count`;

/** Paid types first, then by name. */
export async function findLeaveTypes(tdb: TenantDb, includeInactive: boolean): Promise<LeaveTypeRow[]> {
  return queryRows<LeaveTypeRow>(tdb.tx, sql`
    SELECT ${TYPE_COLUMNS} FROM leave_types t
     WHERE t.tenant_id = ${tdb.tenantId} ${includeInactive ? sql`` : sql`AND t.is_active`}
     ORDER BY t.is_paid DESC, lower(t.name), t.id`);
}

export async function findLeaveType(tdb: TenantDb, id: string): Promise<LeaveTypeRow | undefined> {
  const [row] = await queryRows<LeaveTypeRow>(tdb.tx, sql`SELECT ${TYPE_COLUMNS} FROM leave_types t WHERE t.tenant_id = ${tdb.tenantId} AND t.id = ${id}`);
  return row;
}

export async function leaveTypeClash(tdb: TenantDb, column: 'name' | 'code', value: string, exceptId: string | null): Promise<boolean> {
  const target = column === 'name' ? sql`lower(name)` : sql`lower(code)`;
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM leave_types WHERE tenant_id = ${tdb.tenantId} AND ${target} = lower(${value}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`);
  return rows.length > 0;
}

export interface LeaveTypeValues {
  name: string;
  code: string;
  isPaid: boolean;
  yearlyQuota: number;
  accruesMonthly: boolean;
  carryForward: boolean;
  maxCarryForward: number;
  color: string;
  isActive: boolean;
}

export async function insertLeaveType(tdb: TenantDb, v: LeaveTypeValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO leave_types (tenant_id, name, code, is_paid, yearly_quota, accrues_monthly, carry_forward, max_carry_forward, color, is_active)
    VALUES (${tdb.tenantId}, ${v.name}, ${v.code}, ${v.isPaid}, ${String(v.yearlyQuota)}, ${v.accruesMonthly}, ${v.carryForward}, ${String(v.maxCarryForward)}, ${v.color}, ${v.isActive})
    RETURNING id`);
  if (!row) throw new Error('leave type insert returned nothing');
  return row.id;
}

export async function updateLeaveType(tdb: TenantDb, id: string, v: LeaveTypeValues): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE leave_types
       SET name = ${v.name}, code = ${v.code}, is_paid = ${v.isPaid}, yearly_quota = ${String(v.yearlyQuota)}, accrues_monthly = ${v.accruesMonthly},
           carry_forward = ${v.carryForward}, max_carry_forward = ${String(v.maxCarryForward)}, color = ${v.color}, is_active = ${v.isActive}, updated_at = now()
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

export async function deleteLeaveType(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.execute(sql`DELETE FROM leave_types WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

// ——— Balances ———

export interface BalanceStoredRow extends Record<string, unknown> {
  leave_type_id: string;
  year: number;
  carried_forward: string;
  adjustment: string;
}

export async function findStoredBalances(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<BalanceStoredRow[]> {
  return queryRows<BalanceStoredRow>(tdb.tx, sql`
    SELECT leave_type_id, year::int AS year, carried_forward::text AS carried_forward, adjustment::text AS adjustment
      FROM leave_balances WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND year BETWEEN ${fromYear} AND ${toYear}`);
}

export interface UsageRow extends Record<string, unknown> {
  leave_type_id: string;
  year: number;
  status: number;
  days: string;
}

/** Days of pending and approved requests by type, year (of the start date) and status. */
export async function findUsage(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<UsageRow[]> {
  return queryRows<UsageRow>(tdb.tx, sql`
    SELECT leave_type_id, extract(year FROM start_date)::int AS year, status::int AS status, sum(days)::text AS days
      FROM leave_requests
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND status IN (1, 2)
       AND start_date BETWEEN ${`${String(fromYear)}-01-01`} AND ${`${String(toYear)}-12-31`}
     GROUP BY leave_type_id, extract(year FROM start_date), status`);
}

// ——— Requests ———

export interface LeaveRequestRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  employee_name: string;
  employee_number: string | null;
  reporting_manager_id: string | null;
  leave_type_id: string;
  leave_type_name: string;
  leave_type_color: string;
  is_paid: boolean;
  start_date: string;
  end_date: string;
  portion: 'full' | 'firstHalf' | 'secondHalf';
  days: string;
  reason: string | null;
  status: number;
  remarks: string | null;
  approver_name: string | null;
  decided_at: string | null;
  created_at: string;
}

const REQUEST_COLUMNS = sql`
  r.id, r.user_id, u.first_name || ' ' || u.last_name AS employee_name, u.employee_number, u.reporting_manager_id,
  r.leave_type_id, t.name AS leave_type_name, t.color AS leave_type_color, t.is_paid,
  to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.portion, r.days::text AS days,
  r.reason, r.status::int AS status, r.remarks,
  CASE WHEN a.id IS NULL THEN NULL ELSE a.first_name || ' ' || a.last_name END AS approver_name,
  to_char(r.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS decided_at,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

const REQUEST_JOINS = sql`
  JOIN users u ON u.id = r.user_id AND u.tenant_id = r.tenant_id
  JOIN leave_types t ON t.id = r.leave_type_id AND t.tenant_id = r.tenant_id
  LEFT JOIN users a ON a.id = r.approver_id AND a.tenant_id = r.tenant_id`;

export async function findRequest(tdb: TenantDb, id: string): Promise<LeaveRequestRow | undefined> {
  const [row] = await queryRows<LeaveRequestRow>(tdb.tx, sql`SELECT ${REQUEST_COLUMNS} FROM leave_requests r ${REQUEST_JOINS} WHERE r.tenant_id = ${tdb.tenantId} AND r.id = ${id}`);
  return row;
}

export interface RequestFilters {
  /** Exactly this employee. */
  userId?: string;
  /** Direct reportees of this manager. */
  managerId?: string;
  /** Everyone but this user (administrators' team view). */
  exceptUserId?: string;
  status?: number;
}

function requestWhere(tdb: TenantDb, f: RequestFilters): SQL {
  const parts: SQL[] = [sql`r.tenant_id = ${tdb.tenantId}`];
  if (f.userId) parts.push(sql`r.user_id = ${f.userId}`);
  if (f.managerId) parts.push(sql`u.reporting_manager_id = ${f.managerId}`);
  if (f.exceptUserId) parts.push(sql`r.user_id <> ${f.exceptUserId}`);
  if (f.status !== undefined) parts.push(sql`r.status = ${f.status}`);
  return sql.join(parts, sql` AND `);
}

export async function countRequests(tdb: TenantDb, f: RequestFilters): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM leave_requests r JOIN users u ON u.id = r.user_id WHERE ${requestWhere(tdb, f)}`);
  return row?.n ?? 0;
}

/** Newest first; pending ones by start date (the next to decide first). */
export async function findRequests(tdb: TenantDb, f: RequestFilters, limit: number, offset: number): Promise<LeaveRequestRow[]> {
  const order = f.status === 1 ? sql`r.start_date, r.created_at, r.id` : sql`r.created_at DESC, r.id DESC`;
  return queryRows<LeaveRequestRow>(tdb.tx, sql`
    SELECT ${REQUEST_COLUMNS} FROM leave_requests r ${REQUEST_JOINS}
     WHERE ${requestWhere(tdb, f)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`);
}

/** Pending or approved requests of the employee overlapping the range. */
export async function findOverlapping(tdb: TenantDb, userId: string, from: string, to: string) {
  return queryRows<{ id: string; start_date: string; end_date: string; portion: string }>(tdb.tx, sql`
    SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, portion
      FROM leave_requests
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND status IN (1, 2) AND start_date <= ${to} AND end_date >= ${from}`);
}

export interface LeaveRequestValues {
  userId: string;
  leaveTypeId: string;
  startDate: string;
  endDate: string;
  portion: 'full' | 'firstHalf' | 'secondHalf';
  days: number;
  reason: string;
}

export async function insertRequest(tdb: TenantDb, v: LeaveRequestValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, reason, status)
    VALUES (${tdb.tenantId}, ${v.userId}, ${v.leaveTypeId}, ${v.startDate}, ${v.endDate}, ${v.portion}, ${String(v.days)}, ${v.reason}, 1)
    RETURNING id`);
  if (!row) throw new Error('leave request insert returned nothing');
  return row.id;
}

export async function updateRequestStatus(tdb: TenantDb, id: string, v: { status: number; deciderId: string | null; remarks: string | null; at: Date }): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE leave_requests
       SET status = ${v.status}, approver_id = COALESCE(${v.deciderId}, approver_id), remarks = COALESCE(${v.remarks}, remarks),
           decided_at = CASE WHEN ${v.deciderId}::uuid IS NULL THEN decided_at ELSE ${v.at.toISOString()}::timestamptz END, updated_at = ${v.at.toISOString()}::timestamptz
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}
