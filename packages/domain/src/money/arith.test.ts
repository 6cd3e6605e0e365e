import { describe, expect, it } from 'vitest';
import { mulDivPaise, percentOfPaise, roundToRupees, rupeesToPaise } from './arith';

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
});
