import { addDaysToDate, dayOfWeekOf } from '@tankha/domain';

/** 'HH:mm[:ss]' → '10:00 AM' (people spec §2.2: 12-hour times). */
export function formatTime12(value: string | null): string {
  if (!value) return '';
  const [h = 0, m = 0] = value.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour.toString().padStart(2, '0')}:${m.toString().padStart(2, '0')} ${suffix}`;
}

export const formatShiftRange = (start: string | null, end: string | null) => `${formatTime12(start)} - ${formatTime12(end)}`;

/** The Sunday that starts the week of `date` (the roster runs Sunday to Saturday). */
export function weekStartOf(date: string): string {
  return addDaysToDate(date, -dayOfWeekOf(date));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03-08' → '08 Mar 2026' (dd MMM yyyy). */
export function formatDay(date: string): string {
  return `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEK_COLUMNS = ['All', '1', '2', '3', '4', '5'] as const;
