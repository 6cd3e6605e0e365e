/** Placeholder: leave requests to decide (attendance issue). */
export function LeaveApprovalsPage() {
  return null;
}
