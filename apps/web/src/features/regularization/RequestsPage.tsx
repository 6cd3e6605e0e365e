/** Placeholder: regularization requests (§2.3) (attendance issue). */
export function RequestsPage() {
  return null;
}
