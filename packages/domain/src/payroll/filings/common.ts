import { roundToRupees } from '../../money/arith';
import type { IsoDate } from '../../dates/calendar';

/**
 * What the statutory files share: who a line is about, why a line would be
 * rejected by the portal, and the rounding of a paise amount to the whole rupees the returns carry.
 */

/** The employee a file line is about, as the validation screen names them. */
export interface FilingPerson {
  userId: string;
  employeeNumber: string | null;
  /** The name on the payslip (before any cleaning for the portal). */
  name: string;
}

/**
 * A line the portal would reject (`errors`) or a change the file makes that the administrator
 * should know about (`warnings`). `field` names the input to fix ('uan', 'name', 'ipNumber', …).
 */
export interface FilingIssue extends FilingPerson {
  field: string;
  message: string;
}

/**
 * Rounding point of the returns: a paise amount to whole rupees, half up. Payslip amounts are
 * already whole rupees (components, EPF and ESI shares round to the rupee), so this only ever
 * rounds a value that has paise because it came from elsewhere; it is explained when it does.
 */
export function wholeRupees(amountPaise: number): number {
  return roundToRupees(amountPaise, 1, 'halfUp') / 100;
}


/** 'YYYY-MM-DD' → 'dd/MM/yyyy', the date format of the ESIC template. */
export function ddmmyyyy(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** Whole years from `birth` to `on` (both 'YYYY-MM-DD'): the birthday itself counts. */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** The person label used in messages: "PS0001 Aditi Agarwal", or the name alone. */
export function personLabel(p: Pick<FilingPerson, 'employeeNumber' | 'name'>): string {
  return p.employeeNumber ? `${p.employeeNumber} ${p.name}` : p.name;
}

/** The calendar month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${String(y - 1)}-12` : `${String(y)}-${String(m - 1).padStart(2, '0')}`;
}

/** The day before 'YYYY-MM-DD'. */
export function dayBefore(date: IsoDate): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
