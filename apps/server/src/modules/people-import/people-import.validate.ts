import { employeeDateErrors, employeeFormSchema, ifscUnknownMessage, IMPORT_COLUMNS, PEOPLE_MSG, UserStatus, type EmployeeForm, type EmployeeFormInput, type ImportColumnField, type ImportRow } from '@tankha/contracts';
import { isKnownIfsc } from '../../platform/ifsc-directory';
import type { ImportLookups } from './people-import.repo';
import type { SheetRow } from './people-import.sheet';

/** A valid row, ready to create: the form plus a manager who may be another row of the same file. */
export interface ImportCandidate {
  rowNumber: number;
  form: EmployeeForm;
  /** Set when the reporting manager is imported in this file; resolved after insertion. */
  managerEmailInFile: string | null;
}

const HEADER_BY_FIELD = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header.replace('*', '')]));
const column = (field: string) => HEADER_BY_FIELD.get(field) ?? field;

const ROLE_BY_NAME: Record<string, 1 | 2 | 3> = { administrator: 1, admin: 1, '1': 1, moderator: 2, '2': 2, member: 3, employee: 3, '3': 3 };
const REGIME_BY_NAME: Record<string, 0 | 1> = { old: 0, 'old regime': 0, '0': 0, new: 1, 'new regime': 1, '1': 1 };
const GENDER_BY_NAME: Record<string, number> = { male: 1, female: 2, 'prefer not to disclose': 3, other: 4, others: 4 };
const MARITAL_BY_NAME: Record<string, number> = { married: 1, unmarried: 2, single: 2 };

