import { TeamLeavesView } from './TeamLeavesView';

/** /leaves/my-approvals: leave requests to decide, then the history. */
export function LeaveApprovalsPage() {
  return <TeamLeavesView title="Leave Approvals" />;
}
