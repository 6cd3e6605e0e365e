import { describe, expect, it } from 'vitest';
import { ANNUAL_CTC_RANGE_MSG, employeeDateErrors, employeeFormSchema, type EmployeeFormInput } from './people.contract';
import { PEOPLE_MSG, ifscUnknownMessage } from './people.messages';

/** The employee form's rules that depend on today, one table per rule. */
const valid: EmployeeFormInput = {
  firstName: 'Kavya',
  lastName: 'Menon',
  email: 'kavya@example.in',
  dateOfJoining: '2025-06-01',
  experience: 3,
  employeeNumber: 'EMP042',
  regimeType: 1,
  annualCTC: 1_200_000,
};

/** The message the schema gives `field` for the form with `patch`, or undefined when it passes. */
function messageFor(field: keyof EmployeeFormInput, patch: Partial<EmployeeFormInput>): string | undefined {
  const result = employeeFormSchema.safeParse({ ...valid, ...patch });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('employee form rules', () => {
  it('accepts the valid form', () => {
    expect(employeeFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['ABCDE1234F', undefined],
    ['abcde1234f', undefined], // upper-cased first
    [' abcde1234f ', undefined],
    ['ABCD1234F', PEOPLE_MSG.panInvalid], // four letters
    ['ABCDE12345', PEOPLE_MSG.panInvalid], // ends in a digit
    ['ABCDE123F', PEOPLE_MSG.panInvalid], // three digits
    ['ABCDE1234FG', PEOPLE_MSG.panInvalid],
    ['', undefined], // optional
  ])('PAN %j → %s', (pan, message) => {
    expect(messageFor('pan', { pan })).toBe(message);
  });

  // Issue 26: the numbers banks, EPFO and ESIC accept; the first bad value of each is the issue's.
  it.each([
    ['HDFC1234', PEOPLE_MSG.ifscInvalid],
    ['HDFC1001753', PEOPLE_MSG.ifscInvalid], // fifth character must be 0
    ['HDFC00017533', PEOPLE_MSG.ifscInvalid],
    ['HDFC0001753', undefined],
    ['hdfc0001753', undefined],
    ['', undefined], // optional
  ])('IFSC %j → %s', (ifscCode, message) => {
    expect(messageFor('ifscCode', { ifscCode })).toBe(message);
  });

  it.each([
    ['12', PEOPLE_MSG.bankAccountInvalid],
    ['12345678', PEOPLE_MSG.bankAccountInvalid], // 8 digits
    ['1234567890123456789', PEOPLE_MSG.bankAccountInvalid], // 19
    ['50100ABC456789', PEOPLE_MSG.bankAccountInvalid],
    ['123456789', undefined],
    ['123456789012345678', undefined],
    ['', undefined],
  ])('bank account number %j → %s', (bankAccountNumber, message) => {
    expect(messageFor('bankAccountNumber', { bankAccountNumber })).toBe(message);
  });

  it.each([
    ['12345', PEOPLE_MSG.uanInvalid],
    ['10042760728', PEOPLE_MSG.uanInvalid],
    ['10042760728X', PEOPLE_MSG.uanInvalid],
    ['100427607286', undefined],
    ['', undefined],
  ])('UAN %j → %s', (uan, message) => {
    expect(messageFor('uan', { uan })).toBe(message);
  });

  it.each([
    ['1234', PEOPLE_MSG.esiNumberInvalid],
    ['31000123450001001', PEOPLE_MSG.esiNumberInvalid], // the employer's code, not an IP number
    ['5300012345', undefined],
    ['', undefined],
  ])('ESI number %j → %s', (esiNumber, message) => {
    expect(messageFor('esiNumber', { esiNumber })).toBe(message);
  });

  it('stores the numbers as banks and EPFO read them: spaces (and hyphens in account numbers) dropped, capitals', () => {
    expect(employeeFormSchema.parse({ ...valid, ifscCode: ' sbin 0040277 ', bankAccountNumber: '5010-0123 456789', uan: '1004 2760 7286', esiNumber: '53 0001 2345' })).toMatchObject({
      ifscCode: 'SBIN0040277',
      bankAccountNumber: '50100123456789',
      uan: '100427607286',
      esiNumber: '5300012345',
    });
  });

  it('names every bad number at once', () => {
    const result = employeeFormSchema.safeParse({ ...valid, ifscCode: 'HDFC1234', bankAccountNumber: '12', uan: '12345', esiNumber: '1', pan: 'ABCP1234K' });
    expect(result.success).toBe(false);
    expect(Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))).toEqual({
      ifscCode: PEOPLE_MSG.ifscInvalid,
      bankAccountNumber: PEOPLE_MSG.bankAccountInvalid,
      uan: PEOPLE_MSG.uanInvalid,
      esiNumber: PEOPLE_MSG.esiNumberInvalid,
      pan: PEOPLE_MSG.panInvalid,
    });
  });

  it('the server’s message for an IFSC of no branch names the code', () => {
    expect(ifscUnknownMessage('HDFC0000000')).toBe("IFSC HDFC0000000 is not a known bank branch. Please check it against the cheque book or the bank's website");
  });

  it('stores PAN upper-cased', () => {
    expect(employeeFormSchema.parse({ ...valid, pan: 'abcde1234f' }).pan).toBe('ABCDE1234F');
  });

  it.each([
    ['9876543210', undefined],
    ['+919876543210', undefined],
    ['+91 98765 43210', undefined], // spaces between digits are ignored
    ['98765-43210', undefined],
    ['987654321', PEOPLE_MSG.phoneInvalid], // nine digits
    ['98765432101', PEOPLE_MSG.phoneInvalid], // eleven
    ['+1 9876543210', PEOPLE_MSG.phoneInvalid],
    ['phone me', PEOPLE_MSG.phoneInvalid],
    ['', undefined],
  ])('phone number and emergency contact %j → %s', (phone, message) => {
    expect(messageFor('phoneNumber', { phoneNumber: phone })).toBe(message);
    expect(messageFor('emergencyContact', { emergencyContact: phone })).toBe(message);
  });

  it.each([
    [-1, ANNUAL_CTC_RANGE_MSG],
    [0, undefined],
    [1_000_000_000, undefined],
    [1_000_000_001, ANNUAL_CTC_RANGE_MSG],
  ])('annual CTC %d → %s', (annualCTC, message) => {
    expect(messageFor('annualCTC', { annualCTC })).toBe(message);
  });

  it('writes the CTC bounds in rupees with Indian grouping', () => {
    expect(ANNUAL_CTC_RANGE_MSG).toBe('Annual CTC must be between ₹0 and ₹1,00,00,00,000');
  });

  it.each([
    [-1, PEOPLE_MSG.experienceRange],
    [80, undefined],
    [81, PEOPLE_MSG.experienceRange],
  ])('experience %d → %s', (experience, message) => {
    expect(messageFor('experience', { experience })).toBe(message);
  });
});

