import { describe, expect, it } from 'vitest';
import { form16FileName, form16MergedFileName, readBulkFileName } from './form16.names';

describe('Form 16 download names (payroll spec §9)', () => {
  const owner = { firstName: 'Aditi', lastName: 'Agarwal', employeeNumber: 'NSP012', financialYear: '2025-2026' };
  it.each([
    [1, 'Form16A_Aditi_Agarwal_NSP012_2025-2026.pdf'],
    [2, 'Form16B_Aditi_Agarwal_NSP012_2025-2026.pdf'],
  ])('form type %i → %s', (formType, name) => {
    expect(form16FileName(formType, owner)).toBe(name);
  });
  it('merged: Form16_Merged_{first}_{last}_{code}_{year}.pdf', () => {
    expect(form16MergedFileName(owner)).toBe('Form16_Merged_Aditi_Agarwal_NSP012_2025-2026.pdf');
  });
  it('spaces become _, path and header characters go, a missing employee number leaves no empty part', () => {
    expect(form16FileName(1, { firstName: 'Mary Ann', lastName: 'D/Souza"', employeeNumber: null, financialYear: '2024-2025' })).toBe('Form16A_Mary_Ann_DSouza_2024-2025.pdf');
  });
});

describe('bulk upload: the PAN and the part in a file name', () => {
  it.each([
    ['ABCDE1234F.pdf', 'ABCDE1234F', 1],
    ['abcde1234f_2025-26.pdf', 'ABCDE1234F', 1],
    ['Form16_PartB_ABCDE1234F.pdf', 'ABCDE1234F', 2],
    ['ABCDE1234F-part-b.PDF', 'ABCDE1234F', 2],
    ['ABCDE1234F 16B.pdf', 'ABCDE1234F', 2],
    ['Form16A_ABCDE1234F.pdf', 'ABCDE1234F', 1],
    // A PAN ending in …16A is a PAN, not the part.
    ['ABCDE1216A.pdf', 'ABCDE1216A', 1],
    ['folder/ABCDE1216A_PartB.pdf', 'ABCDE1216A', 2],
    ['salary-certificate.pdf', null, 1],
    ['XABCDE1234F.pdf', null, 1],
  ])('%s → PAN %s, type %i (fallback 1)', (name, pan, formType) => {
    expect(readBulkFileName(name, 1)).toEqual({ pan, formType });
  });
  it('falls back to the chosen type when the name does not say', () => {
    expect(readBulkFileName('ABCDE1234F.pdf', 2).formType).toBe(2);
  });
});
