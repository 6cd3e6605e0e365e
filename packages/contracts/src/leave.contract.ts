import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * Leave and holidays (DESIGN §5 "Leave and holidays"; platform §2.1 routes under leaves/ and
 * holidays; people spec §2.11 grid colours). The spec shows routes and colours only: the fields,
 * rules and messages here are ours (docs/decisions/0027-leave-and-holidays.md).
 */

/** Leave request status: 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled (platform §3.1 Request approval, plus Cancelled). */
export const LeaveStatus = { Pending: 1, Approved: 2, Rejected: 3, Cancelled: 4 } as const;
export type LeaveStatusId = (typeof LeaveStatus)[keyof typeof LeaveStatus];
export const LEAVE_STATUS_NAMES: Record<LeaveStatusId, string> = { 1: 'Pending', 2: 'Approved', 3: 'Rejected', 4: 'Cancelled' };
/** Badge colours: Pending yellow, Approved green, Rejected red, Cancelled grey. */
export const LEAVE_STATUS_COLORS: Record<LeaveStatusId, string> = { 1: 'yellow', 2: 'green', 3: 'red', 4: 'gray' };

export const LEAVE_PORTIONS = ['full', 'firstHalf', 'secondHalf'] as const;
export type LeavePortionValue = (typeof LEAVE_PORTIONS)[number];
export const LEAVE_PORTION_LABELS: Record<LeavePortionValue, string> = { full: 'Full day', firstHalf: 'First half', secondHalf: 'Second half' };

/** Colours a leave type may take (Mantine palette names). */
export const LEAVE_TYPE_COLORS = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo', 'gray'] as const;
export type LeaveTypeColor = (typeof LEAVE_TYPE_COLORS)[number];

/** Platform §9: leave lists page by 6 and hide the footer at 6 or fewer. */
export const LEAVE_PAGE_SIZE = 6;
export const LEAVE_MAX_PAGE_SIZE = 100;
export const LEAVE_QUOTA_MAX = 365;

