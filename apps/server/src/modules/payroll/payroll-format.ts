/** Labels shared by the payroll documents (payslip PDF, register, e-mail). */

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTH_NAMES[Number(m) - 1];
  if (!year || !name) throw new RangeError(`month must be YYYY-MM: ${month}`);
  return `${name} ${year}`;
}

/** Days as printed: 30, 28.5 (payable days come in halves). */
export function daysLabel(days: number): string {
  return Number.isInteger(days) ? days.toString() : days.toFixed(1);
}