describe('employeeDateErrors (today is passed in)', () => {
  const asOf = '2026-03-16';
  it.each([
    ['2012-03-16', undefined], // 14 today
    ['2012-03-17', PEOPLE_MSG.tooYoung], // 14 tomorrow
    ['2026-03-15', PEOPLE_MSG.tooYoung],
    ['2026-03-16', PEOPLE_MSG.birthDateNotPast], // today is not in the past
    ['2030-01-01', PEOPLE_MSG.birthDateNotPast],
    ['1940-05-05', undefined],
    [null, undefined],
  ])('date of birth %s → %s', (dateOfBirth, message) => {
    expect(employeeDateErrors({ dateOfBirth }, asOf).dateOfBirth).toBe(message);
  });

  it('a person born on 29 February is 14 on 1 March of a common year', () => {
    expect(employeeDateErrors({ dateOfBirth: '2012-02-29' }, '2026-03-01').dateOfBirth).toBeUndefined();
    expect(employeeDateErrors({ dateOfBirth: '2012-02-29' }, '2026-02-28').dateOfBirth).toBe(PEOPLE_MSG.tooYoung);
  });

  it.each([
    ['1949-12-31', PEOPLE_MSG.joiningTooEarly],
    ['1950-01-01', undefined],
    ['2026-03-16', undefined],
    ['2027-03-16', undefined], // a year ahead
    ['2027-03-17', PEOPLE_MSG.joiningTooLate],
    ['', undefined],
  ])('date of joining %s → %s', (dateOfJoining, message) => {
    expect(employeeDateErrors({ dateOfJoining }, asOf).dateOfJoining).toBe(message);
  });
});