export const LEAVE_MSG = {
  // leave types
  typeCreated: 'Leave type created successfully',
  typeUpdated: 'Leave type updated successfully',
  typeDeleted: 'Leave type deleted successfully',
  typeNameRequired: 'Please enter a leave type name',
  typeNameTooLong: 'Leave type name must be at most 50 characters',
  typeCodeRequired: 'Please enter a leave type code',
  typeCodeInvalid: 'Code must be 1 to 10 letters, digits, hyphens or underscores',
  typeCodeExists: 'A leave type with this code already exists',
  typeNameExists: 'A leave type with this name already exists',
  quotaInvalid: 'Yearly quota must be a multiple of 0.5 between 0 and 365',
  accrualRuleInvalid: "Accrual rule must be 'quota' or 'codes-180-days'",
  maxCarryForwardInvalid: 'Maximum carry forward must be a multiple of 0.5 between 0 and 365',
  maxCarryForwardRequired: 'Please enter the maximum days to carry forward',
  colorInvalid: 'Please select a colour',
  typeNotFound: 'Leave type not found',
  typeInUse: 'This leave type has leave requests and cannot be deleted. Deactivate it instead.',
  // requests
  leaveTypeRequired: 'Please select a leave type',
  leaveTypeInvalid: 'Please select a valid leave type',
  startDateRequired: 'Please select a start date',
  endDateRequired: 'Please select an end date',
  endBeforeStart: 'End date cannot be before start date',
  halfDaySingleDate: 'A half day can only be taken for a single date',
  spansYears: 'Leave cannot span two calendar years. Please apply for each year separately.',
  beforeJoining: 'Leave cannot start before your date of joining',
  reasonRequired: 'Please enter a reason',
  reasonTooLong: 'Reason must be at most 500 characters',
  remarksTooLong: 'Remarks must be at most 500 characters',
  overlap: 'You already have leave on these dates',
  noWorkingDays: 'The selected dates have no working days',
  insufficientBalance: 'Insufficient leave balance',
  applied: 'Leave applied successfully',
  approved: 'Leave approved successfully',
  rejected: 'Leave rejected successfully',
  cancelled: 'Leave cancelled successfully',
  requestNotFound: 'Leave request not found',
  alreadyDecided: 'This leave request has already been decided',
  notCancellable: 'Only pending leave, or approved leave that has not started, can be cancelled',
  onlyRequesterCancels: 'Only the employee who applied can cancel this leave',
  cannotDecideOwn: 'You cannot approve or reject your own leave request',
  notAllowedToDecide: 'Only the reporting manager, an administrator or a moderator can approve or reject this leave',
  notAllowedToView: 'You can view the leave of your reportees only',
  employeeNotFound: 'Employee not found',
  statusFailed: 'Failed to update status',
  fetchFailed: 'Failed to fetch leave requests',
  applyFailed: 'Failed to apply for leave',
  // holidays
  holidayCreated: 'Holiday added successfully',
  holidayUpdated: 'Holiday updated successfully',
  holidayDeleted: 'Holiday deleted successfully',
  holidayExists: 'A holiday already exists on this date',
  holidayNameRequired: 'Please enter a holiday name',
  holidayNameTooLong: 'Holiday name must be at most 100 characters',
  holidayDateRequired: 'Please select a date',
  holidayDescriptionTooLong: 'Description must be at most 500 characters',
  holidayNotFound: 'Holiday not found',
  // customize balance
  adjustmentSaved: 'Leave balance updated successfully',
  adjustmentKindRequired: 'Please select opening balance or adjustment',
  adjustmentDaysRequired: 'Please enter the number of days',
  adjustmentDaysInvalid: 'Days must be a multiple of 0.5 between -365 and 365',
  adjustmentDaysZero: 'An adjustment cannot be zero days',
  openingDaysInvalid: 'Opening balance must be a multiple of 0.5 between 0 and 365',
  openingUnchanged: 'The opening balance is already this number of days',
  adjustmentReasonRequired: 'Please enter a reason for the change',
  adjustmentUnpaid: 'Unpaid leave types have no balance to change',
  employeeRequired: 'Please select an employee',
  yearRequired: 'Please select a year',
  // policies
  policyCreated: 'Leave policy created successfully',
  policyUpdated: 'Leave policy updated successfully',
  policyDeleted: 'Leave policy deleted successfully',
  policyNameRequired: 'Please enter a policy name',
  policyNameTooLong: 'Policy name must be at most 100 characters',
  policyNameExists: 'A leave policy with this name already exists',
  policyNotFound: 'Leave policy not found',
  employmentTypeInvalid: 'Please select valid employment types',
  departmentInvalid: 'Please select valid departments',
  typeNotApplicable: 'This leave type does not apply to you',
  // settings
  settingsSaved: 'Leave settings saved successfully',
  maxBackdatedDaysInvalid: 'Backdated days must be a whole number between 0 and 365',
  halfDayNotAllowed: 'Half-day leave is not allowed in your organisation',
  tooFarBack: 'Leave cannot start more than {days} days in the past',
} as const;

const isoDate = (message: string) => dateSchema(message);

/** Days: a multiple of 0.5 from 0 to 365. */
const halfDays = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(LEAVE_QUOTA_MAX, message)
    .refine((v) => Number.isInteger(v * 2), message);

const idSchema = (message: string) => z.uuid({ error: message });

const queryBoolean = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
const yearSchema = z.coerce.number({ error: 'year must be between 2000 and 2100' }).int('year must be between 2000 and 2100').min(2000, 'year must be between 2000 and 2100').max(2100, 'year must be between 2000 and 2100');

export const leaveIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

// ——— Holidays ———

