import { z } from 'zod';
import { PAN_PATTERN } from './pan';
import { envelope } from './envelope';
import { MAX_SALARY_RUPEES, rupeesRangeMessage, rupeesSchema } from './money';
import { PEOPLE_MSG } from './people.messages';
import { TEXT_MAX, tooLong } from './text';
import { WORK_LOCATION_MSG } from './work-locations.contract';
import {
  BANK_ACCOUNT_NUMBER_PATTERN,
  ESI_IP_NUMBER_PATTERN,
  IFSC_PATTERN,
  UAN_PATTERN,
  normaliseAccountNumber,
  normaliseIfsc,
  normaliseStatutoryNumber,
} from '@tankha/domain';
import { dateSchema } from './dates';

/**
 * The employee record (people spec §3 "User / employee") shared by the user list, the Invite/Edit
 * modal and the profile. Money on the wire is rupees (numbers with at most two decimals); the
 * server stores paise. Dates are 'YYYY-MM-DD' or null.
 */
export const userFieldValueSchema = z.object({
  id: z.string().nullable(),
  userFieldId: z.string(),
  optionId: z.string().nullable(),
  fieldValue: z.string().nullable(),
});
export type UserFieldValue = z.infer<typeof userFieldValueSchema>;
/** A stored value as the employee record returns it: with the chosen option's label, so every reader shows the same text. */
export const userFieldValueReadSchema = userFieldValueSchema.extend({ optionLabel: z.string().nullable() });

export const earningAssociationSchema = z.object({
  id: z.string().nullable().optional(),
  tenantEarningId: z.string(),
  /** Percent (types 1, 2, 5), annual rupees (type 3) or a formula (type 4), as the component says. */
  calculationValue: z.union([z.number(), z.string()]),
  calculationType: z.number().int().min(1).max(5).optional(),
});
export type EarningAssociation = z.infer<typeof earningAssociationSchema>;

export const deductionAssociationSchema = z.object({
  id: z.string().nullable().optional(),
  tenantDeductionId: z.string(),
  /** Annual rupees. */
  calculationValue: rupeesSchema({ label: 'Deduction amount', max: MAX_SALARY_RUPEES }),
});
export type DeductionAssociation = z.infer<typeof deductionAssociationSchema>;

