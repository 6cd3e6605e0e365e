import { Role, RequestStatus, mayDecideFor, type RoleId } from '@tankha/contracts';

/**
 * Who may change a request (people spec §6, platform §3.1), one line per rule:
 * - Cancel: the requester, while Opened.
 * - Complete or Reject: an Administrator or Moderator, or a manager above the requester in the
 *   reporting chain, while Opened — never on one's own request, administrators included.
 */
export const isAdminOrModerator = (roleId: RoleId) => roleId === Role.Administrator || roleId === Role.Moderator;

export type RequestDecision = 'cancel' | 'decide';

export function decisionOf(status: number): RequestDecision | null {
  if (status === RequestStatus.Cancelled) return 'cancel';
  if (status === RequestStatus.Completed || status === RequestStatus.Rejected) return 'decide';
  return null;
}

export function mayCancel(actorId: string, requesterId: string): boolean {
  return actorId === requesterId;
}

export function mayDecide(actor: { id: string; roleId: RoleId }, requesterId: string, isAboveInChain: boolean): boolean {
  if (!mayDecideFor(actor.id, requesterId)) return false;
  return isAdminOrModerator(actor.roleId) || isAboveInChain;
}
