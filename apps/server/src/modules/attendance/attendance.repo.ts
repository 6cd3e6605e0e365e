import { and, asc, between, count, desc, eq, inArray, like, lte, gt, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { attendanceSettings, departments, holidays, shiftDepartments, shiftHistory, shifts, tenants, timeLogs, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** Users who have attendance: Active and Restricted Login (people spec §1: restricted users count as Active). */
const ATTENDANCE_STATUSES = [1, 4];

/** A list of ids as one parameter (a recompute batch has hundreds; one bind parameter each would be slower). */
const uuidArray = (ids: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

export async function findTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId));
  return row?.timeZone ?? 'Asia/Kolkata';
}

export async function findSettings(tdb: TenantDb): Promise<Record<string, unknown> | null> {
  const [row] = await tdb.tx.select({ settings: attendanceSettings.settings }).from(attendanceSettings).where(eq(attendanceSettings.tenantId, tdb.tenantId));
  if (!row) return null;
  return row.settings && typeof row.settings === 'object' ? (row.settings as Record<string, unknown>) : null;
}

export interface EmployeeRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeNumber: string | null;
  designation: string | null;
  departmentId: string | null;
  departmentName: string | null;
  dateOfJoining: string | null;
  reportingManagerId: string | null;
  status: number;
}

const EMPLOYEE_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  employeeNumber: users.employeeNumber,
  designation: users.designation,
  departmentId: users.departmentId,
  departmentName: departments.name,
  dateOfJoining: users.dateOfJoining,
  reportingManagerId: users.reportingManagerId,
  status: users.status,
};

const employeesQuery = (tdb: TenantDb) => tdb.tx.select(EMPLOYEE_COLUMNS).from(users).leftJoin(departments, eq(departments.id, users.departmentId));

/** The employees of a recompute: the given ids (any status) or every Active / Restricted Login user. */
export async function findEmployees(tdb: TenantDb, userIds?: readonly string[]): Promise<EmployeeRow[]> {
  const which = userIds ? sql`${users.id} = ANY(${uuidArray(userIds)})` : inArray(users.status, ATTENDANCE_STATUSES);
  return employeesQuery(tdb)
    .where(and(eq(users.tenantId, tdb.tenantId), which))
    .orderBy(asc(users.id));
}

/** The day the organisation was created, in its zone: no day before it has a status. */
export async function findOrganisationStartDate(tdb: TenantDb, timeZone: string): Promise<string | null> {
  const [row] = await tdb.tx
    .select({ day: sql<string>`to_char(${tenants.createdAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')` })
    .from(tenants)
    .where(eq(tenants.id, tdb.tenantId));
  return row?.day ?? null;
}

