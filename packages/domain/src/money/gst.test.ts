import { describe, expect, it } from 'vitest';
import { gstStateCodeOf, splitGst } from './gst';

describe('GST on a plan (worked examples)', () => {
  it('₹10,000 taxable, buyer in the seller’s state: CGST ₹900 + SGST ₹900, total ₹11,800', () => {
    const s = splitGst(10_000_00, '29', '29');
    expect(s).toMatchObject({ supply: 'intra', cgstPaise: 900_00, sgstPaise: 900_00, igstPaise: 0, taxPaise: 1_800_00, totalPaise: 11_800_00 });
    expect(s.totalInWords).toBe('Rupees Eleven Thousand Eight Hundred Only');
  });

  it('₹10,000 taxable, buyer in another state: IGST ₹1,800, total ₹11,800', () => {
    const s = splitGst(10_000_00, '29', '27');
    expect(s).toMatchObject({ supply: 'inter', cgstPaise: 0, sgstPaise: 0, igstPaise: 1_800_00, totalPaise: 11_800_00 });
  });

  it('an unregistered buyer with no state on record is supplied in the seller’s state (IGST Act s.12(2)(b))', () => {
    expect(splitGst(4_900_00, '29', null).supply).toBe('intra');
  });

  it('rounds each tax to the paisa: ₹49 × 3 users = ₹147 → CGST 13.23 + SGST 13.23 = ₹173.46', () => {
    const s = splitGst(147_00, '29', '29');
    expect([s.cgstPaise, s.sgstPaise, s.totalPaise]).toEqual([1323, 1323, 17346]);
    expect(s.totalInWords).toBe('Rupees One Hundred Seventy Three and Forty Six Paise Only');
  });

  it('₹99.99 inter-state: IGST 17.9982 → ₹18.00, total ₹117.99', () => {
    const s = splitGst(9999, '29', '07');
    expect([s.igstPaise, s.totalPaise]).toEqual([1800, 11799]);
  });

  it('rejects a negative or fractional taxable value', () => {
    expect(() => splitGst(-1, '29', '29')).toThrow(RangeError);
    expect(() => splitGst(1.5, '29', '29')).toThrow(RangeError);
  });
});

describe('GSTIN state code', () => {
  it('reads the state from a valid GSTIN only', () => {
    expect(gstStateCodeOf('29ABCDE1234F1Z5')).toBe('29');
    expect(gstStateCodeOf(' 27abcde1234f1z5 ')).toBe('27');
    expect(gstStateCodeOf('29ABCDE1234F1X5')).toBeNull();
    expect(gstStateCodeOf(null)).toBeNull();
  });
});
