/** Placeholder: the monthly attendance grid (§2.11) (attendance issue). */
export function TeamAttendancePage() {
  return null;
}
