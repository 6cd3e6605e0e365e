import { and, asc, between, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  attendanceDays,
  departments,
  holidays,
  leaveBalanceEntries,
  leaveBalances,
  leavePolicies,
  leaveRequests,
  leaveSettings,
  leaveTypes,
  shiftAssignments,
  shiftDepartments,
  shiftHistory,
  shifts,
  tenants,
  userFieldOptions,
  userFieldValues,
  userFields,
  users,
} from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';
import type { LeaveAccrualRuleValue } from '@tankha/contracts';

/** Queries of leave types, holidays and leave requests; every one scoped to the tenant. */

/** An instant as ISO 8601 UTC with milliseconds, formatted by the database as the replies show it. */
const isoUtc = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function findTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId));
  return row?.timeZone ?? 'Asia/Kolkata';
}

/** Serialises one employee's leave writes, so two applications cannot both spend the last day. */
export async function lockEmployeeLeave(tdb: TenantDb, userId: string): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave:${userId}`}))`);
}

/** Serialises holiday and leave-type writes of one organisation (the date and code checks). */
export async function lockLeaveSettings(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave-settings:${tdb.tenantId}`}))`);
}

// ——— Employees ———

export interface Employee {
  id: string;
  firstName: string;
  lastName: string;
  dateOfJoining: string | null;
  reportingManagerId: string | null;
  departmentId: string | null;
  /** The option of the Employment Type field (leave policies). */
  employmentTypeId: string | null;
}

const EMPLOYMENT_TYPE_FIELD = 'Employment Type';

export async function findEmployee(tdb: TenantDb, id: string): Promise<Employee | undefined> {
  const employmentType = tdb.tx
    .select({ optionId: userFieldValues.optionId })
    .from(userFieldValues)
    .innerJoin(userFields, and(eq(userFields.id, userFieldValues.userFieldId), eq(userFields.tenantId, userFieldValues.tenantId)))
    .where(and(eq(userFieldValues.tenantId, users.tenantId), eq(userFieldValues.userId, users.id), eq(userFields.name, EMPLOYMENT_TYPE_FIELD)))
    .limit(1);
  const [row] = await tdb.tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfJoining: users.dateOfJoining,
      reportingManagerId: users.reportingManagerId,
      departmentId: users.departmentId,
      employmentTypeId: sql<string | null>`(${employmentType})`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
  return row;
}

// ——— Working days (the shift resolution of the attendance module, read-only) ———

export interface WorkingDayShift {
  id: string;
  isDefault: boolean;
  weekends: unknown;
}

export async function findShiftWeekends(tdb: TenantDb): Promise<WorkingDayShift[]> {
  return tdb.tx.select({ id: shifts.id, isDefault: shifts.isDefault, weekends: shifts.weekends }).from(shifts).where(eq(shifts.tenantId, tdb.tenantId));
}

/** The department's shift links by effective date, as the attendance module reads them. */
export async function findDepartmentShifts(tdb: TenantDb, departmentId: string | null, to: string): Promise<{ shiftId: string; effectiveFrom: string }[]> {
  if (departmentId === null) return [];
  return tdb.tx
    .select({ shiftId: shiftDepartments.shiftId, effectiveFrom: shiftDepartments.effectiveFrom })
    .from(shiftDepartments)
    .where(and(eq(shiftDepartments.tenantId, tdb.tenantId), eq(shiftDepartments.departmentId, departmentId), lte(shiftDepartments.effectiveFrom, to)));
}

/** Earlier weekends of edited shifts still in force after `from`. */
export async function findShiftWeekendHistory(tdb: TenantDb, from: string): Promise<{ shiftId: string; validUntil: string; weekends: unknown }[]> {
  return tdb.tx
    .select({ shiftId: shiftHistory.shiftId, validUntil: shiftHistory.validUntil, weekends: shiftHistory.weekends })
    .from(shiftHistory)
    .where(and(eq(shiftHistory.tenantId, tdb.tenantId), gt(shiftHistory.validUntil, from)));
}

