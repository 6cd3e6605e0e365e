import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { departments, users } from './people';

/** One row per organisation; `settings` is the Attendance settings entity (people spec §3), validated by the contract. */
export const attendanceSettings = pgTable(
  'attendance_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/** Shifts (people spec §3): times 'HH:mm:ss'; `weekends` holds { dayOfWeek 0-6, weekNumber 0-5, isWeekend }. */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    shiftName: text('shift_name').notNull(),
    shiftStart: text('shift_start').notNull(),
    shiftEnd: text('shift_end').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    weekends: jsonb('weekends').notNull().default([]),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('shifts_tenant_name_key').on(t.tenantId, sql`lower(${t.shiftName})`),
    uniqueIndex('shifts_tenant_default_key')
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A department's shift from a date on (POST assign/departments, a shift's departments): the row with
 * the latest effectiveFrom on or before a day gives that day's department shift; before the first row
 * the department works the default shift. Earlier rows stay, so a new department shift never
 * rewrites the days before it. Taking a department off a shift links it to the default.
 */
export const shiftDepartments = pgTable(
  'shift_departments',
  {
    tenantId: tenantIdColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.departmentId, t.effectiveFrom] }), index('shift_departments_department_idx').on(t.tenantId, t.departmentId)],
);

/**
 * A shift's earlier definitions: times and weekends that applied to the days before `validUntil`
 * (exclusive) and after the previous row's. The `shifts` row is the definition from the last row's
 * `validUntil` on. Editing a shift from a date adds a row, so the days before the edit keep the
 * times and weekends they were computed with.
 */
export const shiftHistory = pgTable(
  'shift_history',
  {
    tenantId: tenantIdColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    shiftStart: text('shift_start').notNull(),
    shiftEnd: text('shift_end').notNull(),
    weekends: jsonb('weekends').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.shiftId, t.validUntil] }), index('shift_history_tenant_idx').on(t.tenantId)],
);

/**
 * Months whose payroll is finalized (DESIGN §10): organisation-wide inputs (holidays, shift
 * assignments, settings, check-in and manual logs) no longer touch a locked day and recomputes leave
 * those days alone; a person's leave and regularizations still do, and payroll corrects the pay in the
 * next open month. `month` is 'YYYY-MM'. The locked days are `locked_from`–`locked_through`: the pay
 * period's days that had passed when it was finalized (the days still to come stay open, so attendance
 * can still be recorded for them);
 * both null (locks made before them) is the calendar month. `locked_through` before `locked_from`
 * locks no day.
 */
export const payrollMonthLocks = pgTable(
  'payroll_month_locks',
  {
    tenantId: tenantIdColumn(),
    month: text('month').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
    lockedFrom: date('locked_from', { mode: 'string' }),
    lockedThrough: date('locked_through', { mode: 'string' }),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.tenantId, t.month] })],
);

/**
 * An input of a processed (not finalized) month changed for an employee (DESIGN §10, a month's life):
 * the employee's processed figures are stale until processed again, with why ("Loss of Pay approved
 * for 26 Nov 2026 by Anita Rao"). Processing the employee removes the marks; finalize refuses while
 * any remain for an employee of the run.
 */
export const payrollStaleInputs = pgTable(
  'payroll_stale_inputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    reason: text('reason').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('payroll_stale_inputs_month_idx').on(t.tenantId, t.month, t.userId)],
);

/** An employee's shift from startDate to endDate (open-ended when null); the latest covering a day wins. */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('shift_assignments_user_idx').on(t.tenantId, t.userId, t.startDate)],
);

/**
 * Check-in/check-out pairs. workDate is the tenant-zone date the shift starts on (DESIGN §5);
 * approvalStatus 1 Pending (WaitingForApproval), 2 Approved, 3 Rejected (platform §3.1).
 */
