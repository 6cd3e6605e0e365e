import { describe, expect, it } from 'vitest';
import { formatRupees, groupIndian } from './inr';

describe('Indian digit grouping (lakh and crore)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
    [10000000, '1,00,00,000'],
    [-150000, '-1,50,000'],
  ])('%i → %s', (n, text) => expect(groupIndian(n)).toBe(text));

  it('formats paise as rupees without a float', () => {
    expect(formatRupees(123456700)).toBe('₹12,34,567');
    expect(formatRupees(123456750, { showPaise: true })).toBe('₹12,34,567.50');
    expect(formatRupees(5, { showPaise: true })).toBe('₹0.05');
    expect(formatRupees(-250000)).toBe('-₹2,500');
    expect(() => formatRupees(0.5)).toThrow(RangeError);
  });
});
