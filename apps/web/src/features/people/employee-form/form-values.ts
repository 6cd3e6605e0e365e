import type { Employee, EmployeeFormInput, TenantEarning } from '@tankha/contracts';

/** The modal's sections (people spec §2.6), in the side menu's order. */
export const SECTIONS = [
  { key: 'generalInformation', label: 'General Information' },
  { key: 'employmentDetails', label: 'Employment Details' },
  { key: 'salaryComponents', label: 'Salary Structure' },
  { key: 'bankDetails', label: 'Bank Details' },
] as const;
export type SectionKey = (typeof SECTIONS)[number]['key'];

/** One earning row of the Salary Structure table: the employee's value for a component. */
export interface EarningRow {
  tenantEarningId: string;
  earningName: string;
  calculationType: number;
  /** As typed: percent, annual rupees (flat) or a formula. */
  value: string;
  isFixedAllowance: boolean;
}

/** Every field as the inputs hold it (text), converted to the contract's body on save. */
export interface EmployeeFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  personalEmail: string;
  phoneNumber: string;
  emergencyContact: string;
  dateOfBirth: string;
  gender: string;
  maritalStatus: string;
  marriageDate: string;
  spouseName: string;
  bloodGroup: string;
  address: string;
  pan: string;
  employeeNumber: string;
  dateOfJoining: string;
  experience: string;
  dateOfConfirmation: string;
  departmentId: string | null;
  designation: string;
  workLocation: string;
  workLocationId: string | null;
  reportingManagerId: string | null;
  reportingManagerName: string;
  employmentTypeOptionId: string;
  esiNumber: string;
  pfNumber: string;
  uan: string;
  regimeType: string;
  forceESICalc: boolean;
  annualCTC: string;
  bankAccountNumber: string;
  bankName: string;
  ifscCode: string;
  accountHolderName: string;
  earnings: EarningRow[];
  /** Annual rupees per tenant deduction id, as typed. */
  deductions: Record<string, string>;
}

/** Which section each validated field lives in, to open the section of the first error. */
export const FIELD_SECTION: Record<string, SectionKey> = {
  firstName: 'generalInformation',
  middleName: 'generalInformation',
  lastName: 'generalInformation',
  email: 'generalInformation',
  personalEmail: 'generalInformation',
  phoneNumber: 'generalInformation',
  emergencyContact: 'generalInformation',
  dateOfBirth: 'generalInformation',
  gender: 'generalInformation',
  maritalStatus: 'generalInformation',
  marriageDate: 'generalInformation',
  spouseName: 'generalInformation',
  bloodGroup: 'generalInformation',
  address: 'generalInformation',
  pan: 'generalInformation',
  employeeNumber: 'employmentDetails',
  dateOfJoining: 'employmentDetails',
  experience: 'employmentDetails',
  dateOfConfirmation: 'employmentDetails',
  departmentId: 'employmentDetails',
  designation: 'employmentDetails',
  workLocation: 'employmentDetails',
  workLocationId: 'employmentDetails',
  reportingManagerId: 'employmentDetails',
  userFieldValues: 'employmentDetails',
  esiNumber: 'employmentDetails',
  pfNumber: 'employmentDetails',
  uan: 'employmentDetails',
  regimeType: 'salaryComponents',
  forceESICalc: 'salaryComponents',
  annualCTC: 'salaryComponents',
  earningAssociations: 'salaryComponents',
  deductionAssociations: 'salaryComponents',
  bankAccountNumber: 'bankDetails',
  bankName: 'bankDetails',
  ifscCode: 'bankDetails',
  accountHolderName: 'bankDetails',
};

export function emptyValues(): EmployeeFormValues {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    email: '',
    personalEmail: '',
    phoneNumber: '',
    emergencyContact: '',
    dateOfBirth: '',
    gender: '0',
    maritalStatus: '0',
    marriageDate: '',
    spouseName: '',
    bloodGroup: '',
    address: '',
    pan: '',
    employeeNumber: '',
    dateOfJoining: '',
    experience: '',
    dateOfConfirmation: '',
    departmentId: null,
    designation: '',
    workLocation: '',
    workLocationId: null,
    reportingManagerId: null,
    reportingManagerName: '',
    employmentTypeOptionId: '',
    esiNumber: '',
    pfNumber: '',
    uan: '',
    // New-user default: the New regime (people spec §3).
    regimeType: '1',
    forceESICalc: false,
    annualCTC: '',
    bankAccountNumber: '',
    bankName: '',
    ifscCode: '',
    accountHolderName: '',
    earnings: [],
    deductions: {},
  };
}

const text = (v: string | null | undefined) => v ?? '';

/** The organisation's default structure as the employee's starting values. */
export function defaultEarningRows(earnings: readonly TenantEarning[]): EarningRow[] {
  return earnings
    .filter((e) => e.isActive && e.isPartOfSalaryStructure)
    .map((e) => ({
      tenantEarningId: e.id,
      earningName: e.earningName,
      calculationType: e.calculationType,
      value: String(e.calculationValue),
      isFixedAllowance: e.earningCategory === 'fixedAllowance',
    }));
}

