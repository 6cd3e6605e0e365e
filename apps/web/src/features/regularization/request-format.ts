import { displayDate } from '../../ui/format';

/** 'HH:mm[:ss]' → '09:30 AM' (the product's 12-hour times). */
export function displayTime(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const hours = Number(m[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${m[2] ?? '00'} ${suffix}`;
}

/** One date, or 'start – end' for a range. */
export function displayDateRange(start: string | null, end: string | null): string {
  if (!start) return '—';
  if (!end || end === start) return displayDate(start);
  return `${displayDate(start)} – ${displayDate(end)}`;
}
