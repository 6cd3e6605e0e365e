import { formatDisplayDate, isIsoDate } from '@tankha/domain';

/** 'dd MMM yyyy' for a date or an ISO timestamp; a dash when there is none. */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = value.slice(0, 10);
  return isIsoDate(day) ? formatDisplayDate(day) : value;
}

export function displayText(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '—';
}

export function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
