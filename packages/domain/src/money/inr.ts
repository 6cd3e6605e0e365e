/**
 * Money is integer paise everywhere (DESIGN §5). This file only formats; arithmetic on amounts
 * lives with the rules that need it.
 */
export type Paise = number;

/**
 * Indian digit grouping: 12,34,567 (last three digits, then pairs). Every explanation line of every
 * payslip goes through it (a tenth of a payroll chunk's calculation was spent here): a safe integer
 * is grouped from its own digits, without a BigInt or an array.
 */
export function groupIndian(whole: bigint | number): string {
  const negative = whole < 0;
  const digits = typeof whole === 'number' && Number.isSafeInteger(whole) ? String(Math.abs(whole)) : (negative ? -BigInt(whole) : BigInt(whole)).toString();
  if (digits.length <= 3) return (negative ? '-' : '') + digits;
  const head = digits.length - 3;
  // The leading group has one digit when the digits before the last three are odd in number, else two.
  let text = digits.slice(0, 2 - (head % 2));
  for (let i = text.length; i < head; i += 2) text += ',' + digits.slice(i, i + 2);
  return (negative ? '-' : '') + text + ',' + digits.slice(head);
}

/**
 * The one paise-to-rupee text of the product (explanation lines, messages, e-mails, the web's
 * salary figures); `formatInr` below is its payroll-report variant. ₹12,34,567 for whole rupees;
 * ₹12,34,567.50 when `showPaise` is set; `showPaise: 'auto'` shows paise only when there are any
 * (₹28,000 but ₹0.75). Without `showPaise` the paise are dropped (truncated, not rounded).
 */
export function formatRupees(amountPaise: Paise, options: { showPaise?: boolean | 'auto' } = {}): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('amountPaise must be a safe integer');
  const negative = amountPaise < 0;
  const abs = Math.abs(amountPaise);
  const rupees = Math.trunc(abs / 100);
  const paise = abs % 100;
  const showPaise = options.showPaise === 'auto' ? paise !== 0 : options.showPaise === true;
  const text = '₹' + groupIndian(rupees) + (showPaise ? '.' + paise.toString().padStart(2, '0') : '');
  return negative ? '-' + text : text;
}

/** `formatRupees` with paise only when there are any: the text of every explanation line ("Basic ₹30,000 × 28 of 30 …"). */
export function rupeeText(amountPaise: Paise): string {
  return formatRupees(amountPaise, { showPaise: 'auto' });
}

/**
 * An amount for payroll screens and reports (payroll §9): en-IN grouping with the rupee sign,
 * negatives in brackets '(₹1,234.50)', and an amount that shows as zero written '0'. Two decimals by
 * default (lossless); `decimals: 0` rounds to the whole rupee, half up (a display rounding only);
 * `decimals: 'auto'` shows two only when the amount has paise. `zero: '₹0.00'` writes a zero as an
 * amount instead (Form 16's amount column), and `signed` puts a '+' before a rise ('+₹1,500', a
 * difference against last month).
 */
export function formatInr(amountPaise: Paise, options: { decimals?: 0 | 2 | 'auto'; zero?: '0' | '₹0.00'; signed?: boolean } = {}): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('amountPaise must be a safe integer');
  const decimals = options.decimals === 'auto' ? (amountPaise % 100 === 0 ? 0 : 2) : (options.decimals ?? 2);
  const abs = BigInt(Math.abs(amountPaise));
  // Display rounding point: half up to the rupee when no decimals are shown.
  const shownPaise = decimals === 0 ? ((abs + 50n) / 100n) * 100n : abs;
  if (shownPaise === 0n) return options.zero ?? '0';
  const text = '₹' + groupIndian(shownPaise / 100n) + (decimals === 2 ? '.' + (shownPaise % 100n).toString().padStart(2, '0') : '');
  if (amountPaise < 0) return `(${text})`;
  return options.signed ? `+${text}` : text;
}
