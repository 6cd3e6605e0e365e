import { formatDisplayDate, formatRupees, isIsoDate } from '@tankha/domain';

/** 'dd MMM yyyy' for a date or an ISO timestamp; a dash when there is none. */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = value.slice(0, 10);
  return isIsoDate(day) ? formatDisplayDate(day) : value;
}

/**
 * A rupee amount as the API sends salary figures (a number of rupees) → ₹ with Indian grouping,
 * zero included ('₹0.00', never a bare '0'). Paise are shown unless `paise: false`; 'auto' shows them
 * only when the amount has any.
 */
export function rupeesText(amount: number, { paise = true }: { paise?: boolean | 'auto' } = {}): string {
  const amountPaise = Math.round(amount * 100);
  return formatRupees(amountPaise, { showPaise: paise === 'auto' ? amountPaise % 100 !== 0 : paise });
}

export function displayText(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '—';
}

export function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