/** One employee; `lock` takes the row lock that serialises their log writes (two check-ins at once leave one open log). */
export async function findEmployee(tdb: TenantDb, userId: string, lock = false): Promise<EmployeeRow | null> {
  const query = employeesQuery(tdb).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

/** Who a grid, report or team list may show: everyone with attendance, or one manager's direct reports. */
export interface EmployeeScope {
  managerId?: string;
  search?: string;
  departmentId?: string;
  ids?: readonly string[];
}

function scopeWhere(tdb: TenantDb, scope: EmployeeScope): SQL | undefined {
  const pattern = scope.search ? `%${scope.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(users.tenantId, tdb.tenantId),
    inArray(users.status, ATTENDANCE_STATUSES),
    scope.managerId ? eq(users.reportingManagerId, scope.managerId) : undefined,
    scope.departmentId ? eq(users.departmentId, scope.departmentId) : undefined,
    scope.ids ? sql`${users.id} = ANY(${uuidArray(scope.ids)})` : undefined,
    pattern ? like(users.searchText, pattern) : undefined,
  );
}

export async function countScopedEmployees(tdb: TenantDb, scope: EmployeeScope): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(users).where(scopeWhere(tdb, scope));
  return row?.n ?? 0;
}

export async function findScopedEmployees(tdb: TenantDb, scope: EmployeeScope, limit: number | null, offset: number): Promise<EmployeeRow[]> {
  const query = employeesQuery(tdb)
    .where(scopeWhere(tdb, scope))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id));
  return limit === null ? query : query.limit(limit).offset(offset);
}

export async function countReportees(tdb: TenantDb, managerId: string): Promise<number> {
  return countScopedEmployees(tdb, { managerId });
}

export interface ShiftRow {
  id: string;
  shiftName: string;
  shiftStart: string;
  shiftEnd: string;
  isDefault: boolean;
  weekends: unknown;
}

export async function findShifts(tdb: TenantDb): Promise<ShiftRow[]> {
  return tdb.tx
    .select({ id: shifts.id, shiftName: shifts.shiftName, shiftStart: shifts.shiftStart, shiftEnd: shifts.shiftEnd, isDefault: shifts.isDefault, weekends: shifts.weekends })
    .from(shifts)
    .where(eq(shifts.tenantId, tdb.tenantId))
    .orderBy(asc(shifts.createdAt), asc(shifts.id));
}

/** Each department's shift links by effective date up to `to` (a link never reaches back before its date). */
export async function findDepartmentShifts(tdb: TenantDb, to: string): Promise<{ departmentId: string; shiftId: string; effectiveFrom: string }[]> {
  return tdb.tx
    .select({ departmentId: shiftDepartments.departmentId, shiftId: shiftDepartments.shiftId, effectiveFrom: shiftDepartments.effectiveFrom })
    .from(shiftDepartments)
    .where(and(eq(shiftDepartments.tenantId, tdb.tenantId), lte(shiftDepartments.effectiveFrom, to)));
}

export interface ShiftHistoryRow {
  shiftId: string;
  validUntil: string;
  shiftStart: string;
  shiftEnd: string;
  weekends: unknown;
}

/** Earlier definitions of the shifts still in force after `from` (a shift edited from a date). */
export async function findShiftHistory(tdb: TenantDb, from: string): Promise<ShiftHistoryRow[]> {
  return tdb.tx
    .select({ shiftId: shiftHistory.shiftId, validUntil: shiftHistory.validUntil, shiftStart: shiftHistory.shiftStart, shiftEnd: shiftHistory.shiftEnd, weekends: shiftHistory.weekends })
    .from(shiftHistory)
    .where(and(eq(shiftHistory.tenantId, tdb.tenantId), gt(shiftHistory.validUntil, from)));
}

export interface AssignmentRow {
  userId: string;
  shiftId: string;
  startDate: string;
  endDate: string | null;
  /** ISO 8601 UTC with microseconds (they break ties in shift resolution). */
  createdAt: string;
}

export async function findAssignments(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<AssignmentRow[]> {
  // raw SQL: a batched input read of the recompute and the grid (measured hot paths); the columns are aliased to camelCase.
  return queryRows<AssignmentRow>(tdb.tx, sql`
    SELECT user_id AS "userId", shift_id AS "shiftId", to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate",
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS "createdAt"
      FROM shift_assignments
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ANY(${uuidArray(userIds)}) AND start_date <= ${to} AND (end_date IS NULL OR end_date >= ${from})`);
}

export async function findHolidays(tdb: TenantDb, from: string, to: string): Promise<{ holidayDate: string; name: string }[]> {
  // An optional holiday is one an employee may take as leave; the day itself stays a working day.
  return tdb.tx
    .select({ holidayDate: holidays.holidayDate, name: holidays.name })
    .from(holidays)
    .where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.isOptional, false), between(holidays.holidayDate, from, to)));
}

export interface LeaveRow {
  userId: string;
  startDate: string;
  endDate: string;
  portion: 'full' | 'firstHalf' | 'secondHalf';
  isPaid: boolean;
  leaveTypeName: string;
}

/** Approved leave (status 2) overlapping the range. */
export async function findApprovedLeave(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<LeaveRow[]> {
  // raw SQL: a batched input read of the recompute and the grid (measured hot paths); the columns are aliased to camelCase.
  return queryRows<LeaveRow>(tdb.tx, sql`
    SELECT r.user_id AS "userId", to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.portion,
           t.is_paid AS "isPaid", t.name AS "leaveTypeName"
      FROM leave_requests r JOIN leave_types t ON t.id = r.leave_type_id
     WHERE r.tenant_id = ${tdb.tenantId} AND r.status = 2 AND r.user_id = ANY(${uuidArray(userIds)}) AND r.start_date <= ${to} AND r.end_date >= ${from}`);
}

export interface TimeLogRow {
  id: string;
  userId: string;
  workDate: string;
  checkInMs: number;
  checkOutMs: number | null;
  source: string;
  approvalStatus: number;
  notes: string | null;
}

/** A log's columns through the builder; instants as epoch milliseconds (the recompute works in numbers). */
const LOG_COLUMNS = {
  id: timeLogs.id,
  userId: timeLogs.userId,
  workDate: timeLogs.workDate,
  checkInMs: sql<number>`(extract(epoch from ${timeLogs.checkIn}) * 1000)::float8`,
  checkOutMs: sql<number | null>`(extract(epoch from ${timeLogs.checkOut}) * 1000)::float8`,
  source: timeLogs.source,
  approvalStatus: timeLogs.approvalStatus,
  notes: timeLogs.notes,
};

/** Logs of the range; rejected ones too (the day's approval status reads them), the caller drops them from the times. */
export async function findTimeLogs(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<TimeLogRow[]> {
  // raw SQL: the largest batched input read of the recompute and the grid (measured hot paths); the columns are aliased to camelCase.
  return queryRows<TimeLogRow>(tdb.tx, sql`
    SELECT l.id, l.user_id AS "userId", to_char(l.work_date, 'YYYY-MM-DD') AS "workDate",
           (extract(epoch from l.check_in) * 1000)::float8 AS "checkInMs", (extract(epoch from l.check_out) * 1000)::float8 AS "checkOutMs",
           l.source, l.approval_status::int AS "approvalStatus", l.notes
      FROM time_logs l
     WHERE l.tenant_id = ${tdb.tenantId} AND l.user_id = ANY(${uuidArray(userIds)}) AND l.work_date BETWEEN ${from} AND ${to}
     ORDER BY l.check_in`);
}

export async function insertTimeLog(
  tdb: TenantDb,
  log: { userId: string; workDate: string; checkIn: Date; checkOut: Date | null; source: string; approvalStatus: number; notes: string | null },
  place?: { latitude: number | null; longitude: number | null; accuracyMetres: number | null; siteId: string | null; siteName: string | null },
): Promise<string> {
  const [row] = await tdb.tx
    .insert(timeLogs)
    .values({
      tenantId: tdb.tenantId,
      userId: log.userId,
      workDate: log.workDate,
      checkIn: log.checkIn,
      checkOut: log.checkOut,
      source: log.source,
      approvalStatus: log.approvalStatus,
      notes: log.notes,
      ...(place
        ? { checkInLatitude: place.latitude, checkInLongitude: place.longitude, checkInAccuracyMetres: place.accuracyMetres, checkInSiteId: place.siteId, checkInSiteName: place.siteName }
        : {}),
    })
    .returning({ id: timeLogs.id });
  if (!row) throw new Error('time log not inserted');
  return row.id;
}

export async function closeTimeLog(tdb: TenantDb, id: string, checkOut: Date): Promise<void> {
  await tdb.tx
    .update(timeLogs)
    .set({ checkOut, updatedAt: sql`now()` })
    .where(and(eq(timeLogs.tenantId, tdb.tenantId), eq(timeLogs.id, id)));
}

export interface ApprovalLogRow extends TimeLogRow {
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  reportingManagerId: string | null;
  createdAtMs: number;
}

const approvalWhere = (tdb: TenantDb, status: number, managerId: string | undefined) =>
  and(eq(timeLogs.tenantId, tdb.tenantId), eq(timeLogs.approvalStatus, status), managerId ? eq(users.reportingManagerId, managerId) : undefined);

export async function countLogsByApproval(tdb: TenantDb, status: number, managerId?: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(timeLogs)
    .innerJoin(users, eq(users.id, timeLogs.userId))
    .where(approvalWhere(tdb, status, managerId));
  return row?.n ?? 0;
}

export async function findLogsByApproval(tdb: TenantDb, status: number, limit: number, offset: number, managerId?: string): Promise<ApprovalLogRow[]> {
  return tdb.tx
    .select({
      ...LOG_COLUMNS,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeNumber: users.employeeNumber,
      reportingManagerId: users.reportingManagerId,
      createdAtMs: sql<number>`(extract(epoch from ${timeLogs.createdAt}) * 1000)::float8`,
    })
    .from(timeLogs)
    .innerJoin(users, eq(users.id, timeLogs.userId))
    .where(approvalWhere(tdb, status, managerId))
    .orderBy(desc(timeLogs.workDate), desc(timeLogs.checkIn), asc(timeLogs.id))
    .limit(limit)
    .offset(offset);
}

export async function findLogsByIds(tdb: TenantDb, ids: readonly string[]): Promise<TimeLogRow[]> {
  return tdb.tx
    .select(LOG_COLUMNS)
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, tdb.tenantId), sql`${timeLogs.id} = ANY(${uuidArray(ids)})`))
    .for('update');
}

export async function updateLogApproval(tdb: TenantDb, ids: readonly string[], status: number): Promise<void> {
  await tdb.tx
    .update(timeLogs)
    .set({ approvalStatus: status, updatedAt: sql`now()` })
    .where(and(eq(timeLogs.tenantId, tdb.tenantId), sql`${timeLogs.id} = ANY(${uuidArray(ids)})`));
}

export interface StoredDayRow {
  userId: string;
  workDate: string;
  status: string;
  firstIn: string | null;
  lastOut: string | null;
  totalMinutes: number;
  overtimeMinutes: number;
  isLate: boolean;
  shiftId: string | null;
  approvalStatus: number | null;
  payableFraction: number;
}

export async function findDays(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<StoredDayRow[]> {
  // raw SQL: the stored days of the monthly grid (a measured hot path); the columns are aliased to camelCase.
  return queryRows<StoredDayRow>(tdb.tx, sql`
    SELECT user_id AS "userId", to_char(work_date, 'YYYY-MM-DD') AS "workDate", status, first_in AS "firstIn", last_out AS "lastOut",
           total_minutes AS "totalMinutes", overtime_minutes AS "overtimeMinutes", is_late AS "isLate", shift_id AS "shiftId",
           approval_status::int AS "approvalStatus", payable_fraction::float8 AS "payableFraction"
      FROM attendance_days
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ANY(${uuidArray(userIds)}) AND work_date BETWEEN ${from} AND ${to}`);
}

/** A stored day that costs pay, or any stored day under an unpaid leave (so the caller knows it was computed). */
export interface PayDayRow {
  userId: string;
  workDate: string;
  payableFraction: number;
}

/**
 * The stored days of the range that are not fully paid, plus every stored day an approved unpaid
 * leave covers: what the payroll run needs of a month's days, without the fully paid majority.
 */
export async function findPayDays(tdb: TenantDb, userIds: readonly string[], from: string, to: string): Promise<PayDayRow[]> {
  const ids = uuidArray(userIds);
  // Two parts: the days that cost pay, through the partial index attendance_days_unpaid_idx (a few
  // percent of the days; reading them all and filtering took 30 ms a chunk of 500 employees), and the
  // fully paid days under an approved unpaid leave, from the chunk's few leave requests (a day under
  // two such leaves comes twice; payDayEntries keeps a set).
  // raw SQL: the payroll run's batched read of a chunk's days (a measured hot path: 10,000 employees a month); aliased to camelCase.
  return queryRows<PayDayRow>(tdb.tx, sql`
    SELECT d.user_id AS "userId", to_char(d.work_date, 'YYYY-MM-DD') AS "workDate", d.payable_fraction::float8 AS "payableFraction"
      FROM attendance_days d
     WHERE d.tenant_id = ${tdb.tenantId} AND d.user_id = ANY(${ids}) AND d.work_date BETWEEN ${from} AND ${to} AND d.payable_fraction < 1
    UNION ALL
    SELECT d.user_id, to_char(d.work_date, 'YYYY-MM-DD'), d.payable_fraction::float8
      FROM leave_requests r JOIN leave_types t ON t.id = r.leave_type_id
     CROSS JOIN generate_series(greatest(r.start_date, ${from}::date), least(r.end_date, ${to}::date), interval '1 day') g
      JOIN attendance_days d ON d.user_id = r.user_id AND d.work_date = g::date
     WHERE r.tenant_id = ${tdb.tenantId} AND r.user_id = ANY(${ids}) AND r.status = 2 AND NOT t.is_paid AND r.start_date <= ${to} AND r.end_date >= ${from}
       AND d.tenant_id = ${tdb.tenantId} AND d.payable_fraction >= 1`);
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
  // raw SQL: the recompute's bulk upsert (a measured hot path): thousands of rows as one jsonb_to_recordset parameter.
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
  // raw SQL: the recompute's bulk delete (a measured hot path): DELETE … USING jsonb_to_recordset, per-employee cut-off dates in one parameter.
  await tdb.tx.execute(sql`
    DELETE FROM attendance_days a USING jsonb_to_recordset(${JSON.stringify(cutoffs)}::jsonb) AS c(u uuid, d date)
     WHERE a.tenant_id = ${tdb.tenantId} AND a.user_id = c.u AND a.work_date BETWEEN ${from} AND ${to} AND a.work_date < c.d`);
}
