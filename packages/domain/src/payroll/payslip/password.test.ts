import { describe, expect, it } from 'vitest';
import { PAYSLIP_PASSWORD_EXAMPLE, payslipPassword } from './password';

describe('payslipPassword', () => {
  it('is the first five letters of the PAN in capitals and the date of birth as DDMM', () => {
    // PAN ABCDE1234F, born 1 August 1990: ABCDE, then 01 (day) 08 (month).
    expect(payslipPassword('ABCDE1234F', '1990-08-01')).toEqual({ ok: true, password: 'ABCDE0108' });
    expect(PAYSLIP_PASSWORD_EXAMPLE).toBe('ABCDE0108');
  });

  it('capitalises a PAN stored in lower case and ignores spaces around it', () => {
    expect(payslipPassword(' aqzpk4321m ', '1985-12-31')).toEqual({ ok: true, password: 'AQZPK3112' });
  });

  it('is day then month, never month then day', () => {
    expect(payslipPassword('BNZPM2501F', '2001-02-11')).toEqual({ ok: true, password: 'BNZPM1102' });
  });

  it('tells what is missing when there is no PAN or no date of birth', () => {
    expect(payslipPassword(null, '1990-08-01')).toEqual({ ok: false, missing: ['pan'] });
    expect(payslipPassword('ABCDE1234F', null)).toEqual({ ok: false, missing: ['dateOfBirth'] });
    expect(payslipPassword('', '')).toEqual({ ok: false, missing: ['pan', 'dateOfBirth'] });
    // Not five letters first: no password can be made from it.
    expect(payslipPassword('AB1DE1234F', '1990-08-01')).toEqual({ ok: false, missing: ['pan'] });
  });
});
