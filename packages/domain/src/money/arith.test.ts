import { describe, expect, it } from 'vitest';
import { mulDivPaise, percentOfPaise, roundToRupees } from './arith';
import { isRupeesAmount, rupeesToPaise } from './rupees';

describe('exact paise arithmetic', () => {
  it('8.33% of 15,000 is 1,249.50, which rounds half up to 1,250 (EPS, india-tax-rules §10)', () => {
    expect(percentOfPaise(1_500_000, '8.33')).toBe(124_950);
    expect(roundToRupees(124_950)).toBe(125_000);
  });
  it('0.1 + 0.2 style float errors do not appear: 0.75% of 20,000 is exactly 150', () => {
    expect(percentOfPaise(2_000_000, 0.75)).toBe(15_000);
  });
  it('rounds to the nearest ten rupees with 5 going up (s.288A/288B)', () => {
    expect(roundToRupees(1_234_500, 10)).toBe(1_235_000);
    expect(roundToRupees(1_234_499, 10)).toBe(1_234_000);
  });
  it('prorates once: 30,000 for 17 of 30 days is 17,000', () => {
    expect(mulDivPaise(3_000_000, 17, 30)).toBe(1_700_000);
    expect(mulDivPaise(1_000_000, 1, 3)).toBe(333_333);
  });
  it('refuses fractional paise from rupees', () => {
    expect(rupeesToPaise(12.5)).toBe(1250);
    expect(() => rupeesToPaise(0.001)).toThrow(RangeError);
  });

  // The one conversion of entered rupees. Each case is the decimal a person typed.
  it.each([
    [0, 0],
    [-0, 0],
    [1, 100],
    [1.05, 105],
    [1.1, 110],
    [0.01, 1],
    [1234.56, 123_456], // 1234.56 * 100 is 123455.99999999999 in binary floating point
    [0.07, 7], // 0.07 * 100 is 7.000000000000001
    [1.15, 115], // 1.15 * 100 is 114.99999999999999
    [9_999_999.99, 999_999_999],
    [1_000_000_000, 100_000_000_000],
    [-12.5, -1250],
    [-0.05, -5],
    [9_999_999_999_999.99, 999_999_999_999_999], // 15 significant digits: every such decimal is its double's shortest text
  ])('rupeesToPaise(%s) is exactly %s paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
    expect(Object.is(rupeesToPaise(rupees), -0)).toBe(false);
    expect(isRupeesAmount(rupees)).toBe(true);
  });

  it.each([
    ['1.005, three decimals', 1.005],
    ['0.1 + 0.2, a float sum that is not two decimals', 0.1 + 0.2],
    ['0.001', 0.001],
    ['1e-7', 1e-7],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['1e21, beyond a safe number of paise', 1e21],
    ['1e14, 10^16 paise, beyond a safe integer', 1e14],
    ['5e-324, the smallest double', 5e-324],
    ['-1.001', -1.001],
  ])('rupeesToPaise refuses %s', (_label, rupees) => {
    expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
    expect(isRupeesAmount(rupees)).toBe(false);
  });
});
