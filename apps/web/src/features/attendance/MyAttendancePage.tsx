/** Placeholder: check in/out and the worklog (attendance issue). */
export function MyAttendancePage() {
  return null;
}
