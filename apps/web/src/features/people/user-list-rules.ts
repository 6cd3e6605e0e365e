import { PEOPLE_MSG, Role, UserStatus, canActOn, type RoleId, type UserListItem } from '@tankha/contracts';

/** Display truncation of the list (people spec §2.5). */
export const TRUNCATE = {
  name: 20,
  email: 20,
  phone: 13,
  designation: 20,
} as const;

/** Cuts `text` to `max` characters with an ellipsis; the full text goes in a title. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Spec §9: status to tab index Active 0, Pending 1, Inactive 2; the list's userStatus per tab. */
export const TABS = [
  {
    index: 0,
    userStatus: UserStatus.Active,
    label: 'Active',
    countKey: 'activeUsersCount',
    empty: 'No active users yet.',
  },
  {
    index: 1,
    userStatus: UserStatus.PendingEmailVerification,
    label: 'Pending Verification',
    countKey: 'pendingUsersCount',
    empty: 'No users are pending verification.',
  },
  {
    index: 2,
    userStatus: UserStatus.Deactivated,
    label: 'Inactive',
    countKey: 'inactiveUsersCount',
    empty: 'No inactive users.',
  },
] as const;
export const NO_RESULTS = 'No users match your search or filters.';

export function tabIndexOfStatus(status: number): number {
  if (status === UserStatus.PendingEmailVerification) return 1;
  if (status === UserStatus.Deactivated) return 2;
  return 0;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 200;

export interface UserFilters {
  departmentOn: boolean;
  departmentId: string | null;
  designationOn: boolean;
  designation: string;
  /** null = All Roles. */
  roleId: RoleId | null;
}
export const NO_FILTERS: UserFilters = {
  departmentOn: false,
  departmentId: null,
  designationOn: false,
  designation: '',
  roleId: null,
};

/** The filter badge: each filter that narrows the list counts once. */
export function activeFilterCount(f: UserFilters): number {
  return (f.departmentOn && f.departmentId ? 1 : 0) + (f.designationOn && f.designation.trim() !== '' ? 1 : 0) + (f.roleId !== null ? 1 : 0);
}

/** 'Cannot login' for users without login access, 'No login' (with the tip) for those who never signed in. */
export function lastLoginText(row: Pick<UserListItem, 'canLogin' | 'lastLogin'>): { text: string; tip: string | null } | null {
  if (!row.canLogin) return { text: PEOPLE_MSG.cannotLogin, tip: null };
  if (row.lastLogin === null) return { text: PEOPLE_MSG.noLogin, tip: PEOPLE_MSG.noLoginTip };
  return null;
}

export type RowAction = 'edit' | 'viewProfile' | 'setRole' | 'deactivate' | 'resendVerification' | 'reactivate' | 'sendVerification' | 'delete';
export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  edit: 'Edit',
  viewProfile: 'View Profile',
  setRole: 'Set Role',
  deactivate: 'De-Activate',
  resendVerification: 'Resend Verification Email',
  reactivate: 'Re-Activate',
  sendVerification: 'Send Verification Email',
  delete: 'Delete',
};

/**
 * Row menu by status and actor (spec §4): Edit, View Profile and Delete always; Set Role and
 * De-Activate for Active; Resend for Pending; Re-Activate for Inactive; Send for Restricted Login.
 * A moderator looking at an administrator sees only View Profile.
 */
export function rowActions(actor: { id: string; roleId: RoleId }, row: { id: string; roleId: RoleId; status: number }): RowAction[] {
  if (!canActOn(actor, row, 'edit')) return ['viewProfile'];
  const actions: RowAction[] = ['edit', 'viewProfile'];
  if (row.status === UserStatus.Active) actions.push('setRole', 'deactivate');
  if (row.status === UserStatus.PendingEmailVerification) actions.push('resendVerification');
  if (row.status === UserStatus.Deactivated) actions.push('reactivate');
  if (row.status === UserStatus.RestrictedLogin) actions.push('sendVerification');
  actions.push('delete');
  return actions;
}

/** Roles a role may hand out: a moderator cannot make an administrator (docs/decisions/). */
export function assignableRoles(actorRoleId: RoleId): RoleId[] {
  return actorRoleId === Role.Administrator ? [Role.Administrator, Role.Moderator, Role.Member] : [Role.Moderator, Role.Member];
}