export async function findAssignments(tdb: TenantDb, userId: string, from: string, to: string) {
  return tdb.tx
    .select({
      shiftId: shiftAssignments.shiftId,
      startDate: shiftAssignments.startDate,
      endDate: shiftAssignments.endDate,
      // Microseconds: two assignments made in the same millisecond still order by creation.
      createdAt: sql<string>`to_char(${shiftAssignments.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(shiftAssignments)
    .where(
      and(
        eq(shiftAssignments.tenantId, tdb.tenantId),
        eq(shiftAssignments.userId, userId),
        lte(shiftAssignments.startDate, to),
        or(isNull(shiftAssignments.endDate), gte(shiftAssignments.endDate, from)),
      ),
    );
}

// ——— Holidays ———

export interface HolidayRecord {
  id: string;
  date: string;
  name: string;
  description: string | null;
  isOptional: boolean;
}

const HOLIDAY_COLUMNS = { id: holidays.id, date: holidays.holidayDate, name: holidays.name, description: holidays.description, isOptional: holidays.isOptional };

export async function findHolidays(tdb: TenantDb, from: string, to: string): Promise<HolidayRecord[]> {
  return tdb.tx
    .select(HOLIDAY_COLUMNS)
    .from(holidays)
    .where(and(eq(holidays.tenantId, tdb.tenantId), between(holidays.holidayDate, from, to)))
    .orderBy(asc(holidays.holidayDate));
}

export async function findHoliday(tdb: TenantDb, id: string): Promise<HolidayRecord | undefined> {
  const [row] = await tdb.tx
    .select(HOLIDAY_COLUMNS)
    .from(holidays)
    .where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.id, id)));
  return row;
}

export async function holidayDateTaken(tdb: TenantDb, date: string, exceptId: string | null): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: holidays.id })
    .from(holidays)
    .where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.holidayDate, date), exceptId ? ne(holidays.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export interface HolidayValues {
  date: string;
  name: string;
  description: string | null;
  isOptional: boolean;
}

export async function insertHoliday(tdb: TenantDb, v: HolidayValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(holidays)
    .values({ tenantId: tdb.tenantId, holidayDate: v.date, name: v.name, description: v.description, isOptional: v.isOptional })
    .returning({ id: holidays.id });
  if (!row) throw new Error('holiday insert returned nothing');
  return row.id;
}

export async function updateHoliday(tdb: TenantDb, id: string, v: HolidayValues): Promise<void> {
  await tdb.tx
    .update(holidays)
    .set({ holidayDate: v.date, name: v.name, description: v.description, isOptional: v.isOptional })
    .where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.id, id)));
}

export async function deleteHoliday(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(holidays).where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.id, id)));
}

// ——— Leave types ———

export interface LeaveTypeRecord {
  id: string;
  name: string;
  code: string;
  isPaid: boolean;
  yearlyQuota: number;
  accruesMonthly: boolean;
  accrualRule: LeaveAccrualRuleValue;
  carryForward: boolean;
  maxCarryForward: number;
  isEncashable: boolean;
  color: string;
  isActive: boolean;
  requestCount: number;
}

function selectLeaveTypes(tdb: TenantDb) {
  const requestCount = tdb.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.tenantId, leaveTypes.tenantId), eq(leaveRequests.leaveTypeId, leaveTypes.id)));
  return tdb.tx
    .select({
      id: leaveTypes.id,
      name: leaveTypes.name,
      code: leaveTypes.code,
      isPaid: leaveTypes.isPaid,
      yearlyQuota: sql<number>`${leaveTypes.yearlyQuota}`.mapWith(Number),
      accruesMonthly: leaveTypes.accruesMonthly,
      // The column is written only through the contract's enum; an unknown value reads as the quota rule.
      accrualRule: sql<LeaveAccrualRuleValue>`CASE WHEN ${leaveTypes.accrualRule} = 'codes-180-days' THEN 'codes-180-days' ELSE 'quota' END`,
      carryForward: leaveTypes.carryForward,
      maxCarryForward: sql<number>`${leaveTypes.maxCarryForward}`.mapWith(Number),
      isEncashable: leaveTypes.isEncashable,
      color: leaveTypes.color,
      isActive: leaveTypes.isActive,
      requestCount: sql<number>`(${requestCount})`,
    })
    .from(leaveTypes)
    .$dynamic();
}

/** Paid types first, then by name. */
export async function findLeaveTypes(tdb: TenantDb, includeInactive: boolean): Promise<LeaveTypeRecord[]> {
  return selectLeaveTypes(tdb)
    .where(and(eq(leaveTypes.tenantId, tdb.tenantId), includeInactive ? undefined : eq(leaveTypes.isActive, true)))
    .orderBy(desc(leaveTypes.isPaid), sql`lower(${leaveTypes.name})`, asc(leaveTypes.id));
}

export async function findLeaveType(tdb: TenantDb, id: string): Promise<LeaveTypeRecord | undefined> {
  const [row] = await selectLeaveTypes(tdb).where(and(eq(leaveTypes.tenantId, tdb.tenantId), eq(leaveTypes.id, id)));
  return row;
}

export async function leaveTypeClash(tdb: TenantDb, column: 'name' | 'code', value: string, exceptId: string | null): Promise<boolean> {
  const target = column === 'name' ? leaveTypes.name : leaveTypes.code;
  const rows = await tdb.tx
    .select({ id: leaveTypes.id })
    .from(leaveTypes)
    .where(and(eq(leaveTypes.tenantId, tdb.tenantId), sql`lower(${target}) = lower(${value})`, exceptId ? ne(leaveTypes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export interface LeaveTypeValues {
  name: string;
  code: string;
  isPaid: boolean;
  yearlyQuota: number;
  accruesMonthly: boolean;
  accrualRule: LeaveAccrualRuleValue;
  carryForward: boolean;
  maxCarryForward: number;
  isEncashable: boolean;
  color: string;
  isActive: boolean;
}

const leaveTypeColumns = (v: LeaveTypeValues) => ({
  name: v.name,
  code: v.code,
  isPaid: v.isPaid,
  yearlyQuota: String(v.yearlyQuota),
  accruesMonthly: v.accruesMonthly,
  accrualRule: v.accrualRule,
  carryForward: v.carryForward,
  maxCarryForward: String(v.maxCarryForward),
  isEncashable: v.isEncashable,
  color: v.color,
  isActive: v.isActive,
});

export async function insertLeaveType(tdb: TenantDb, v: LeaveTypeValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(leaveTypes)
    .values({ tenantId: tdb.tenantId, ...leaveTypeColumns(v) })
    .returning({ id: leaveTypes.id });
  if (!row) throw new Error('leave type insert returned nothing');
  return row.id;
}

export async function updateLeaveType(tdb: TenantDb, id: string, v: LeaveTypeValues): Promise<void> {
  await tdb.tx
    .update(leaveTypes)
    .set({ ...leaveTypeColumns(v), updatedAt: sql`now()` })
    .where(and(eq(leaveTypes.tenantId, tdb.tenantId), eq(leaveTypes.id, id)));
}

export async function deleteLeaveType(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(leaveTypes).where(and(eq(leaveTypes.tenantId, tdb.tenantId), eq(leaveTypes.id, id)));
}

// ——— Balances ———

export interface StoredBalance {
  leaveTypeId: string;
  year: number;
  carriedForward: number;
  adjustment: number;
}

export async function findStoredBalances(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<StoredBalance[]> {
  return tdb.tx
    .select({
      leaveTypeId: leaveBalances.leaveTypeId,
      year: leaveBalances.year,
      carriedForward: sql<number>`${leaveBalances.carriedForward}`.mapWith(Number),
      adjustment: sql<number>`${leaveBalances.adjustment}`.mapWith(Number),
    })
    .from(leaveBalances)
    .where(and(eq(leaveBalances.tenantId, tdb.tenantId), eq(leaveBalances.userId, userId), between(leaveBalances.year, fromYear, toYear)));
}

export interface YearAttendance {
  year: number;
  /** Days of work performed: a present day 1, a half day 0.5, a day half on leave 0.5. */
  daysWorked: number;
  /** Paid leave days (the day's payable fraction), and the leave half of a day present on leave. */
  paidLeaveDays: number;
}

/**
 * The employee's stored attendance days summed per calendar year from fromYear to toYear, for the
 * annual leave of OSH Code 2020 s.32 (docs/decisions/incoming-h28-annualleave.md "Which attendance
 * days count"). Week-offs, holidays, absences, unpaid leave and days not calculated count nothing.
 */
export async function findYearAttendance(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<YearAttendance[]> {
  const year = sql<number>`extract(year from ${attendanceDays.workDate})::int`;
  const s = attendanceDays.status;
  return tdb.tx
    .select({
      year: year.mapWith(Number),
      daysWorked: sql<number>`coalesce(sum(CASE WHEN ${s} IN ('Present', 'PresentButLate', 'PresentOnHoliday', 'PresentOnWeekoff') THEN 1
        WHEN ${s} IN ('HalfDay', 'PresentOnLeave') THEN 0.5 ELSE 0 END), 0)`.mapWith(Number),
      paidLeaveDays: sql<number>`coalesce(sum(CASE WHEN ${s} = 'Leave' THEN ${attendanceDays.payableFraction}
        WHEN ${s} = 'PresentOnLeave' THEN 0.5 ELSE 0 END), 0)`.mapWith(Number),
    })
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.tenantId, tdb.tenantId),
        eq(attendanceDays.userId, userId),
        gte(attendanceDays.workDate, `${String(fromYear)}-01-01`),
        lte(attendanceDays.workDate, `${String(toYear)}-12-31`),
      ),
    )
    .groupBy(year);
}

export interface Usage {
  leaveTypeId: string;
  year: number;
  status: number;
  days: number;
}

/** Days of pending and approved requests by type, year (of the start date) and status. */
export async function findUsage(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<Usage[]> {
  const year = sql<number>`extract(year FROM ${leaveRequests.startDate})::int`;
  return tdb.tx
    .select({ leaveTypeId: leaveRequests.leaveTypeId, year, status: leaveRequests.status, days: sql<number>`sum(${leaveRequests.days})`.mapWith(Number) })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.tenantId, tdb.tenantId),
        eq(leaveRequests.userId, userId),
        inArray(leaveRequests.status, [1, 2]),
        between(leaveRequests.startDate, `${String(fromYear)}-01-01`, `${String(toYear)}-12-31`),
      ),
    )
    .groupBy(leaveRequests.leaveTypeId, sql`extract(year FROM ${leaveRequests.startDate})`, leaveRequests.status);
}

// ——— Requests ———

export interface LeaveRequestRecord {
  id: string;
  userId: string;
  employeeName: string;
  employeeNumber: string | null;
  reportingManagerId: string | null;
  leaveTypeId: string;
  leaveTypeName: string;
  leaveTypeColor: string;
  isPaid: boolean;
  startDate: string;
  endDate: string;
  portion: 'full' | 'firstHalf' | 'secondHalf';
  days: number;
  reason: string | null;
  status: number;
  remarks: string | null;
  approverName: string | null;
  /** ISO 8601 UTC with milliseconds. */
  decidedAt: string | null;
  createdAt: string;
}

const approver = alias(users, 'approver');

function selectRequests(tdb: TenantDb) {
  return tdb.tx
    .select({
      id: leaveRequests.id,
      userId: leaveRequests.userId,
      employeeName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      employeeNumber: users.employeeNumber,
      reportingManagerId: users.reportingManagerId,
      leaveTypeId: leaveRequests.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      leaveTypeColor: leaveTypes.color,
      isPaid: leaveTypes.isPaid,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      portion: leaveRequests.portion,
      days: sql<number>`${leaveRequests.days}`.mapWith(Number),
      reason: leaveRequests.reason,
      status: leaveRequests.status,
      remarks: leaveRequests.remarks,
      approverName: sql<string | null>`CASE WHEN ${approver.id} IS NULL THEN NULL ELSE ${approver.firstName} || ' ' || ${approver.lastName} END`,
      decidedAt: isoUtc(leaveRequests.decidedAt) as SQL<string | null>,
      createdAt: isoUtc(leaveRequests.createdAt),
    })
    .from(leaveRequests)
    .innerJoin(users, and(eq(users.id, leaveRequests.userId), eq(users.tenantId, leaveRequests.tenantId)))
    .innerJoin(leaveTypes, and(eq(leaveTypes.id, leaveRequests.leaveTypeId), eq(leaveTypes.tenantId, leaveRequests.tenantId)))
    .leftJoin(approver, and(eq(approver.id, leaveRequests.approverId), eq(approver.tenantId, leaveRequests.tenantId)))
    .$dynamic();
}

export async function findRequest(tdb: TenantDb, id: string): Promise<LeaveRequestRecord | undefined> {
  const [row] = await selectRequests(tdb).where(and(eq(leaveRequests.tenantId, tdb.tenantId), eq(leaveRequests.id, id)));
  return row;
}

export interface RequestFilters {
  /** Exactly this employee. */
  userId?: string;
  leaveTypeId?: string;
  /** Requests overlapping these dates. */
  from?: string;
  to?: string;
  /** Part of the employee's name or number. */
  search?: string;
  /** Direct reportees of this manager. */
  managerId?: string;
  /** Everyone but this user (administrators' team view). */
  exceptUserId?: string;
  status?: number;
}

/** LIKE pattern of a literal piece of text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function requestWhere(tdb: TenantDb, f: RequestFilters): SQL | undefined {
  return and(
    eq(leaveRequests.tenantId, tdb.tenantId),
    f.userId ? eq(leaveRequests.userId, f.userId) : undefined,
    f.managerId ? eq(users.reportingManagerId, f.managerId) : undefined,
    f.exceptUserId ? ne(leaveRequests.userId, f.exceptUserId) : undefined,
    f.status !== undefined ? eq(leaveRequests.status, f.status) : undefined,
    f.leaveTypeId ? eq(leaveRequests.leaveTypeId, f.leaveTypeId) : undefined,
    f.from ? gte(leaveRequests.endDate, f.from) : undefined,
    f.to ? lte(leaveRequests.startDate, f.to) : undefined,
    f.search
      ? or(
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${contains(f.search)}`,
          sql`${users.employeeNumber} ILIKE ${contains(f.search)}`,
        )
      : undefined,
  );
}