export function valuesFromEmployee(e: Employee, earnings: readonly TenantEarning[], employmentTypeFieldId: string | null): EmployeeFormValues {
  const rows: EarningRow[] = e.earningAssociations.length
    ? e.earningAssociations.map((a) => {
        const component = earnings.find((x) => x.id === a.tenantEarningId);
        return {
          tenantEarningId: a.tenantEarningId,
          earningName: component?.earningName ?? 'Component',
          calculationType: a.calculationType ?? component?.calculationType ?? 3,
          value: String(a.calculationValue),
          isFixedAllowance: component?.earningCategory === 'fixedAllowance',
        };
      })
    : defaultEarningRows(earnings);
  return {
    firstName: e.firstName,
    middleName: text(e.middleName),
    lastName: e.lastName,
    email: e.email,
    personalEmail: text(e.personalEmail),
    phoneNumber: text(e.phoneNumber),
    emergencyContact: text(e.emergencyContact),
    dateOfBirth: text(e.dateOfBirth),
    gender: String(e.gender),
    maritalStatus: String(e.maritalStatus),
    marriageDate: text(e.marriageDate),
    spouseName: text(e.spouseName),
    bloodGroup: text(e.bloodGroup),
    address: text(e.address),
    pan: text(e.pan),
    employeeNumber: text(e.employeeNumber),
    dateOfJoining: text(e.dateOfJoining),
    experience: e.experience === null ? '' : String(e.experience),
    dateOfConfirmation: text(e.dateOfConfirmation),
    departmentId: e.departmentId,
    designation: text(e.designation),
    workLocation: text(e.workLocation),
    workLocationId: e.workLocationId,
    reportingManagerId: e.reportingManagerId,
    reportingManagerName: text(e.reportingManagerName),
    employmentTypeOptionId: text(e.userFieldValues.find((v) => v.userFieldId === employmentTypeFieldId)?.optionId),
    esiNumber: text(e.esiNumber),
    pfNumber: text(e.pfNumber),
    uan: text(e.uan),
    regimeType: String(e.regimeType),
    forceESICalc: e.forceESICalc,
    annualCTC: e.annualCTC === null ? '' : String(e.annualCTC),
    bankAccountNumber: text(e.bankAccountNumber),
    bankName: text(e.bankName),
    ifscCode: text(e.ifscCode),
    accountHolderName: text(e.accountHolderName),
    earnings: rows,
    deductions: Object.fromEntries(e.deductionAssociations.map((d) => [d.tenantDeductionId, String(d.calculationValue)])),
  };
}

/** '' → undefined, so the contract reports the mandatory message; otherwise a number (NaN stays invalid). */
function numberOrUndefined(v: string): number | undefined {
  const t = v.trim();
  return t === '' ? undefined : Number(t);
}

/** The earning values as the calculation and the save send them (formulas as text, others as numbers). */
export function earningAssociations(rows: readonly EarningRow[]) {
  return rows.map((r) => ({
    tenantEarningId: r.tenantEarningId,
    calculationType: r.calculationType,
    calculationValue: r.calculationType === 4 ? r.value : r.value.trim() === '' ? 0 : Number(r.value),
  }));
}

export function deductionAssociations(deductions: Record<string, string>) {
  return Object.entries(deductions)
    .filter(([, v]) => v.trim() !== '' && Number(v) > 0)
    .map(([tenantDeductionId, v]) => ({
      tenantDeductionId,
      calculationValue: Number(v),
    }));
}

/** The contract body (employeeFormSchema input). Empty dates go as null (people spec §5). */
export function toPayload(v: EmployeeFormValues, employmentTypeFieldId: string | null, roleId?: 1 | 2 | 3): EmployeeFormInput {
  const married = v.maritalStatus === '1';
  return {
    firstName: v.firstName,
    middleName: v.middleName || null,
    lastName: v.lastName,
    email: v.email,
    personalEmail: v.personalEmail || null,
    dateOfBirth: v.dateOfBirth || null,
    gender: Number(v.gender),
    phoneNumber: v.phoneNumber || null,
    emergencyContact: v.emergencyContact || null,
    maritalStatus: Number(v.maritalStatus),
    marriageDate: married ? v.marriageDate || null : null,
    spouseName: married ? v.spouseName || null : null,
    bloodGroup: v.bloodGroup || null,
    address: v.address || null,
    dateOfJoining: v.dateOfJoining,
    experience: numberOrUndefined(v.experience) as number,
    dateOfConfirmation: v.dateOfConfirmation || null,
    employeeNumber: v.employeeNumber,
    departmentId: v.departmentId,
    designation: v.designation || null,
    workLocation: v.workLocation || null,
    workLocationId: v.workLocationId,
    esiNumber: v.esiNumber || null,
    pfNumber: v.pfNumber || null,
    uan: v.uan || null,
    reportingManagerId: v.reportingManagerId,
    userFieldValues:
      employmentTypeFieldId && v.employmentTypeOptionId
        ? [
            {
              id: null,
              userFieldId: employmentTypeFieldId,
              optionId: v.employmentTypeOptionId,
              fieldValue: null,
            },
          ]
        : [],
    pan: v.pan || null,
    bankAccountNumber: v.bankAccountNumber || null,
    bankName: v.bankName || null,
    ifscCode: v.ifscCode || null,
    accountHolderName: v.accountHolderName || null,
    regimeType: (v.regimeType === '' ? undefined : Number(v.regimeType)) as 0 | 1,
    forceESICalc: v.forceESICalc,
    ...(roleId ? { roleId } : {}),
    annualCTC: numberOrUndefined(v.annualCTC) as number,
    earningAssociations: earningAssociations(v.earnings),
    deductionAssociations: deductionAssociations(v.deductions),
  };
}

/** People spec §5 "Invite form completeness": these must be non-empty after trimming. */
export const REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'dateOfJoining', 'annualCTC', 'experience', 'employeeNumber', 'regimeType'] as const;

export function isComplete(v: EmployeeFormValues): boolean {
  return REQUIRED_FIELDS.every((f) => v[f].trim() !== '');
}
