import { AttendanceApproval, ATTENDANCE_MSG, Role, can, type RoleId } from '@tankha/contracts';

/**
 * Attendance approval (people spec §4, §6), one line per rule:
 * - Approve: Administrator, Moderator — from WaitingForApproval or Rejected.
 * - Reject: Administrator only — from WaitingForApproval or Approved.
 * - Never on one's own log, administrators included (`mayDecideFor` in contracts, shared with leave
 *   and regularization).
 * - Team views (grid, worklog of another, approvals list, report): Administrator and Moderator see
 *   everyone; anyone else only their direct reports.
 */
export type ApprovalTarget = typeof AttendanceApproval.Approved | typeof AttendanceApproval.Rejected;

export const APPROVE_FROM: readonly number[] = [AttendanceApproval.WaitingForApproval, AttendanceApproval.Rejected];
export const REJECT_FROM: readonly number[] = [AttendanceApproval.WaitingForApproval, AttendanceApproval.Approved];

/** Whether the role may move entries to `target` at all (the web hides the button with the same rule). */
export function mayDecide(roleId: RoleId, target: ApprovalTarget): boolean {
  return target === AttendanceApproval.Approved ? can(roleId, 'attendance.approve') : can(roleId, 'attendance.reject');
}

/** Why an entry in `current` cannot move to `target`, or null when it can. */
export function transitionError(current: number, target: ApprovalTarget): string | null {
  if (target === AttendanceApproval.Approved) return APPROVE_FROM.includes(current) ? null : ATTENDANCE_MSG.cannotApprove;
  return REJECT_FROM.includes(current) ? null : ATTENDANCE_MSG.cannotReject;
}

export function seesEveryone(roleId: RoleId): boolean {
  return roleId === Role.Administrator || roleId === Role.Moderator;
}
