/** Placeholder: Manage Shifts and User Shift Mapping (§2.2) (attendance issue). */
export function ShiftsPage() {
  return null;
}
