import { describe, expect, it } from 'vitest';
import { INVOICE_MSG, invoiceItemInputSchema, invoicePartyInputSchema, upiPaymentUri } from './invoices.contract';

describe('invoice contract', () => {
  it('the UPI link (NPCI linking specification): pa, pn, am with two decimals, cu=INR, tn', () => {
    expect(upiPaymentUri({ upiId: 'nilgiri@okicici', payeeName: 'Nilgiri & Sons', amountPaise: 347_505, note: 'Invoice INV/7' })).toBe(
      'upi://pay?pa=nilgiri@okicici&pn=Nilgiri%20%26%20Sons&am=3475.05&cu=INR&tn=Invoice%20INV%2F7',
    );
    expect(upiPaymentUri({ upiId: 'a@b', payeeName: 'A', amountPaise: 5, note: 'x' })).toContain('&am=0.05&');
  });

  it('a party: GSTIN upper-cased and checked against its state and PAN', () => {
    const base = { name: 'Konkan Exports', address: 'Mumbai', stateCode: '27' };
    expect(invoicePartyInputSchema.parse({ ...base, gstin: ' 27aapfu0939f1zv ', pan: 'aapfu0939f' })).toMatchObject({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', email: null, upiId: null });
    const issues = (body: Record<string, unknown>) => invoicePartyInputSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...base, stateCode: '29', gstin: '27AAPFU0939F1ZV' })).toEqual([['gstin', INVOICE_MSG.gstinOtherState('Maharashtra')]]);
    expect(issues({ ...base, gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939G' })).toEqual([['pan', INVOICE_MSG.panNotInGstin]]);
    expect(issues({ ...base, bankName: 'SBI' })).toEqual([['accountNumber', INVOICE_MSG.bankIncomplete]]);
  });
});

describe('invoice items: HSN/SAC and unit (CGST Rules r.46(g), (i))', () => {
  const item = { name: 'Laptop', quantity: 1, rate: 50000, gstRate: 18 };
  const issues = (body: Record<string, unknown>) => invoiceItemInputSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
  it('accepts a SAC of 6 digits from 99 and an HSN of 4, 6 or 8 digits with a UQC; spaces are dropped, the unit upper-cased', () => {
    expect(invoiceItemInputSchema.parse({ ...item, hsnSac: ' 9983 15 ' })).toMatchObject({ hsnSac: '998315', unit: null });
    expect(invoiceItemInputSchema.parse({ ...item, hsnSac: '84713010', unit: 'nos' })).toMatchObject({ hsnSac: '84713010', unit: 'NOS' });
    expect(invoiceItemInputSchema.parse({ ...item, hsnSac: '' })).toMatchObject({ hsnSac: null });
  });
  it('names what is wrong', () => {
    expect(issues({ ...item, hsnSac: '99831' })).toEqual([['hsnSac', INVOICE_MSG.sacFormat]]);
    expect(issues({ ...item, hsnSac: '84713' })).toEqual([['hsnSac', INVOICE_MSG.hsnFormat]]);
    expect(issues({ ...item, hsnSac: 8471 })).toEqual([['hsnSac', INVOICE_MSG.hsnFormat]]);
    expect(issues({ ...item, hsnSac: '8471' })).toEqual([['unit', INVOICE_MSG.unitRequired]]);
    expect(issues({ ...item, hsnSac: '8471', unit: 'HOURS' })).toEqual([['unit', INVOICE_MSG.unitInvalid]]);
  });
});