export async function countRequests(tdb: TenantDb, f: RequestFilters): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.userId))
    .where(requestWhere(tdb, f));
  return row?.n ?? 0;
}

/** Newest first; pending ones by start date (the next to decide first). */
export async function findRequests(tdb: TenantDb, f: RequestFilters, limit: number, offset: number): Promise<LeaveRequestRecord[]> {
  const order =
    f.status === 1 ? [asc(leaveRequests.startDate), asc(leaveRequests.createdAt), asc(leaveRequests.id)] : [desc(leaveRequests.createdAt), desc(leaveRequests.id)];
  return selectRequests(tdb)
    .where(requestWhere(tdb, f))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** Pending or approved requests of the employee overlapping the range. */
export async function findOverlapping(tdb: TenantDb, userId: string, from: string, to: string) {
  return tdb.tx
    .select({ id: leaveRequests.id, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, portion: leaveRequests.portion })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.tenantId, tdb.tenantId),
        eq(leaveRequests.userId, userId),
        inArray(leaveRequests.status, [1, 2]),
        lte(leaveRequests.startDate, to),
        gte(leaveRequests.endDate, from),
      ),
    );
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
  const [row] = await tdb.tx
    .insert(leaveRequests)
    .values({ tenantId: tdb.tenantId, userId: v.userId, leaveTypeId: v.leaveTypeId, startDate: v.startDate, endDate: v.endDate, portion: v.portion, days: String(v.days), reason: v.reason, status: 1 })
    .returning({ id: leaveRequests.id });
  if (!row) throw new Error('leave request insert returned nothing');
  return row.id;
}

