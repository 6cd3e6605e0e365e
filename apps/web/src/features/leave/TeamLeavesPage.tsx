/** Placeholder: the team's leave (attendance issue). */
export function TeamLeavesPage() {
  return null;
}
