import {
  AttendanceApproval,
  ATTENDANCE_MSG,
  STALE_REASON,
  type AttendanceApprovalEntry,
  type AttendanceApprovalInput,
  type AttendanceApprovalListQuery,
  type AttendanceDayView,
  type AttendanceDaysQuery,
  type AttendanceGridQuery,
  type AttendanceGridRow,
  type AttendanceReportQuery,
  type AttendanceSettingsValues,
  type AttendanceStatusValue,
  type AttendanceToday,
  type CheckInInput,
  type TeamDayState,
  type TeamOverviewPerson,
  type ManualTimeLogInput,
  type TeamMember,
  type TeamQuery,
  type TimeLogView,
  mayDecideFor,
} from '@tankha/contracts';
import { addDaysToDate, dateInZone, datesOfMonth, daysBetweenInclusive, timeOfDayToSeconds, type PayDayEntry } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { ErrorCode } from '@tankha/contracts';
import type { RequestContext, Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './attendance.repo';
import {
  computeEmployeeDays,
  isWeekendFor,
  leaveOn,
  loadInputs,
  logSeconds,
  midnightOf,
  secondsLabel,
  shiftByIdOn,
  shiftInfoOf,
  shiftOf,
  type AttendanceInputs,
  type ComputedDay,
} from './attendance.inputs';
import { mayDecide, seesEveryone, transitionError } from './attendance.policy';
import { buildAttendanceReport } from './attendance.report';
import type { LockedDays, PayrollLockService } from '../payroll-locks/payroll-locks.service';
import { AttendanceClientService } from '../attendance-clients/attendance-clients.service';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /**
     * Recompute the attendance days of these employees (all active ones when absent) over
     * [from, to], after a change to their inputs (shifts, settings, leave, holidays,
     * regularization) commits.
     */
    'attendance.recompute': { userIds?: string[]; from: string; to: string; facts?: boolean };
  }
}

/** Which employees and days to recompute; all active employees when userIds is absent. */
export interface RecomputeRange {
  userIds?: readonly string[];
  from: string;
  to: string;
  /**
   * The change is a fact of these employees (leave decided, a regularization completed): days of a
   * finalized month are recomputed too, and the payroll corrects that month's pay in the next open
   * month (DESIGN §10). Otherwise (settings, shifts, holidays) finalized months are left as they were.
   */
  facts?: boolean;
}