/** A decider (approve, reject) is recorded with the time; a cancel keeps the earlier decider. Remarks are kept unless new ones are given. */
export async function updateRequestStatus(tdb: TenantDb, id: string, v: { status: number; deciderId: string | null; remarks: string | null; at: Date }): Promise<void> {
  await tdb.tx
    .update(leaveRequests)
    .set({
      status: v.status,
      ...(v.deciderId !== null ? { approverId: v.deciderId, decidedAt: v.at } : {}),
      ...(v.remarks !== null ? { remarks: v.remarks } : {}),
      updatedAt: v.at,
    })
    .where(and(eq(leaveRequests.tenantId, tdb.tenantId), eq(leaveRequests.id, id)));
}

// ——— Balance ledger ———

export interface LedgerSum {
  leaveTypeId: string;
  year: number;
  kind: 'opening' | 'adjustment';
  days: number;
}

export async function findLedgerSums(tdb: TenantDb, userId: string, fromYear: number, toYear: number): Promise<LedgerSum[]> {
  return tdb.tx
    .select({
      leaveTypeId: leaveBalanceEntries.leaveTypeId,
      year: leaveBalanceEntries.year,
      kind: leaveBalanceEntries.kind,
      days: sql<number>`sum(${leaveBalanceEntries.days})`.mapWith(Number),
    })
    .from(leaveBalanceEntries)
    .where(and(eq(leaveBalanceEntries.tenantId, tdb.tenantId), eq(leaveBalanceEntries.userId, userId), between(leaveBalanceEntries.year, fromYear, toYear)))
    .groupBy(leaveBalanceEntries.leaveTypeId, leaveBalanceEntries.year, leaveBalanceEntries.kind);
}

