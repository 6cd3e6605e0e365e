/** Placeholder: attendance entries waiting for approval (attendance issue). */
export function TeamApprovalsPage() {
  return null;
}
