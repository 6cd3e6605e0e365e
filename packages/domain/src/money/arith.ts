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

/** Round a decimal number of paise to whole paise. */
export function roundPaise(amountPaise: Decimal | number | string, rounding: Rounding = 'halfUp'): number {
  return toDecimal(amountPaise).toDecimalPlaces(0, MODE[rounding]).toNumber();
}

/** `percent`% of an amount in paise, rounded to whole paise. */
export function percentOfPaise(amountPaise: number, percent: number | string, rounding: Rounding = 'halfUp'): number {
  return roundPaise(toDecimal(amountPaise).mul(toDecimal(percent)).div(100), rounding);
}

/** amount × numerator ÷ denominator in paise, rounded once (proration: amount × payable days ÷ days). */
export function mulDivPaise(amountPaise: number, numerator: number | string, denominator: number | string, rounding: Rounding = 'halfUp'): number {
  const den = toDecimal(denominator);
  if (den.isZero()) throw new RangeError('division by zero');
  return roundPaise(toDecimal(amountPaise).mul(toDecimal(numerator)).div(den), rounding);
}

/** Round paise to a multiple of `stepRupees` rupees (1 for component amounts, 10 for s.288A/288B). */
export function roundToRupees(amountPaise: number | Decimal, stepRupees = 1, rounding: Rounding = 'halfUp'): number {
  const step = 100 * stepRupees;
  return toDecimal(amountPaise).div(step).toDecimalPlaces(0, MODE[rounding]).mul(step).toNumber();
}

/**
 * The one conversion of an amount entered in rupees to paise (issue 9): the number is read through
 * its shortest decimal text, so 1234.56 (not exactly representable in binary) is exactly 1,23,456
 * paise, and anything finer than a paisa (1.005, 0.1 + 0.2) is refused rather than rounded.
 * A RangeError names the reason; contracts refuse such input first with the field's message.
 */
export function rupeesToPaise(rupees: number): number {
  const paise = toDecimal(rupees).mul(100);
  if (!paise.isInteger()) throw new RangeError('more than two decimal places');
  const value = paise.toNumber();
  if (!Number.isSafeInteger(value)) throw new RangeError('too large an amount');
  // -0 rupees is 0 paise.
  return value === 0 ? 0 : value;
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
