import { describe, expect, it } from 'vitest';
import { inr, inrChange, rupeesText } from './format';

describe('rupeesText', () => {
  it('writes every amount in ₹ with Indian grouping, zero included (employer PT showed a bare 0)', () => {
    expect(rupeesText(0)).toBe('₹0.00');
    expect(rupeesText(0, { paise: 'auto' })).toBe('₹0');
    expect(rupeesText(1200000)).toBe('₹12,00,000.00');
    expect(rupeesText(4512.5)).toBe('₹4,512.50');
    expect(rupeesText(1178400, { paise: 'auto' })).toBe('₹11,78,400');
    expect(rupeesText(4512.5, { paise: 'auto' })).toBe('₹4,512.50');
    expect(rupeesText(200, { paise: false })).toBe('₹200');
  });
});

describe('inr and inrChange (payroll spec §9), the payroll style of rupeesText', () => {
  it('brackets a negative, writes zero as 0, shows paise only when there are any, a dash for none', () => {
    expect(inr(1500)).toBe('₹1,500');
    expect(inr(1500.5)).toBe('₹1,500.50');
    expect(inr(-1500.5)).toBe('(₹1,500.50)');
    expect(inr(0)).toBe('0');
    expect(inr(null)).toBe('—');
    expect(inrChange(1500)).toBe('+₹1,500');
    expect(inrChange(-1500)).toBe('(₹1,500)');
    expect(inrChange(0)).toBe('0');
    expect(inrChange(undefined)).toBe('—');
    expect(rupeesText(undefined, { paise: 'auto' })).toBe('—');
  });
});
