import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { PEOPLE_MSG } from './people.messages';

/** Departments (people spec §2.4, §3 Department, §5 Department, §7 Departments). */

/** Department status (people spec §3): 1 active, 0 inactive. */
export const DepartmentStatus = { Inactive: 0, Active: 1 } as const;
export const departmentStatusSchema = z.union([z.literal(0), z.literal(1)], { error: 'Status must be 1 (active) or 0 (inactive)' });

/** Page sizes of people spec §9: the table pages over 10, the dropdown loads 10, the filter up to 100. */
export const DEPARTMENT_PAGE_SIZE = 10;
export const DEPARTMENT_FILTER_PAGE_SIZE = 100;
export const DEPARTMENT_MAX_PAGE_SIZE = 100;

export const DEPARTMENT_MSG = {
  created: 'Department created successfully',
  updated: 'Department updated successfully',
  deleted: 'Department deleted successfully',
  createFailed: 'Failed to create department',
  updateFailed: 'Failed to update department',
  deleteFailed: 'Failed to delete department',
  nameExists: 'A department with this name already exists',
  codeExists: 'A department with this code already exists',
  notFound: 'Department not found',
  noMorePages: 'No more departments',
  ownParent: 'A department cannot be its own parent department',
  parentCycle: 'A department cannot be placed under one of its own sub-departments',
  parentInvalid: 'Please select a valid parent department',
  headInvalid: 'Please select a valid department head',
  nameTooLong: 'Department name must be at most 100 characters',
  codeTooLong: 'Department code must be at most 20 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  moveToInvalid: 'Please select another active department to move the people to',
} as const;

const plural = (count: number, one: string, many: string) => `${count.toString()} ${count === 1 ? one : many}`;

/** Refusals of DELETE /Departments/:id: a department is never deleted from under its people or sub-departments. */
export const departmentDeleteMessages = {
  hasPeople: (name: string, count: number) =>
    `${name} has ${plural(count, 'person', 'people')}. Move them to another department before deleting it.`,
  hasSubDepartments: (name: string, count: number) =>
    `${name} is the parent of ${plural(count, 'department', 'departments')}. Move ${count === 1 ? 'it' : 'them'} to another parent before deleting ${name}.`,
};

/** One row of the department table (people spec §3 Department). */
export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  status: departmentStatusSchema,
  departmentHeadId: z.string().nullable(),
  departmentHeadName: z.string().nullable(),
  parentDepartmentId: z.string().nullable(),
  parentDepartmentName: z.string().nullable(),
  /** Users of the organisation in this department, whatever their status. */
  totalEmployees: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

/** The short form for the user-list filter (people spec §3 "Department (short form for filters)"). */
export const departmentShortSchema = z.object({ id: z.string(), name: z.string(), parentDepartmentId: z.string().nullable() });
export type DepartmentShort = z.infer<typeof departmentShortSchema>;

const pageSchema = z.coerce.number({ error: 'page must be a whole number of at least 1' }).int('page must be a whole number of at least 1').min(1, 'page must be a whole number of at least 1').default(1);
const pageSizeSchema = z.coerce
  .number({ error: `pageSize must be between 1 and ${DEPARTMENT_MAX_PAGE_SIZE.toString()}` })
  .int(`pageSize must be between 1 and ${DEPARTMENT_MAX_PAGE_SIZE.toString()}`)
  .min(1, `pageSize must be between 1 and ${DEPARTMENT_MAX_PAGE_SIZE.toString()}`)
  .max(DEPARTMENT_MAX_PAGE_SIZE, `pageSize must be between 1 and ${DEPARTMENT_MAX_PAGE_SIZE.toString()}`)
  .default(DEPARTMENT_PAGE_SIZE);
const queryBoolean = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

/** GET /Departments. Sorted by name; a page past the last answers 404 (people spec §7: loading more stops on a 404). */
export const departmentListQuerySchema = z.object({
  /** true: active only; false: inactive only; absent: both. */
  isActive: queryBoolean('isActive').optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  /** true: the short form of the departments that have users assigned (the user-list filter). */
  isFilter: queryBoolean('isFilter').optional(),
  /** Part of the name or the code, case-insensitive. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type DepartmentListQuery = z.output<typeof departmentListQuerySchema>;

export const departmentListReplySchema = listEnvelope(departmentSchema);
export const departmentFilterReplySchema = listEnvelope(departmentShortSchema);
/** The reply of GET /Departments: the full rows, or the short form when isFilter=true. */
export const departmentListOrFilterReplySchema = listEnvelope(z.union([departmentSchema, departmentShortSchema]));

export const departmentIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
/**
 * DELETE /Departments/:id. `moveTo`: another active department of the organisation that receives
 * the department's people before it is deleted (in the same transaction).
 */
export const departmentDeleteQuerySchema = z.object({
  moveTo: z.uuid({ error: DEPARTMENT_MSG.moveToInvalid }).optional(),
});
export type DepartmentDeleteQuery = z.output<typeof departmentDeleteQuerySchema>;

export const departmentDetailQuerySchema = z.object({ page: pageSchema, pageSize: pageSizeSchema });

/** One employee of the 'Employees in {department}' view. */
export const departmentEmployeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  designation: z.string().nullable(),
  email: z.string(),
  /** 0 Old, 1 New (people spec §3, §9). */
  regimeType: z.number().int(),
  /** Employee status of people spec §9: 1 active (Active or Restricted Login), 0 otherwise. */
  status: departmentStatusSchema,
  /** The user status (1 Active, 2 Deactivated, 3 Pending Verification, 4 Restricted Login). */
  userStatus: z.number().int(),
});
export type DepartmentEmployee = z.infer<typeof departmentEmployeeSchema>;

export const departmentDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  totalEmployees: z.number().int(),
  employees: z.array(departmentEmployeeSchema),
});
export type DepartmentDetail = z.infer<typeof departmentDetailSchema>;
export const departmentDetailReplySchema = envelope(departmentDetailSchema);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
const optionalId = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '' ? null : v));

/**
 * The body of POST /Departments and PUT /Departments/:id. Name is always required; on PUT an
 * omitted optional field keeps its value and null (or '') clears it, so the status toggle sends
 * { name, status } only.
 */
export const departmentInputSchema = z.object({
  name: z.string({ error: PEOPLE_MSG.departmentNameRequired }).trim().min(1, PEOPLE_MSG.departmentNameRequired).max(100, DEPARTMENT_MSG.nameTooLong),
  code: optionalText(20, DEPARTMENT_MSG.codeTooLong),
  description: optionalText(500, DEPARTMENT_MSG.descriptionTooLong),
  departmentHeadId: optionalId(DEPARTMENT_MSG.headInvalid),
  parentDepartmentId: optionalId(DEPARTMENT_MSG.parentInvalid),
  status: departmentStatusSchema.optional(),
});
export type DepartmentInput = z.output<typeof departmentInputSchema>;
export type DepartmentInputBody = z.input<typeof departmentInputSchema>;

export const departmentReplySchema = envelope(departmentSchema);