export const timeLogs = pgTable(
  'time_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    checkIn: timestamp('check_in', { withTimezone: true }).notNull(),
    checkOut: timestamp('check_out', { withTimezone: true }),
    /** 'web' (check-in button), 'manual' (self update), 'regularization', 'import'. */
    source: text('source').notNull().default('web'),
    approvalStatus: smallint('approval_status').notNull().default(2),
    notes: text('notes'),
    /** The browser's location at a web check-in, recorded when the organisation requires it. */
    checkInLatitude: doublePrecision('check_in_latitude'),
    checkInLongitude: doublePrecision('check_in_longitude'),
    checkInAccuracyMetres: doublePrecision('check_in_accuracy_metres'),
    /** The client site the check-in fell in (no foreign key: deleting a site keeps the history; the name is copied). */
    checkInSiteId: uuid('check_in_site_id'),
    checkInSiteName: text('check_in_site_name'),
    /** Whole metres from the matched site's centre (a check-in outside every site is refused, so never outside). */
    checkInDistanceMetres: integer('check_in_distance_metres'),
    /**
     * The reading at a web check-out when the organisation requires location. A check-out is never
     * refused for where it is (an open log must be closable), so the site here is the nearest one,
     * `checkOutInside` says whether the reading was within its radius at the time.
     */
    checkOutLatitude: doublePrecision('check_out_latitude'),
    checkOutLongitude: doublePrecision('check_out_longitude'),
    checkOutAccuracyMetres: doublePrecision('check_out_accuracy_metres'),
    checkOutSiteId: uuid('check_out_site_id'),
    checkOutSiteName: text('check_out_site_name'),
    checkOutDistanceMetres: integer('check_out_distance_metres'),
    checkOutInside: boolean('check_out_inside'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('time_logs_user_date_idx').on(t.tenantId, t.userId, t.workDate)],
);

/** The computed day (attendance engine) per employee and date; recomputed when its inputs change. */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    firstIn: text('first_in'),
    lastOut: text('last_out'),
    totalMinutes: integer('total_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    isLate: boolean('is_late').notNull().default(false),
    payableFraction: numeric('payable_fraction', { precision: 2, scale: 1 }).notNull(),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** Lowest approval of the day's logs: 1 pending, 2 approved, 3 rejected; null without logs. */
    approvalStatus: smallint('approval_status'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    primaryKey({ columns: [t.userId, t.workDate] }),
    index('attendance_days_tenant_date_idx').on(t.tenantId, t.workDate),
    // The payroll run reads only the days that cost pay (findPayDays): a few percent of the days.
    index('attendance_days_unpaid_idx').on(t.userId, t.workDate).where(sql`${t.payableFraction} < 1`),
  ],
);

/**
 * Requests (platform §3.1): requestType 1 CompOff, 2 AttendanceRegularization, 3 Reimbursement;
 * status 1 Completed, 2 InProgress, 4 Cancelled, 5 Opened, 6 Rejected. additionalData carries
 * attendanceRegularization { startDate, endDate, startTime, endTime }.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestType: smallint('request_type').notNull(),
    status: smallint('status').notNull(),
    reason: text('reason').notNull(),
    additionalData: jsonb('additional_data').notNull().default({}),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remarks: text('remarks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('requests_user_idx').on(t.tenantId, t.userId, t.createdAt), index('requests_status_idx').on(t.tenantId, t.requestType, t.status)],
);

export const holidays = pgTable(
  'holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    holidayDate: date('holiday_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isOptional: boolean('is_optional').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('holidays_tenant_date_key').on(t.tenantId, t.holidayDate)],
);

/** Leave types: paid or unpaid, yearly quota, monthly accrual, carry forward (DESIGN §5). Days may be halves. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    isPaid: boolean('is_paid').notNull().default(true),
    yearlyQuota: numeric('yearly_quota', { precision: 5, scale: 1 }).notNull().default('0'),
    /** Accrues quota/12 each month instead of all on 1 January. */
    accruesMonthly: boolean('accrues_monthly').notNull().default(false),
    /**
     * 'quota' (the yearly quota above) or 'codes-180-days': the year's credit is the annual leave
     * with wages the previous calendar year's attendance earns (OSH Code 2020 s.32; LeaveAccrualRule).
     */
    accrualRule: text('accrual_rule').notNull().default('quota'),
    carryForward: boolean('carry_forward').notNull().default(false),
    maxCarryForward: numeric('max_carry_forward', { precision: 5, scale: 1 }).notNull().default('0'),
    /** The balance is paid out (at basic + DA ÷ 30 a day) in a full-and-final settlement. */
    isEncashable: boolean('is_encashable').notNull().default(false),
    color: text('color').notNull().default('blue'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('leave_types_tenant_code_key').on(t.tenantId, sql`lower(${t.code})`)],
);

