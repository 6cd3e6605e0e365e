import { describe, expect, it } from 'vitest';
import { bankDetailsProblem, isValidBankAccountNumber, isValidEsiIpNumber, isValidIfsc, isValidPan, isValidUan, statutoryNumberProblems } from './pay-details';

// Formats of the issuing bodies: IFSC (RBI: 4 letters, '0', 6 letters or digits), account numbers
// (9–18 digits), UAN (EPFO: 12 digits), ESI insurance number (ESIC: 10 digits), PAN (Income Tax
// Department: 5 letters, 4 digits, 1 letter). The first three rejected values are the issue's.
describe('bank and statutory numbers', () => {
  it.each([
    ['HDFC0001753', true],
    ['hdfc0001753', true], // upper-cased before the check
    ['SBIN 0040277', true], // a space typed inside
    ['KKBK0ABC123', true], // branch part may hold letters
    ['HDFC1234', false], // the value: 8 characters
    ['HDFC1001753', false], // fifth character must be 0
    ['HDF00001753', false],
    ['HDFC00017533', false],
  ])('IFSC %s → %s', (value, valid) => {
    expect(isValidIfsc(value)).toBe(valid);
  });

  it.each([
    ['12', false], // the value
    ['12345678', false], // 8 digits
    ['123456789', true], // 9
    ['123456789012345678', true], // 18
    ['1234567890123456789', false], // 19
    ['5010 0123-456789', true], // spaces and hyphens typed inside are dropped
    ['50100ABC456789', false], // letters
  ])('account number %s → %s', (value, valid) => {
    expect(isValidBankAccountNumber(value)).toBe(valid);
  });

  it.each([
    ['100427607286', true],
    ['1004 2760 7286', true],
    ['12345', false], // the value
    ['10042760728', false],
    ['1004276072861', false],
    ['10042760728A', false],
  ])('UAN %s → %s', (value, valid) => {
    expect(isValidUan(value)).toBe(valid);
  });

  it.each([
    ['5300012345', true],
    ['53 0001 2345', true],
    ['530001234', false],
    ['53000123456', false],
    ['31000123450001001', false], // an employer's 17-digit ESI code is not an IP number
  ])('ESI IP number %s → %s', (value, valid) => {
    expect(isValidEsiIpNumber(value)).toBe(valid);
  });

  it.each([
    ['ABCPM1234K', true],
    ['abcpm1234k', true],
    ['ABCP1234K', false],
  ])('PAN %s → %s', (value, valid) => {
    expect(isValidPan(value)).toBe(valid);
  });
});

describe('what holds a salary payment, in the order a person fixes it', () => {
  const known = (ifsc: string) => ifsc === 'HDFC0001753';
  it.each([
    [{ accountNumber: null, ifsc: 'HDFC0001753' }, 'noBankAccount'],
    [{ accountNumber: '  ', ifsc: null }, 'noBankAccount'],
    [{ accountNumber: '12', ifsc: 'HDFC1234' }, 'invalidBankAccount'],
    [{ accountNumber: '50100123456789', ifsc: '' }, 'noIfsc'],
    [{ accountNumber: '50100123456789', ifsc: 'HDFC1234' }, 'invalidIfsc'],
    [{ accountNumber: '50100123456789', ifsc: 'HDFC0000000' }, 'unknownIfsc'],
    [{ accountNumber: '50100123456789', ifsc: 'hdfc0001753' }, null],
  ] as const)('%o → %s', (details, problem) => {
    expect(bankDetailsProblem(details, known)).toBe(problem);
  });

  it('without a directory only the format is checked', () => {
    expect(bankDetailsProblem({ accountNumber: '50100123456789', ifsc: 'HDFC0000000' })).toBeNull();
  });
});

describe('statutory numbers on record', () => {
  it('a missing PAN is a problem; a missing UAN or ESI number is not (the payslip decides whether they are needed)', () => {
    expect(statutoryNumberProblems({ pan: null, uan: null, esiNumber: null })).toEqual(['noPan']);
    expect(statutoryNumberProblems({ pan: 'ABCPM1234K', uan: '', esiNumber: '' })).toEqual([]);
  });
  it('every malformed number is named', () => {
    expect(statutoryNumberProblems({ pan: 'ABCP1234K', uan: '12345', esiNumber: '1234' })).toEqual(['invalidPan', 'invalidUan', 'invalidEsiNumber']);
  });
});
