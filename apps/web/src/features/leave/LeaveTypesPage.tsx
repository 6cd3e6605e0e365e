/** Placeholder: leave types (attendance issue). */
export function LeaveTypesPage() {
  return null;
}
