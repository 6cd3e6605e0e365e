import { z } from 'zod';
import { envelope } from './envelope';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';
import { PEOPLE_MSG } from './people.messages';
import { TEXT_MAX, tooLong } from './text';
import { isIsoDate } from '@tankha/domain';

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
  esiNumber: z.string().nullable(),
  pfNumber: z.string().nullable(),
  uan: z.string().nullable(),
  reportingManagerId: z.string().nullable(),
  reportingManagerName: z.string().nullable(),
  userFieldValues: z.array(userFieldValueSchema),
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
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const trimmed = z.string().trim();
const requiredText = trimmed.min(1, { error: PEOPLE_MSG.mandatory });
const optionalText = (max: number) =>
  trimmed
    .max(max, { error: tooLong(max) })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const name = requiredText.max(TEXT_MAX.personName, { error: tooLong(TEXT_MAX.personName) }).regex(NAME_PATTERN, { error: PEOPLE_MSG.alphabeticOnly });
const optionalName = optionalText(TEXT_MAX.personName).refine((v) => v === null || NAME_PATTERN.test(v), { error: PEOPLE_MSG.alphabeticOnly });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' })
  .refine(isIsoDate, { error: 'must be a date (YYYY-MM-DD)' });
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
  phoneNumber: optionalText(TEXT_MAX.phone),
  emergencyContact: optionalText(TEXT_MAX.phone),
  maritalStatus: z.number().int().min(0).max(2).default(0),
  marriageDate: optionalDate,
  spouseName: optionalName,
  bloodGroup: optionalText(TEXT_MAX.shortText),
  address: optionalText(TEXT_MAX.address),
  dateOfJoining: z.union([isoDate, z.literal('')]).refine((v) => v !== '', { error: PEOPLE_MSG.mandatory }),
  experience: z.number({ error: PEOPLE_MSG.mandatory }).min(0, { error: 'must not be negative' }).max(80, { error: 'is too large' }),
  dateOfConfirmation: optionalDate,
  employeeNumber: requiredText.max(30, { error: 'must be at most 30 characters' }),
  departmentId: optionalRef('Please select a valid department'),
  designation: optionalText(TEXT_MAX.shortText),
  workLocation: optionalText(TEXT_MAX.shortText),
  esiNumber: optionalText(TEXT_MAX.identifier),
  pfNumber: optionalText(TEXT_MAX.identifier),
  uan: optionalText(TEXT_MAX.identifier),
  /** Only one manager (people spec §5). */
  reportingManagerId: optionalRef('Please select a valid reporting manager'),
  userFieldValues: z.array(userFieldValueSchema).default([]),
  pan: optionalText(TEXT_MAX.identifier).transform((v) => (v ? v.toUpperCase() : null)),
  bankAccountNumber: optionalText(TEXT_MAX.identifier),
  bankName: optionalText(TEXT_MAX.shortText),
  ifscCode: optionalText(TEXT_MAX.identifier).transform((v) => (v ? v.toUpperCase() : null)),
  accountHolderName: optionalText(TEXT_MAX.shortText),
  regimeType: z.union([z.literal(0), z.literal(1)], { error: PEOPLE_MSG.mandatory }),
  forceESICalc: z.boolean().default(false),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
  /** Annual CTC in rupees. */
  annualCTC: rupeesSchema({ label: 'Annual CTC', max: MAX_SALARY_RUPEES, required: PEOPLE_MSG.mandatory }),
  earningAssociations: z.array(earningAssociationSchema).default([]),
  deductionAssociations: z.array(deductionAssociationSchema).default([]),
});
export type EmployeeFormInput = z.input<typeof employeeFormSchema>;
export type EmployeeForm = z.output<typeof employeeFormSchema>;
