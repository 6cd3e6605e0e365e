import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';
import { clockTextSchema } from './attendance-settings.contract';

/** Shifts, the roster and shift assignments (people spec §2.2, §3 Shift / Shift assignment request / Roster row, §5, §7 Shifts). */

export const SHIFT_MSG = {
  nameRequired: 'Please enter a shift-name',
  startRequired: 'Please select a shift start-time',
  endRequired: 'Please select a shift end-time',
  departmentsRequired: 'Please select at least one department for the shift',
  employeesRequired: 'Please select at least one employee',
  shiftRequired: 'Please select a shift',
  startDateRequired: 'Please select a start date',
  endBeforeStart: 'End date cannot be before start date',
  filterDatesRequired: 'Start date and end date are required.',
  filterStartAfterEnd: 'Start date cannot be later than end date.',
  created: 'Shift created successfully!',
  updated: 'Shift updated successfully!',
  createFailed: 'An unexpected error occurred while creating the shift.',
  saveFailed: 'An unexpected error occurred while saving the shift.',
  deleted: 'Shift deleted successfully!',
  deleteFailed: 'Failed to delete shift',
  defaultNotDeletable: 'Default shifts cannot be deleted',
  assigned: 'Shift assigned successfully',
  assignFailed: 'Failed to assign shift',
  departmentsAssigned: 'Shift assigned to the departments',
  rosterFailed: 'Failed to fetch employees',
  noOtherShifts: 'No other shifts left for this user.',
  noShift: 'No Shift',
  upgrade: 'Upgrade to premium',
  notFound: 'Shift not found',
  nameExists: 'A shift with this name already exists',
  nameTooLong: 'Shift name must be at most 50 characters',
  timeFormat: 'must be a time as HH:mm (hours at most 23, minutes at most 59)',
  sameStartEnd: 'Shift end-time cannot be the same as its start-time',
  departmentInvalid: 'Please select valid departments of this organisation',
  employeeInvalid: 'Please select employees of this organisation',
  shiftInvalid: 'Please select a shift of this organisation',
  employeeNotFound: 'Employee not found',
  weekendsInvalid: 'Weekends must list dayOfWeek 0-6 and weekNumber 0-5 once each',
  dateFormat: 'must be a date as YYYY-MM-DD',
  notesTooLong: 'Notes must be at most 500 characters',
  rangeTooLong: 'The date range can be at most 31 days',
  effectiveFromPast: "To apply the shift to past days, tick 'Update existing attendance records'",
  effectiveFromTooOld: 'Existing attendance records can be updated for at most 400 days back',
} as const;

/** People spec §9: shift list 10 a page, roster 7 employees a page. */
export const SHIFT_PAGE_SIZE = 10;
export const ROSTER_PAGE_SIZE = 7;
export const SHIFT_MAX_PAGE_SIZE = 100;
/** The default (General) shift of a new organisation: 10:00 to 19:00 (people spec §9). */
export const DEFAULT_SHIFT = { shiftName: 'General', shiftStart: '10:00:00', shiftEnd: '19:00:00' } as const;

/** One cell of the weekends grid: dayOfWeek 0 (Sunday) to 6, weekNumber 0 (All) to 5. */
export const weekendRuleSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  weekNumber: z.number().int().min(0).max(5),
  isWeekend: z.boolean(),
});
export type ShiftWeekend = z.infer<typeof weekendRuleSchema>;

