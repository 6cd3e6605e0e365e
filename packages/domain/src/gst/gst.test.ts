import { describe, expect, it } from 'vitest';
import { computeInvoiceLine, computeInvoiceTotals, gstinCheckCharacter, gstinProblem, isInterStateSupply, panOfGstin, percentToBasisPoints, quantityToMilli, stateOfGstin } from './index';

describe('GSTIN check character (GSTN base-36 Luhn mod 36)', () => {
  // Published examples: the GSTN's sample '27AAPFU0939F1ZV' (Maharashtra) used in the e-invoice schema
  // documentation, and '29AAGCB7383J1Z4' (Karnataka), the NIC e-way bill sandbox's test GSTIN.
  it.each([
    ['27AAPFU0939F1Z', 'V'],
    ['29AAGCB7383J1Z', '4'],
  ])('%s → %s', (first14, check) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
  });

  it('worked by hand: 22AAAAA0000A1Z', () => {
    // values 2,2,10,10,10,10,10,0,0,0,0,10,1,35 × 1,2,1,2,… → 2,4,10,20,10,20,10,0,0,0,0,20,1,70
    // base-36 digit sums: 70 = 1×36 + 34 → 35; the rest are < 36: 2+4+10+20+10+20+10+0+0+0+0+20+1 = 97
    // sum 97 + 35 = 132; 132 mod 36 = 24; (36 − 24) mod 36 = 12 → 'C'
    expect(gstinCheckCharacter('22AAAAA0000A1Z')).toBe('C');
    expect(gstinProblem('22AAAAA0000A1ZC')).toBeNull();
    // The widely copied '22AAAAA0000A1Z5' only has the right shape: its check character is wrong.
    expect(gstinProblem('22AAAAA0000A1Z5')).toBe('checksum');
  });

  it('names what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1AV')).toBe('format');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    // 28 (Andhra Pradesh before 2014) and 25 (Daman and Diu) are no longer issued; 00 never was.
    expect(gstinProblem(`00AAPFU0939F1Z${gstinCheckCharacter('00AAPFU0939F1Z')}`)).toBe('state');
  });

  it('state and PAN inside a GSTIN', () => {
    expect(stateOfGstin('27AAPFU0939F1ZV')).toBe('27');
    expect(stateOfGstin('29AAGCB7383J1Z4')).toBe('29');
    expect(panOfGstin('29AAGCB7383J1Z4')).toBe('AAGCB7383J');
  });
});

describe('GST on invoice lines', () => {
  it('intra-state: CGST and SGST at half the rate each (CGST Act s.9)', () => {
    // 2 × ₹1,250.00 = ₹2,500.00; 18% → CGST 9% ₹225.00 + SGST 9% ₹225.00; total ₹2,950.00
    expect(computeInvoiceLine({ quantityMilli: 2000, ratePaise: 125_000, gstRateBp: 1800 }, false)).toEqual({
      amountPaise: 250_000,
      cgstPaise: 22_500,
      sgstPaise: 22_500,
      igstPaise: 0,
      taxPaise: 45_000,
      totalPaise: 295_000,
    });
  });

  it('inter-state: IGST at the full rate, quantities with decimals, half up to the paisa', () => {
    // 3.5 × ₹999.99 = ₹3,499.965 → ₹3,499.97; IGST 12% of ₹3,499.97 = ₹419.9964 → ₹420.00; total ₹3,919.97
    expect(computeInvoiceLine({ quantityMilli: 3500, ratePaise: 99_999, gstRateBp: 1200 }, true)).toEqual({
      amountPaise: 349_997,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 42_000,
      taxPaise: 42_000,
      totalPaise: 391_997,
    });
  });

  it('each half is rounded on its own', () => {
    // ₹100.05 at 5%: CGST 2.5% = ₹2.50125 → ₹2.50, SGST the same → tax ₹5.00; as IGST 5% = ₹5.0025 → ₹5.00
    expect(computeInvoiceLine({ quantityMilli: 1000, ratePaise: 10_005, gstRateBp: 500 }, false).taxPaise).toBe(500);
    // ₹10.10 at 5%: CGST 2.5% = ₹0.2525 → ₹0.25 each → ₹0.50; IGST 5% = ₹0.505 → ₹0.51 (a paisa apart)
    expect(computeInvoiceLine({ quantityMilli: 1000, ratePaise: 1010, gstRateBp: 500 }, false).taxPaise).toBe(50);
    expect(computeInvoiceLine({ quantityMilli: 1000, ratePaise: 1010, gstRateBp: 500 }, true).taxPaise).toBe(51);
    // 0.25% (rough diamonds) split: 0.125% each of ₹1,00,000 = ₹125.00 each
    expect(computeInvoiceLine({ quantityMilli: 1000, ratePaise: 10_000_000, gstRateBp: 25 }, false)).toMatchObject({ cgstPaise: 12_500, sgstPaise: 12_500 });
  });

  it('an invoice: the split follows the place of supply (IGST Act s.7, s.8)', () => {
    const lines = [
      { quantityMilli: 2000, ratePaise: 125_000, gstRateBp: 1800 },
      { quantityMilli: 1000, ratePaise: 50_000, gstRateBp: 500 },
    ];
    // ₹2,500 @18% + ₹500 @5%: tax ₹450 + ₹25 = ₹475; total ₹3,475
    const intra = computeInvoiceTotals(lines, { supplierStateCode: '29', placeOfSupplyStateCode: '29' });
    expect(intra).toMatchObject({ isIntegratedTax: false, subtotalPaise: 300_000, cgstPaise: 23_750, sgstPaise: 23_750, igstPaise: 0, taxPaise: 47_500, totalPaise: 347_500 });
    const inter = computeInvoiceTotals(lines, { supplierStateCode: '29', placeOfSupplyStateCode: '27' });
    expect(inter).toMatchObject({ isIntegratedTax: true, cgstPaise: 0, sgstPaise: 0, igstPaise: 47_500, totalPaise: 347_500 });
    expect(isInterStateSupply('07', '07')).toBe(false);
    expect(computeInvoiceTotals([], { supplierStateCode: '29', placeOfSupplyStateCode: '29' }).totalPaise).toBe(0);
  });

  it('refuses what is not a non-negative integer', () => {
    expect(() => computeInvoiceLine({ quantityMilli: 1.5, ratePaise: 1, gstRateBp: 0 }, true)).toThrow(RangeError);
    expect(() => computeInvoiceLine({ quantityMilli: -1, ratePaise: 1, gstRateBp: 0 }, true)).toThrow(RangeError);
  });

  it('reads entered numbers exactly', () => {
    expect(percentToBasisPoints(18)).toBe(1800);
    expect(percentToBasisPoints(0.25)).toBe(25);
    expect(percentToBasisPoints(0.125)).toBeNull();
    expect(quantityToMilli(1.005)).toBe(1005);
    expect(quantityToMilli(0.1 + 0.2)).toBeNull();
    expect(quantityToMilli(-1)).toBeNull();
  });
});
