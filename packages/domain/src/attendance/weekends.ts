import type { IsoDate } from '../dates/calendar';
import { dayOfWeekOf, weekOfMonth } from './month';

/**
 * One cell of a shift's weekends grid (spec people §2.2, §3 Shift): 7 days (0 = Sunday) by
 * 6 columns (0 = All weeks, then weeks 1 to 5 of the month).
 */
export interface WeekendRule {
  dayOfWeek: number;
  weekNumber: number;
  isWeekend: boolean;
}

/** Sundays and Saturdays of every week (spec people §5, shift form default). */
export const DEFAULT_WEEKENDS: readonly WeekendRule[] = Object.freeze([
  Object.freeze({ dayOfWeek: 0, weekNumber: 0, isWeekend: true }),
  Object.freeze({ dayOfWeek: 6, weekNumber: 0, isWeekend: true }),
]);

/**
 * Whether `date` is a week-off under a weekends grid. The week of the month is ceil(day / 7), so
 * the 29th–31st are week 5. An entry for the specific week wins over the 'All' (0) entry of the
 * same weekday, so "every Saturday except the 2nd" is All = true plus week 2 = false.
 */
export function isWeekendDay(date: IsoDate, weekends: readonly WeekendRule[] = DEFAULT_WEEKENDS): boolean {
  const dayOfWeek = dayOfWeekOf(date);
  const week = weekOfMonth(date);
  const sameDay = weekends.filter((rule) => rule.dayOfWeek === dayOfWeek);
  const specific = sameDay.find((rule) => rule.weekNumber === week);
  if (specific) return specific.isWeekend;
  return sameDay.some((rule) => rule.weekNumber === 0 && rule.isWeekend);
}
