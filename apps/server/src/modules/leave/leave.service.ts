import {
  ErrorCode,
  LEAVE_MSG,
  LeaveStatus,
  STALE_REASON,
  Role,
  can,
  type Holiday,
  type HolidayInput,
  DEFAULT_LEAVE_SETTINGS,
  type LeaveAdjustment,
  type LeaveAdjustmentInput,
  type LeaveAdjustmentListQuery,
  type LeaveApply,
  type LeavePolicy,
  type LeavePolicyInput,
  type LeaveSettings,
  type LeaveSettingsInput,
  type LeaveBalanceQuery,
  type LeaveBalanceRow,
  type LeaveDaysQuery,
  type LeaveListQuery,
  type LeaveRequest,
  type LeaveStatusInput,
  type LeaveType,
  type LeaveTypeInput,
  mayDecideFor,
} from '@tankha/contracts';
import {
  DEFAULT_WEEKENDS,
  computeCarryForward,
  computeCodesAnnualLeave,
  computeLeaveBalance,
  countLeaveDays,
  dateInZone,
  addDaysToDate,
  isWeekendDay,
  leavePolicyFor,
  resolveShiftId,
  shiftDefinitionOn,
  type IsoDate,
  type LeaveBalance,
  type LeavePolicyRule,
  type LeaveTypeRules,
  type WeekendRule,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, fieldError, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { RequestContext, Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './leave.repo';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';

type BalanceWithNote = LeaveBalance & { entitlementNote: string | null };

/** How many years back the carry-forward chain is followed (older history is taken as settled). */
const CARRY_FORWARD_YEARS = 5;

const conflict = (message: string, field?: string) => new AppError(409, ErrorCode.Conflict, message, field ? { [field]: message } : undefined);

const isAdminOrModerator = (ctx: RequestContext) => ctx.roleId === Role.Administrator || ctx.roleId === Role.Moderator;

function toHoliday(row: repo.HolidayRecord): Holiday {
  return { id: row.id, date: row.date, name: row.name, description: row.description, isOptional: row.isOptional };
}

function toLeaveType(row: repo.LeaveTypeRecord): LeaveType {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    isPaid: row.isPaid,
    yearlyQuota: row.yearlyQuota,
    accruesMonthly: row.accruesMonthly,
    accrualRule: row.accrualRule,
    carryForward: row.carryForward,
    maxCarryForward: row.maxCarryForward,
    isEncashable: row.isEncashable,
    color: row.color,
    isActive: row.isActive,
    requestCount: row.requestCount,
  };
}

const rulesOf = (row: repo.LeaveTypeRecord): LeaveTypeRules => ({
  yearlyQuota: row.yearlyQuota,
  accruesMonthly: row.accruesMonthly,
  accrualRule: row.accrualRule,
  carryForward: row.carryForward,
  maxCarryForward: row.maxCarryForward,
});

function parseWeekends(value: unknown): readonly WeekendRule[] {
  if (!Array.isArray(value)) return DEFAULT_WEEKENDS;
  return value.filter(
    (r): r is WeekendRule => typeof r === 'object' && r !== null && typeof (r as WeekendRule).dayOfWeek === 'number' && typeof (r as WeekendRule).weekNumber === 'number',
  );
}

/**
 * Leave and holidays (DESIGN §5; docs/decisions/0027-leave-and-holidays.md): the holiday calendar,
 * leave types, balances and leave requests with approval by the reporting manager or an
 * administrator/moderator. Approved leave and holiday changes enqueue the attendance recompute, which
 * runs after commit.
 */
export class LeaveService {
  constructor(private readonly deps: { clock: Clock; locks: PayrollLockService }) {}

  private async today(tdb: TenantDb): Promise<IsoDate> {
    return dateInZone(this.deps.clock.now(), await repo.findTimeZone(tdb));
  }

  // ——— Holidays ———

  async listHolidays({ db: tdb }: Scope, year: number | undefined): Promise<Holiday[]> {
    const y = year ?? Number((await this.today(tdb)).slice(0, 4));
    return (await repo.findHolidays(tdb, `${String(y)}-01-01`, `${String(y)}-12-31`)).map(toHoliday);
  }

  async createHoliday(scope: Scope, input: HolidayInput): Promise<Holiday> {
    const holiday = await this.writeHoliday(scope, async (tdb) => {
      await this.deps.locks.assertOpen(scope, input.date);
      if (await repo.holidayDateTaken(tdb, input.date, null)) throw conflict(LEAVE_MSG.holidayExists, 'date');
      return repo.insertHoliday(tdb, input);
    });
    // Every employee's day (attendance repo findHolidays): a processed month with it is stale for all its employees.
    if (!holiday.isOptional) await this.markHoliday(scope, holiday.date, holiday.date, (by) => STALE_REASON.holidayAdded(holiday.name, holiday.date, by));
    this.recomputeDates(scope, [holiday.date]);
    return holiday;
  }

  async updateHoliday(scope: Scope, id: string, input: HolidayInput): Promise<Holiday> {
    let previousDate = input.date;
    let wasOptional = input.isOptional;
    const holiday = await this.writeHoliday(scope, async (tdb) => {
      const current = await repo.findHoliday(tdb, id);
      if (!current) throw notFound(LEAVE_MSG.holidayNotFound);
      previousDate = current.date;
      wasOptional = current.isOptional;
      await this.deps.locks.assertDatesOpen(scope, [current.date, input.date]);
      if (await repo.holidayDateTaken(tdb, input.date, id)) throw conflict(LEAVE_MSG.holidayExists, 'date');
      await repo.updateHoliday(tdb, id, input);
      return id;
    });
    // A new name or description changes no day; a new date or a holiday made (non-)optional does.
    const daysChanged = previousDate !== holiday.date ? !(wasOptional && holiday.isOptional) : wasOptional !== holiday.isOptional;
    if (daysChanged) {
      const [from = holiday.date, to = holiday.date] = [previousDate, holiday.date].sort();
      await this.markHoliday(scope, from, to, (by) => STALE_REASON.holidayChanged(holiday.name, previousDate, holiday.date, by));
    }
    this.recomputeDates(scope, [...new Set([previousDate, holiday.date])]);
    return holiday;
  }

  async deleteHoliday(scope: Scope, id: string): Promise<void> {
    const { db: tdb } = scope;
    await repo.lockLeaveSettings(tdb);
    const current = await repo.findHoliday(tdb, id);
    if (!current) throw notFound(LEAVE_MSG.holidayNotFound);
    await this.deps.locks.assertOpen(scope, current.date);
    await repo.deleteHoliday(tdb, id);
    if (!current.isOptional) await this.markHoliday(scope, current.date, current.date, (by) => STALE_REASON.holidayRemoved(current.name, current.date, by));
    this.recomputeDates(scope, [current.date]);
  }

  /**
   * A holiday is every employee's day off: a processed month with one of these days is stale for each
   * of its employees (DESIGN §10). Only one month is open at a time, so the span between an old and a
   * new date reaches no other.
   */
  private async markHoliday(scope: Scope, from: string, to: string, reason: (by: string) => string): Promise<void> {
    await this.deps.locks.markChanged(scope, { userIds: 'everyone', reach: { from, to }, by: scope.ctx.userId, reason });
  }

  private async writeHoliday({ db: tdb }: Scope, change: (tdb: TenantDb) => Promise<string>): Promise<Holiday> {
    try {
      await repo.lockLeaveSettings(tdb);
      const id = await change(tdb);
      const row = await repo.findHoliday(tdb, id);
      if (!row) throw notFound(LEAVE_MSG.holidayNotFound);
      return toHoliday(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(LEAVE_MSG.holidayExists, 'date');
      throw error;
    }
  }

  /** A holiday changes every employee's day: recompute each date for everyone, after the commit. */
  private recomputeDates({ enqueue }: Scope, dates: readonly string[]): void {
    for (const date of dates) enqueue('attendance.recompute', { from: date, to: date });
  }

  // ——— Leave types ———

  async listLeaveTypes({ db: tdb, ctx }: Scope, includeInactive: boolean): Promise<LeaveType[]> {
    const all = includeInactive && can(ctx.roleId, 'leave.types.manage');
    return (await repo.findLeaveTypes(tdb, all)).map(toLeaveType);
  }

  async createLeaveType(scope: Scope, input: LeaveTypeInput): Promise<LeaveType> {
    return this.writeLeaveType(scope, null, input);
  }

  async updateLeaveType(scope: Scope, id: string, input: LeaveTypeInput): Promise<LeaveType> {
    return this.writeLeaveType(scope, id, input);
  }

  /** A type with requests (any status) is kept for their history: refuse, and suggest deactivating. */
  async deleteLeaveType({ db: tdb }: Scope, id: string): Promise<void> {
    await repo.lockLeaveSettings(tdb);
    const current = await repo.findLeaveType(tdb, id);
    if (!current) throw notFound(LEAVE_MSG.typeNotFound);
    if (current.requestCount > 0) throw conflict(LEAVE_MSG.typeInUse);
    await repo.deleteLeaveType(tdb, id);
  }

  /** Creates (id null) or updates a type; code and name are unique in the organisation, case-insensitively. */
  private async writeLeaveType({ db: tdb }: Scope, id: string | null, input: LeaveTypeInput): Promise<LeaveType> {
    try {
      await repo.lockLeaveSettings(tdb);
      if (id !== null && !(await repo.findLeaveType(tdb, id))) throw notFound(LEAVE_MSG.typeNotFound);
      if (await repo.leaveTypeClash(tdb, 'code', input.code, id)) throw conflict(LEAVE_MSG.typeCodeExists, 'code');
      if (await repo.leaveTypeClash(tdb, 'name', input.name, id)) throw conflict(LEAVE_MSG.typeNameExists, 'name');
      const written = id ?? (await repo.insertLeaveType(tdb, input));
      if (id !== null) await repo.updateLeaveType(tdb, id, input);
      const row = await repo.findLeaveType(tdb, written);
      if (!row) throw notFound(LEAVE_MSG.typeNotFound);
      return toLeaveType(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(LEAVE_MSG.typeCodeExists, 'code');
      throw error;
    }
  }

  // ——— Balances ———

  async balances({ db: tdb, ctx }: Scope, query: LeaveBalanceQuery): Promise<LeaveBalanceRow[]> {
    const employeeId = query.employeeId ?? ctx.userId;
    const employee = await repo.findEmployee(tdb, employeeId);
    if (!employee) throw notFound(LEAVE_MSG.employeeNotFound);
    if (employee.id !== ctx.userId && !isAdminOrModerator(ctx) && employee.reportingManagerId !== ctx.userId) throw forbidden(LEAVE_MSG.notAllowedToView);
    const today = await this.today(tdb);
    const year = query.year ?? Number(today.slice(0, 4));
    const types = await repo.findLeaveTypes(tdb, true);
    const policies = await this.policyRules(tdb);
    const balances = await this.computeBalances(tdb, employee, types, year, today);
    // A type its policies leave out is not shown, unless the employee has leave of it (taken before the policy).
    return types
      .map((t) => ({ t, b: balances.get(t.id) }))
      .filter(({ t, b }) => {
        const taken = b !== undefined && (b.used > 0 || b.pending > 0);
        return (t.isActive && leavePolicyFor(t.id, policies, employee).applies) || taken;
      })
      .map(({ t, b }) => {
        const balance = b ?? { entitled: 0, carriedForward: 0, adjustment: 0, used: 0, pending: 0, available: 0, entitlementNote: null };
        return {
          leaveTypeId: t.id,
          leaveTypeName: t.name,
          code: t.code,
          color: t.color,
          isPaid: t.isPaid,
          isUnlimited: !t.isPaid,
          yearlyQuota: t.yearlyQuota,
          accruesMonthly: t.accruesMonthly,
          accrualRule: t.accrualRule,
          ...balance,
        };
      });
  }

  /**
   * Each type's balance for `year`: the carry-in is the stored balance row's carried_forward when a
   * row exists for that year (opening balances, corrections), else what the previous year's closing
   * balance carries forward, followed back at most CARRY_FORWARD_YEARS (and not before joining).
   * The balance ledger (opening balances, adjustments) is added on top: nothing is overwritten.
   * The year's balance is taken as of today within it, 31 December for a past year, and 1 January
   * for a future one (so leave applied ahead uses what would be credited then).
   * A 'codes-180-days' type is credited on 1 January what the previous calendar year's stored
   * attendance days earn (OSH Code 2020 s.32, computeCodesAnnualLeave): one query for all the years.
   */
  private async computeBalances(tdb: TenantDb, employee: repo.Employee, types: repo.LeaveTypeRecord[], year: number, today: IsoDate): Promise<Map<string, BalanceWithNote>> {
    const joiningYear = employee.dateOfJoining ? Number(employee.dateOfJoining.slice(0, 4)) : year;
    const firstYear = Math.min(year, Math.max(year - CARRY_FORWARD_YEARS, joiningYear));
    const stored = await repo.findStoredBalances(tdb, employee.id, firstYear, year);
    const usage = await repo.findUsage(tdb, employee.id, firstYear, year);
    const ledger = await repo.findLedgerSums(tdb, employee.id, firstYear, year);
    const ledgerOf = (typeId: string, y: number, kind: 'opening' | 'adjustment') => ledger.find((l) => l.leaveTypeId === typeId && l.year === y && l.kind === kind)?.days ?? 0;
    const storedOf = (typeId: string, y: number) => stored.find((s) => s.leaveTypeId === typeId && s.year === y);
    const daysOf = (typeId: string, y: number, status: number) => usage.find((u) => u.leaveTypeId === typeId && u.year === y && u.status === status)?.days ?? 0;
    const todayYear = Number(today.slice(0, 4));
    const attendance = types.some((t) => t.accrualRule === 'codes-180-days') ? await repo.findYearAttendance(tdb, employee.id, firstYear - 1, year - 1) : [];
    const codesOf = (y: number) => {
      const a = attendance.find((r) => r.year === y - 1);
      return computeCodesAnnualLeave({ year: y - 1, daysWorked: a?.daysWorked ?? 0, countedNonWorkDays: a?.paidLeaveDays ?? 0 });
    };
    const result = new Map<string, BalanceWithNote>();
    for (const type of types) {
      const rules = rulesOf(type);
      const isCodes = type.accrualRule === 'codes-180-days';
      let carry = 0;
      for (let y = firstYear; y <= year; y += 1) {
        const codes = isCodes ? codesOf(y) : null;
        const row = storedOf(type.id, y);
        const asOf = y < todayYear ? `${String(y)}-12-31` : y > todayYear ? `${String(y)}-01-01` : today;
        const balance = computeLeaveBalance({
          leaveType: rules,
          year: y,
          asOf,
          dateOfJoining: employee.dateOfJoining,
          // The ledger's opening entries move the carry-in, its adjustments credit or debit the year.
          carriedForward: (row ? row.carriedForward : carry) + ledgerOf(type.id, y, 'opening'),
          adjustment: (row ? row.adjustment : 0) + ledgerOf(type.id, y, 'adjustment'),
          approvedDays: daysOf(type.id, y, LeaveStatus.Approved),
          pendingDays: daysOf(type.id, y, LeaveStatus.Pending),
          codesDays: codes?.days ?? 0,
        });
        carry = computeCarryForward(rules, balance);
        if (y === year) result.set(type.id, { ...balance, entitlementNote: codes?.explanation ?? null });
      }
    }
    return result;
  }

  // ——— Customize balance: the ledger ———

  /**
   * Records an opening balance (the year's carry-in becomes `days`; the entry holds the difference)
   * or an adjustment (± days) with its reason, who and when, and the available days before and
   * after. Nothing is overwritten: the balance is recomputed from the ledger.
   */
  async adjustBalance({ db: tdb, ctx }: Scope, input: LeaveAdjustmentInput): Promise<LeaveAdjustment> {
    await repo.lockEmployeeLeave(tdb, input.employeeId);
    const employee = await repo.findEmployee(tdb, input.employeeId);
    if (!employee) throw fieldError('employeeId', LEAVE_MSG.employeeNotFound);
    const type = await repo.findLeaveType(tdb, input.leaveTypeId);
    if (!type) throw fieldError('leaveTypeId', LEAVE_MSG.leaveTypeInvalid);
    if (!type.isPaid) throw fieldError('leaveTypeId', LEAVE_MSG.adjustmentUnpaid);
    const today = await this.today(tdb);
    const before = (await this.computeBalances(tdb, employee, [type], input.year, today)).get(type.id);
    if (!before) throw notFound(LEAVE_MSG.typeNotFound);
    const change = input.kind === 'opening' ? input.days - before.carriedForward : input.days;
    if (change === 0) throw fieldError('days', LEAVE_MSG.openingUnchanged);
    const id = await repo.insertLedgerEntry(tdb, {
      userId: employee.id,
      leaveTypeId: type.id,
      year: input.year,
      kind: input.kind,
      days: change,
      balanceBefore: before.available,
      balanceAfter: before.available + change,
      reason: input.reason,
      createdBy: ctx.userId,
    });
    const row = await repo.findLedgerEntry(tdb, id);
    if (!row) throw notFound(LEAVE_MSG.typeNotFound);
    return row;
  }

  async listAdjustments({ db: tdb }: Scope, query: LeaveAdjustmentListQuery): Promise<{ rows: LeaveAdjustment[]; totalRecords: number }> {
    const employee = await repo.findEmployee(tdb, query.employeeId);
    if (!employee) throw notFound(LEAVE_MSG.employeeNotFound);
    const totalRecords = await repo.countLedgerEntries(tdb, employee.id, query.year);
    const rows = await repo.findLedgerEntries(tdb, employee.id, query.year, query.pageSize, (query.pageNumber - 1) * query.pageSize);
    return { rows, totalRecords };
  }

  // ——— Policies ———

  private async policyRules(tdb: TenantDb): Promise<LeavePolicyRule[]> {
    return repo.findPolicies(tdb);
  }

  async listPolicies({ db: tdb }: Scope): Promise<LeavePolicy[]> {
    return repo.findPolicies(tdb);
  }

  async createPolicy(scope: Scope, input: LeavePolicyInput): Promise<LeavePolicy> {
    return this.writePolicy(scope, null, input);
  }

  async updatePolicy(scope: Scope, id: string, input: LeavePolicyInput): Promise<LeavePolicy> {
    return this.writePolicy(scope, id, input);
  }

  async deletePolicy({ db: tdb }: Scope, id: string): Promise<void> {
    await repo.lockLeaveSettings(tdb);
    if (!(await repo.findPolicy(tdb, id))) throw notFound(LEAVE_MSG.policyNotFound);
    await repo.deletePolicy(tdb, id);
  }

  private async writePolicy({ db: tdb }: Scope, id: string | null, input: LeavePolicyInput): Promise<LeavePolicy> {
    try {
      await repo.lockLeaveSettings(tdb);
      if (id !== null && !(await repo.findPolicy(tdb, id))) throw notFound(LEAVE_MSG.policyNotFound);
      if (!(await repo.findLeaveType(tdb, input.leaveTypeId))) throw fieldError('leaveTypeId', LEAVE_MSG.leaveTypeInvalid);
      if ((await repo.countEmploymentTypes(tdb, input.employmentTypeIds)) !== input.employmentTypeIds.length) throw fieldError('employmentTypeIds', LEAVE_MSG.employmentTypeInvalid);
      if ((await repo.countDepartments(tdb, input.departmentIds)) !== input.departmentIds.length) throw fieldError('departmentIds', LEAVE_MSG.departmentInvalid);
      if (await repo.policyNameTaken(tdb, input.name, id)) throw conflict(LEAVE_MSG.policyNameExists, 'name');
      const written = id ?? (await repo.insertPolicy(tdb, input));
      if (id !== null) await repo.updatePolicy(tdb, id, input);
      const row = await repo.findPolicy(tdb, written);
      if (!row) throw notFound(LEAVE_MSG.policyNotFound);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(LEAVE_MSG.policyNameExists, 'name');
      throw error;
    }
  }

  // ——— Settings ———

  private async settingsOf(tdb: TenantDb): Promise<LeaveSettings> {
    return (await repo.findSettings(tdb)) ?? DEFAULT_LEAVE_SETTINGS;
  }

  async getSettings({ db: tdb }: Scope): Promise<LeaveSettings> {
    return this.settingsOf(tdb);
  }

  async saveSettings({ db: tdb, ctx }: Scope, input: LeaveSettingsInput): Promise<LeaveSettings> {
    await repo.upsertSettings(tdb, { ...input, updatedBy: ctx.userId });
    return this.settingsOf(tdb);
  }

  // ——— Requests ———

  /** Whether each date is a working day for the employee: not a week-off of their shift, not a (non-optional) holiday. */
  private async workingDayRule(tdb: TenantDb, employee: repo.Employee | null, from: IsoDate, to: IsoDate): Promise<(date: IsoDate) => boolean> {
    const shifts = await repo.findShiftWeekends(tdb);
    const departmentShifts = await repo.findDepartmentShifts(tdb, employee?.departmentId ?? null, to);
    const history = await repo.findShiftWeekendHistory(tdb, from);
    const assignments = employee ? await repo.findAssignments(tdb, employee.id, from, to) : [];
    const holidays = await repo.findHolidays(tdb, from, to);
    const defaultShiftId = shifts.find((s) => s.isDefault)?.id ?? null;
    const weekendsOf = new Map(shifts.map((s) => [s.id, parseWeekends(s.weekends)]));
    const earlierWeekends = new Map<string, { validUntil: IsoDate; definition: readonly WeekendRule[] }[]>();
    for (const h of history) earlierWeekends.set(h.shiftId, [...(earlierWeekends.get(h.shiftId) ?? []), { validUntil: h.validUntil, definition: parseWeekends(h.weekends) }]);
    const holidayDates = new Set(holidays.filter((h) => !h.isOptional).map((h) => h.date));
    return (date) => {
      const shiftId = resolveShiftId(date, assignments, departmentShifts, defaultShiftId);
      const current = shiftId ? weekendsOf.get(shiftId) : undefined;
      const weekends = (current && shiftId ? shiftDefinitionOn(date, current, earlierWeekends.get(shiftId) ?? []) : undefined) ?? DEFAULT_WEEKENDS;
      return !isWeekendDay(date, weekends) && !holidayDates.has(date);
    };
  }

  /**
   * The organisation's working days (the default shift's week-offs, non-optional holidays): the
   * payroll run's "last working day" pay date (people spec §9).
   */
  async organisationWorkingDays({ db: tdb }: TenantScope, from: IsoDate, to: IsoDate): Promise<(date: IsoDate) => boolean> {
    return this.workingDayRule(tdb, null, from, to);
  }

  /** The days a request of the signed-in employee for these dates would take. */
  async previewDays({ db: tdb, ctx }: Scope, query: LeaveDaysQuery): Promise<{ days: number }> {
    const employee = await repo.findEmployee(tdb, ctx.userId);
    if (!employee) throw notFound(LEAVE_MSG.employeeNotFound);
    const isWorkingDay = await this.workingDayRule(tdb, employee, query.startDate, query.endDate);
    const sandwich = query.leaveTypeId ? leavePolicyFor(query.leaveTypeId, await this.policyRules(tdb), employee).sandwich : false;
    return { days: countLeaveDays({ startDate: query.startDate, endDate: query.endDate, portion: query.portion, isWorkingDay, sandwich }) };
  }

  /** Applies for leave for the signed-in employee; the request starts Pending. */
  async apply({ db: tdb, ctx }: Scope, input: LeaveApply): Promise<LeaveRequest> {
    await repo.lockEmployeeLeave(tdb, ctx.userId);
    const employee = await repo.findEmployee(tdb, ctx.userId);
    if (!employee) throw notFound(LEAVE_MSG.employeeNotFound);
    const type = await repo.findLeaveType(tdb, input.leaveTypeId);
    if (!type || !type.isActive) throw fieldError('leaveTypeId', LEAVE_MSG.leaveTypeInvalid);
    const policy = leavePolicyFor(type.id, await this.policyRules(tdb), employee);
    if (!policy.applies) throw fieldError('leaveTypeId', LEAVE_MSG.typeNotApplicable);
    const settings = await this.settingsOf(tdb);
    if (input.portion !== 'full' && !settings.allowHalfDay) throw fieldError('portion', LEAVE_MSG.halfDayNotAllowed);
    if (employee.dateOfJoining && input.startDate < employee.dateOfJoining) throw fieldError('startDate', LEAVE_MSG.beforeJoining);
    if (settings.maxBackdatedDays !== null && input.startDate < addDaysToDate(await this.today(tdb), -settings.maxBackdatedDays)) {
      throw fieldError('startDate', LEAVE_MSG.tooFarBack.replace('{days}', String(settings.maxBackdatedDays)));
    }
    // A finalized month does not refuse leave (DESIGN §10: facts still happen after finalize); what it
    // changes in that month's pay is corrected in the next open month (payroll-lop.ts).

    // Two halves of the same date (a first half and a second half) may sit side by side; anything else overlapping clashes.
    const overlapping = await repo.findOverlapping(tdb, ctx.userId, input.startDate, input.endDate);
    const clashes = overlapping.some(
      (o) => !(input.portion !== 'full' && o.portion !== 'full' && o.portion !== input.portion && o.startDate === o.endDate && o.startDate === input.startDate),
    );
    if (clashes) throw conflict(LEAVE_MSG.overlap);

    const isWorkingDay = await this.workingDayRule(tdb, employee, input.startDate, input.endDate);
    const days = countLeaveDays({ startDate: input.startDate, endDate: input.endDate, portion: input.portion, isWorkingDay, sandwich: policy.sandwich });
    if (days <= 0) throw badRequest(LEAVE_MSG.noWorkingDays);

    if (type.isPaid && !settings.allowNegativeBalance) {
      const today = await this.today(tdb);
      const balance = (await this.computeBalances(tdb, employee, [type], Number(input.startDate.slice(0, 4)), today)).get(type.id);
      if (!balance || days > balance.available) throw badRequest(LEAVE_MSG.insufficientBalance);
    }
    const id = await repo.insertRequest(tdb, { userId: ctx.userId, leaveTypeId: type.id, startDate: input.startDate, endDate: input.endDate, portion: input.portion, days, reason: input.reason });
    return this.view(tdb, ctx, id);
  }

  async list({ db: tdb, ctx }: Scope, query: LeaveListQuery): Promise<{ rows: LeaveRequest[]; totalRecords: number }> {
    if (query.scope === 'all' && !can(ctx.roleId, 'leave.requests.all')) throw forbidden(LEAVE_MSG.notAllowedToView);
    const filters: repo.RequestFilters =
      query.scope === 'mine' ? { userId: ctx.userId } : query.scope === 'all' ? {} : isAdminOrModerator(ctx) ? { exceptUserId: ctx.userId } : { managerId: ctx.userId };
    if (query.scope !== 'mine' && query.employeeId) filters.userId = query.employeeId;
    if (query.status !== undefined) filters.status = query.status;
    if (query.scope === 'all') {
      if (query.leaveTypeId) filters.leaveTypeId = query.leaveTypeId;
      if (query.from) filters.from = query.from;
      if (query.to) filters.to = query.to;
      if (query.search) filters.search = query.search;
    }
    const totalRecords = await repo.countRequests(tdb, filters);
    const rows = await repo.findRequests(tdb, filters, query.pageSize, (query.pageNumber - 1) * query.pageSize);
    const today = await this.today(tdb);
    return { totalRecords, rows: rows.map((r) => this.toRequest(r, ctx, today)) };
  }

  /**
   * Approve (2) or reject (3) a pending request: its employee's reporting manager, or an
   * administrator or moderator, never the employee. Cancel (4): the employee, while it is pending or
   * approved and not yet started. Approval and the cancelling of approved leave recompute its days.
   */
  async setStatus({ db: tdb, ctx, enqueue }: Scope, id: string, input: LeaveStatusInput): Promise<LeaveRequest> {
    const found = await repo.findRequest(tdb, id);
    if (!found) throw notFound(LEAVE_MSG.requestNotFound);
    // Lock the employee's leave, then read the request again: a decision made meanwhile is seen.
    await repo.lockEmployeeLeave(tdb, found.userId);
    const row = (await repo.findRequest(tdb, id)) ?? found;
    const today = await this.today(tdb);
    const now = this.deps.clock.now();
    let recompute: boolean;
    if (input.status === LeaveStatus.Cancelled) {
      if (row.userId !== ctx.userId) throw forbidden(LEAVE_MSG.onlyRequesterCancels);
      if (!this.cancellable(row, today)) throw conflict(LEAVE_MSG.notCancellable);
      recompute = row.status === LeaveStatus.Approved;
      await repo.updateRequestStatus(tdb, id, { status: LeaveStatus.Cancelled, deciderId: null, remarks: input.remarks, at: now });
    } else {
      if (!mayDecideFor(ctx.userId, row.userId)) throw forbidden(LEAVE_MSG.cannotDecideOwn);
      if (!isAdminOrModerator(ctx) && row.reportingManagerId !== ctx.userId) throw forbidden(LEAVE_MSG.notAllowedToDecide);
      if (row.status !== LeaveStatus.Pending) throw conflict(LEAVE_MSG.alreadyDecided);
      if (input.status === LeaveStatus.Approved && row.isPaid && !(await this.settingsOf(tdb)).allowNegativeBalance) {
        // Pending days already hold the balance; a quota cut or a debit since applying can leave too little.
        const employee = await repo.findEmployee(tdb, row.userId);
        const type = await repo.findLeaveType(tdb, row.leaveTypeId);
        if (employee && type) {
          const balance = (await this.computeBalances(tdb, employee, [type], Number(row.startDate.slice(0, 4)), today)).get(type.id);
          if (balance && balance.available < 0) throw badRequest(LEAVE_MSG.insufficientBalance);
        }
      }
      recompute = input.status === LeaveStatus.Approved;
      await repo.updateRequestStatus(tdb, id, { status: input.status, deciderId: ctx.userId, remarks: input.remarks, at: now });
    }
    const result = await this.view(tdb, ctx, id);
    // A fact of the employee: a finalized month's days follow it too (facts: true), and payroll corrects that month's pay later.
    if (recompute) {
      enqueue('attendance.recompute', { userIds: [result.employeeId], from: result.startDate, to: result.endDate, facts: true });
      // A processed month that has these days is stale for the employee until processed again (DESIGN §10).
      const reason =
        input.status === LeaveStatus.Cancelled
          ? STALE_REASON.leaveCancelled(result.leaveTypeName, result.startDate, result.endDate)
          : STALE_REASON.leaveApproved(result.leaveTypeName, result.startDate, result.endDate, result.approverName ?? 'an administrator');
      await this.deps.locks.markInputChanged({ db: tdb }, result.employeeId, result.startDate, result.endDate, reason);
    }
    return result;
  }

  private cancellable(row: Pick<repo.LeaveRequestRecord, 'status' | 'startDate'>, today: IsoDate): boolean {
    return row.status === LeaveStatus.Pending || (row.status === LeaveStatus.Approved && row.startDate > today);
  }

  private async view(tdb: TenantDb, ctx: RequestContext, id: string): Promise<LeaveRequest> {
    const row = await repo.findRequest(tdb, id);
    if (!row) throw notFound(LEAVE_MSG.requestNotFound);
    return this.toRequest(row, ctx, await this.today(tdb));
  }

  private toRequest(row: repo.LeaveRequestRecord, ctx: RequestContext, today: IsoDate): LeaveRequest {
    const own = !mayDecideFor(ctx.userId, row.userId);
    return {
      id: row.id,
      employeeId: row.userId,
      employeeName: row.employeeName,
      employeeNumber: row.employeeNumber,
      leaveTypeId: row.leaveTypeId,
      leaveTypeName: row.leaveTypeName,
      leaveTypeColor: row.leaveTypeColor,
      isPaid: row.isPaid,
      startDate: row.startDate,
      endDate: row.endDate,
      portion: row.portion,
      days: row.days,
      reason: row.reason,
      status: row.status,
      remarks: row.remarks,
      approverName: row.approverName,
      decidedAt: row.decidedAt,
      createdAt: row.createdAt,
      canCancel: own && this.cancellable(row, today),
      canDecide: !own && row.status === LeaveStatus.Pending && (isAdminOrModerator(ctx) || row.reportingManagerId === ctx.userId),
    };
  }
}