/** Sundays and Saturdays, all weeks (people spec §5). */
export const DEFAULT_SHIFT_WEEKENDS: ShiftWeekend[] = [
  { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
  { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
];

const weekendsSchema = z
  .array(weekendRuleSchema, { error: SHIFT_MSG.weekendsInvalid })
  .max(42, SHIFT_MSG.weekendsInvalid)
  .refine((rows) => new Set(rows.map((r) => `${r.dayOfWeek.toString()}:${r.weekNumber.toString()}`)).size === rows.length, SHIFT_MSG.weekendsInvalid);

export const shiftSchema = z.object({
  id: z.string(),
  shiftName: z.string(),
  shiftStart: z.string(),
  shiftEnd: z.string(),
  isDefault: z.boolean(),
  departmentIds: z.array(z.string()),
  weekends: z.array(weekendRuleSchema),
  updatedBy: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

const idList = (message: string) => z.array(z.uuid({ error: message }), { error: message });

const shiftFields = {
  shiftName: z.string({ error: SHIFT_MSG.nameRequired }).trim().min(1, SHIFT_MSG.nameRequired).max(50, SHIFT_MSG.nameTooLong),
  shiftStart: clockTextSchema(SHIFT_MSG.startRequired, `shiftStart ${SHIFT_MSG.timeFormat}`),
  shiftEnd: clockTextSchema(SHIFT_MSG.endRequired, `shiftEnd ${SHIFT_MSG.timeFormat}`),
  weekends: weekendsSchema.optional(),
};

/**
 * When a new shift, its departments or an edit of its times and weekends take effect:
 * today when absent; a past date only with updateAttendance, which recomputes from that date (the
 * Assign Shift rule); later days only otherwise, so a change never rewrites the past by accident.
 */
const effectiveFields = {
  effectiveFrom: z
    .union([dateSchema(`effectiveFrom ${SHIFT_MSG.dateFormat}`), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  updateAttendance: z.boolean({ error: 'updateAttendance must be true or false' }).default(false),
};

/** POST /Shifts: a new (never default) shift; at least one department (people spec §5). */
export const shiftCreateSchema = z
  .object({ ...shiftFields, ...effectiveFields, departmentIds: z.array(z.uuid({ error: SHIFT_MSG.departmentInvalid }), { error: SHIFT_MSG.departmentsRequired }).min(1, SHIFT_MSG.departmentsRequired) })
  .refine((s) => s.shiftStart !== s.shiftEnd, { path: ['shiftEnd'], message: SHIFT_MSG.sameStartEnd });
export type ShiftCreate = z.output<typeof shiftCreateSchema>;
export type ShiftCreateBody = z.input<typeof shiftCreateSchema>;

/** PUT /Shifts: { id, ...fields }; departmentIds when present replace the shift's departments. */
export const shiftUpdateSchema = z
  .object({ id: z.uuid({ error: SHIFT_MSG.shiftRequired }), ...shiftFields, ...effectiveFields, departmentIds: idList(SHIFT_MSG.departmentInvalid).optional() })
  .refine((s) => s.shiftStart !== s.shiftEnd, { path: ['shiftEnd'], message: SHIFT_MSG.sameStartEnd });
export type ShiftUpdate = z.output<typeof shiftUpdateSchema>;
export type ShiftUpdateBody = z.input<typeof shiftUpdateSchema>;

export const shiftIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const shiftDepartmentPathSchema = z.object({ departmentId: z.uuid({ error: 'departmentId must be a valid id' }) });

const pageSchema = z.coerce.number({ error: 'page must be a whole number of at least 1' }).int('page must be a whole number of at least 1').min(1, 'page must be a whole number of at least 1').default(1);
const pageSizeSchema = (fallback: number) =>
  z.coerce
    .number({ error: `pageSize must be between 1 and ${SHIFT_MAX_PAGE_SIZE.toString()}` })
    .int(`pageSize must be between 1 and ${SHIFT_MAX_PAGE_SIZE.toString()}`)
    .min(1, `pageSize must be between 1 and ${SHIFT_MAX_PAGE_SIZE.toString()}`)
    .max(SHIFT_MAX_PAGE_SIZE, `pageSize must be between 1 and ${SHIFT_MAX_PAGE_SIZE.toString()}`)
    .default(fallback);

export const shiftListQuerySchema = z.object({ page: pageSchema, pageSize: pageSizeSchema(SHIFT_PAGE_SIZE) });
export type ShiftListQuery = z.output<typeof shiftListQuerySchema>;

export const shiftReplySchema = envelope(shiftSchema);
export const shiftListReplySchema = listEnvelope(shiftSchema);
export const shiftArrayReplySchema = envelope(z.array(shiftSchema));

/** POST /Shifts/assign/departments. */
export const shiftAssignDepartmentsSchema = z.object({
  departmentIds: idList(SHIFT_MSG.departmentInvalid).min(1, SHIFT_MSG.departmentsRequired),
  shiftId: z.uuid({ error: SHIFT_MSG.shiftRequired }),
  ...effectiveFields,
});
export type ShiftAssignDepartments = z.output<typeof shiftAssignDepartmentsSchema>;

/** POST /Shifts/assign/employees: the Shift assignment request of people spec §3, rules of §5. */
export const shiftAssignmentRequestSchema = z
  .object({
    employeeIds: idList(SHIFT_MSG.employeeInvalid).min(1, SHIFT_MSG.employeesRequired),
    shiftId: z.uuid({ error: SHIFT_MSG.shiftRequired }),
    startDate: dateSchema(`startDate ${SHIFT_MSG.dateFormat}`, { required: SHIFT_MSG.startDateRequired }),
    endDate: z
      .union([dateSchema(`endDate ${SHIFT_MSG.dateFormat}`), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    notes: z
      .string()
      .trim()
      .max(500, SHIFT_MSG.notesTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
    updateAttendance: z.boolean({ error: 'updateAttendance must be true or false' }).default(false),
  })
  .refine((r) => r.endDate === null || r.endDate >= r.startDate, { path: ['endDate'], message: SHIFT_MSG.endBeforeStart });
export type ShiftAssignmentRequest = z.output<typeof shiftAssignmentRequestSchema>;
export type ShiftAssignmentRequestBody = z.input<typeof shiftAssignmentRequestSchema>;

export const shiftAssignReplySchema = envelope(z.object({ assigned: z.number().int() }));

/** GET /Shifts/assigned: the weekly roster; missing dates are answered by the service with the spec's message. */
export const shiftRosterQuerySchema = z.object({
  page: pageSchema,
  pageSize: pageSizeSchema(ROSTER_PAGE_SIZE),
  startDate: z.union([dateSchema(`startDate ${SHIFT_MSG.dateFormat}`), z.literal('')]).optional(),
  endDate: z.union([dateSchema(`endDate ${SHIFT_MSG.dateFormat}`), z.literal('')]).optional(),
  searchQuery: z.string().trim().max(100, 'searchQuery must be at most 100 characters').optional(),
});
export type ShiftRosterQuery = z.output<typeof shiftRosterQuerySchema>;

export const rosterDayShiftSchema = z.object({
  date: z.string(),
  shiftId: z.string().nullable(),
  shiftName: z.string().nullable(),
  shiftStart: z.string().nullable(),
  shiftEnd: z.string().nullable(),
  notes: z.string().nullable(),
  isDefault: z.boolean(),
});
export type RosterDayShift = z.infer<typeof rosterDayShiftSchema>;

export const rosterRowSchema = z.object({
  employeeId: z.string(),
  employeeName: z.string(),
  departmentId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  dailyShifts: z.array(rosterDayShiftSchema),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;
export const rosterReplySchema = listEnvelope(rosterRowSchema);

/** GET /Shifts/current-shift?employeeId=: the employee's shift today (tenant zone), or null. */
export const currentShiftQuerySchema = z.object({ employeeId: z.uuid({ error: 'employeeId must be a valid id' }).optional() });
export const currentShiftSchema = z.object({
  employeeId: z.string(),
  date: z.string(),
  shift: shiftSchema.nullable(),
  /** 'assignment', 'department', 'default' or null when there is no shift. */
  source: z.enum(['assignment', 'department', 'default']).nullable(),
});
export type CurrentShift = z.infer<typeof currentShiftSchema>;
export const currentShiftReplySchema = envelope(currentShiftSchema);