export const holidaySchema = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** A restricted (optional) holiday: a working day unless the employee takes leave. */
  isOptional: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z.object({
  date: isoDate(LEAVE_MSG.holidayDateRequired),
  name: z.string({ error: LEAVE_MSG.holidayNameRequired }).trim().min(1, LEAVE_MSG.holidayNameRequired).max(100, LEAVE_MSG.holidayNameTooLong),
  description: z
    .string()
    .trim()
    .max(500, LEAVE_MSG.holidayDescriptionTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  isOptional: z.boolean().optional().default(false),
});
export type HolidayInput = z.output<typeof holidayInputSchema>;
export type HolidayInputBody = z.input<typeof holidayInputSchema>;

export const holidayListQuerySchema = z.object({ year: yearSchema.optional() });
export type HolidayListQuery = z.output<typeof holidayListQuerySchema>;
export const holidayListReplySchema = listEnvelope(holidaySchema);
export const holidayReplySchema = envelope(holidaySchema);

// ——— Leave types ———

/**
 * How a type's yearly credit is decided: 'quota' the yearly quota (whole on 1 January or monthly
 * accrual); 'codes-180-days' annual leave with wages under the OSH Code 2020 s.32: one day per 20
 * days worked in the previous calendar year, for a worker with 180 qualifying days in it.
 */
export const LEAVE_ACCRUAL_RULES = ['quota', 'codes-180-days'] as const;
export type LeaveAccrualRuleValue = (typeof LEAVE_ACCRUAL_RULES)[number];

export const leaveTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  isPaid: z.boolean(),
  yearlyQuota: z.number(),
  accruesMonthly: z.boolean(),
  accrualRule: z.enum(LEAVE_ACCRUAL_RULES),
  carryForward: z.boolean(),
  maxCarryForward: z.number(),
  /** Paid out in a full-and-final settlement. */
  isEncashable: z.boolean(),
  color: z.string(),
  isActive: z.boolean(),
  /** Requests of any status filed against the type (a type in use cannot be deleted). */
  requestCount: z.number().int(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const leaveTypeInputSchema = z
  .object({
    name: z.string({ error: LEAVE_MSG.typeNameRequired }).trim().min(1, LEAVE_MSG.typeNameRequired).max(50, LEAVE_MSG.typeNameTooLong),
    code: z
      .string({ error: LEAVE_MSG.typeCodeRequired })
      .trim()
      .min(1, LEAVE_MSG.typeCodeRequired)
      .regex(/^[A-Za-z0-9_-]{1,10}$/, LEAVE_MSG.typeCodeInvalid)
      .transform((v) => v.toUpperCase()),
    isPaid: z.boolean().optional().default(true),
    yearlyQuota: halfDays(LEAVE_MSG.quotaInvalid).optional().default(0),
    accruesMonthly: z.boolean().optional().default(false),
    accrualRule: z.enum(LEAVE_ACCRUAL_RULES, { error: LEAVE_MSG.accrualRuleInvalid }).optional().default('quota'),
    carryForward: z.boolean().optional().default(false),
    maxCarryForward: halfDays(LEAVE_MSG.maxCarryForwardInvalid).optional().default(0),
    isEncashable: z.boolean().optional().default(false),
    color: z.enum(LEAVE_TYPE_COLORS, { error: LEAVE_MSG.colorInvalid }).optional().default('blue'),
    isActive: z.boolean().optional().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.isPaid && v.carryForward && v.maxCarryForward <= 0) ctx.addIssue({ code: 'custom', path: ['maxCarryForward'], message: LEAVE_MSG.maxCarryForwardRequired });
  })
  // An unpaid type is unlimited: no quota, accrual or carry forward.
  .transform((v) => (v.isPaid ? v : { ...v, yearlyQuota: 0, accruesMonthly: false, accrualRule: 'quota' as const, carryForward: false, maxCarryForward: 0, isEncashable: false }))
  // The codes rule credits from days worked: the quota and monthly accrual do not apply.
  .transform((v) => (v.accrualRule === 'codes-180-days' ? { ...v, yearlyQuota: 0, accruesMonthly: false } : v))
  .transform((v) => (v.carryForward ? v : { ...v, maxCarryForward: 0 }));
export type LeaveTypeInput = z.output<typeof leaveTypeInputSchema>;
export type LeaveTypeInputBody = z.input<typeof leaveTypeInputSchema>;

export const leaveTypeListQuerySchema = z.object({
  /** Administrators and moderators only: include inactive types (the leave-types screen). */
  includeInactive: queryBoolean('includeInactive').optional(),
});
export const leaveTypeListReplySchema = listEnvelope(leaveTypeSchema);
export const leaveTypeReplySchema = envelope(leaveTypeSchema);

// ——— Balances ———

export const leaveBalanceSchema = z.object({
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  code: z.string(),
  color: z.string(),
  isPaid: z.boolean(),
  /** Unpaid types have no balance limit. */
  isUnlimited: z.boolean(),
  yearlyQuota: z.number(),
  accruesMonthly: z.boolean(),
  accrualRule: z.enum(LEAVE_ACCRUAL_RULES),
  /** How `entitled` was decided, when a rule explains it ('codes-180-days': the previous year's days worked). */
  entitlementNote: z.string().nullable(),
  entitled: z.number(),
  carriedForward: z.number(),
  adjustment: z.number(),
  used: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type LeaveBalanceRow = z.infer<typeof leaveBalanceSchema>;

export const leaveBalanceQuerySchema = z.object({
  /** Default: the signed-in employee. */
  employeeId: z.uuid({ error: 'employeeId must be a UUID' }).optional(),
  /** Default: the current year in the organisation's zone. */
  year: yearSchema.optional(),
});
export type LeaveBalanceQuery = z.output<typeof leaveBalanceQuerySchema>;
export const leaveBalanceReplySchema = listEnvelope(leaveBalanceSchema);

// ——— Requests ———

export const leaveRequestSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  leaveTypeColor: z.string(),
  isPaid: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  portion: z.enum(LEAVE_PORTIONS),
  days: z.number(),
  reason: z.string().nullable(),
  status: z.number().int(),
  remarks: z.string().nullable(),
  approverName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** For the signed-in viewer. */
  canCancel: z.boolean(),
  canDecide: z.boolean(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const leaveApplySchema = z
  .object({
    leaveTypeId: idSchema(LEAVE_MSG.leaveTypeRequired),
    startDate: isoDate(LEAVE_MSG.startDateRequired),
    endDate: isoDate(LEAVE_MSG.endDateRequired),
    portion: z.enum(LEAVE_PORTIONS, { error: 'portion must be full, firstHalf or secondHalf' }).optional().default('full'),
    reason: z.string({ error: LEAVE_MSG.reasonRequired }).trim().min(1, LEAVE_MSG.reasonRequired).max(500, LEAVE_MSG.reasonTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: LEAVE_MSG.endBeforeStart });
    else if (v.portion !== 'full' && v.startDate !== v.endDate) ctx.addIssue({ code: 'custom', path: ['portion'], message: LEAVE_MSG.halfDaySingleDate });
    else if (v.startDate.slice(0, 4) !== v.endDate.slice(0, 4)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: LEAVE_MSG.spansYears });
  });
export type LeaveApply = z.output<typeof leaveApplySchema>;
export type LeaveApplyBody = z.input<typeof leaveApplySchema>;

/**
 * scope: mine (own), team (direct reportees; everyone else for administrators and moderators), all
 * (administrators and moderators: every employee's requests, their own too — /leaves/requests).
 */
export const LEAVE_SCOPES = ['mine', 'team', 'all'] as const;
export type LeaveScope = (typeof LEAVE_SCOPES)[number];

export const leaveListQuerySchema = z.object({
  pageNumber: z.coerce.number({ error: 'pageNumber must be a whole number of at least 1' }).int('pageNumber must be a whole number of at least 1').min(1, 'pageNumber must be a whole number of at least 1').default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}` })
    .int(`pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .min(1, `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .max(LEAVE_MAX_PAGE_SIZE, `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .default(LEAVE_PAGE_SIZE),
  /** 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled; absent: all. */
  status: z.coerce.number({ error: 'status must be 1, 2, 3 or 4' }).int('status must be 1, 2, 3 or 4').min(1, 'status must be 1, 2, 3 or 4').max(4, 'status must be 1, 2, 3 or 4').optional(),
  scope: z.enum(LEAVE_SCOPES, { error: 'scope must be mine or team' }).optional().default('mine'),
  /** With scope=team or all: one employee. */
  employeeId: z.uuid({ error: 'employeeId must be a UUID' }).optional(),
  /** With scope=all: one leave type, requests overlapping a date range, an employee name or number. */
  leaveTypeId: z.uuid({ error: 'leaveTypeId must be a UUID' }).optional(),
  from: isoDate('from must be a date (YYYY-MM-DD)').optional(),
  to: isoDate('to must be a date (YYYY-MM-DD)').optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type LeaveListQuery = z.output<typeof leaveListQuerySchema>;
export const leaveListReplySchema = listEnvelope(leaveRequestSchema);
export const leaveRequestReplySchema = envelope(leaveRequestSchema);

/** GET /Leaves/days: the days a request for these dates would take (the apply modal's preview). */
export const leaveDaysQuerySchema = z
  .object({
    /** The type applied for: its leave policy decides whether the sandwich rule counts week-offs and holidays. */
    leaveTypeId: z.uuid({ error: LEAVE_MSG.leaveTypeInvalid }).optional(),
    startDate: isoDate(LEAVE_MSG.startDateRequired),
    endDate: isoDate(LEAVE_MSG.endDateRequired),
    portion: z.enum(LEAVE_PORTIONS, { error: 'portion must be full, firstHalf or secondHalf' }).optional().default('full'),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: LEAVE_MSG.endBeforeStart });
    else if (v.portion !== 'full' && v.startDate !== v.endDate) ctx.addIssue({ code: 'custom', path: ['portion'], message: LEAVE_MSG.halfDaySingleDate });
    else if (v.startDate.slice(0, 4) !== v.endDate.slice(0, 4)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: LEAVE_MSG.spansYears });
  });
export type LeaveDaysQuery = z.output<typeof leaveDaysQuerySchema>;
export const leaveDaysReplySchema = envelope(z.object({ days: z.number() }));

export const leaveStatusInputSchema = z.object({
  status: z.union([z.literal(LeaveStatus.Approved), z.literal(LeaveStatus.Rejected), z.literal(LeaveStatus.Cancelled)], { error: 'status must be 2 (Approved), 3 (Rejected) or 4 (Cancelled)' }),
  remarks: z
    .string()
    .trim()
    .max(500, LEAVE_MSG.remarksTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type LeaveStatusInput = z.output<typeof leaveStatusInputSchema>;
export type LeaveStatusInputBody = z.input<typeof leaveStatusInputSchema>;

// ——— Customize balance ———

export const LEAVE_ADJUSTMENT_KINDS = ['opening', 'adjustment'] as const;
export type LeaveAdjustmentKind = (typeof LEAVE_ADJUSTMENT_KINDS)[number];
export const LEAVE_ADJUSTMENT_KIND_LABELS: Record<LeaveAdjustmentKind, string> = { opening: 'Opening balance', adjustment: 'Adjustment' };

/**
 * POST /Leaves/balance-adjustments. kind 'opening': `days` is the year's opening balance (carried in),
 * the ledger records the difference; 'adjustment': `days` is a credit (+) or debit (−).
 */
export const leaveAdjustmentInputSchema = z
  .object({
    employeeId: idSchema(LEAVE_MSG.employeeRequired),
    leaveTypeId: idSchema(LEAVE_MSG.leaveTypeRequired),
    year: z.number({ error: LEAVE_MSG.yearRequired }).int(LEAVE_MSG.yearRequired).min(2000, LEAVE_MSG.yearRequired).max(2100, LEAVE_MSG.yearRequired),
    kind: z.enum(LEAVE_ADJUSTMENT_KINDS, { error: LEAVE_MSG.adjustmentKindRequired }),
    days: z
      .number({ error: LEAVE_MSG.adjustmentDaysRequired })
      .min(-LEAVE_QUOTA_MAX, LEAVE_MSG.adjustmentDaysInvalid)
      .max(LEAVE_QUOTA_MAX, LEAVE_MSG.adjustmentDaysInvalid)
      .refine((v) => Number.isInteger(v * 2), LEAVE_MSG.adjustmentDaysInvalid),
    reason: z.string({ error: LEAVE_MSG.adjustmentReasonRequired }).trim().min(1, LEAVE_MSG.adjustmentReasonRequired).max(500, LEAVE_MSG.reasonTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'adjustment' && v.days === 0) ctx.addIssue({ code: 'custom', path: ['days'], message: LEAVE_MSG.adjustmentDaysZero });
    if (v.kind === 'opening' && v.days < 0) ctx.addIssue({ code: 'custom', path: ['days'], message: LEAVE_MSG.openingDaysInvalid });
  });
export type LeaveAdjustmentInput = z.output<typeof leaveAdjustmentInputSchema>;

export const leaveAdjustmentSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  year: z.number().int(),
  kind: z.enum(LEAVE_ADJUSTMENT_KINDS),
  /** The signed change recorded. */
  days: z.number(),
  /** Available days before and after the change. */
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveAdjustment = z.infer<typeof leaveAdjustmentSchema>;

export const leaveAdjustmentListQuerySchema = z.object({
  employeeId: z.uuid({ error: 'employeeId must be a UUID' }),
  year: yearSchema.optional(),
  pageNumber: z.coerce.number({ error: 'pageNumber must be a whole number of at least 1' }).int('pageNumber must be a whole number of at least 1').min(1, 'pageNumber must be a whole number of at least 1').default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}` })
    .int(`pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .min(1, `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .max(LEAVE_MAX_PAGE_SIZE, `pageSize must be between 1 and ${LEAVE_MAX_PAGE_SIZE.toString()}`)
    .default(10),
});
export type LeaveAdjustmentListQuery = z.output<typeof leaveAdjustmentListQuerySchema>;
export const leaveAdjustmentListReplySchema = listEnvelope(leaveAdjustmentSchema);
export const leaveAdjustmentReplySchema = envelope(leaveAdjustmentSchema);

// ——— Policies ———

export const leavePolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  /** Options of the Employment Type field; empty: every employment type. */
  employmentTypeIds: z.array(z.string()),
  /** Empty: every department. */
  departmentIds: z.array(z.string()),
  sandwichRule: z.boolean(),
  isActive: z.boolean(),
});
export type LeavePolicy = z.infer<typeof leavePolicySchema>;

export const leavePolicyInputSchema = z.object({
  name: z.string({ error: LEAVE_MSG.policyNameRequired }).trim().min(1, LEAVE_MSG.policyNameRequired).max(100, LEAVE_MSG.policyNameTooLong),
  leaveTypeId: idSchema(LEAVE_MSG.leaveTypeRequired),
  employmentTypeIds: z
    .array(z.uuid({ error: LEAVE_MSG.employmentTypeInvalid }), { error: LEAVE_MSG.employmentTypeInvalid })
    .max(50, LEAVE_MSG.employmentTypeInvalid)
    .optional()
    .default([])
    .transform((v) => [...new Set(v)]),
  departmentIds: z
    .array(z.uuid({ error: LEAVE_MSG.departmentInvalid }), { error: LEAVE_MSG.departmentInvalid })
    .max(500, LEAVE_MSG.departmentInvalid)
    .optional()
    .default([])
    .transform((v) => [...new Set(v)]),
  sandwichRule: z.boolean().optional().default(false),
  isActive: z.boolean().optional().default(true),
});
export type LeavePolicyInput = z.output<typeof leavePolicyInputSchema>;
export type LeavePolicyInputBody = z.input<typeof leavePolicyInputSchema>;
export const leavePolicyListReplySchema = listEnvelope(leavePolicySchema);
export const leavePolicyReplySchema = envelope(leavePolicySchema);

// ——— Settings ———

export const leaveSettingsSchema = z.object({
  allowHalfDay: z.boolean(),
  /** Null: leave may start any number of days in the past. */
  maxBackdatedDays: z.number().int().nullable(),
  allowNegativeBalance: z.boolean(),
});
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;
export const DEFAULT_LEAVE_SETTINGS: LeaveSettings = { allowHalfDay: true, maxBackdatedDays: null, allowNegativeBalance: false };

export const leaveSettingsInputSchema = z.object({
  allowHalfDay: z.boolean({ error: 'allowHalfDay must be true or false' }),
  maxBackdatedDays: z
    .number({ error: LEAVE_MSG.maxBackdatedDaysInvalid })
    .int(LEAVE_MSG.maxBackdatedDaysInvalid)
    .min(0, LEAVE_MSG.maxBackdatedDaysInvalid)
    .max(365, LEAVE_MSG.maxBackdatedDaysInvalid)
    .nullable(),
  allowNegativeBalance: z.boolean({ error: 'allowNegativeBalance must be true or false' }),
});
export type LeaveSettingsInput = z.output<typeof leaveSettingsInputSchema>;
export const leaveSettingsReplySchema = envelope(leaveSettingsSchema);
