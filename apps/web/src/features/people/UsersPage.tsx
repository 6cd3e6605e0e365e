/** Placeholder: the user management list (people spec §2.5) lands with the people issue. */
export function UsersPage() {
  return null;
}
