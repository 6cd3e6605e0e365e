import { describe, expect, it } from 'vitest';
import { HSN_SIX_DIGITS_ABOVE_TURNOVER_PAISE, hsnSacKind, hsnSacProblem, isUqc, requiredHsnDigits } from './index';

describe('HSN and SAC codes (CGST Rules r.46(g))', () => {
  it.each([
    // SAC of the Scheme of Classification of Services (notification 11/2017-CT(R) annexure)
    ['998315', null], // hosting and IT infrastructure provisioning
    ['998313', null], // IT consulting and support
    ['995411', null], // construction of single dwellings
    ['9983', 'sac'], // a SAC heading alone is not a service code
    ['99831512', 'sac'],
    // HSN of the Customs Tariff: heading (4), sub-heading (6), tariff item (8)
    ['8471', null], // automatic data-processing machines
    ['847130', null],
    ['84713010', null],
    ['1006', null], // rice
    ['84713', 'format'],
    ['847', 'format'],
    ['0012', 'format'], // there is no chapter 00
    ['8471-30', 'format'],
    ['', 'format'],
  ])('%s → %s', (code, problem) => {
    expect(hsnSacProblem(code)).toBe(problem);
  });

  it('a 99 code is a service', () => {
    expect(hsnSacKind('998315')).toBe('sac');
    expect(hsnSacKind('8471')).toBe('hsn');
    expect(hsnSacKind('84A1')).toBeNull();
  });
});

describe('digits required by turnover (notification 78/2020-Central Tax, from 1 Apr 2021)', () => {
  it('up to ₹5 crore: 4 digits, none to unregistered recipients; more than ₹5 crore: 6 digits', () => {
    expect(requiredHsnDigits({ turnoverAboveFiveCrore: false, recipientRegistered: true })).toBe(4);
    expect(requiredHsnDigits({ turnoverAboveFiveCrore: false, recipientRegistered: false })).toBe(0);
    expect(requiredHsnDigits({ turnoverAboveFiveCrore: true, recipientRegistered: true })).toBe(6);
    expect(requiredHsnDigits({ turnoverAboveFiveCrore: true, recipientRegistered: false })).toBe(6);
    // ₹5,00,00,000 = 5 crore rupees = 5,00,00,00,000 paise
    expect(HSN_SIX_DIGITS_ABOVE_TURNOVER_PAISE).toBe(5_000_000_000);
  });

  it('units are GSTN unique quantity codes', () => {
    expect(isUqc('NOS')).toBe(true);
    expect(isUqc('KGS')).toBe(true);
    expect(isUqc('HRS')).toBe(false);
    expect(isUqc('nos')).toBe(false);
  });
});
