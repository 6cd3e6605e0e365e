/**
 * The one conversion between rupees as a request carries them and integer paise, kept apart from the
 * decimal arithmetic (arith.ts) so a screen that only checks an amount field does not load decimal.js.
 *
 * A number is read through its shortest decimal text (`String(n)`), so 1234.56 (not exactly
 * representable in binary) is exactly 1,23,456 paise, and anything finer than a paisa (1.005,
 * 0.1 + 0.2 = 0.30000000000000004) is refused rather than rounded. The digits are handled as text:
 * no binary arithmetic touches the amount.
 */

/** `String(n)` of a finite number as sign, integer digits and fraction digits (exponent form expanded). */
function decimalDigits(rupees: number): { negative: boolean; whole: string; fraction: string } {
  const text = String(rupees);
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [mantissa = '', exponentText] = unsigned.split('e');
  const [intPart = '', fracPart = ''] = mantissa.split('.');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  // Shift the decimal point by the exponent over the digit string.
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  if (point <= 0) return { negative, whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { negative, whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { negative, whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/**
 * Rupees to paise. A RangeError names the reason (not finite, more than two decimal places, too large
 * an amount); contracts refuse such input first with the field's message.
 */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('not a finite number');
  const { negative, whole, fraction } = decimalDigits(rupees);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > 2) throw new RangeError('more than two decimal places');
  const paiseText = (whole + significant.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  const value = Number(paiseText);
  if (!Number.isSafeInteger(value)) throw new RangeError('too large an amount');
  // -0 rupees is 0 paise.
  return value === 0 ? 0 : negative ? -value : value;
}

/**
 * The one conversion of paise to the rupees the API replies with (a number, as requests carry it).
 * Paise of at most 15 digits (up to ₹9,99,99,99,99,999.99, far above any payroll figure) ÷ 100 is the
 * double nearest the exact rupee amount, and a decimal of at most 15 significant digits is always its
 * double's shortest text, so `rupeesToPaise(paiseToRupees(p)) === p`. For the wire only: no
 * arithmetic is done on the result. A missing amount stays missing.
 */
export function paiseToRupees(amountPaise: number): number;
export function paiseToRupees(amountPaise: number | null | undefined): number | null;
export function paiseToRupees(amountPaise: number | null | undefined): number | null {
  if (amountPaise === null || amountPaise === undefined) return null;
  return amountPaise / 100;
}

/** Whether `rupeesToPaise` accepts the amount (a finite number with at most two decimals, in range). */
export function isRupeesAmount(rupees: number): boolean {
  try {
    rupeesToPaise(rupees);
    return true;
  } catch {
    return false;
  }
}
