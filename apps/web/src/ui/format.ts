import { formatDisplayDate, formatInr, formatRupees, isIsoDate } from '@tankha/domain';

/** 'dd MMM yyyy' for a date or an ISO timestamp; a dash when there is none. */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = value.slice(0, 10);
  return isIsoDate(day) ? formatDisplayDate(day) : value;
}

/**
 * The web's one rupee text. The API sends amounts as rupees (a number with at most two decimals);
 * this takes them back to the paise they stand for and prints them with the domain's formatters,
 * so every screen writes money the same way. A missing amount is a dash.
 * - style 'plain' (the default; salary figures, declarations, plans): ₹ with Indian grouping, zero
 *   included ('₹0.00', never a bare '0'), '-₹' for a negative. Paise are shown unless
 *   `paise: false`; 'auto' shows them only when the amount has any.
 * - style 'payroll' (payroll spec §9; `inr`): negatives in brackets, zero as '0', paise only when
 *   the amount has any; `signed` puts '+' before a rise (`inrChange`).
 */
export function rupeesText(
  amount: number | null | undefined,
  { paise, style = 'plain', signed = false }: { paise?: boolean | 'auto'; style?: 'plain' | 'payroll'; signed?: boolean } = {},
): string {
  if (amount === null || amount === undefined) return '—';
  // Display only: the wire carries rupees with at most two decimals; this is the paise they stand for.
  const amountPaise = Math.round(amount * 100);
  if (style === 'payroll') return formatInr(amountPaise, { decimals: paise === undefined || paise === 'auto' ? 'auto' : paise ? 2 : 0, signed });
  return formatRupees(amountPaise, { showPaise: paise ?? true });
}

/** A payroll amount as payroll screens show it (payroll spec §9): '₹1,500', '(₹1,500.50)', '0', '—'. */
export function inr(rupees: number | null | undefined): string {
  return rupeesText(rupees, { style: 'payroll' });
}

/** A difference against last month: '+₹1,500' for a rise, '(₹1,500)' for a fall, '0' for none. */
export function inrChange(rupees: number | null | undefined): string {
  return rupeesText(rupees, { style: 'payroll', signed: true });
}

export function displayText(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '—';
}

export function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