/** YYYY-MM-DD or DD/MM/YYYY (how Indian HR teams type dates) to YYYY-MM-DD; '' stays ''. */
function isoDate(text: string): string | undefined {
  if (text === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!m) return undefined;
  return `${m[3] ?? ''}-${(m[2] ?? '').padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
}

function isRealDate(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
  return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 0) - 1 && date.getUTCDate() === d;
}

/** '12,00,000', '₹ 900000' and '3.5' as numbers; '' as undefined; anything else as NaN. */
function amount(text: string): number | undefined {
  if (text === '') return undefined;
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^Rs\.?/i, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * Validates every row with the employee form's own schema (people-contract `employeeFormSchema`),
 * after reading spreadsheet words (Old/New, Member, department names, manager e-mails) into the
 * form's values, and then the rules that need the organisation's data or the whole file: employee
 * numbers and e-mails unique, departments, managers and employment types that exist.
 */
/** `asOf` is today in the organisation's zone: the form's date rules (age, joining window) are judged against it. */
export function validateImportRows(rows: readonly SheetRow[], lookups: ImportLookups, asOf: string): { report: ImportRow[]; candidates: ImportCandidate[] } {
  const report: ImportRow[] = [];
  const candidates: ImportCandidate[] = [];
  const firstRowByNumber = new Map<string, number>();
  const firstRowByEmail = new Map<string, number>();
  for (const row of rows) {
    const emailKey = (row.cells.email ?? '').toLowerCase();
    const numberKey = (row.cells.employeeNumber ?? '').toLowerCase();
    if (emailKey && !firstRowByEmail.has(emailKey)) firstRowByEmail.set(emailKey, row.rowNumber);
    if (numberKey && !firstRowByNumber.has(numberKey)) firstRowByNumber.set(numberKey, row.rowNumber);
  }

  for (const row of rows) {
    const c = row.cells;
    const errors: { column: string; message: string }[] = [];
    const fail = (field: ImportColumnField | string, message: string) => {
      if (!errors.some((e) => e.column === column(field))) errors.push({ column: column(field), message });
    };
    const text = (field: ImportColumnField) => c[field] ?? '';

    const dates: Partial<Record<'dateOfJoining' | 'dateOfBirth', string>> = {};
    for (const field of ['dateOfJoining', 'dateOfBirth'] as const) {
      const iso = isoDate(text(field));
      if (iso === undefined || (iso !== '' && !isRealDate(iso))) fail(field, 'must be a date (YYYY-MM-DD or DD/MM/YYYY)');
      else dates[field] = iso;
    }
    const numbers: Partial<Record<'experience' | 'annualCTC', number>> = {};
    for (const field of ['experience', 'annualCTC'] as const) {
      const value = amount(text(field));
      if (value !== undefined && Number.isNaN(value)) fail(field, 'must be a number');
      else if (value !== undefined) numbers[field] = value;
    }
    const regime = REGIME_BY_NAME[text('regimeType').toLowerCase()];
    if (text('regimeType') !== '' && regime === undefined) fail('regimeType', 'must be Old or New');
    // A blank role takes the organisation's default for new users (Users > Settings) when the row is created.
    const role = text('roleId') === '' ? null : ROLE_BY_NAME[text('roleId').toLowerCase()];
    if (role === undefined) fail('roleId', 'must be Administrator, Moderator or Member');
    const gender = text('gender') === '' ? 0 : GENDER_BY_NAME[text('gender').toLowerCase()];
    if (gender === undefined) fail('gender', 'must be Male, Female, Prefer not to disclose or Others');
    const marital = text('maritalStatus') === '' ? 0 : MARITAL_BY_NAME[text('maritalStatus').toLowerCase()];
    if (marital === undefined) fail('maritalStatus', 'must be Married or Unmarried');

    let departmentId: string | null = null;
    if (text('departmentId') !== '') {
      departmentId = lookups.departmentIdByName.get(text('departmentId').toLowerCase()) ?? null;
      if (!departmentId) fail('departmentId', `No department named '${text('departmentId')}'`);
    }
    let reportingManagerId: string | null = null;
    let managerEmailInFile: string | null = null;
    const managerEmail = text('reportingManagerId').toLowerCase();
    if (managerEmail !== '') {
      const existing = lookups.userIdByEmail.get(managerEmail);
      if (existing && (existing.status === UserStatus.Active || existing.status === UserStatus.RestrictedLogin || existing.status === UserStatus.PendingEmailVerification)) {
        reportingManagerId = existing.id;
      } else if (firstRowByEmail.has(managerEmail) && managerEmail !== (c.email ?? '').toLowerCase()) {
        managerEmailInFile = managerEmail;
      } else {
        fail('reportingManagerId', `No employee with the e-mail '${text('reportingManagerId')}'`);
      }
    }
    const userFieldValues: EmployeeFormInput['userFieldValues'] = [];
    if (text('employmentType') !== '') {
      const option = lookups.employmentType?.optionIdByLabel.get(text('employmentType').toLowerCase());
      if (!option || !lookups.employmentType) fail('employmentType', `No employment type named '${text('employmentType')}'`);
      else userFieldValues.push({ id: null, userFieldId: lookups.employmentType.userFieldId, optionId: option.id, fieldValue: option.label });
    }

    const input: EmployeeFormInput = {
      firstName: text('firstName'),
      middleName: text('middleName'),
      lastName: text('lastName'),
      email: text('email'),
      personalEmail: text('personalEmail'),
      dateOfBirth: dates.dateOfBirth ?? null,
      gender: gender ?? 0,
      phoneNumber: text('phoneNumber'),
      maritalStatus: marital ?? 0,
      dateOfJoining: dates.dateOfJoining ?? '',
      // The form requires both; a missing cell must fail with the form's message, not crash.
      experience: numbers.experience as number,
      annualCTC: numbers.annualCTC as number,
      employeeNumber: text('employeeNumber'),
      departmentId,
      designation: text('designation'),
      workLocation: text('workLocation'),
      // The column was free text before locations existed: a text naming none of them is kept as text only.
      workLocationId: lookups.workLocationIdByName.get(text('workLocation').trim().toLowerCase()) ?? null,
      esiNumber: text('esiNumber'),
      pfNumber: text('pfNumber'),
      uan: text('uan'),
      reportingManagerId,
      userFieldValues,
      pan: text('pan'),
      bankAccountNumber: text('bankAccountNumber'),
      bankName: text('bankName'),
      ifscCode: text('ifscCode'),
      accountHolderName: text('accountHolderName'),
      regimeType: regime as 0 | 1,
      ...(role ? { roleId: role } : {}),
    };
    const parsed = employeeFormSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? 'row'), issue.message);
    } else {
      // The same date rules the employee form applies when the row is created.
      for (const [field, message] of Object.entries(employeeDateErrors(parsed.data, asOf))) fail(field, message);
      // And the same branch check: a well-formed IFSC must name a bank branch.
      if (parsed.data.ifscCode && !isKnownIfsc(parsed.data.ifscCode)) fail('ifscCode', ifscUnknownMessage(parsed.data.ifscCode));
    }
    const numberKey = text('employeeNumber').toLowerCase();
    if (numberKey !== '') {
      if (lookups.employeeNumbers.has(numberKey)) fail('employeeNumber', PEOPLE_MSG.employeeNumberExists);
      else if (firstRowByNumber.get(numberKey) !== row.rowNumber) fail('employeeNumber', `Employee number is repeated from row ${String(firstRowByNumber.get(numberKey))}`);
    }
    const emailKey = text('email').toLowerCase();
    if (emailKey !== '') {
      if (lookups.userIdByEmail.has(emailKey)) fail('email', PEOPLE_MSG.userExists);
      else if (firstRowByEmail.get(emailKey) !== row.rowNumber) fail('email', `E-mail is repeated from row ${String(firstRowByEmail.get(emailKey))}`);
    }

    report.push({
      rowNumber: row.rowNumber,
      employeeNumber: text('employeeNumber'),
      name: [text('firstName'), text('lastName')].filter(Boolean).join(' '),
      email: text('email'),
      errors,
    });
    if (errors.length === 0 && parsed.success) candidates.push({ rowNumber: row.rowNumber, form: parsed.data, managerEmailInFile });
  }
  return { report, candidates };
}
