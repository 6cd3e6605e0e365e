import type { IsoDate } from '../../dates/calendar';
import { isIsoDate } from '../../dates/calendar';
import { daysBetweenInclusive } from '../../attendance/month';
import { mulDivPaise } from '../../money/arith';

/**
 * What a date of the period costs in pay. Paid leave, holidays, week-offs and present days are
 * 'paid'; an absence or a full unpaid leave loses the day, a half day or a half unpaid leave half
 * of it. A number is the payable fraction of the day as computeAttendanceDay gives it (1, 0.5, 0).
 */
export type PayDayStatus = 'paid' | 'absent' | 'halfDay' | 'unpaidLeave' | 'unpaidHalfDayLeave';
export type PayDayEntry = PayDayStatus | 0 | 0.5 | 1;

/** Loss-of-pay counts for callers that already counted (each a whole number of occurrences). */
export interface LopCounts {
  absentDays?: number;
  /** Half days worked: each loses half a day. */
  halfDays?: number;
  unpaidLeaveDays?: number;
  /** Half-day unpaid leaves: each loses half a day. */
  unpaidHalfDayLeaves?: number;
}

export interface PayableDaysInput {
  period: { start: IsoDate; end: IsoDate; days: number };
  /** First employed day; before it the employee is not employed (not loss of pay). */
  dateOfJoining?: IsoDate | null;
  /** Last employed day, included. */
  dateOfLeaving?: IsoDate | null;
  /**
   * Per date: dates missing from the map are paid; dates outside the employed part of the period
   * are ignored. Or counts, which must already be limited to the employed days.
   */
  days: { byDate: Readonly<Record<IsoDate, PayDayEntry>> } | { counts: LopCounts };
}

/** Days are multiples of 0.5, exact in binary floating point; they are added as integer half-days. */
export interface PayableDays {
  periodDays: number;
  employedDays: number;
  payableDays: number;
  lopDays: number;
  notEmployedDays: number;
}

const LOP_HALVES: Record<PayDayStatus, number> = { paid: 0, absent: 2, halfDay: 1, unpaidLeave: 2, unpaidHalfDayLeave: 1 };

function lopHalvesOf(entry: PayDayEntry): number {
  if (typeof entry === 'number') {
    if (entry !== 0 && entry !== 0.5 && entry !== 1) throw new RangeError(`payable fraction must be 0, 0.5 or 1, got ${String(entry)}`);
    return 2 - entry * 2;
  }
  const halves = LOP_HALVES[entry] as number | undefined;
  if (halves === undefined) throw new RangeError(`unknown pay day status '${String(entry)}'`);
  return halves;
}

function count(name: string, value: number | undefined): number {
  const n = value ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return n;
}

/**
 * Payable days of a pay period: period days = payable + loss of pay + not employed, always.
 * Not-employed days (before joining, after leaving) are kept apart from loss of pay, so the
 * proration base stays the period's calendar days and a joiner on the 15th of a 30-day month is
 * paid 16/30.
 */
export function computePayableDays(input: PayableDaysInput): PayableDays {
  const { period } = input;
  if (!isIsoDate(period.start) || !isIsoDate(period.end)) throw new RangeError('period start and end must be YYYY-MM-DD');
  const periodDays = daysBetweenInclusive(period.start, period.end);
  if (periodDays !== period.days) throw new RangeError('period days must equal the calendar days from start to end');
  for (const d of [input.dateOfJoining, input.dateOfLeaving]) if (d != null && !isIsoDate(d)) throw new RangeError('dates must be YYYY-MM-DD');

  const from = input.dateOfJoining != null && input.dateOfJoining > period.start ? input.dateOfJoining : period.start;
  const to = input.dateOfLeaving != null && input.dateOfLeaving < period.end ? input.dateOfLeaving : period.end;
  const employedDays = to < from ? 0 : daysBetweenInclusive(from, to);
  const employedHalves = employedDays * 2;

  let lopHalves = 0;
  if ('byDate' in input.days) {
    for (const [date, entry] of Object.entries(input.days.byDate)) {
      if (!isIsoDate(date)) throw new RangeError(`'${date}' is not a YYYY-MM-DD date`);
      if (date < from || date > to) continue;
      lopHalves += lopHalvesOf(entry);
    }
  } else {
    const c = input.days.counts;
    lopHalves =
      2 * count('absentDays', c.absentDays) +
      count('halfDays', c.halfDays) +
      2 * count('unpaidLeaveDays', c.unpaidLeaveDays) +
      count('unpaidHalfDayLeaves', c.unpaidHalfDayLeaves);
    if (lopHalves > employedHalves) throw new RangeError('loss of pay exceeds the employed days of the period');
  }

  return {
    periodDays,
    employedDays,
    payableDays: (employedHalves - lopHalves) / 2,
    lopDays: lopHalves / 2,
    notEmployedDays: periodDays - employedDays,
  };
}

export interface ProrateEarningInput {
  amountPaise: number;
  isProRata: boolean;
  payableDays: number;
  periodDays: number;
}

/**
 * A monthly earning for the days paid. Pro-rata: amount × payable days ÷ period calendar days,
 * rounded once, half up, to the whole rupee (the "component amounts to the rupee" rounding point,
 * DESIGN §5). Not pro-rata: paid in full.
 */
export function prorateEarning(input: ProrateEarningInput): number {
  const { amountPaise, isProRata, payableDays, periodDays } = input;
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('amountPaise must be a safe integer');
  if (!Number.isInteger(periodDays) || periodDays <= 0) throw new RangeError('periodDays must be a positive integer');
  if (!Number.isInteger(payableDays * 2) || payableDays < 0 || payableDays > periodDays) {
    throw new RangeError('payableDays must be a multiple of 0.5 from 0 to periodDays');
  }
  if (!isProRata) return amountPaise;
  // Dividing by periodDays × 100 yields rupees, so the single rounding lands on the rupee; rounding
  // to paise first and then to rupees could round 149.495 up to 150.
  const rupees = mulDivPaise(amountPaise, payableDays, periodDays * 100, 'halfUp');
  return rupees * 100;
}

/**
 * The loss of pay per date of a pay period (1 or 0.5 a date; dates without loss of pay left out),
 * limited to the employed days like computePayableDays: the record a payslip keeps of the dates it
 * was paid with, so a later month can tell which dates changed after it was finalized.
 */
export function lopDaysByDate(input: PayableDaysInput & { days: { byDate: Readonly<Record<IsoDate, PayDayEntry>> } }): Record<IsoDate, number> {
  const { period } = input;
  const from = input.dateOfJoining != null && input.dateOfJoining > period.start ? input.dateOfJoining : period.start;
  const to = input.dateOfLeaving != null && input.dateOfLeaving < period.end ? input.dateOfLeaving : period.end;
  const out: Record<IsoDate, number> = {};
  for (const date of Object.keys(input.days.byDate).sort()) {
    if (date < from || date > to) continue;
    const halves = lopHalvesOf(input.days.byDate[date] as PayDayEntry);
    if (halves > 0) out[date] = halves / 2;
  }
  return out;
}
