import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exact, mulDivPaise, mulDivToRupees, percentOfPaise, percentToRupees, roundPaise, roundToRupees, type Rounding } from './arith';
import { paiseToRupees, rupeesToPaise } from './rupees';

/**
 * The integer fast paths of arith.ts against the decimal computation they replace (decimal.js at 40
 * digits, the rounding mode applied once at the end): the same number for every amount, rate and
 * divisor, including the rounding edges (exact halves, negative amounts, products near 2^53 where the
 * fast path gives way to the decimal one). Results are compared with `+ 0`: the decimal path gives
 * -0 where a negative amount rounds to nothing, the fast path 0.
 */

const MODES = { halfUp: exact.ROUND_HALF_UP, down: exact.ROUND_DOWN, up: exact.ROUND_UP } as const;
const rounding = fc.constantFrom<Rounding>('halfUp', 'down', 'up');

/** Paise of every size a payroll sees, and some beyond (where the fast path must step aside). */
const amount = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
  fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  // Exact halves of a rupee and of ten rupees: the rounding edges.
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((k) => k * 100 + 50),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((k) => k * 1000 + 500),
);

/** Rates as the product stores them: whole, two or four places, as numbers or as text. */
const rate = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toString()),
  fc.constantFrom<number | string>(12, '12', 8.33, '8.33', 3.67, '3.67', 0.75, '0.75', 3.25, '3.25', 4.81, 0.5, '0.50', 1e-7, 1e21, 0.1 + 0.2),
);
/** Divisors: days of a period (halves too), months, 100, 1200, and any. */
const divisor = fc.oneof(
  fc.integer({ min: 1, max: 31 }),
  fc.integer({ min: 1, max: 62 }).map((n) => n / 2),
  fc.constantFrom(12, 100, 1200, 3000),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((n) => n !== 0),
);

const toPaise = (value: InstanceType<typeof exact>, mode: Rounding) => value.toDecimalPlaces(0, MODES[mode]).toNumber() + 0;
const toRupeeStep = (value: InstanceType<typeof exact>, step: number, mode: Rounding) => value.div(100 * step).toDecimalPlaces(0, MODES[mode]).mul(100 * step).toNumber() + 0;
const d = (v: number | string) => new exact(String(v));

const RUNS = { numRuns: 20_000 };

describe('integer fast paths give the decimal results', () => {
  it('percentOfPaise: amount × percent ÷ 100 to the paisa', () => {
    fc.assert(
      fc.property(amount, rate, rounding, (a, p, mode) => {
        expect(percentOfPaise(a, p, mode) + 0).toBe(toPaise(d(a).mul(d(p)).div(100), mode));
      }),
      RUNS,
    );
  });

  it('mulDivPaise: amount × numerator ÷ denominator to the paisa', () => {
    fc.assert(
      fc.property(amount, rate, divisor, rounding, (a, n, den, mode) => {
        expect(mulDivPaise(a, n, den, mode) + 0).toBe(toPaise(d(a).mul(d(n)).div(d(den)), mode));
      }),
      RUNS,
    );
  });

  it('roundToRupees and roundPaise of whole paise', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(1, 10, 100), rounding, (a, step, mode) => {
        expect(roundToRupees(a, step, mode) + 0).toBe(toRupeeStep(d(a), step, mode));
        expect(roundPaise(a, mode) + 0).toBe(toPaise(d(a), mode));
      }),
      RUNS,
    );
  });

  it('mulDivToRupees and percentToRupees: rounded once to the rupee (or ten)', () => {
    fc.assert(
      fc.property(amount, rate, divisor, fc.constantFrom(1, 10), rounding, (a, n, den, step, mode) => {
        expect(mulDivToRupees(a, n, den, mode, step) + 0).toBe(toRupeeStep(d(a).mul(d(n)).div(d(den)), step, mode));
        expect(percentToRupees(a, n, mode) + 0).toBe(toRupeeStep(d(a).mul(d(n)).div(100), 1, mode));
      }),
      RUNS,
    );
  });

  it('a percentage of CTC: annual × percent ÷ 1200, the exact fraction rounded once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), rate, (ctc, p) => {
        expect(mulDivToRupees(ctc, p, 1200) + 0).toBe(toRupeeStep(d(ctc).mul(d(p)).div(1200), 1, 'halfUp'));
      }),
      RUNS,
    );
  });

  it('where the month is exactly half a rupee, dividing by 12 first (40 digits) lost the half: the exact fraction rounds it up', () => {
    // ₹1,69,37,387.50 a year at 48%: a month is exactly ₹6,77,495.50, so half up is ₹6,77,496. Dividing first
    // gave ₹6,77,495.4999… and ₹6,77,495 — a rupee short (found by the property above with fast-check).
    expect(mulDivToRupees(1_693_738_750, 48, 1200)).toBe(67_749_600);
    expect(toRupeeStep(d(1_693_738_750).div(12).mul(d(48)).div(100), 1, 'halfUp')).toBe(67_749_500);
  });

  it('refuses what the decimal path refuses', () => {
    expect(() => mulDivPaise(100, 1, 0)).toThrow(RangeError);
    expect(() => mulDivToRupees(100, 1, '0.00')).toThrow(RangeError);
    expect(() => percentOfPaise(100, Number.NaN)).toThrow();
    expect(() => percentToRupees(100, Number.POSITIVE_INFINITY)).toThrow();
  });
});

/**
 * The rupee conversion (rupees.ts reads the number's decimal text, without decimal.js) against the
 * decimal reading decimal.js gives of the same text: the same paise for every amount, and refused
 * exactly when the text has more than two decimals or leaves the safe integers.
 */
describe('rupeesToPaise against decimal.js', () => {
  const byDecimal = (rupees: number): number | 'refused' => {
    const paise = new exact(String(rupees)).mul(100);
    return paise.isInteger() && Number.isSafeInteger(paise.toNumber()) ? paise.toNumber() + 0 : 'refused';
  };
  const attempt = (rupees: number): number | 'refused' => {
    try {
      return rupeesToPaise(rupees);
    } catch {
      return 'refused';
    }
  };

  it('every paise amount of up to 15 digits survives the round trip through the wire', () => {
    const wire = fc.oneof(amount.filter((p) => Math.abs(p) < 1e15), fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }));
    fc.assert(fc.property(wire, (paise) => rupeesToPaise(paiseToRupees(paise)) === paise + 0));
  });

  it('any double, including exponent forms and fractions of a paisa, is read as decimal.js reads its text', () => {
    const doubles = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 1000));
    fc.assert(fc.property(doubles, (rupees) => attempt(rupees) === byDecimal(rupees)));
  });
});
