import { describe, expect, it } from 'vitest';
import { PEOPLE_MSG } from '@tankha/contracts';
import type { ImportLookups } from './people-import.repo';
import type { SheetRow } from './people-import.sheet';
import { validateImportRows } from './people-import.validate';

const lookups: ImportLookups = {
  departmentIdByName: new Map([['engineering', '6b0f5a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b']]),
  workLocationIdByName: new Map([['pune sales office', '8d2f7c4a-3e5f-4a71-8cbd-2e3f4a5b6c7d']]),
  userIdByEmail: new Map([['boss@example.in', { id: '7c1e6b3f-2d4e-4f60-9bac-1d2e3f4a5b6c', status: 1 }]]),
  employeeNumbers: new Set(['emp001']),
  employmentType: { userFieldId: 'field-et', optionIdByLabel: new Map([['full time', { id: 'opt-ft', label: 'Full Time' }]]) },
};

const good = (rowNumber: number, overrides: SheetRow['cells'] = {}): SheetRow => ({
  rowNumber,
  cells: {
    employeeNumber: `EMP1${String(rowNumber).padStart(2, '0')}`,
    firstName: 'Priya',
    lastName: 'Menon',
    email: `priya${String(rowNumber)}@example.in`,
    dateOfJoining: '01/04/2026',
    experience: '3.5',
    annualCTC: '9,00,000',
    regimeType: 'New',
    ...overrides,
  },
});

/** Today, for the form's date rules (age, joining window). */
const AS_OF = '2026-11-24';

describe('import rows use the employee form rules', () => {
  it('a Work Location naming one of the organisation’s locations sets it; any other text stays text only', () => {
    const { report, candidates } = validateImportRows([good(2, { workLocation: 'Pune Sales Office' }), good(3, { workLocation: 'Goa' })], lookups, AS_OF);
    expect(report.map((r) => r.errors)).toEqual([[], []]);
    expect(candidates.map((c) => [c.form.workLocation, c.form.workLocationId])).toEqual([
      ['Pune Sales Office', '8d2f7c4a-3e5f-4a71-8cbd-2e3f4a5b6c7d'],
      ['Goa', null],
    ]);
  });

  it('reads spreadsheet words into form values', () => {
    const { report, candidates } = validateImportRows(
      [good(2, { departmentId: 'Engineering', roleId: 'Moderator', employmentType: 'full time', reportingManagerId: 'BOSS@example.in', pan: 'abcpm1234k', gender: 'Female' })],
      lookups,
      AS_OF,
    );
    expect(report[0]?.errors).toEqual([]);
    expect(candidates[0]?.form).toMatchObject({
      dateOfJoining: '2026-04-01',
      experience: 3.5,
      annualCTC: 900_000,
      regimeType: 1,
      roleId: 2,
      departmentId: '6b0f5a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
      reportingManagerId: '7c1e6b3f-2d4e-4f60-9bac-1d2e3f4a5b6c',
      pan: 'ABCPM1234K',
      gender: 2,
      userFieldValues: [{ userFieldId: 'field-et', optionId: 'opt-ft', fieldValue: 'Full Time' }],
    });
  });

  it('reports each bad cell with the form message and its column', () => {
    const { report, candidates } = validateImportRows([good(2, { firstName: 'Pr1ya', lastName: '', email: 'not-an-email', experience: '' })], lookups, AS_OF);
    expect(candidates).toEqual([]);
    expect(report[0]?.errors).toEqual(
      expect.arrayContaining([
        { column: 'First Name', message: PEOPLE_MSG.alphabeticOnly },
        { column: 'Last Name', message: PEOPLE_MSG.mandatory },
        { column: 'Work Email', message: PEOPLE_MSG.validEmail },
        { column: 'Experience (years)', message: PEOPLE_MSG.mandatory },
      ]),
    );
  });

  it('refuses numbers and e-mails already in the organisation or repeated in the file', () => {
    const { report } = validateImportRows([good(2, { employeeNumber: 'EMP001' }), good(3, { email: 'boss@example.in' }), good(4, { employeeNumber: 'X1' }), good(5, { employeeNumber: 'x1' })], lookups, AS_OF);
    expect(report[0]?.errors).toEqual([{ column: 'Employee Number', message: PEOPLE_MSG.employeeNumberExists }]);
    expect(report[1]?.errors).toEqual([{ column: 'Work Email', message: PEOPLE_MSG.userExists }]);
    expect(report[2]?.errors).toEqual([]);
    expect(report[3]?.errors).toEqual([{ column: 'Employee Number', message: 'Employee number is repeated from row 4' }]);
  });

  it('names unknown departments, managers, employment types, regimes and dates', () => {
    const { report } = validateImportRows(
      [good(2, { departmentId: 'Space', reportingManagerId: 'ghost@example.in', employmentType: 'Gig', regimeType: 'Newer', dateOfJoining: '31/02/2026' })],
      lookups,
      AS_OF,
    );
    expect(report[0]?.errors).toEqual(
      expect.arrayContaining([
        { column: 'Department', message: "No department named 'Space'" },
        { column: 'Reporting Manager Email', message: "No employee with the e-mail 'ghost@example.in'" },
        { column: 'Employment Type', message: "No employment type named 'Gig'" },
        { column: 'Tax Regime', message: 'must be Old or New' },
        { column: 'Date of Joining', message: 'must be a date (YYYY-MM-DD or DD/MM/YYYY)' },
      ]),
    );
  });

  it('lets a manager be another row of the same file', () => {
    const { candidates } = validateImportRows([good(2, { email: 'lead@example.in' }), good(3, { reportingManagerId: 'lead@example.in' })], lookups, AS_OF);
    expect(candidates[1]?.managerEmailInFile).toBe('lead@example.in');
  });

  it("applies the form's date rules in the preview: a ten-year-old and a joining date two years ahead are refused", () => {
    const { report, candidates } = validateImportRows([good(2, { dateOfBirth: '01/01/2016', dateOfJoining: '01/01/2029' })], lookups, AS_OF);
    expect(report[0]?.errors.map((e) => e.column).sort()).toEqual(['Date of Birth', 'Date of Joining'].sort());
    expect(candidates).toEqual([]);
  });
});
