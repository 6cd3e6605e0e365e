import {
  ErrorCode,
  MSG,
  Role,
  SHIFT_MSG,
  DEFAULT_SHIFT_WEEKENDS,
  type CurrentShift,
  type RosterRow,
  type Shift,
  type ShiftAssignDepartments,
  type ShiftAssignmentRequest,
  type ShiftCreate,
  type ShiftListQuery,
  type ShiftRosterQuery,
  type ShiftUpdate,
  type ShiftWeekend,
} from '@tankha/contracts';
import { addMonthsToMonth, dateInZone, datesBetween, daysBetweenInclusive, daysInMonth, isIsoDate, resolveShiftId, type ShiftAssignmentRow } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import type { RequestContext, Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './shifts.repo';

/** The longest roster range: a month (the spec's client asks for one week). */
const ROSTER_MAX_DAYS = 31;

function toShift(row: repo.ShiftRow): Shift {
  return {
    id: row.id,
    shiftName: row.shift_name,
    shiftStart: row.shift_start,
    shiftEnd: row.shift_end,
    isDefault: row.is_default,
    departmentIds: row.department_ids ?? [],
    weekends: Array.isArray(row.weekends) ? (row.weekends as ShiftWeekend[]) : [],
    updatedBy: row.updated_by,
  };
}

const toIsoInstant = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The first day of the previous month to the last day of the current one: the open payroll window. */
export function recentMonths(today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  const to = `${month}-${daysInMonth(month).toString().padStart(2, '0')}`;
  return { from: `${addMonthsToMonth(month, -1)}-01`, to };
}

interface ShiftDeps {
  clock: Clock;
}

/** Shifts, department shifts, employee assignments and the roster (people spec §2.2, §5, §7 Shifts). */
export class ShiftService {
  constructor(private readonly deps: ShiftDeps) {}

  async list({ db: tdb }: Scope, query: ShiftListQuery): Promise<{ rows: Shift[]; totalRecords: number }> {
    const [totalRecords, rows] = [await repo.countShifts(tdb), await repo.findShifts(tdb, query.pageSize, (query.page - 1) * query.pageSize)];
    return { totalRecords, rows: rows.map(toShift) };
  }

  async get({ db: tdb }: Scope, id: string): Promise<Shift> {
    const row = await repo.findShift(tdb, id);
    if (!row) throw notFound(SHIFT_MSG.notFound);
    return toShift(row);
  }

  /** The default shift and the department's own shift(s): the shifts available to its people. */
  async forDepartment({ db: tdb }: Scope, departmentId: string): Promise<Shift[]> {
    if (!(await repo.departmentExists(tdb, departmentId))) throw notFound('Department not found');
    return (await repo.findShiftsOfDepartment(tdb, departmentId)).map(toShift);
  }

  async create(scope: Scope, input: ShiftCreate): Promise<Shift> {
    const { ctx } = scope;
    return this.write(scope, async (tdb) => {
      await this.checkName(tdb, input.shiftName, null);
      await this.checkDepartments(tdb, input.departmentIds);
      const id = await repo.insertShift(tdb, { ...input, weekends: input.weekends ?? DEFAULT_SHIFT_WEEKENDS, updatedBy: ctx.userId });
      await repo.linkDepartments(tdb, id, input.departmentIds);
      return id;
    });
  }

  /**
   * Edits a shift. The default shift's times and weekends are the organisation's working hours and
   * can be edited on any plan; a non-default shift needs AdvancedShifts (docs/decisions.md).
   */
  async update(scope: Scope, input: ShiftUpdate): Promise<Shift> {
    const { ctx } = scope;
    const shift = await this.write(scope, async (tdb) => {
      const current = await repo.findShift(tdb, input.id);
      if (!current) throw notFound(SHIFT_MSG.notFound);
      if (!current.is_default) requireAdvancedShifts(ctx);
      await this.checkName(tdb, input.shiftName, input.id);
      await repo.updateShift(tdb, input.id, { ...input, weekends: input.weekends ?? (current.weekends as ShiftWeekend[]), updatedBy: ctx.userId }, this.deps.clock.now());
      if (input.departmentIds !== undefined) {
        await this.checkDepartments(tdb, input.departmentIds);
        await repo.unlinkAllDepartments(tdb, input.id);
        await repo.linkDepartments(tdb, input.id, input.departmentIds);
      }
      return input.id;
    });
    await this.recomputeRecent(scope);
    return shift;
  }

  /**
   * Deletes a non-default shift; its department links and employee assignments go with it, so those
   * people fall back to their department's shift or the default, and their current and previous
   * month are recomputed (docs/decisions.md).
   */
  async remove({ db: tdb, enqueue }: Scope, id: string): Promise<void> {
    await repo.lockShifts(tdb);
    const current = await repo.findShift(tdb, id);
    if (!current) throw notFound(SHIFT_MSG.notFound);
    if (current.is_default) throw badRequest(SHIFT_MSG.defaultNotDeletable);
    const users = await repo.findUsersOfShift(tdb, id);
    await repo.deleteShift(tdb, id);
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    if (users.length > 0) enqueue('attendance.recompute', { userIds: users, ...recentMonths(today) });
  }

  async assignDepartments(scope: Scope, input: ShiftAssignDepartments): Promise<Shift> {
    const departmentIds = [...new Set(input.departmentIds)];
    const result = await this.write(scope, async (tdb) => {
      if (!(await repo.findShift(tdb, input.shiftId))) throw fieldError('shiftId', SHIFT_MSG.shiftInvalid);
      await this.checkDepartments(tdb, departmentIds);
      await repo.linkDepartments(tdb, input.shiftId, departmentIds);
      return input.shiftId;
    });
    const users = await repo.findUsersOfDepartments(scope.db, departmentIds);
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(scope.db));
    if (users.length > 0) scope.enqueue('attendance.recompute', { userIds: users, ...recentMonths(today) });
    return result;
  }

  /**
   * People spec §3 "Shift assignment request": one assignment per employee. With updateAttendance
   * the days from the start date to the end date (or today, whichever is earlier) are recomputed.
   */
  async assignEmployees({ db: tdb, ctx, enqueue }: Scope, input: ShiftAssignmentRequest): Promise<{ assigned: number }> {
    const employeeIds = [...new Set(input.employeeIds)];
    if (!(await repo.findShift(tdb, input.shiftId))) throw fieldError('shiftId', SHIFT_MSG.shiftInvalid);
    if ((await repo.countEmployees(tdb, employeeIds)) !== employeeIds.length) throw fieldError('employeeIds', SHIFT_MSG.employeeInvalid);
    await repo.insertAssignments(
      tdb,
      employeeIds.map((userId) => ({ userId, shiftId: input.shiftId, startDate: input.startDate, endDate: input.endDate, notes: input.notes, createdBy: ctx.userId })),
      this.deps.clock.now(),
    );
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    if (input.updateAttendance && input.startDate <= today) {
      const to = input.endDate !== null && input.endDate < today ? input.endDate : today;
      enqueue('attendance.recompute', { userIds: employeeIds, from: input.startDate, to });
    }
    return { assigned: employeeIds.length };
  }

  /** GET /Shifts/assigned: a page of employees with their shift for each date of the range. */
  async roster({ db: tdb }: Scope, query: ShiftRosterQuery): Promise<{ rows: RosterRow[]; totalRecords: number }> {
    const { startDate, endDate } = query;
    if (!startDate || !endDate) throw badRequest(SHIFT_MSG.filterDatesRequired);
    if (!isIsoDate(startDate)) throw fieldError('startDate', `startDate ${SHIFT_MSG.dateFormat}`);
    if (!isIsoDate(endDate)) throw fieldError('endDate', `endDate ${SHIFT_MSG.dateFormat}`);
    if (startDate > endDate) throw badRequest(SHIFT_MSG.filterStartAfterEnd);
    if (daysBetweenInclusive(startDate, endDate) > ROSTER_MAX_DAYS) throw badRequest(SHIFT_MSG.rangeTooLong);
    const search = query.searchQuery || undefined;
    const totalRecords = await repo.countRosterUsers(tdb, search);
    const users = await repo.findRosterUsers(tdb, search, query.pageSize, (query.page - 1) * query.pageSize);
    const dates = datesBetween(startDate, endDate);
    const days = await this.resolveDays(tdb, users, startDate, endDate);
    const rows = users.map((u) => ({
      employeeId: u.id,
      employeeName: `${u.first_name} ${u.last_name}`,
      departmentId: u.department_id,
      imageUrl: null,
      dailyShifts: dates.map((date) => {
        const day = days.get(u.id)?.get(date);
        const shift = day?.shift ?? null;
        return {
          date,
          shiftId: shift?.id ?? null,
          shiftName: shift?.shiftName ?? null,
          shiftStart: shift?.shiftStart ?? null,
          shiftEnd: shift?.shiftEnd ?? null,
          notes: day?.notes ?? null,
          isDefault: shift?.isDefault ?? false,
        };
      }),
    }));
    return { rows, totalRecords };
  }

  /**
   * GET /Shifts/current-shift: the shift of today (tenant zone). Anyone sees their own; another
   * employee's only administrators, moderators and that employee's reporting manager.
   */
  async currentShift({ db: tdb, ctx }: Scope, employeeId: string | undefined): Promise<CurrentShift> {
    const targetId = employeeId ?? ctx.userId;
    const user = await repo.findUser(tdb, targetId);
    if (!user) throw notFound(SHIFT_MSG.employeeNotFound);
    const admin = ctx.roleId === Role.Administrator || ctx.roleId === Role.Moderator;
    if (targetId !== ctx.userId && !admin && user.reporting_manager_id !== ctx.userId) throw forbidden();
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    const day = (await this.resolveDays(tdb, [user], today, today)).get(user.id)?.get(today);
    return { employeeId: user.id, date: today, shift: day?.shift ?? null, source: day?.source ?? null };
  }

  /**
   * Each user's shift for each date of [from, to] by the one rule (packages/domain resolveShiftId):
   * assignment, else department shift, else the default. Other modules read shifts through this.
   */
  async shiftsForDays({ db: tdb }: TenantScope, userIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, Shift | null>>> {
    const users: repo.RosterUserRow[] = [];
    for (const id of userIds) {
      const u = await repo.findUser(tdb, id);
      if (u) users.push(u);
    }
    const days = await this.resolveDays(tdb, users, from, to);
    return new Map([...days].map(([userId, byDate]) => [userId, new Map([...byDate].map(([date, d]) => [date, d.shift]))]));
  }

  private async resolveDays(
    tdb: TenantDb,
    users: readonly Pick<repo.RosterUserRow, 'id' | 'department_id'>[],
    from: string,
    to: string,
  ): Promise<Map<string, Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>>> {
    const assignments = await repo.findAssignments(
      tdb,
      users.map((u) => u.id),
      from,
      to,
    );
    const departmentShift = await repo.findDepartmentShiftIds(tdb);
    const defaultRow = await repo.findDefaultShift(tdb);
    const shiftIds = new Set<string>([...assignments.map((a) => a.shift_id), ...departmentShift.values()]);
    const shifts = new Map((await repo.findShiftsByIds(tdb, [...shiftIds])).map((r) => [r.id, toShift(r)]));
    if (defaultRow) shifts.set(defaultRow.id, toShift(defaultRow));
    const byUser = new Map<string, (ShiftAssignmentRow & { notes: string | null })[]>();
    for (const a of assignments) {
      const list = byUser.get(a.user_id) ?? [];
      list.push({ shiftId: a.shift_id, startDate: a.start_date, endDate: a.end_date, createdAt: toIsoInstant(a.created_at), notes: a.notes });
      byUser.set(a.user_id, list);
    }
    const result = new Map<string, Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>>();
    const dates = datesBetween(from, to);
    for (const u of users) {
      const mine = byUser.get(u.id) ?? [];
      const deptShiftId = u.department_id ? (departmentShift.get(u.department_id) ?? null) : null;
      const perDate = new Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>();
      for (const date of dates) {
        const shiftId = resolveShiftId(date, mine, deptShiftId, defaultRow?.id ?? null);
        // The assignment that won, for its notes: the latest covering the date (same order as the rule).
        const winner = mine
          .filter((a) => a.startDate <= date && (a.endDate === null || a.endDate >= date))
          .sort((a, b) => (a.startDate === b.startDate ? a.createdAt.localeCompare(b.createdAt) : a.startDate.localeCompare(b.startDate)))
          .at(-1);
        const source: CurrentShift['source'] = winner ? 'assignment' : shiftId === null ? null : shiftId === deptShiftId ? 'department' : 'default';
        perDate.set(date, { shift: shiftId ? (shifts.get(shiftId) ?? null) : null, notes: winner?.notes ?? null, source });
      }
      result.set(u.id, perDate);
    }
    return result;
  }

  /** Everyone's previous and current month, recomputed once this change commits (a job of this unit of work). */
  private async recomputeRecent({ db: tdb, enqueue }: Scope): Promise<void> {
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    enqueue('attendance.recompute', recentMonths(today));
  }

  private async write({ db: tdb }: Scope, change: (tdb: TenantDb) => Promise<string>): Promise<Shift> {
    try {
      await repo.lockShifts(tdb);
      const id = await change(tdb);
      const row = await repo.findShift(tdb, id);
      if (!row) throw notFound(SHIFT_MSG.notFound);
      return toShift(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, ErrorCode.Conflict, SHIFT_MSG.nameExists, { shiftName: SHIFT_MSG.nameExists });
      throw error;
    }
  }

  private async checkName(tdb: TenantDb, name: string, exceptId: string | null): Promise<void> {
    if (await repo.shiftNameTaken(tdb, name, exceptId)) throw new AppError(409, ErrorCode.Conflict, SHIFT_MSG.nameExists, { shiftName: SHIFT_MSG.nameExists });
  }

  private async checkDepartments(tdb: TenantDb, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await repo.countDepartments(tdb, unique)) !== unique.length) throw fieldError('departmentIds', SHIFT_MSG.departmentInvalid);
  }
}

/** The plan check of a route's `feature`, for a rule that depends on the shift being edited. */
function requireAdvancedShifts(ctx: RequestContext): void {
  if (!ctx.hasActiveSubscription) throw new AppError(403, ErrorCode.SubscriptionRequired, MSG.noActiveSubscription);
  if (!ctx.planFeatures.includes('AdvancedShifts')) throw new AppError(403, ErrorCode.FeatureDenied, MSG.featureNotAllowed);
}