/** Employees per recompute batch: each batch reads its inputs with one query per table and writes one upsert. */
const RECOMPUTE_BATCH = 400;
const MAX_RECOMPUTE_DAYS = 400;
const MAX_REPORT_DAYS = 366;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();
const twelveHour = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h % 24 < 12 ? 'AM' : 'PM'}`;
};

/** Time logs, computed days, the grid, approvals and the report (people spec §2.11, §2.12, §4, §7). */
export class AttendanceService {
  private readonly sites: Pick<AttendanceClientService, 'placeCheckIn' | 'requiresLocation'>;

  /** `sites` (client sites and check-in location) defaults to its own service: seeds and benchmarks never check in. */
  constructor(readonly deps: { clock: Clock; locks: PayrollLockService; sites?: Pick<AttendanceClientService, 'placeCheckIn' | 'requiresLocation'> }) {
    this.sites = deps.sites ?? new AttendanceClientService({ clock: deps.clock });
  }

  /**
   * Recomputes the attendance days of a range through the domain's attendance function (DESIGN §5):
   * the 'attendance.recompute' job, which everyone who changes an input (shifts, leave, holidays,
   * settings, regularization) enqueues in their unit of work. Runs in the transaction it is given,
   * in batches of employees (one query per input table and one upsert per batch), so when it
   * returns the days are settled (the attendance reminder relies on that before reading them).
   */
  async recompute({ db: tdb }: TenantScope, range: RecomputeRange): Promise<void> {
    if (range.from > range.to) return;
    const ids = range.userIds ? [...new Set(range.userIds)] : (await repo.findEmployees(tdb)).map((e) => e.id);
    for (let i = 0; i < ids.length; i += RECOMPUTE_BATCH) {
      await this.recomputeIn(tdb, { userIds: ids.slice(i, i + RECOMPUTE_BATCH), from: range.from, to: range.to, ...(range.facts ? { facts: true } : {}) });
    }
  }

  /** The reads of a recompute without computing or writing: the floor the recompute benchmark compares with. */
  async readRecomputeInputs({ db: tdb }: TenantScope, range: RecomputeRange): Promise<number> {
    const ids = range.userIds ? [...new Set(range.userIds)] : (await repo.findEmployees(tdb)).map((e) => e.id);
    let logs = 0;
    for (let i = 0; i < ids.length; i += RECOMPUTE_BATCH) {
      const batch = ids.slice(i, i + RECOMPUTE_BATCH);
      await repo.findEmployees(tdb, batch);
      logs += (await loadInputs(tdb, batch, range.from, range.to, true)).logs.length;
    }
    return logs;
  }

  /**
   * The recompute inside an open tenant transaction (this module's own writes recompute atomically).
   * Days of a month whose payroll is finalized are not rewritten (the range is cut around them) unless
   * the change is a fact of the employees (range.facts).
   */
  async recomputeIn(tdb: TenantDb, range: RecomputeRange & { userIds: readonly string[] }): Promise<void> {
    if (range.userIds.length === 0 || range.from > range.to) return;
    if (daysBetweenInclusive(range.from, range.to) > MAX_RECOMPUTE_DAYS) throw new RangeError(`recompute covers at most ${MAX_RECOMPUTE_DAYS.toString()} days`);
    if (range.facts === true) {
      await this.recomputeOpen(tdb, { userIds: range.userIds, from: range.from, to: range.to });
      return;
    }
    const locked = await this.deps.locks.lockedDaysBetween({ db: tdb }, range.from, range.to);
    for (const part of openParts(range.from, range.to, locked)) await this.recomputeOpen(tdb, { userIds: range.userIds, ...part });
  }

  private async recomputeOpen(tdb: TenantDb, range: RecomputeRange & { userIds: readonly string[] }): Promise<void> {
    const employees = await repo.findEmployees(tdb, range.userIds);
    if (employees.length === 0) return;
    const ids = employees.map((e) => e.id);
    const inputs = await loadInputs(tdb, ids, range.from, range.to, true);
    const today = dateInZone(this.deps.clock.now(), inputs.timeZone);
    const logsByUser = groupLogs(inputs.logs);
    const rows: repo.DayWrite[] = [];
    const cutoffs: { u: string; d: string }[] = [];
    for (const employee of employees) {
      if (employee.dateOfJoining && employee.dateOfJoining > range.from) cutoffs.push({ u: employee.id, d: employee.dateOfJoining });
      for (const c of computeEmployeeDays(inputs, employee, logsByUser.get(employee.id) ?? new Map(), range.from, range.to, today)) rows.push(toWrite(c));
    }
    await repo.deleteDaysBefore(tdb, cutoffs, range.from, range.to);
    for (let i = 0; i < rows.length; i += 5000) await repo.upsertDays(tdb, rows.slice(i, i + 5000));
  }

  /**
   * What each date of a pay period costs in pay, for many employees (the payroll run, DESIGN §5, §10):
   * the stored day's payable fraction (absence, half day, unpaid leave, per the attendance settings
   * the day was computed with), and an approved unpaid leave on a date not computed yet. Dates
   * missing from an employee's record are fully paid. Two queries for the whole batch.
   */
  async payDayEntries({ db: tdb }: TenantScope, userIds: readonly string[], from: string, to: string): Promise<Map<string, Record<string, PayDayEntry>>> {
    const out = new Map<string, Record<string, PayDayEntry>>();
    if (userIds.length === 0 || from > to) return out;
    const [days, leave] = [await repo.findPayDays(tdb, userIds, from, to), await repo.findApprovedLeave(tdb, userIds, from, to)];
    const entriesOf = (userId: string) => {
      let entries = out.get(userId);
      if (!entries) {
        entries = {};
        out.set(userId, entries);
      }
      return entries;
    };
    const stored = new Set<string>();
    for (const d of days) {
      stored.add(`${d.userId}|${d.workDate}`);
      if (d.payableFraction < 1) entriesOf(d.userId)[d.workDate] = d.payableFraction === 0.5 ? 0.5 : 0;
    }
    const unpaid = leave.filter((l) => !l.isPaid);
    if (unpaid.length === 0) return out;
    const inputs = { leave: new Map<string, repo.LeaveRow[]>() } as AttendanceInputs;
    for (const l of leave) inputs.leave.set(l.userId, [...(inputs.leave.get(l.userId) ?? []), l]);
    for (const l of unpaid) {
      const start = l.startDate > from ? l.startDate : from;
      const end = l.endDate < to ? l.endDate : to;
      for (let date = start; date <= end; date = addDaysToDate(date, 1)) {
        if (stored.has(`${l.userId}|${date}`)) continue;
        const day = leaveOn(inputs, l.userId, date);
        if (day && !day.isPaid) entriesOf(l.userId)[date] = day.portion === 'full' ? 'unpaidLeave' : 'unpaidHalfDayLeave';
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- time logs

  async today(scope: Scope): Promise<AttendanceToday> {
    const state = await this.loadTodayState(scope.db, scope.ctx.userId, false);
    return { ...(await this.todayView(scope.db, state, false)), requireLocation: await this.sites.requiresLocation(scope) };
  }

  /** The employee and the inputs of yesterday and today (a night shift's log starts yesterday), read once per request. */
  private async loadTodayState(tdb: TenantDb, userId: string, lock: boolean) {
    const employee = await repo.findEmployee(tdb, userId, lock);
    if (!employee) throw notFound(ATTENDANCE_MSG.employeeNotFound);
    const now = this.deps.clock.now();
    // The zone is needed to know the dates; a one-day-wide guess is corrected after loading.
    const utcDate = now.toISOString().slice(0, 10);
    const inputs = await loadInputs(tdb, [userId], addDaysToDate(utcDate, -2), addDaysToDate(utcDate, 1), true);
    const today = dateInZone(now, inputs.timeZone);
    const yesterday = addDaysToDate(today, -1);
    const open = [...inputs.logs].reverse().find((l) => l.checkOutMs === null && l.approvalStatus !== AttendanceApproval.Rejected && l.workDate >= yesterday) ?? null;
    return { employee, inputs, now, today, open };
  }

  /**
   * Today's card. With `computed`, today's day is the one just computed in memory; otherwise it is
   * read from the stored days with the calendar overlay.
   */
  private async todayView(tdb: TenantDb, state: Awaited<ReturnType<AttendanceService['loadTodayState']>>, recompute: boolean): Promise<Omit<AttendanceToday, 'requireLocation'>> {
    const { employee, inputs, now, today, open } = state;
    let day: AttendanceDayView | null;
    if (recompute) {
      const byDate = groupLogs(inputs.logs).get(employee.id) ?? new Map();
      const computed = computeEmployeeDays(inputs, employee, byDate, today, today, today);
      await repo.upsertDays(tdb, computed.map(toWrite));
      const c = computed.find((x) => x.date === today);
      day = c ? computedView(inputs, c) : null;
    } else {
      const [row] = await this.viewDays(tdb, inputs, [employee], today, today, null);
      day = row?.days[0] ?? null;
    }
    if (employee.dateOfJoining && today < employee.dateOfJoining) day = null;
    const logs = inputs.logs.map((l) => toLogView(inputs, l));
    const openLog = open ? toLogView(inputs, open) : null;
    const s = inputs.settings;
    return {
      date: today,
      now: now.toISOString(),
      isCheckedIn: openLog !== null,
      openLog,
      logs: logs.filter((l) => l.date === today || l.id === openLog?.id),
      day,
      selfUpdate: {
        allowed: s.allowSelfAttendanceUpdate,
        isReasonEnabled: s.isReasonEnabled,
        maxPastDays: s.allowSelfAttendanceUpdate ? s.maxPastDaysForAttendanceUpdate : 0,
        restrictLogsForPastDates: s.restrictLogsForPastDates,
        restrictLogsForFutureDates: s.restrictLogsForFutureDates,
      },
    };
  }

  /**
   * Check-in stamps the server's clock on the tenant-zone date (the shift's start day). One open
   * log at a time: an open log from today or yesterday (a night shift) blocks a second check-in;
   * an older forgotten one is left open (it adds no time; a regularization request fixes it).
   * One read of the inputs serves the checks, the recompute of the day and the reply.
   */
  async checkIn(scope: Scope, input: CheckInInput = {}): Promise<AttendanceToday> {
    const { db: tdb, ctx } = scope;
    const state = await this.loadTodayState(tdb, ctx.userId, true);
    if (state.open) throw badRequest(ATTENDANCE_MSG.alreadyCheckedIn);
    await this.deps.locks.assertOpen({ db: tdb }, state.today);
    assertDayOpen(state.inputs, state.employee, state.today);
    // Issue 15 item 8: the browser's location when the organisation requires it, inside an assigned client site.
    const place = await this.sites.placeCheckIn(scope, ctx.userId, input);
    const log = { userId: ctx.userId, workDate: state.today, checkIn: state.now, checkOut: null, source: 'web', approvalStatus: AttendanceApproval.Approved, notes: null };
    const id = await repo.insertTimeLog(tdb, log, place);
    const row: repo.TimeLogRow = { id, userId: ctx.userId, workDate: state.today, checkInMs: state.now.getTime(), checkOutMs: null, source: 'web', approvalStatus: AttendanceApproval.Approved, notes: null };
    state.inputs.logs.push(row);
    return { ...(await this.todayView(tdb, { ...state, open: row }, true)), requireLocation: place.latitude !== null || (await this.sites.requiresLocation(scope)) };
  }

  async checkOut(scope: Scope): Promise<AttendanceToday> {
    const { db: tdb, ctx } = scope;
    const state = await this.loadTodayState(tdb, ctx.userId, true);
    const open = state.open;
    if (!open) throw badRequest(ATTENDANCE_MSG.notCheckedIn);
    await this.deps.locks.assertOpen({ db: tdb }, open.workDate, state.today);
    await repo.closeTimeLog(tdb, open.id, state.now);
    open.checkOutMs = state.now.getTime();
    if (open.workDate < state.today) {
      // A night shift's log started yesterday: that day changes too.
      const byDate = groupLogs(state.inputs.logs).get(ctx.userId) ?? new Map();
      await repo.upsertDays(tdb, computeEmployeeDays(state.inputs, state.employee, byDate, open.workDate, open.workDate, state.today).map(toWrite));
    }
    return { ...(await this.todayView(tdb, { ...state, open: null }, true)), requireLocation: await this.sites.requiresLocation(scope) };
  }

  /** The weekend and holiday restrictions of the settings (people spec §3), for check-in and manual logs. */
  private async assertDayAllowed(tdb: TenantDb, userId: string, date: string): Promise<AttendanceInputs> {
    const employee = await repo.findEmployee(tdb, userId);
    if (!employee) throw notFound(ATTENDANCE_MSG.employeeNotFound);
    const inputs = await loadInputs(tdb, [userId], date, date, false);
    assertDayOpen(inputs, employee, date);
    return inputs;
  }

  /**
   * Self update / manual entry (people spec §3 settings): every restriction of the settings, then
   * the log is stored WaitingForApproval (an administrator or moderator decides, §4) and counts
   * provisionally until then.
   */
  async addLog({ db: tdb, ctx }: Scope, input: ManualTimeLogInput): Promise<TimeLogView> {
    await repo.findEmployee(tdb, ctx.userId, true);
    const saved = await loadInputs(tdb, [ctx.userId], input.date, input.date, false);
    const s: AttendanceSettingsValues = saved.settings;
    const now = this.deps.clock.now();
    const today = dateInZone(now, saved.timeZone);
    if (!s.allowSelfAttendanceUpdate) throw badRequest(ATTENDANCE_MSG.selfUpdateDisabled);
    if (s.restrictLogsForFutureDates && input.date > today) throw badRequest(ATTENDANCE_MSG.futureDate);
    const maxPast = s.maxPastDaysForAttendanceUpdate;
    if (s.restrictLogsForPastDates && input.date < addDaysToDate(today, -maxPast)) throw badRequest(ATTENDANCE_MSG.pastDate(maxPast));
    await this.deps.locks.assertOpen({ db: tdb }, input.date);
    const inputs = await this.assertDayAllowed(tdb, ctx.userId, input.date);
    const employee = await repo.findEmployee(tdb, ctx.userId);
    if (!employee) throw notFound(ATTENDANCE_MSG.employeeNotFound);
    const shift = shiftOf(inputs, employee, input.date);
    const shiftStartS = timeOfDayToSeconds(shift.shiftStart);
    let shiftEndS = timeOfDayToSeconds(shift.shiftEnd);
    const nightShift = shiftEndS < shiftStartS;
    if (nightShift) shiftEndS += 86_400;
    const inS = timeOfDayToSeconds(input.checkIn);
    let outS = timeOfDayToSeconds(input.checkOut);
    // Only a night shift's log may end the next day; otherwise the out-time must follow the in-time.
    if (outS <= inS) {
      if (!nightShift || outS === inS) throw badRequest(ATTENDANCE_MSG.outBeforeIn, { checkOut: ATTENDANCE_MSG.outBeforeIn });
      outS += 86_400;
    }
    const midnight = midnightOf(inputs, input.date);
    const checkIn = new Date(midnight + inS * 1000);
    const checkOut = new Date(midnight + outS * 1000);
    if (s.restrictLogsForFutureDates && checkOut.getTime() > now.getTime()) throw badRequest(ATTENDANCE_MSG.futureTime, { checkOut: ATTENDANCE_MSG.futureTime });
    // Estimated job hours: the log lies inside the shift's window (so it is never longer than the shift).
    if (s.restrictLogsToEstimatedJobHours && (inS < shiftStartS || outS > shiftEndS)) {
      throw badRequest(ATTENDANCE_MSG.outsideShift(twelveHour(shift.shiftStart), twelveHour(shift.shiftEnd)));
    }
    const reason = input.reason?.trim() ? input.reason.trim() : null;
    if (s.isReasonEnabled && !reason) throw badRequest(ATTENDANCE_MSG.reasonRequired, { reason: ATTENDANCE_MSG.reasonRequired });
    const existing = await repo.findTimeLogs(tdb, [ctx.userId], addDaysToDate(input.date, -1), addDaysToDate(input.date, 1));
    const overlaps = existing.some((l) => {
      if (l.approvalStatus === AttendanceApproval.Rejected) return false;
      const end = l.checkOutMs ?? (l.workDate >= addDaysToDate(today, -1) ? now.getTime() : l.checkInMs);
      return l.checkInMs < checkOut.getTime() && end > checkIn.getTime();
    });
    if (overlaps) throw badRequest(ATTENDANCE_MSG.overlap);
    const id = await repo.insertTimeLog(tdb, { userId: ctx.userId, workDate: input.date, checkIn, checkOut, source: 'manual', approvalStatus: AttendanceApproval.WaitingForApproval, notes: reason });
    await this.recomputeIn(tdb, { userIds: [ctx.userId], from: input.date, to: input.date });
    // The log counts provisionally until decided: a processed month with the day is stale for the employee.
    await this.deps.locks.markChanged({ db: tdb }, { userIds: [ctx.userId], reach: { from: input.date, to: input.date }, by: ctx.userId, reason: (by) => STALE_REASON.logAdded(input.date, by) });
    return {
      id,
      date: input.date,
      checkIn: secondsLabel(inS),
      checkOut: secondsLabel(outS),
      checkInAt: checkIn.toISOString(),
      checkOutAt: checkOut.toISOString(),
      source: 'manual',
      approvalStatus: AttendanceApproval.WaitingForApproval,
      reason,
    };
  }

  // ---------------------------------------------------------------- reading days

  /** Whether the caller may see a team view; null scope = everyone, else a manager's direct reports. */
  private async teamScope(tdb: TenantDb, ctx: RequestContext, refusal: string = ATTENDANCE_MSG.notInTeam): Promise<{ managerId?: string }> {
    if (seesEveryone(ctx.roleId)) return {};
    if ((await repo.countReportees(tdb, ctx.userId)) === 0) throw forbidden(refusal);
    return { managerId: ctx.userId };
  }

  /** GET /Attendances: the days of one employee (own, or a team member's for admins, moderators and their manager). */
  async days({ db: tdb, ctx }: Scope, query: AttendanceDaysQuery): Promise<AttendanceDayView[]> {
    if (daysBetweenInclusive(query.startDate, query.endDate) > MAX_REPORT_DAYS) throw badRequest(ATTENDANCE_MSG.rangeTooLong);
    const employeeId = query.employeeId ?? ctx.userId;
    const employee = await repo.findEmployee(tdb, employeeId);
    if (!employee) throw notFound(ATTENDANCE_MSG.employeeNotFound);
    if (employeeId !== ctx.userId && !seesEveryone(ctx.roleId) && employee.reportingManagerId !== ctx.userId) throw forbidden(ATTENDANCE_MSG.notInTeam);
    const inputs = await loadInputs(tdb, [employeeId], query.startDate, query.endDate, false);
    const [row] = await this.viewDays(tdb, inputs, [employee], query.startDate, query.endDate, await repo.findOrganisationStartDate(tdb, ctx.timeZone));
    return row?.days ?? [];
  }

  /**
   * Stored days plus the calendar of each date (shift, week-off, holiday, leave) read at the same
   * time, so dates not computed yet (the future, before joining) still show their kind. A date
   * before the organisation existed that has no stored day is marked `beforeOrganisation`, so the
   * grid leaves it blank rather than calling it Not Calculated.
   */
  private async viewDays(tdb: TenantDb, inputs: AttendanceInputs, employees: readonly repo.EmployeeRow[], from: string, to: string, organisationStart: string | null) {
    const stored = await repo.findDays(
      tdb,
      employees.map((e) => e.id),
      from,
      to,
    );
    const byKey = new Map(stored.map((d) => [`${d.userId}|${d.workDate}`, d]));
    return employees.map((employee) => {
      const days: AttendanceDayView[] = [];
      for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
        const shift = shiftOf(inputs, employee, date);
        const row = byKey.get(`${employee.id}|${date}`);
        const leave = leaveOn(inputs, employee.id, date);
        const storedShift = row?.shiftId ? shiftByIdOn(inputs, row.shiftId, date) : undefined;
        days.push({
          date,
          beforeOrganisation: !row && organisationStart !== null && date < organisationStart,
          isWeekend: isWeekendFor(shift, date),
          isHoliday: inputs.holidays.has(date),
          holidayName: inputs.holidays.get(date) ?? null,
          leave: leave ? { leaveTypeName: leave.leaveTypeName, portion: leave.portion, isPaid: leave.isPaid } : null,
          attendanceStatus: (row?.status ?? 'NotCalculated') as AttendanceStatusValue,
          startTime: row?.firstIn ?? null,
          endTime: row?.lastOut ?? null,
          totalMinutes: row?.totalMinutes ?? 0,
          overtimeMinutes: row?.overtimeMinutes ?? 0,
          isLate: row?.isLate ?? false,
          approvalStatus: row?.approvalStatus ?? null,
          shiftInfo: shiftInfoOf(storedShift ?? shift),
        });
      }
      return { employee, days, payable: stored.filter((d) => d.userId === employee.id) };
    });
  }

  /** GET /Attendances/grid: a month for a page of employees (people spec §2.11). */
  async grid({ db: tdb, ctx }: Scope, query: AttendanceGridQuery): Promise<{ rows: AttendanceGridRow[]; totalRecords: number }> {
    const dates = datesOfMonth(query.month);
    const from = dates[0] ?? `${query.month}-01`;
    const to = dates[dates.length - 1] ?? from;
    const scope: repo.EmployeeScope = { ...(await this.teamScope(tdb, ctx)), ...(query.search ? { search: query.search } : {}), ...(query.departmentId ? { departmentId: query.departmentId } : {}) };
    const totalRecords = await repo.countScopedEmployees(tdb, scope);
    const employees = await repo.findScopedEmployees(tdb, scope, query.pageSize, (query.page - 1) * query.pageSize);
    if (employees.length === 0) return { rows: [], totalRecords };
    const inputs = await loadInputs(
      tdb,
      employees.map((e) => e.id),
      from,
      to,
      false,
    );
    const views = await this.viewDays(tdb, inputs, employees, from, to, await repo.findOrganisationStartDate(tdb, ctx.timeZone));
    return {
      totalRecords,
      rows: views.map(({ employee, days }) => ({
        employeeId: employee.id,
        employeeName: fullName(employee),
        email: employee.email,
        employeeNumber: employee.employeeNumber,
        departmentName: employee.departmentName,
        imageUrl: null,
        days,
      })),
    };
  }

  // ---------------------------------------------------------------- approvals

  /** GET /Attendances/approvals: entries by approval status; managers see their reportees' (read only). */
  async approvals({ db: tdb, ctx }: Scope, query: AttendanceApprovalListQuery): Promise<{ rows: AttendanceApprovalEntry[]; totalRecords: number }> {
    const { managerId } = await this.teamScope(tdb, ctx);
    const totalRecords = await repo.countLogsByApproval(tdb, query.status, managerId);
    const rows = await repo.findLogsByApproval(tdb, query.status, query.pageSize, (query.page - 1) * query.pageSize, managerId);
    const dates = rows.map((r) => r.workDate).sort();
    const inputs = await loadInputs(tdb, [], dates[0] ?? '2000-01-01', dates[0] ?? '2000-01-01', false);
    return {
      totalRecords,
      rows: rows.map((r) => ({
        ...toLogView(inputs, r),
        employeeId: r.userId,
        employeeName: fullName(r),
        employeeNumber: r.employeeNumber,
        createdAt: new Date(r.createdAtMs).toISOString(),
      })),
    };
  }

  /**
   * POST /Attendances/approval (people spec §4): the ids are time-log ids. Approve from Waiting or
   * Rejected (Administrator, Moderator); Reject from Waiting or Approved (Administrator only). The
   * whole selection changes or nothing does; the days are recomputed.
   */
  async decide({ db: tdb, ctx }: Scope, input: AttendanceApprovalInput): Promise<{ statusCode: number; updated: number }> {
    const ids = [...new Set(input.attendanceIdCsv.split(',').map((s) => s.trim()).filter(Boolean))];
    if (ids.length === 0 || ids.some((id) => !UUID.test(id))) throw badRequest(ATTENDANCE_MSG.invalidSelection);
    if (!mayDecide(ctx.roleId, input.status)) throw forbidden(input.status === AttendanceApproval.Rejected ? ATTENDANCE_MSG.rejectAdminOnly : undefined);
    const logs = await repo.findLogsByIds(tdb, ids);
    if (logs.length !== ids.length) throw badRequest(ATTENDANCE_MSG.invalidSelection);
    if (logs.some((log) => !mayDecideFor(ctx.userId, log.userId))) throw forbidden(ATTENDANCE_MSG.cannotDecideOwn);
    await this.deps.locks.assertDatesOpen({ db: tdb }, logs.map((l) => l.workDate));
    for (const log of logs) {
      const problem = transitionError(log.approvalStatus, input.status);
      if (problem) throw new AppError(400, ErrorCode.Validation, problem);
    }
    await repo.updateLogApproval(tdb, ids, input.status);
    const byUser = new Map<string, string[]>();
    for (const log of logs) byUser.set(log.userId, [...(byUser.get(log.userId) ?? []), log.workDate]);
    for (const [userId, dates] of byUser) {
      dates.sort();
      const from = dates[0] ?? '';
      const to = dates[dates.length - 1] ?? '';
      await this.recomputeIn(tdb, { userIds: [userId], from, to });
      // A processed month with one of these days is stale for the employee until processed again (DESIGN §10).
      const approved = input.status === AttendanceApproval.Approved;
      await this.deps.locks.markChanged({ db: tdb }, { userIds: [userId], reach: { from, to }, by: ctx.userId, reason: (by) => STALE_REASON.logsDecided(approved, from, to, by) });
    }
    return { statusCode: 200, updated: ids.length };
  }

  // ---------------------------------------------------------------- report and team

  /** GET /Attendances/reports: the XLSX for a range and employees (bulk = everyone in the caller's scope). */
  async report({ db: tdb, ctx }: Scope, query: AttendanceReportQuery): Promise<{ buffer: Buffer; filename: string }> {
    if (daysBetweenInclusive(query.startDate, query.endDate) > MAX_REPORT_DAYS) throw badRequest(ATTENDANCE_MSG.rangeTooLong);
    const ids = (query.employeeIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!query.isBulkReport && ids.length === 0) throw badRequest(ATTENDANCE_MSG.employeesRequired);
    if (ids.some((id) => !UUID.test(id))) throw badRequest(ATTENDANCE_MSG.employeesRequired);
    let scope: repo.EmployeeScope;
    const onlySelf = !query.isBulkReport && ids.length === 1 && ids[0] === ctx.userId;
    if (onlySelf) scope = { ids };
    else scope = { ...(await this.teamScope(tdb, ctx)), ...(query.isBulkReport ? {} : { ids }) };
    const employees = await repo.findScopedEmployees(tdb, scope, null, 0);
    if (!query.isBulkReport && employees.length !== ids.length) throw notFound(ATTENDANCE_MSG.employeeNotFound);
    const inputs = await loadInputs(
      tdb,
      employees.map((e) => e.id),
      query.startDate,
      query.endDate,
      false,
    );
    const views = await this.viewDays(tdb, inputs, employees, query.startDate, query.endDate, await repo.findOrganisationStartDate(tdb, ctx.timeZone));
    const buffer = await buildAttendanceReport(
      views.map((v) => ({
        employeeNumber: v.employee.employeeNumber,
        name: fullName(v.employee),
        days: v.days,
        payable: new Map(v.payable.map((p) => [p.workDate, Number(p.payableFraction)])),
        joining: v.employee.dateOfJoining,
      })),
    );
    return { buffer, filename: `attendance-report-${query.startDate}-to-${query.endDate}.xlsx` };
  }

  /**
   * My team today: each person of the caller's team (a manager's direct reports;
   * administrators and moderators everyone) with today's stored day and today's logs. One read per
   * input table for the whole team.
   */
  async teamToday({ db: tdb, ctx }: Scope): Promise<{ date: string; people: TeamOverviewPerson[] }> {
    const scope = await this.teamScope(tdb, ctx, ATTENDANCE_MSG.noTeam);
    const employees = await repo.findScopedEmployees(tdb, scope, null, 0);
    const today = dateInZone(this.deps.clock.now(), ctx.timeZone);
    if (employees.length === 0) return { date: today, people: [] };
    const inputs = await loadInputs(tdb, employees.map((e) => e.id), addDaysToDate(today, -1), today, true);
    const views = await this.viewDays(tdb, inputs, employees, today, today, null);
    const logsOf = new Map<string, repo.TimeLogRow[]>();
    for (const log of inputs.logs) {
      if (log.workDate !== today || log.approvalStatus === AttendanceApproval.Rejected) continue;
      logsOf.set(log.userId, [...(logsOf.get(log.userId) ?? []), log]);
    }
    const people = views.map(({ employee, days }): TeamOverviewPerson => {
      const day = days[0];
      const logs = logsOf.get(employee.id) ?? [];
      const open = logs.some((l) => l.checkOutMs === null);
      const joined = !employee.dateOfJoining || employee.dateOfJoining <= today;
      const leave = day?.leave ? `${day.leave.leaveTypeName}${day.leave.portion === 'full' ? '' : ' (half day)'}` : null;
      const dayOff = day?.isHoliday ? (day.holidayName ?? 'Holiday') : day?.isWeekend || !joined ? (joined ? 'Week off' : 'Not joined yet') : null;
      let state: TeamDayState;
      if (logs.length > 0) state = open ? 'in' : 'out';
      else if (leave) state = 'onLeave';
      else if (dayOff) state = 'dayOff';
      else state = 'notIn';
      const firstInMs = logs.length > 0 ? Math.min(...logs.map((l) => l.checkInMs)) : null;
      const closed = logs.filter((l) => l.checkOutMs !== null).map((l) => l.checkOutMs ?? 0);
      return {
        userId: employee.id,
        name: fullName(employee),
        employeeNumber: employee.employeeNumber,
        designation: employee.designation,
        state,
        // An open log is not measured yet (the day's isLate comes with the check-out): first in against shift start plus grace.
        isLate: logs.length > 0 && ((day?.isLate ?? false) || (firstInMs !== null && day?.shiftInfo != null && !dayOff && firstInMs > midnightOf(inputs, today) + (timeOfDayToSeconds(day.shiftInfo.shiftStart) + inputs.settings.gracePeriodMinutes * 60) * 1000)),
        firstIn: firstInMs === null ? null : clockOf(firstInMs, inputs.timeZone),
        lastOut: state === 'out' && closed.length > 0 ? clockOf(Math.max(...closed), inputs.timeZone) : null,
        leave,
        dayOff,
      };
    });
    return { date: today, people };
  }

  /** The team's days over a range (the my-team reports): the same days the grid shows, for everyone in the caller's team. */
  async teamDays({ db: tdb, ctx }: Scope, from: string, to: string): Promise<{ employee: { name: string; employeeNumber: string | null; dateOfJoining: string | null }; days: AttendanceDayView[] }[]> {
    if (daysBetweenInclusive(from, to) > MAX_REPORT_DAYS) throw badRequest(ATTENDANCE_MSG.rangeTooLong);
    const scope = await this.teamScope(tdb, ctx, ATTENDANCE_MSG.noTeam);
    const employees = await repo.findScopedEmployees(tdb, scope, null, 0);
    if (employees.length === 0) return [];
    const inputs = await loadInputs(tdb, employees.map((e) => e.id), from, to, false);
    const views = await this.viewDays(tdb, inputs, employees, from, to, await repo.findOrganisationStartDate(tdb, ctx.timeZone));
    return views.map((v) => ({ employee: { name: fullName(v.employee), employeeNumber: v.employee.employeeNumber, dateOfJoining: v.employee.dateOfJoining }, days: v.days }));
  }

  /** GET /Users/team (platform §2.2): the caller's direct reports; for administrators and moderators everyone active. */
  async team({ db: tdb, ctx }: Scope, query: TeamQuery): Promise<{ data: TeamMember[]; totalRecords: number }> {
    const scope: repo.EmployeeScope = seesEveryone(ctx.roleId) ? {} : { managerId: ctx.userId };
    if (query.search) scope.search = query.search;
    const totalRecords = await repo.countScopedEmployees(tdb, scope);
    const rows = await repo.findScopedEmployees(tdb, scope, query.pageSize, (query.pageNumber - 1) * query.pageSize);
    return { totalRecords, data: rows.map((r) => ({ id: r.id, name: fullName(r), email: r.email, employeeNumber: r.employeeNumber, designation: r.designation })) };
  }
}

/** 'HH:mm' of an instant on the organisation's clock. */
function clockOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
}

/** The stretches of [from, to] outside the locked days of finalized months. */
function openParts(from: string, to: string, locked: Pick<LockedDays, 'has' | 'spans'>): { from: string; to: string }[] {
  if (locked.spans.length === 0) return [{ from, to }];
  const parts: { from: string; to: string }[] = [];
  let start: string | null = null;
  let last = from;
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    if (locked.has(date)) {
      if (start !== null) parts.push({ from: start, to: last });
      start = null;
    } else if (start === null) start = date;
    last = date;
  }
  if (start !== null) parts.push({ from: start, to });
  return parts;
}

/** The joining date and the weekend and holiday restrictions of the settings (people spec §3). */
function assertDayOpen(inputs: AttendanceInputs, employee: repo.EmployeeRow, date: string): void {
  if (employee.dateOfJoining && date < employee.dateOfJoining) throw badRequest(ATTENDANCE_MSG.beforeJoining);
  const s = inputs.settings;
  if (s.restrictLogsForHolidays && inputs.holidays.has(date)) throw badRequest(ATTENDANCE_MSG.holiday);
  if (s.restrictLogsForWeekend && isWeekendFor(shiftOf(inputs, employee, date), date)) throw badRequest(ATTENDANCE_MSG.weekend);
}

/** A day just computed, in the reply's shape (the same fields the stored-day view gives). */
function computedView(inputs: AttendanceInputs, c: ComputedDay): AttendanceDayView {
  const leave = leaveOn(inputs, c.userId, c.date);
  return {
    date: c.date,
    beforeOrganisation: false,
    isWeekend: c.day.isWeekend,
    isHoliday: c.day.isHoliday,
    holidayName: inputs.holidays.get(c.date) ?? null,
    leave: leave ? { leaveTypeName: leave.leaveTypeName, portion: leave.portion, isPaid: leave.isPaid } : null,
    attendanceStatus: c.day.status,
    startTime: c.day.firstIn,
    endTime: c.day.lastOut,
    totalMinutes: c.day.totalMinutes,
    overtimeMinutes: c.day.overtimeMinutes,
    isLate: c.day.isLate,
    approvalStatus: c.approvalStatus,
    shiftInfo: shiftInfoOf(c.shift),
  };
}

function toWrite(c: ComputedDay): repo.DayWrite {
  return {
    u: c.userId,
    d: c.date,
    s: c.day.status,
    fi: c.day.firstIn,
    lo: c.day.lastOut,
    tm: c.day.totalMinutes,
    om: c.day.overtimeMinutes,
    l: c.day.isLate,
    p: c.day.payableFraction,
    sh: c.shift.id,
    a: c.approvalStatus,
  };
}

function groupLogs(logs: readonly repo.TimeLogRow[]): Map<string, Map<string, repo.TimeLogRow[]>> {
  const byUser = new Map<string, Map<string, repo.TimeLogRow[]>>();
  for (const log of logs) {
    let byDate = byUser.get(log.userId);
    if (!byDate) {
      byDate = new Map();
      byUser.set(log.userId, byDate);
    }
    const list = byDate.get(log.workDate);
    if (list) list.push(log);
    else byDate.set(log.workDate, [log]);
  }
  return byUser;
}

function toLogView(inputs: AttendanceInputs, log: repo.TimeLogRow): TimeLogView {
  const { inS, outS } = logSeconds(inputs, log);
  return {
    id: log.id,
    date: log.workDate,
    checkIn: secondsLabel(inS),
    checkOut: outS === null ? null : secondsLabel(outS),
    checkInAt: new Date(log.checkInMs).toISOString(),
    checkOutAt: log.checkOutMs === null ? null : new Date(log.checkOutMs).toISOString(),
    source: log.source,
    approvalStatus: log.approvalStatus,
    reason: log.notes,
  };
}
