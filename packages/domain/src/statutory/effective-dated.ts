import { isIsoDate, type IsoDate } from '../dates/calendar';

/**
 * Statutory numbers change by notification, not by release: a change is a new row with its
 * `effectiveFrom` (and, when a later row does not simply supersede it, an `effectiveTo`), never new
 * code. Dates are inclusive 'YYYY-MM-DD'.
 */
export interface EffectiveDatedRow {
  effectiveFrom: IsoDate;
  effectiveTo?: IsoDate;
}

/** The row in force on `asOf`: the latest `effectiveFrom` not after it whose `effectiveTo` (if any) is not before it. */
export function statutoryRowInForce<T extends EffectiveDatedRow>(rows: readonly T[], asOf: IsoDate): T | undefined {
  if (!isIsoDate(asOf)) throw new RangeError(`asOf must be a 'YYYY-MM-DD' date, got '${asOf}'`);
  let best: T | undefined;
  for (const row of rows) {
    if (row.effectiveFrom > asOf) continue;
    if (row.effectiveTo !== undefined && row.effectiveTo < asOf) continue;
    if (best === undefined || row.effectiveFrom > best.effectiveFrom) best = row;
  }
  return best;
}

/** Like `statutoryRowInForce`, but a date before the first row is a caller error. */
export function requireStatutoryRow<T extends EffectiveDatedRow>(rows: readonly T[], asOf: IsoDate, what: string): T {
  const row = statutoryRowInForce(rows, asOf);
  if (row === undefined) throw new RangeError(`No ${what} in force on ${asOf}`);
  return row;
}

/** 'YYYY-MM' → its first day, the date used to pick the row in force for a payroll month. */
export function firstDayOfMonth(month: string): IsoDate {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`month must be 'YYYY-MM', got '${month}'`);
  return `${month}-01`;
}

/** The twelve 'YYYY-MM' months of the financial year (April to March) containing `asOf`. */
export function financialYearMonths(asOf: IsoDate): string[] {
  if (!isIsoDate(asOf)) throw new RangeError(`asOf must be a 'YYYY-MM-DD' date, got '${asOf}'`);
  const y = Number(asOf.slice(0, 4));
  const m = Number(asOf.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  const months: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const mm = ((3 + i) % 12) + 1;
    const yy = i < 9 ? start : start + 1;
    months.push(`${yy.toString()}-${String(mm).padStart(2, '0')}`);
  }
  return months;
}
