import type { IsoDate } from '../dates/calendar';

/**
 * How long an organisation keeps a relieved employee's personal data before an administrator may erase
 * what the law does not require (DPDP Act 2023 s.8(7): erase once the purpose is served "unless retention
 * is necessary for compliance with any law"). The organisation chooses the period in whole years from the
 * employee's last working day, within these bounds (docs/decisions/incoming-h30-datarights.md):
 *
 * - Default 8 years: Companies Act 2013 s.128(5) keeps books of account and vouchers for eight financial
 *   years; Income-tax Rules 1962 rule 6F(5) keeps books six years from the end of the relevant assessment
 *   year — for the last salary paid, up to about 7 years 11 months after the last working day.
 * - At least 3 years: the Limitation Act 1963 (Schedule, articles 7 and 113) gives an ex-employee three
 *   years to claim wages or other sums, and the Code on Wages 2019 lets a claim be filed within three years
 *   (its claims section, s.45, not read in full); the records that answer such a claim (attendance, leave) are kept at least that long.
 * - At most 20 years: longer is not retention for a purpose but keeping for its own sake.
 */
export const RETENTION_YEARS = { min: 3, max: 20, default: 8 } as const;

/**
 * The first day an administrator may erase: the last working day plus `retentionYears` calendar years
 * (a 29 February moves to 1 March of a year without one).
 */
export function computeErasureAllowedFrom(lastWorkingDay: IsoDate, retentionYears: number): IsoDate {
  const [y, m, d] = lastWorkingDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + retentionYears, m - 1, d));
  return date.toISOString().slice(0, 10);
}

/** Whether the retention period has passed on `today` (both calendar dates in the organisation's zone). */
export function isRetentionOver(lastWorkingDay: IsoDate, retentionYears: number, today: IsoDate): boolean {
  return today >= computeErasureAllowedFrom(lastWorkingDay, retentionYears);
}
