import Decimal from 'decimal.js';

/**
 * Exact arithmetic on paise. Amounts are integer paise; rates are decimal strings or numbers whose
 * decimal text is exact ("8.33", 0.75). Every function that can produce a fraction of a paisa takes
 * the rounding mode explicitly, so each rounding point is named where it happens (DESIGN §5).
 */
export type Rounding = 'halfUp' | 'down' | 'up';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const MODE: Record<Rounding, Decimal.Rounding> = {
  halfUp: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
};

/** A rate given as a number is read through its shortest decimal text, so 8.33 means exactly 8.33. */
export function toDecimal(value: number | string | Decimal): Decimal {
  if (value instanceof Decimal) return new D(value);
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not a finite number');
  return new D(String(value));
}

// ------------------------------------------------------------------------------------------ integer fast paths
//
// The payroll run computes hundreds of thousands of these a month, and decimal.js dominated its
// profile. Where every operand is a safe integer, or a decimal of few places read as an integer
// over a power of ten (8.33 → 833 / 100), the result is the exact fraction N / M of safe integers,
// rounded once with integer arithmetic: the same value the decimal path gives (its 40 significant
// digits are exact for any fraction whose denominator is below 10^28; property tests compare the
// two, money/arith.property.test.ts). Anything else — a product beyond 2^53, a rate with many
// places, exponent notation — takes the decimal path.

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** A finite number or decimal text as n / 10^places with safe integers, or null. */
function scaledOf(value: number | string): { n: number; scale: number } | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { n: value === 0 ? 0 : value, scale: 1 };
  const m = DECIMAL_TEXT.exec(typeof value === 'number' ? String(value) : value);
  if (!m) return null;
  const places = m[3]?.length ?? 0;
  if (places >= POWERS_OF_TEN.length) return null;
  const digits = Number(`${m[2] ?? ''}${m[3] ?? ''}`);
  if (!Number.isSafeInteger(digits)) return null;
  return { n: m[1] ? -digits : digits, scale: POWERS_OF_TEN[places] ?? 1 };
}

/** n ÷ d rounded to an integer (d > 0, both safe integers): half up and up are away from zero, down towards it, as decimal.js. */
function divRound(n: number, d: number, rounding: Rounding): number {
  const negative = n < 0;
  const a = negative ? -n : n;
  const r = a % d;
  let q = (a - r) / d;
  if (r !== 0 && (rounding === 'up' || (rounding === 'halfUp' && 2 * r >= d))) q += 1;
  return negative && q !== 0 ? -q : q;
}

/** amount × num ÷ den, rounded to a multiple of `step` paise, by integers; null when an operand or product is not a safe integer. */
function mulDivStep(amountPaise: number, numerator: number | string, denominator: number | string, step: number, rounding: Rounding): number | null {
  if (!Number.isSafeInteger(amountPaise)) return null;
  const num = scaledOf(numerator);
  const den = scaledOf(denominator);
  if (!num || !den || den.n === 0) return null;
  // amount × (num.n / num.scale) ÷ (den.n / den.scale) ÷ step = (amount × num.n × den.scale) ÷ (num.scale × den.n × step)
  let top = amountPaise * num.n * den.scale;
  let bottom = num.scale * den.n * step;
  if (!Number.isSafeInteger(top) || !Number.isSafeInteger(bottom)) return null;
  if (bottom < 0) {
    top = -top;
    bottom = -bottom;
  }
  const result = divRound(top, bottom, rounding) * step;
  return Number.isSafeInteger(result) ? result : null;
}

/** Round a decimal number of paise to whole paise. */
export function roundPaise(amountPaise: Decimal | number | string, rounding: Rounding = 'halfUp'): number {
  if (typeof amountPaise === 'number' && Number.isSafeInteger(amountPaise)) return amountPaise === 0 ? 0 : amountPaise;
  return toDecimal(amountPaise).toDecimalPlaces(0, MODE[rounding]).toNumber();
}

/** `percent`% of an amount in paise, rounded to whole paise. */
export function percentOfPaise(amountPaise: number, percent: number | string, rounding: Rounding = 'halfUp'): number {
  return mulDivStep(amountPaise, percent, 100, 1, rounding) ?? roundPaise(toDecimal(amountPaise).mul(toDecimal(percent)).div(100), rounding);
}

/** amount × numerator ÷ denominator in paise, rounded once (proration: amount × payable days ÷ days). */
export function mulDivPaise(amountPaise: number, numerator: number | string, denominator: number | string, rounding: Rounding = 'halfUp'): number {
  const fast = mulDivStep(amountPaise, numerator, denominator, 1, rounding);
  if (fast !== null) return fast;
  const den = toDecimal(denominator);
  if (den.isZero()) throw new RangeError('division by zero');
  return roundPaise(toDecimal(amountPaise).mul(toDecimal(numerator)).div(den), rounding);
}

/** Round paise to a multiple of `stepRupees` rupees (1 for component amounts, 10 for s.288A/288B). */
export function roundToRupees(amountPaise: number | Decimal, stepRupees = 1, rounding: Rounding = 'halfUp'): number {
  const step = 100 * stepRupees;
  if (typeof amountPaise === 'number') {
    const fast = mulDivStep(amountPaise, 1, 1, step, rounding);
    if (fast !== null) return fast;
  }
  return toDecimal(amountPaise).div(step).toDecimalPlaces(0, MODE[rounding]).mul(step).toNumber();
}

/**
 * amount × numerator ÷ denominator rounded once to a multiple of `stepRupees` rupees, straight from
 * the exact value (a monthly component: annual ÷ 12 to the rupee; a contribution: wage × rate ÷ 100).
 */
export function mulDivToRupees(amountPaise: number, numerator: number | string, denominator: number | string, rounding: Rounding = 'halfUp', stepRupees = 1): number {
  const fast = Number.isSafeInteger(stepRupees) ? mulDivStep(amountPaise, numerator, denominator, 100 * stepRupees, rounding) : null;
  if (fast !== null) return fast;
  const den = toDecimal(denominator);
  if (den.isZero()) throw new RangeError('division by zero');
  return roundToRupees(toDecimal(amountPaise).mul(toDecimal(numerator)).div(den), stepRupees, rounding);
}

/** `percent`% of an amount in paise rounded once to the rupee (EPF half up, ESI up: the contribution rules). */
export function percentToRupees(amountPaise: number, percent: number | string, rounding: Rounding = 'halfUp'): number {
  return mulDivToRupees(amountPaise, percent, 100, rounding);
}

export function sumPaise(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

export function minPaise(...amounts: number[]): number {
  return Math.min(...amounts);
}

export function clampPaise(amountPaise: number, min: number, max: number): number {
  return Math.min(Math.max(amountPaise, min), max);
}

export { Decimal as ExactDecimal, D as exact };
