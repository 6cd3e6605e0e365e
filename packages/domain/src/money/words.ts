/**
 * Numbers and amounts in words the way Indian payslips and invoices write them (platform §9):
 * Indian units (Thousand, Lakh, Crore), Title Case, no hyphens and no inner 'and'
 * ("Six Hundred Seventy Eight"), singular unit names ("Twenty Three Lakh").
 */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** The largest number with words: 9 digits (platform §9), i.e. 99,99,99,999. */
export const MAX_INDIAN_WORDS_NUMBER = 999_999_999;

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = ONES[n % 10] ?? '';
  return (TENS[Math.floor(n / 10)] ?? '') + (unit ? ' ' + unit : '');
}

/** Words for 1 ≤ n ≤ 999,999,999 (empty for 0). */
function positiveWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crore) parts.push(belowHundred(crore), 'Crore');
  if (lakh) parts.push(belowHundred(lakh), 'Lakh');
  if (thousand) parts.push(belowHundred(thousand), 'Thousand');
  if (hundred) parts.push(belowHundred(hundred), 'Hundred');
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

function toInteger(value: number | bigint | string | null | undefined): number | null {
  if (value == null) return null;
  let n: bigint;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!/^-?\d+$/.test(text)) throw new RangeError(`not a whole number: '${value}'`);
    n = BigInt(text);
  } else if (typeof value === 'bigint') {
    n = value;
  } else {
    if (!Number.isInteger(value)) throw new RangeError(`not a whole number: ${String(value)}`);
    if (!Number.isSafeInteger(value)) throw new RangeError('Overflow: more than 9 digits');
    n = BigInt(value);
  }
  if (n > BigInt(MAX_INDIAN_WORDS_NUMBER) || n < -BigInt(MAX_INDIAN_WORDS_NUMBER)) throw new RangeError('Overflow: more than 9 digits');
  return Number(n);
}

/**
 * A whole number in Indian words: 12345678 → 'One Crore Twenty Three Lakh Forty Five Thousand Six
 * Hundred Seventy Eight'. Empty input (null, undefined, '') and 0 give 'Zero'; negatives start with
 * 'Minus'. More than 9 digits throws a RangeError starting 'Overflow' rather than printing a wrong
 * figure on a document.
 */
export function numberToIndianWords(value: number | bigint | string | null | undefined): string {
  const n = toInteger(value);
  if (n === null || n === 0) return 'Zero';
  return (n < 0 ? 'Minus ' : '') + positiveWords(Math.abs(n));
}

/**
 * An amount in paise in words, as printed on Indian payslips and invoices: 'Rupees … and … Paise
 * Only'. 1,23,45,678.50 → 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred
 * Seventy Eight and Fifty Paise Only'; 0 → 'Zero Only'; 0.50 → 'Fifty Paise Only'; a negative
 * amount starts with 'Minus'. Rupees above 9 digits throw (see numberToIndianWords).
 */
export function amountInWords(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('amountPaise must be a safe integer');
  if (amountPaise === 0) return 'Zero Only';
  const abs = Math.abs(amountPaise);
  const rupees = Math.floor(abs / 100);
  const paise = abs % 100;
  if (rupees > MAX_INDIAN_WORDS_NUMBER) throw new RangeError('Overflow: more than 9 digits');
  const parts: string[] = [];
  if (rupees) parts.push('Rupees ' + positiveWords(rupees));
  if (paise) parts.push(positiveWords(paise) + ' Paise');
  return (amountPaise < 0 ? 'Minus ' : '') + parts.join(' and ') + ' Only';
}
