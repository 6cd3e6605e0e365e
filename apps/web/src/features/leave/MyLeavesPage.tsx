/** Placeholder: my leaves, balances and requests (attendance issue). */
export function MyLeavesPage() {
  return null;
}
