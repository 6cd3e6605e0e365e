/** Placeholder: the team's regularization requests to decide (attendance issue). */
export function TeamRequestsPage() {
  return null;
}
