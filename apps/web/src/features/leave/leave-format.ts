import { LEAVE_PORTION_LABELS, type LeavePortionValue } from '@tankha/contracts';
import { displayDate } from '../../ui/format';

/** '1 day', '0.5 day', '2.5 days'. */
export function formatDays(days: number): string {
  return `${String(days)} ${days <= 1 ? 'day' : 'days'}`;
}

/** The dates of a request: one date (with the half) or 'from – to'. */
export function formatLeaveDates(startDate: string, endDate: string, portion: LeavePortionValue): string {
  if (startDate === endDate) return portion === 'full' ? displayDate(startDate) : `${displayDate(startDate)} (${LEAVE_PORTION_LABELS[portion]})`;
  return `${displayDate(startDate)} – ${displayDate(endDate)}`;
}
