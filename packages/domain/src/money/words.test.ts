import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberToIndianWords } from './words';

describe('numbers in Indian words (platform §9: Thousand, Lakh, Crore)', () => {
  it.each([
    [0, 'Zero'],
    [5, 'Five'],
    [10, 'Ten'],
    [11, 'Eleven'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [21, 'Twenty One'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [110, 'One Hundred Ten'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [1001, 'One Thousand One'],
    [20_050, 'Twenty Thousand Fifty'],
    [99_999, 'Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_00_000, 'One Lakh'],
    [1_50_000, 'One Lakh Fifty Thousand'],
    [10_00_000, 'Ten Lakh'],
    [1_00_00_000, 'One Crore'],
    [1_00_00_001, 'One Crore One'],
    [1_23_45_678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
    [99_99_99_999, 'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [-45, 'Minus Forty Five'],
  ])('%i → %s', (n, words) => expect(numberToIndianWords(n)).toBe(words));

  it('gives Zero for empty input (platform §9)', () => {
    expect(numberToIndianWords('')).toBe('Zero');
    expect(numberToIndianWords('   ')).toBe('Zero');
    expect(numberToIndianWords(null)).toBe('Zero');
    expect(numberToIndianWords(undefined)).toBe('Zero');
  });

  it('reads digit strings and bigints', () => {
    expect(numberToIndianWords('00123')).toBe('One Hundred Twenty Three');
    expect(numberToIndianWords(1_00_000n)).toBe('One Lakh');
  });

  it.each([1_000_000_000, '1234567890', 10n ** 12n, -1_000_000_000, 1e20])('overflows above 9 digits: %s', (n) => {
    expect(() => numberToIndianWords(n)).toThrow(/^Overflow/);
  });

  it.each([1.5, '12.5', 'abc', Number.NaN])('refuses a non-whole number: %s', (n) => expect(() => numberToIndianWords(n)).toThrow(RangeError));
});

describe('amounts in words (platform §9: Rupees and Paise, ends with Only, Zero Only)', () => {
  it.each([
    [1_23_45_678_50, 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Fifty Paise Only'],
    [0, 'Zero Only'],
    [50, 'Fifty Paise Only'],
    [1, 'One Paise Only'],
    [100, 'Rupees One Only'],
    [101, 'Rupees One and One Paise Only'],
    [27_500_00, 'Rupees Twenty Seven Thousand Five Hundred Only'],
    [10_00_000_05, 'Rupees Ten Lakh and Five Paise Only'],
    [-2_500_00, 'Minus Rupees Two Thousand Five Hundred Only'],
    [99_99_99_999_99, 'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
  ])('%i paise → %s', (paise, words) => expect(amountInWords(paise)).toBe(words));

  it('overflows at ₹100 crore and refuses fractional paise', () => {
    expect(() => amountInWords(100_00_00_000_00)).toThrow(/^Overflow/);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });

  it('property: never empty, single-spaced, and ends with Only', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_99_99_999_99, max: 99_99_99_999_99 }), (paise) => {
        const words = amountInWords(paise);
        expect(words.endsWith(' Only')).toBe(true);
        expect(words.length).toBeGreaterThan(' Only'.length);
        expect(words).not.toMatch(/ {2}|^ /);
      }),
    );
  });
});
