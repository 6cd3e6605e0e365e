import type { IsoDate } from '../dates/calendar';

/**
 * Fair billing of a plan change (our rule; docs/decisions/incoming-h28-gstbilling.md).
 *
 * - An upgrade takes effect on the day it is asked for and starts a new paid period that day. The plan it
 *   replaces was paid up to the end of its period: the unused part is credited, by days.
 * - Days are calendar days in India. The period runs from its first day up to (not including) its end day; the
 *   day of the change counts as unused (the new plan serves it), so a change on the first day credits all of it.
 * - credit = paid taxable value × unused days ÷ days in the period, rounded half up to the paisa (integers only;
 *   the rounding favours neither side by more than half a paisa). GST on the credit is worked out like the
 *   invoice's, so the credit note reverses the same share of the tax.
 * - The charge now is the new period's invoice less the credit note; it is never negative because only a
 *   change whose new period costs at least what the current period cost is an upgrade (see isUpgrade).
 */

const DAY_MS = 86_400_000;

function dayNumber(date: IsoDate): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

export interface ProrationInput {
  /** First day of the current paid period. */
  periodStart: IsoDate;
  /** The day the period ends (exclusive: the next period's first day). */
  periodEnd: IsoDate;
  /** The day of the change. */
  changeDate: IsoDate;
  /** What the current period was charged, before GST. */
  paidTaxablePaise: number;
}

export interface Proration {
  periodDays: number;
  usedDays: number;
  unusedDays: number;
  /** Credit for the unused days, before GST. */
  creditTaxablePaise: number;
}

export function computeUnusedCredit(input: ProrationInput): Proration {
  if (!Number.isSafeInteger(input.paidTaxablePaise) || input.paidTaxablePaise < 0) throw new RangeError('paidTaxablePaise must be a non-negative integer');
  const start = dayNumber(input.periodStart);
  const periodDays = dayNumber(input.periodEnd) - start;
  if (periodDays <= 0) throw new RangeError('a period ends after it starts');
  const usedDays = Math.min(periodDays, Math.max(0, dayNumber(input.changeDate) - start));
  const unusedDays = periodDays - usedDays;
  // half up: (2·a·b + d) ÷ 2d in BigInt, so no float and no overflow
  const n = BigInt(input.paidTaxablePaise) * BigInt(unusedDays);
  const d = BigInt(periodDays);
  const creditTaxablePaise = Number((n * 2n + d) / (d * 2n));
  return { periodDays, usedDays, unusedDays, creditTaxablePaise };
}

/**
 * A change takes effect now (an upgrade) when the new period costs at least what the current period cost, both
 * before GST; otherwise (fewer users, a cheaper plan, monthly instead of yearly, the free plan) it is a downgrade
 * and waits for the end of the paid period.
 */
export function isUpgrade(current: { periodTaxablePaise: number }, next: { periodTaxablePaise: number }): boolean {
  return next.periodTaxablePaise >= current.periodTaxablePaise;
}