/** Per employee, leave type and calendar year: what came in from last year and manual adjustments. */
export const leaveBalances = pgTable(
  'leave_balances',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    carriedForward: numeric('carried_forward', { precision: 5, scale: 1 }).notNull().default('0'),
    adjustment: numeric('adjustment', { precision: 5, scale: 1 }).notNull().default('0'),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.userId, t.leaveTypeId, t.year] })],
);

/**
 * The leave balance ledger: opening balances and adjustments, never updated or
 * deleted. A balance is computed from the rules, the requests and these rows; `days` is the signed
 * change, `balanceBefore`/`balanceAfter` the available days around it (the audit trail shows both).
 * kind 'opening' moves the year's carry-in, 'adjustment' credits or debits the year.
 */
export const leaveBalanceEntries = pgTable(
  'leave_balance_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    kind: text('kind', { enum: ['opening', 'adjustment'] }).notNull(),
    days: numeric('days', { precision: 6, scale: 1 }).notNull(),
    balanceBefore: numeric('balance_before', { precision: 6, scale: 1 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 6, scale: 1 }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('leave_balance_entries_user_idx').on(t.tenantId, t.userId, t.year, t.createdAt)],
);

/**
 * Leave policies: a leave type applies to the employment types (options of the
 * Employment Type field) and departments listed (empty: all); the sandwich rule counts week-offs
 * and holidays between leave days. A type without active policies applies to everyone.
 */
export const leavePolicies = pgTable(
  'leave_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    employmentTypeIds: jsonb('employment_type_ids').$type<string[]>().notNull().default([]),
    departmentIds: jsonb('department_ids').$type<string[]>().notNull().default([]),
    sandwichRule: boolean('sandwich_rule').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('leave_policies_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** Leave settings, one row per organisation; absent: the defaults of the contract. */
export const leaveSettings = pgTable(
  'leave_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    allowHalfDay: boolean('allow_half_day').notNull().default(true),
    /** How many days back a leave may start; null: no limit. */
    maxBackdatedDays: smallint('max_backdated_days'),
    /** Paid leave beyond the available balance (a negative balance) may be applied for. */
    allowNegativeBalance: boolean('allow_negative_balance').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/**
 * Exception logs: the organisation's unexpected server errors, written after the
 * failed request rolled back by a job. The route pattern (no query string), never bodies; the only
 * person named is the user id.
 */
export const exceptionLogs = pgTable(
  'exception_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    requestId: text('request_id').notNull(),
    errorType: text('error_type').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id'),
  },
  (t) => [tenantIsolation(), index('exception_logs_tenant_time_idx').on(t.tenantId, t.occurredAt)],
);

/** Leave requests: status 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled; `portion` full or a half (single day). */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    portion: text('portion', { enum: ['full', 'firstHalf', 'secondHalf'] }).notNull().default('full'),
    days: numeric('days', { precision: 5, scale: 1 }).notNull(),
    reason: text('reason'),
    status: smallint('status').notNull().default(1),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remarks: text('remarks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('leave_requests_user_idx').on(t.tenantId, t.userId, t.startDate), index('leave_requests_status_idx').on(t.tenantId, t.status)],
);

/** In-app notifications (platform §7.7); the attendance reminder is type 'AttendanceReminder'. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('notifications_user_idx').on(t.tenantId, t.userId, t.isRead, t.createdAt)],
);
