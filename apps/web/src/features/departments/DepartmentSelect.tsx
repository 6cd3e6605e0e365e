/**
 * The department dropdown of the people spec §7: 10 per page, loading more on scroll near the
 * bottom, stopping on a 404. Placeholder.
 */
export interface DepartmentSelectProps {
  label?: string;
  placeholder?: string;
  value: string | null;
  onChange: (departmentId: string | null) => void;
  error?: string;
  /** A department to leave out (a department cannot be its own parent). */
  excludeId?: string;
  disabled?: boolean;
}

export function DepartmentSelect(_props: DepartmentSelectProps) {
  return null;
}
