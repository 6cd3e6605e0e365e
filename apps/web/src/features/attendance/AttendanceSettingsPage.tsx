/** Placeholder: attendance settings (people spec §2.1) (attendance issue). */
export function AttendanceSettingsPage() {
  return null;
}
