import {
  ErrorCode,
  MSG,
  Role,
  SHIFT_MSG,
  STALE_REASON,
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
import {
  addDaysToDate,
  addMonthsToMonth,
  dateInZone,
  datesBetween,
  daysBetweenInclusive,
  daysInMonth,
  departmentShiftOn,
  historyAfterEdit,
  isIsoDate,
  resolveShiftId,
  shiftDefinitionOn,
  winningAssignment,
  type DepartmentShiftRow,
  type ShiftAssignmentRow,
  type ShiftHistoryRow,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, fieldError, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { RequestContext, Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './shifts.repo';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';

/** The longest roster range: a month (the spec's client asks for one week). */
const ROSTER_MAX_DAYS = 31;

function toShift(row: repo.ShiftRow): Shift {
  return {
    id: row.id,
    shiftName: row.shiftName,
    shiftStart: row.shiftStart,
    shiftEnd: row.shiftEnd,
    isDefault: row.isDefault,
    departmentIds: row.departmentIds ?? [],
    weekends: Array.isArray(row.weekends) ? (row.weekends as ShiftWeekend[]) : [],
    updatedBy: row.updatedBy,
  };
}

/** The first day of the previous month to the last day of the current one: the open payroll window. */
export function recentMonths(today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  const to = `${month}-${daysInMonth(month).toString().padStart(2, '0')}`;
  return { from: `${addMonthsToMonth(month, -1)}-01`, to };
}

interface ShiftDeps {
  clock: Clock;
  locks: PayrollLockService;
}

/** How far back 'Update existing attendance records' may reach (the recompute's own limit). */
const MAX_BACKDATED_DAYS = 400;

/** The times and weekends of a shift, which may change from a date on (shift_history). */
type ShiftDefinition = Pick<Shift, 'shiftStart' | 'shiftEnd' | 'weekends'>;

const definitionOf = (shift: Pick<Shift, 'shiftStart' | 'shiftEnd' | 'weekends'>): ShiftDefinition => ({ shiftStart: shift.shiftStart, shiftEnd: shift.shiftEnd, weekends: shift.weekends });
const sameDefinition = (a: ShiftDefinition, b: ShiftDefinition) =>
  a.shiftStart === b.shiftStart && a.shiftEnd === b.shiftEnd && JSON.stringify(a.weekends) === JSON.stringify(b.weekends);

function historyOf(rows: readonly repo.ShiftHistoryRow[]): Map<string, ShiftHistoryRow<ShiftDefinition>[]> {
  const byShift = new Map<string, ShiftHistoryRow<ShiftDefinition>[]>();
  for (const r of rows) {
    const weekends = Array.isArray(r.weekends) ? (r.weekends as ShiftWeekend[]) : [];
    byShift.set(r.shiftId, [...(byShift.get(r.shiftId) ?? []), { validUntil: r.validUntil, definition: { shiftStart: r.shiftStart, shiftEnd: r.shiftEnd, weekends } }]);
  }
  return byShift;
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

  /**
   * A new shift for its departments from the effective date (today unless the administrator asks for
   * an earlier one with 'Update existing attendance records'): the days before it keep the shift they
   * had, and employees' own assignments still win.
   */
  async create(scope: Scope, input: ShiftCreate): Promise<Shift> {
    const { ctx } = scope;
    const { from, today } = await this.effectiveFrom(scope, input);
    const departmentIds = [...new Set(input.departmentIds)];
    const shift = await this.write(scope, async (tdb) => {
      await this.checkName(tdb, input.shiftName, null);
      await this.checkDepartments(tdb, departmentIds);
      const id = await repo.insertShift(tdb, { ...input, weekends: input.weekends ?? DEFAULT_SHIFT_WEEKENDS, updatedBy: ctx.userId });
      await repo.linkDepartments(tdb, id, departmentIds, from, this.deps.clock.now());
      return id;
    });
    await this.recomputeFrom(scope, await repo.findUsersOfDepartments(scope.db, departmentIds), from, today, (by) => STALE_REASON.shiftAssigned(shift.shiftName, from, by));
    return shift;
  }

  /**
   * Edits a shift. The default shift's times and weekends are the organisation's working hours and
   * can be edited on any plan; a non-default shift needs AdvancedShifts (docs/decisions/).
   */
  async update(scope: Scope, input: ShiftUpdate): Promise<Shift> {
    const { ctx } = scope;
    const { from, today } = await this.effectiveFrom(scope, input);
    const now = this.deps.clock.now();
    let changed = false;
    const shift = await this.write(scope, async (tdb) => {
      const current = await repo.findShift(tdb, input.id);
      if (!current) throw notFound(SHIFT_MSG.notFound);
      if (!current.isDefault) requireAdvancedShifts(ctx);
      await this.checkName(tdb, input.shiftName, input.id);
      const before = definitionOf(toShift(current));
      const after: ShiftDefinition = { shiftStart: input.shiftStart, shiftEnd: input.shiftEnd, weekends: input.weekends ?? before.weekends };
      if (!sameDefinition(before, after)) {
        // The days before the effective date keep the times and weekends they were computed with.
        const history = historyOf(await repo.findShiftHistory(tdb, '0001-01-01')).get(input.id) ?? [];
        const kept = historyAfterEdit(from, addDaysToDate(from, -1), before, history);
        await repo.replaceShiftHistory(tdb, input.id, kept.map((h) => ({ validUntil: h.validUntil, ...h.definition })));
        changed = true;
      }
      await repo.updateShift(tdb, input.id, { ...input, weekends: after.weekends, updatedBy: ctx.userId }, now);
      if (input.departmentIds !== undefined) {
        const wanted = [...new Set(input.departmentIds)];
        await this.checkDepartments(tdb, wanted);
        const linked = await repo.findLinkedDepartments(tdb, input.id);
        const removed = linked.filter((d) => !wanted.includes(d));
        const added = wanted.filter((d) => !linked.includes(d));
        // A department taken off the shift works the default shift from the same date on.
        const fallback = current.isDefault ? null : await repo.findDefaultShift(tdb);
        if (fallback && removed.length > 0) await repo.linkDepartments(tdb, fallback.id, removed, from, now);
        await repo.linkDepartments(tdb, input.id, added, from, now);
        if (removed.length > 0 || added.length > 0) changed = true;
      }
      return input.id;
    });
    if (changed) await this.recomputeFrom(scope, undefined, from, today, (by) => STALE_REASON.shiftChanged(shift.shiftName, from, by));
    return shift;
  }

  /**
   * Deletes a non-default shift; its department links and employee assignments go with it, so those
   * people fall back to their department's shift or the default, and their current and previous
   * month are recomputed (docs/decisions/).
   */
  async remove({ db: tdb, ctx, enqueue }: Scope, id: string): Promise<void> {
    await repo.lockShifts(tdb);
    const current = await repo.findShift(tdb, id);
    if (!current) throw notFound(SHIFT_MSG.notFound);
    if (current.isDefault) throw badRequest(SHIFT_MSG.defaultNotDeletable);
    const users = await repo.findUsersOfShift(tdb, id);
    await repo.deleteShift(tdb, id);
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    if (users.length > 0) {
      const months = recentMonths(today);
      enqueue('attendance.recompute', { userIds: users, ...months });
      // Their days before today take another shift: a processed month with one of them is stale for them.
      await this.deps.locks.markChanged({ db: tdb }, { userIds: users, reach: { from: months.from, to: addDaysToDate(today, -1) }, by: ctx.userId, reason: (by) => STALE_REASON.shiftRemoved(current.shiftName, by) });
    }
  }

  async assignDepartments(scope: Scope, input: ShiftAssignDepartments): Promise<Shift> {
    const departmentIds = [...new Set(input.departmentIds)];
    const { from, today } = await this.effectiveFrom(scope, input);
    const result = await this.write(scope, async (tdb) => {
      if (!(await repo.findShift(tdb, input.shiftId))) throw fieldError('shiftId', SHIFT_MSG.shiftInvalid);
      await this.checkDepartments(tdb, departmentIds);
      await repo.linkDepartments(tdb, input.shiftId, departmentIds, from, this.deps.clock.now());
      return input.shiftId;
    });
    await this.recomputeFrom(scope, await repo.findUsersOfDepartments(scope.db, departmentIds), from, today, (by) => STALE_REASON.shiftAssigned(result.shiftName, from, by));
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
      await this.deps.locks.assertOpen({ db: tdb }, input.startDate, to);
      enqueue('attendance.recompute', { userIds: employeeIds, from: input.startDate, to });
      // Days before today computed with another shift: a processed month with one of them is stale for them.
      const shift = await repo.findShift(tdb, input.shiftId);
      const yesterday = addDaysToDate(today, -1);
      const reason = (by: string) => STALE_REASON.shiftAssigned(shift?.shiftName ?? '', input.startDate, by);
      await this.deps.locks.markChanged({ db: tdb }, { userIds: employeeIds, reach: { from: input.startDate, to: to < yesterday ? to : yesterday }, by: ctx.userId, reason });
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
      employeeName: `${u.firstName} ${u.lastName}`,
      departmentId: u.departmentId,
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
    if (targetId !== ctx.userId && !admin && user.reportingManagerId !== ctx.userId) throw forbidden();
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
    users: readonly Pick<repo.RosterUserRow, 'id' | 'departmentId'>[],
    from: string,
    to: string,
  ): Promise<Map<string, Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>>> {
    const assignments = await repo.findAssignments(
      tdb,
      users.map((u) => u.id),
      from,
      to,
    );
    const departmentShifts = await repo.findDepartmentShifts(tdb, to);
    const history = historyOf(await repo.findShiftHistory(tdb, from));
    const defaultRow = await repo.findDefaultShift(tdb);
    const shiftIds = new Set<string>([...assignments.map((a) => a.shiftId), ...[...departmentShifts.values()].flat().map((d) => d.shiftId)]);
    const shifts = new Map((await repo.findShiftsByIds(tdb, [...shiftIds])).map((r) => [r.id, toShift(r)]));
    if (defaultRow) shifts.set(defaultRow.id, toShift(defaultRow));
    const byUser = new Map<string, (ShiftAssignmentRow & { notes: string | null })[]>();
    for (const a of assignments) {
      const list = byUser.get(a.userId) ?? [];
      list.push({ shiftId: a.shiftId, startDate: a.startDate, endDate: a.endDate, createdAt: a.createdAt, notes: a.notes });
      byUser.set(a.userId, list);
    }
    // The shift as it was defined on the date (an edit from a later date leaves earlier days alone).
    const shiftOn = (id: string | null, date: string): Shift | null => {
      const shift = id ? shifts.get(id) : undefined;
      if (!shift) return null;
      const current = definitionOf(shift);
      const definition = shiftDefinitionOn(date, current, history.get(shift.id) ?? []);
      return definition === current ? shift : { ...shift, ...definition };
    };
    const result = new Map<string, Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>>();
    const dates = datesBetween(from, to);
    for (const u of users) {
      const mine = byUser.get(u.id) ?? [];
      const deptRows: DepartmentShiftRow[] = u.departmentId ? (departmentShifts.get(u.departmentId) ?? []) : [];
      const perDate = new Map<string, { shift: Shift | null; notes: string | null; source: CurrentShift['source'] }>();
      for (const date of dates) {
        const shiftId = resolveShiftId(date, mine, deptRows, defaultRow?.id ?? null);
        const winner = winningAssignment(date, mine);
        const shift = shiftOn(shiftId, date);
        const fromDepartment = !winner && shiftId !== null && shiftId === departmentShiftOn(date, deptRows) && !shift?.isDefault;
        const source: CurrentShift['source'] = winner ? 'assignment' : shiftId === null ? null : fromDepartment ? 'department' : 'default';
        perDate.set(date, { shift, notes: winner?.notes ?? null, source });
      }
      result.set(u.id, perDate);
    }
    return result;
  }

  /**
   * 'Update existing attendance records' (the Assign Shift rule): a change takes effect
   * today unless the administrator asks for an earlier date with it ticked; those past days must
   * not lie in a month whose payroll is finalized.
   */
  private async effectiveFrom(scope: Scope, input: { effectiveFrom: string | null; updateAttendance: boolean }): Promise<{ from: string; today: string }> {
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(scope.db));
    const from = input.effectiveFrom ?? today;
    if (from < today) {
      if (!input.updateAttendance) throw badRequest(SHIFT_MSG.effectiveFromPast, { effectiveFrom: SHIFT_MSG.effectiveFromPast });
      if (daysBetweenInclusive(from, today) > MAX_BACKDATED_DAYS) throw badRequest(SHIFT_MSG.effectiveFromTooOld, { effectiveFrom: SHIFT_MSG.effectiveFromTooOld });
      await this.deps.locks.assertOpen(scope, from, today);
    }
    return { from, today };
  }

  /**
   * The days from the effective date to the end of this month, recomputed once the change commits (a
   * job). Those before today had attendance computed with the old shift: a processed month with one of
   * them is stale for the employees (everyone's, without a list). Today and the days to come are paid
   * as present whatever the shift, so a change from today on marks nothing.
   */
  private async recomputeFrom({ db, ctx, enqueue }: Scope, userIds: string[] | undefined, from: string, today: string, reason: (by: string) => string): Promise<void> {
    const to = recentMonths(today).to;
    if (from > to || (userIds !== undefined && userIds.length === 0)) return;
    enqueue('attendance.recompute', userIds ? { userIds, from, to } : { from, to });
    if (from < today) await this.deps.locks.markChanged({ db }, { userIds: userIds ?? 'everyone', reach: { from, to: addDaysToDate(today, -1) }, by: ctx.userId, reason });
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