export interface LedgerEntryValues {
  userId: string;
  leaveTypeId: string;
  year: number;
  kind: 'opening' | 'adjustment';
  days: number;
  balanceBefore: number;
  balanceAfter: number;
  reason: string;
  createdBy: string;
}

export async function insertLedgerEntry(tdb: TenantDb, v: LedgerEntryValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(leaveBalanceEntries)
    .values({ tenantId: tdb.tenantId, ...v, days: String(v.days), balanceBefore: String(v.balanceBefore), balanceAfter: String(v.balanceAfter) })
    .returning({ id: leaveBalanceEntries.id });
  if (!row) throw new Error('leave balance entry insert returned nothing');
  return row.id;
}

const author = alias(users, 'author');

function selectLedger(tdb: TenantDb) {
  return tdb.tx
    .select({
      id: leaveBalanceEntries.id,
      employeeId: leaveBalanceEntries.userId,
      employeeName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      leaveTypeId: leaveBalanceEntries.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      year: leaveBalanceEntries.year,
      kind: leaveBalanceEntries.kind,
      days: sql<number>`${leaveBalanceEntries.days}`.mapWith(Number),
      balanceBefore: sql<number>`${leaveBalanceEntries.balanceBefore}`.mapWith(Number),
      balanceAfter: sql<number>`${leaveBalanceEntries.balanceAfter}`.mapWith(Number),
      reason: leaveBalanceEntries.reason,
      createdByName: sql<string | null>`CASE WHEN ${author.id} IS NULL THEN NULL ELSE ${author.firstName} || ' ' || ${author.lastName} END`,
      createdAt: isoUtc(leaveBalanceEntries.createdAt),
    })
    .from(leaveBalanceEntries)
    .innerJoin(users, and(eq(users.id, leaveBalanceEntries.userId), eq(users.tenantId, leaveBalanceEntries.tenantId)))
    .innerJoin(leaveTypes, and(eq(leaveTypes.id, leaveBalanceEntries.leaveTypeId), eq(leaveTypes.tenantId, leaveBalanceEntries.tenantId)))
    .leftJoin(author, and(eq(author.id, leaveBalanceEntries.createdBy), eq(author.tenantId, leaveBalanceEntries.tenantId)))
    .$dynamic();
}

