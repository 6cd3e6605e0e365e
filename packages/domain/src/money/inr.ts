/**
 * Money is integer paise everywhere (DESIGN §5). This file only formats; arithmetic on amounts
 * lives with the rules that need it.
 */
export type Paise = number;

/** Indian digit grouping: 12,34,567 (last three digits, then pairs). */
export function groupIndian(whole: bigint | number): string {
  const negative = whole < 0;
  const digits = (negative ? -BigInt(whole) : BigInt(whole)).toString();
  if (digits.length <= 3) return (negative ? '-' : '') + digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) pairs.unshift(rest);
  return (negative ? '-' : '') + pairs.join(',') + ',' + last3;
}

/** ₹12,34,567 for whole rupees; ₹12,34,567.50 when paise are present and `showPaise` is set. */
export function formatRupees(amountPaise: Paise, options: { showPaise?: boolean } = {}): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('amountPaise must be a safe integer');
  const negative = amountPaise < 0;
  const abs = Math.abs(amountPaise);
  const rupees = Math.trunc(abs / 100);
  const paise = abs % 100;
  const text = '₹' + groupIndian(rupees) + (options.showPaise ? '.' + paise.toString().padStart(2, '0') : '');
  return negative ? '-' + text : text;
}
