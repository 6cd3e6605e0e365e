/**
 * The password of a protected payslip PDF, as Indian payroll products set it: the first five
 * letters of the employee's PAN in capitals followed by the date of birth as DDMM (PAN ABCDE1234F,
 * born 1 August 1990 → ABCDE0108). Both are things the employee knows and a stranger who finds the
 * file does not; the pattern is told to the employee, never the password.
 */
export const PAYSLIP_PASSWORD_PATTERN = 'the first five letters of your PAN in capitals followed by your date of birth as DDMM';

/** The example every help text shows (PAN ABCDE1234F, born 1 August). */
export const PAYSLIP_PASSWORD_EXAMPLE = 'ABCDE0108';

/** Why an employee's payslip cannot be protected: no PAN (or not one whose first five are letters), or no date of birth. */
export type PayslipPasswordGap = 'pan' | 'dateOfBirth';

export type PayslipPassword = { ok: true; password: string } | { ok: false; missing: PayslipPasswordGap[] };

/**
 * `pan` as stored (any case, spaces around), `dateOfBirth` 'YYYY-MM-DD'. A PAN whose first five
 * characters are not letters is no PAN (a placeholder like 'PANNOTAVBL' still is five letters: the
 * income-tax department's own placeholder, used as is).
 */
export function payslipPassword(pan: string | null | undefined, dateOfBirth: string | null | undefined): PayslipPassword {
  const letters = (pan ?? '').trim().toUpperCase().slice(0, 5);
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec((dateOfBirth ?? '').trim());
  const missing: PayslipPasswordGap[] = [];
  if (!/^[A-Z]{5}$/.test(letters)) missing.push('pan');
  if (!dob) missing.push('dateOfBirth');
  if (missing.length > 0 || !dob) return { ok: false, missing };
  return { ok: true, password: `${letters}${dob[3] ?? ''}${dob[2] ?? ''}` };
}