const ledgerWhere = (tdb: TenantDb, userId: string, year: number | undefined) =>
  and(eq(leaveBalanceEntries.tenantId, tdb.tenantId), eq(leaveBalanceEntries.userId, userId), year !== undefined ? eq(leaveBalanceEntries.year, year) : undefined);

export async function findLedgerEntry(tdb: TenantDb, id: string) {
  const [row] = await selectLedger(tdb).where(and(eq(leaveBalanceEntries.tenantId, tdb.tenantId), eq(leaveBalanceEntries.id, id)));
  return row;
}

/** Newest first. */
export async function findLedgerEntries(tdb: TenantDb, userId: string, year: number | undefined, limit: number, offset: number) {
  return selectLedger(tdb)
    .where(ledgerWhere(tdb, userId, year))
    .orderBy(desc(leaveBalanceEntries.createdAt), desc(leaveBalanceEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function countLedgerEntries(tdb: TenantDb, userId: string, year: number | undefined): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(leaveBalanceEntries).where(ledgerWhere(tdb, userId, year));
  return row?.n ?? 0;
}

// ——— Policies ———

export interface PolicyRecord {
  id: string;
  name: string;
  leaveTypeId: string;
  leaveTypeName: string;
  employmentTypeIds: string[];
  departmentIds: string[];
  sandwichRule: boolean;
  isActive: boolean;
}

function selectPolicies(tdb: TenantDb) {
  return tdb.tx
    .select({
      id: leavePolicies.id,
      name: leavePolicies.name,
      leaveTypeId: leavePolicies.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      employmentTypeIds: leavePolicies.employmentTypeIds,
      departmentIds: leavePolicies.departmentIds,
      sandwichRule: leavePolicies.sandwichRule,
      isActive: leavePolicies.isActive,
    })
    .from(leavePolicies)
    .innerJoin(leaveTypes, and(eq(leaveTypes.id, leavePolicies.leaveTypeId), eq(leaveTypes.tenantId, leavePolicies.tenantId)))
    .$dynamic();
}

export async function findPolicies(tdb: TenantDb): Promise<PolicyRecord[]> {
  return selectPolicies(tdb)
    .where(eq(leavePolicies.tenantId, tdb.tenantId))
    .orderBy(sql`lower(${leavePolicies.name})`, asc(leavePolicies.id));
}

export async function findPolicy(tdb: TenantDb, id: string): Promise<PolicyRecord | undefined> {
  const [row] = await selectPolicies(tdb).where(and(eq(leavePolicies.tenantId, tdb.tenantId), eq(leavePolicies.id, id)));
  return row;
}

export async function policyNameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: leavePolicies.id })
    .from(leavePolicies)
    .where(and(eq(leavePolicies.tenantId, tdb.tenantId), sql`lower(${leavePolicies.name}) = lower(${name})`, exceptId ? ne(leavePolicies.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export interface PolicyValues {
  name: string;
  leaveTypeId: string;
  employmentTypeIds: string[];
  departmentIds: string[];
  sandwichRule: boolean;
  isActive: boolean;
}

export async function insertPolicy(tdb: TenantDb, v: PolicyValues): Promise<string> {
  const [row] = await tdb.tx.insert(leavePolicies).values({ tenantId: tdb.tenantId, ...v }).returning({ id: leavePolicies.id });
  if (!row) throw new Error('leave policy insert returned nothing');
  return row.id;
}

export async function updatePolicy(tdb: TenantDb, id: string, v: PolicyValues): Promise<void> {
  await tdb.tx
    .update(leavePolicies)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(leavePolicies.tenantId, tdb.tenantId), eq(leavePolicies.id, id)));
}

export async function deletePolicy(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(leavePolicies).where(and(eq(leavePolicies.tenantId, tdb.tenantId), eq(leavePolicies.id, id)));
}

/** How many of these ids are options of the organisation's Employment Type field. */
export async function countEmploymentTypes(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(userFieldOptions)
    .innerJoin(userFields, and(eq(userFields.id, userFieldOptions.userFieldId), eq(userFields.tenantId, userFieldOptions.tenantId)))
    .where(and(eq(userFieldOptions.tenantId, tdb.tenantId), eq(userFields.name, EMPLOYMENT_TYPE_FIELD), inArray(userFieldOptions.id, [...ids])));
  return row?.n ?? 0;
}

export async function countDepartments(tdb: TenantDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), inArray(departments.id, [...ids])));
  return row?.n ?? 0;
}

// ——— Settings ———

export async function findSettings(tdb: TenantDb) {
  const [row] = await tdb.tx
    .select({ allowHalfDay: leaveSettings.allowHalfDay, maxBackdatedDays: leaveSettings.maxBackdatedDays, allowNegativeBalance: leaveSettings.allowNegativeBalance })
    .from(leaveSettings)
    .where(eq(leaveSettings.tenantId, tdb.tenantId));
  return row;
}

export async function upsertSettings(tdb: TenantDb, v: { allowHalfDay: boolean; maxBackdatedDays: number | null; allowNegativeBalance: boolean; updatedBy: string }): Promise<void> {
  await tdb.tx
    .insert(leaveSettings)
    .values({ tenantId: tdb.tenantId, ...v })
    .onConflictDoUpdate({ target: leaveSettings.tenantId, set: { ...v, updatedAt: sql`now()` } });
}
