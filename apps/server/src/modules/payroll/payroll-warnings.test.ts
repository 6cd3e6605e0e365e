import { describe, expect, it } from 'vitest';
import { employeeWarnings, type WarningFacts } from './payroll-warnings';

const facts = (overrides: Partial<WarningFacts> = {}): WarningFacts => ({
  userId: 'u1',
  firstName: 'Aditi',
  lastName: 'Sharma',
  employeeNumber: 'E1',
  noStructure: false,
  pan: 'ABCDE1234F',
  uan: null,
  esiNumber: null,
  bankAccountNumber: '123456789012',
  ifscCode: 'HDFC0000001',
  dateOfBirth: '1990-08-01',
  protectsPayslips: true,
  payslip: null,
  ...overrides,
});
const known = () => true;

describe('the run warns of a payslip that cannot be password-protected', () => {
  it('says nothing when the PAN and the date of birth make a password, or when payslips are not protected', () => {
    expect(employeeWarnings(facts(), known).warnings).toEqual([]);
    expect(employeeWarnings(facts({ protectsPayslips: false, dateOfBirth: null }), known).warnings).toEqual([]);
  });

  it('names what is missing: the date of birth, the PAN, or both', () => {
    const noDob = employeeWarnings(facts({ dateOfBirth: null }), known);
    expect(noDob.warnings).toEqual(['noPayslipPassword']);
    expect(noDob.messages).toEqual(['No date of birth: the payslip PDF has no password, though the payroll settings protect payslips']);
    const neither = employeeWarnings(facts({ pan: null, dateOfBirth: null }), known);
    expect(neither.warnings).toEqual(['noPan', 'noPayslipPassword']);
    expect(neither.messages[1]).toBe('No PAN and no date of birth: the payslip PDF has no password, though the payroll settings protect payslips');
  });
});
