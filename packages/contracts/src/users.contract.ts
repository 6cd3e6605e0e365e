import { z } from 'zod';
import { envelope } from './envelope';

/** The profile view of one employee (people spec §3, "User / employee"); later issues extend it. */
export const userProfileSchema = z.object({
  id: z.string(),
  employeeNumber: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.number().int(),
  dateOfJoining: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  designation: z.string().nullable(),
  workLocation: z.string().nullable(),
  reportingManagerId: z.string().nullable(),
  reportingManagerName: z.string().nullable(),
  pan: z.string().nullable(),
  regimeType: z.number().int(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.number().int(),
  lastLogin: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileReplySchema = envelope(userProfileSchema);
export const userIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const activeCountReplySchema = envelope(z.object({ activeUsers: z.number().int() }));

// ---------------------------------------------------------------------------------------------
// User management list and lifecycle (people spec §2.5, §2.7, §2.8, §4, §7 "User management").

/** '' from a query string means "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const pageSize = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(10),
);
const pageNo = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'pageNo must be a number' })
    .int({ error: 'pageNo must be a whole number' })
    .min(1, { error: 'pageNo must be at least 1' })
    .max(1_000_000, { error: 'pageNo is too large' })
    .default(1),
);
const searchText = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(100, { error: 'search must be at most 100 characters' })
    // Control characters never belong in a name, e-mail or number (and \u0001 separates the searched fields).
    .transform((v) => [...v].filter((c) => c.charCodeAt(0) >= 32).join(''))
    .optional(),
);

/** Columns the list sorts by on the server; phone and actions are not sortable (spec §2.5). */
export const USER_LIST_SORT_COLUMNS = ['name', 'email', 'roleId', 'designation', 'status', 'dateOfJoining', 'lastLogin'] as const;
export type UserListSortColumn = (typeof USER_LIST_SORT_COLUMNS)[number];

/**
 * Tabs (spec §2.5, §9): userStatus 1 = Active tab (Active and Restricted Login, which count as
 * Active), 3 = Pending Verification, 2 = Inactive; 4 = Restricted Login only; omitted = everyone.
 */
export const USER_TABS = [
  { index: 0, status: 1, label: 'Active' },
  { index: 1, status: 3, label: 'Pending Verification' },
  { index: 2, status: 2, label: 'Inactive' },
] as const;

export const userListQuerySchema = z.object({
  pageSize,
  pageNo,
  userStatus: z.preprocess(blank, z.coerce.number().int().min(1, { error: 'userStatus must be 1, 2, 3 or 4' }).max(4, { error: 'userStatus must be 1, 2, 3 or 4' }).optional()),
  search: searchText,
  sortBy: z.preprocess(
    blank,
    z
      .enum(USER_LIST_SORT_COLUMNS, {
        error: `sortBy must be one of ${USER_LIST_SORT_COLUMNS.join(', ')}`,
      })
      .optional(),
  ),
  /** 'asc' / 'desc', or the platform's sort order numbers (1 ascending, 0 descending). */
  orderBy: z.preprocess(
    blank,
    z
      .enum(['asc', 'desc', 'ASC', 'DESC', '1', '0'], {
        error: 'orderBy must be asc or desc',
      })
      .default('asc')
      .transform((v): 'asc' | 'desc' => (v === 'desc' || v === 'DESC' || v === '0' ? 'desc' : 'asc')),
  ),
  departmentId: z.preprocess(blank, z.uuid({ error: 'departmentId must be a valid id' }).optional()),
  designation: z.preprocess(blank, z.string().trim().max(100, { error: 'designation must be at most 100 characters' }).optional()),
  roleId: z.preprocess(blank, z.coerce.number().int().min(1, { error: 'roleId must be 1, 2 or 3' }).max(3, { error: 'roleId must be 1, 2 or 3' }).optional()),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;
export type UserListQueryInput = z.input<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.string(),
  employeeNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  phoneNumber: z.string().nullable(),
  designation: z.string().nullable(),
  status: z.number().int(),
  dateOfJoining: z.string().nullable(),
  /**
   * ISO timestamp of the last sign-in in this organisation; null = has not signed in since the
   * system update (shown 'No login'). Whether the user can sign in at all is `canLogin`.
   */
  lastLogin: z.string().nullable(),
  /** False for restricted-login users and anyone without an account: shown 'Cannot login'. */
  canLogin: z.boolean(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListSchema = z.object({
  data: z.array(userListItemSchema),
  /** Rows on this page. */
  records: z.number().int(),
  /** Rows matching the tab, search and filters. */
  totalRecords: z.number().int(),
  /** Tab counts with the same search and filters; restricted-login users count as Active. */
  activeUsersCount: z.number().int(),
  pendingUsersCount: z.number().int(),
  inactiveUsersCount: z.number().int(),
  /** Included in activeUsersCount. */
  restrictedUsersCount: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;
export const userListReplySchema = envelope(userListSchema);

/** Employee pickers (reporting manager, shifts, departments): Active and Restricted Login users. */
export const userSearchQuerySchema = z.object({
  search: searchText,
  pageSize,
  pageNo,
});
export type UserSearchQueryInput = z.input<typeof userSearchQuerySchema>;
export const userSearchItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  employeeNumber: z.string().nullable(),
  designation: z.string().nullable(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;
export const userSearchReplySchema = envelope(
  z.object({
    data: z.array(userSearchItemSchema),
    totalRecords: z.number().int(),
  }),
);

/**
 * GET /Users/latest-employee-number: the last number assigned (highest numeric suffix) and the next
 * one it suggests. `lastEmployeeNumber` repeats `employeeNumber` for the employee form's reader.
 * GET /Users/employee-number-exists uses
 * employees.contract's `employeeNumberExistsQuerySchema` / `employeeNumberExistsReplySchema`.
 */
export const userLatestEmployeeNumberReplySchema = envelope(
  z.object({
    employeeNumber: z.string().nullable(),
    lastEmployeeNumber: z.string().nullable(),
    nextEmployeeNumber: z.string().nullable(),
  }),
);

/** POST /Users/roles/{userId}/{roleId}: success when data.statusCode is 200 (spec §7). */
export const assignRolePathSchema = z.object({
  userId: z.uuid({ error: 'userId must be a valid id' }),
  roleId: z.coerce.number().int().min(1, { error: 'roleId must be 1, 2 or 3' }).max(3, { error: 'roleId must be 1, 2 or 3' }),
});
export const assignRoleReplySchema = envelope(z.object({ statusCode: z.number().int() }));

/** PUT /Users/{id}/status: 1 Re-Activate (from Inactive), 2 De-Activate (from Active). */
export const userStatusBodySchema = z.object({
  status: z.union([z.literal(1), z.literal(2)], {
    error: 'status must be 1 (Active) or 2 (Deactivated)',
  }),
});
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;
export const userStatusReplySchema = envelope(z.object({ id: z.string(), status: z.number().int() }));

/** Server messages of the lifecycle that the spec does not word (docs/decisions/). */
export const USER_LIFECYCLE_MSG = {
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  onlyActiveDeactivated: 'Only an active user can be deactivated.',
  onlyInactiveReactivated: 'Only an inactive user can be re-activated.',
  lastAdministrator: 'The organization must keep at least one active administrator.',
  moderatorCannotGrantAdmin: 'Only an administrator can make someone an administrator.',
  onlyRestrictedVerification: 'A verification email can be sent only to a restricted login user.',
  emailInUse: 'This email address belongs to another user of your organization.',
} as const;