export const employeeSchema = z.object({
  id: z.string(),
  employeeNumber: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  personalEmail: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.number().int(),
  phoneNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  maritalStatus: z.number().int(),
  marriageDate: z.string().nullable(),
  spouseName: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  address: z.string().nullable(),
  dateOfJoining: z.string().nullable(),
  experience: z.number().nullable(),
  dateOfConfirmation: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  designation: z.string().nullable(),
  workLocation: z.string().nullable(),
  /** The organisation's work location (its state decides PT and LWF); null: the organisation's PT/LWF state. */
  workLocationId: z.string().nullable(),
  workLocationName: z.string().nullable(),
  esiNumber: z.string().nullable(),
  pfNumber: z.string().nullable(),
  uan: z.string().nullable(),
  reportingManagerId: z.string().nullable(),
  reportingManagerName: z.string().nullable(),
  userFieldValues: z.array(userFieldValueReadSchema),
  pan: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  ifscCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  regimeType: z.number().int(),
  forceESICalc: z.boolean(),
  status: z.number().int(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  lastLogin: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Annual CTC in rupees. */
  annualCTC: z.number().nullable(),
  earningAssociations: z.array(earningAssociationSchema),
  deductionAssociations: z.array(deductionAssociationSchema),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeReplySchema = envelope(employeeSchema);

const NAME_PATTERN = /^[A-Za-z][A-Za-z\s-]*$/;
export { PAN_PATTERN };
/** An Indian number: 10 digits, optionally after +91; spaces and hyphens between digits are ignored. */
export const INDIAN_PHONE_PATTERN = /^(\+91)?\d{10}$/;
export const isIndianPhone = (text: string): boolean => INDIAN_PHONE_PATTERN.test(text.replace(/[\s-]/g, ''));

/** Annual CTC out of bounds: 'Annual CTC must be between ₹0 and ₹1,00,00,00,000'. */
export const ANNUAL_CTC_RANGE_MSG = rupeesRangeMessage('Annual CTC', MAX_SALARY_RUPEES);
/** People are at least this old (the Child and Adolescent Labour Act's age for work). */
export const MIN_EMPLOYEE_AGE_YEARS = 14;
export const EARLIEST_JOINING_DATE = '1950-01-01';

/** 'YYYY-MM-DD' `years` later (or earlier); 29 February becomes 28 February in a common year. */
function shiftYears(isoDay: string, years: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The employee form's rules that depend on today, for the tenant's `asOf` day
 * ('YYYY-MM-DD'): a date of birth in the past and at least 14 years ago; a joining date from 1950
 * to a year from today. The contract cannot know today, so the web passes its clock and the server
 * its own (the employees service).
 */
export function employeeDateErrors(form: { dateOfBirth?: string | null; dateOfJoining?: string | null }, asOf: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const birth = form.dateOfBirth;
  if (birth) {
    if (birth >= asOf) errors.dateOfBirth = PEOPLE_MSG.birthDateNotPast;
    else if (birth > shiftYears(asOf, -MIN_EMPLOYEE_AGE_YEARS)) errors.dateOfBirth = PEOPLE_MSG.tooYoung;
  }
  const joining = form.dateOfJoining;
  if (joining) {
    if (joining < EARLIEST_JOINING_DATE) errors.dateOfJoining = PEOPLE_MSG.joiningTooEarly;
    else if (joining > shiftYears(asOf, 1)) errors.dateOfJoining = PEOPLE_MSG.joiningTooLate;
  }
  return errors;
}
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const trimmed = z.string().trim();
const requiredText = trimmed.min(1, { error: PEOPLE_MSG.mandatory });
const optionalText = (max: number) =>
  trimmed
    .max(max, { error: tooLong(max) })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
/**
 * A bank or statutory number: optional; spaces (and hyphens in account numbers) typed
 * inside are dropped and letters upper-cased before the format is checked and the value stored.
 */
const optionalNumber = (normalise: (v: string) => string, pattern: RegExp, message: string) =>
  optionalText(TEXT_MAX.identifier)
    .transform((v) => (v ? normalise(v) || null : null))
    .refine((v) => v === null || pattern.test(v), { error: message });
const name = requiredText.max(TEXT_MAX.personName, { error: tooLong(TEXT_MAX.personName) }).regex(NAME_PATTERN, { error: PEOPLE_MSG.alphabeticOnly });
const optionalName = optionalText(TEXT_MAX.personName).refine((v) => v === null || NAME_PATTERN.test(v), { error: PEOPLE_MSG.alphabeticOnly });
const isoDate = dateSchema('must be a date (YYYY-MM-DD)');
/** Empty dates are sent as null (people spec §5). */
const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional().transform((v) => (v ? v : null));
/** A chosen record (department, manager): an id, or '' / null for none. */
const optionalRef = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => v || null);

/**
 * The Invite / Edit / Add Restricted Login User body (people spec §3 "Invite payload" and §5).
 * The same schema validates the modal, the server and each row of an import.
 */
export const employeeFormSchema = z.object({
  firstName: name,
  middleName: optionalName,
  lastName: name,
  email: requiredText.max(TEXT_MAX.email, { error: tooLong(TEXT_MAX.email) }).regex(EMAIL_PATTERN, { error: PEOPLE_MSG.validEmail }).transform((v) => v.toLowerCase()),
  personalEmail: optionalText(TEXT_MAX.email).refine((v) => v === null || EMAIL_PATTERN.test(v), { error: PEOPLE_MSG.validEmail }),
  dateOfBirth: optionalDate,
  gender: z.number().int().min(0).max(4).default(0),
  phoneNumber: optionalText(TEXT_MAX.phone).refine((v) => v === null || isIndianPhone(v), { error: PEOPLE_MSG.phoneInvalid }),
  emergencyContact: optionalText(TEXT_MAX.phone).refine((v) => v === null || isIndianPhone(v), { error: PEOPLE_MSG.phoneInvalid }),
  maritalStatus: z.number().int().min(0).max(2).default(0),
  marriageDate: optionalDate,
  spouseName: optionalName,
  bloodGroup: optionalText(TEXT_MAX.shortText),
  address: optionalText(TEXT_MAX.address),
  dateOfJoining: z.union([isoDate, z.literal('')]).refine((v) => v !== '', { error: PEOPLE_MSG.mandatory }),
  experience: z.number({ error: PEOPLE_MSG.mandatory }).min(0, { error: PEOPLE_MSG.experienceRange }).max(80, { error: PEOPLE_MSG.experienceRange }),
  dateOfConfirmation: optionalDate,
  employeeNumber: requiredText.max(30, { error: 'must be at most 30 characters' }),
  departmentId: optionalRef('Please select a valid department'),
  designation: optionalText(TEXT_MAX.shortText),
  workLocation: optionalText(TEXT_MAX.shortText),
  /** One of the organisation's work locations (GET /WorkLocations); absent or empty: none. */
  workLocationId: optionalRef(WORK_LOCATION_MSG.employeeLocationInvalid),
  /** ESIC's insurance (IP) number: 10 digits. */
  esiNumber: optionalNumber(normaliseStatutoryNumber, ESI_IP_NUMBER_PATTERN, PEOPLE_MSG.esiNumberInvalid),
  pfNumber: optionalText(TEXT_MAX.identifier),
  /** EPFO's Universal Account Number: 12 digits. */
  uan: optionalNumber(normaliseStatutoryNumber, UAN_PATTERN, PEOPLE_MSG.uanInvalid),
  /** Only one manager (people spec §5). */
  reportingManagerId: optionalRef('Please select a valid reporting manager'),
  userFieldValues: z.array(userFieldValueSchema).default([]),
  pan: optionalText(TEXT_MAX.identifier)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || PAN_PATTERN.test(v), { error: PEOPLE_MSG.panInvalid }),
  /** 9 to 18 digits. */
  bankAccountNumber: optionalNumber(normaliseAccountNumber, BANK_ACCOUNT_NUMBER_PATTERN, PEOPLE_MSG.bankAccountInvalid),
  bankName: optionalText(TEXT_MAX.shortText),
  /** RBI's format; whether the branch exists is checked by the server (ifscUnknownMessage). */
  ifscCode: optionalNumber(normaliseIfsc, IFSC_PATTERN, PEOPLE_MSG.ifscInvalid),
  accountHolderName: optionalText(TEXT_MAX.shortText),
  regimeType: z.union([z.literal(0), z.literal(1)], { error: PEOPLE_MSG.mandatory }),
  forceESICalc: z.boolean().default(false),
  /** Absent: the organisation's default role for new users (Users > Settings; Member until set). */
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** Annual CTC in rupees. */
  annualCTC: rupeesSchema({ label: 'Annual CTC', max: MAX_SALARY_RUPEES, required: PEOPLE_MSG.mandatory }),
  earningAssociations: z.array(earningAssociationSchema).default([]),
  deductionAssociations: z.array(deductionAssociationSchema).default([]),
});
export type EmployeeFormInput = z.input<typeof employeeFormSchema>;
export type EmployeeForm = z.output<typeof employeeFormSchema>;
