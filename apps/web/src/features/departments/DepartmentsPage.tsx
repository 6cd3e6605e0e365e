/** Placeholder: the departments page (people spec §2.4) lands with the people issue. */
export function DepartmentsPage() {
  return null;
}
