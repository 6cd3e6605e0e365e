/** Placeholder: the holiday calendar (attendance issue). */
export function HolidaysPage() {
  return null;
}
