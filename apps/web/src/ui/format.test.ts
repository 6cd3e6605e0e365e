import { describe, expect, it } from 'vitest';
import { rupeesText } from './format';

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
