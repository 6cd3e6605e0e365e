import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Import Users (people spec §2.5 names the menu entry; the behaviour is ours, docs/decisions/).
 * One template column per employee-form field an HR team fills from a spreadsheet. `field` is the
 * employee form's field; `*` marks what the form requires.
 */
export const IMPORT_COLUMNS = [
  { header: 'Employee Number*', field: 'employeeNumber', example: 'EMP101' },
  { header: 'First Name*', field: 'firstName', example: 'Priya' },
  { header: 'Middle Name', field: 'middleName', example: '' },
  { header: 'Last Name*', field: 'lastName', example: 'Menon' },
  { header: 'Work Email*', field: 'email', example: 'priya.menon@example.in' },
  { header: 'Date of Joining*', field: 'dateOfJoining', example: '2026-04-01' },
  { header: 'Experience (years)*', field: 'experience', example: '3.5' },
  { header: 'Annual CTC*', field: 'annualCTC', example: '900000' },
  { header: 'Tax Regime*', field: 'regimeType', example: 'New' },
  { header: 'Role', field: 'roleId', example: 'Member' },
  { header: 'Department', field: 'departmentId', example: 'Engineering' },
  { header: 'Designation', field: 'designation', example: 'Software Engineer' },
  { header: 'Work Location', field: 'workLocation', example: 'Bengaluru' },
  { header: 'Reporting Manager Email', field: 'reportingManagerId', example: '' },
  { header: 'Employment Type', field: 'employmentType', example: 'Full Time' },
  { header: 'Personal Email', field: 'personalEmail', example: '' },
  { header: 'Phone Number', field: 'phoneNumber', example: '9876543210' },
  { header: 'Date of Birth', field: 'dateOfBirth', example: '1995-08-14' },
  { header: 'Gender', field: 'gender', example: 'Female' },
  { header: 'Marital Status', field: 'maritalStatus', example: 'Unmarried' },
  { header: 'PAN', field: 'pan', example: 'ABCPM1234K' },
  { header: 'PF Number', field: 'pfNumber', example: '' },
  { header: 'UAN', field: 'uan', example: '' },
  { header: 'ESI Number', field: 'esiNumber', example: '' },
  { header: 'Bank Account Number', field: 'bankAccountNumber', example: '' },
  { header: 'Bank Name', field: 'bankName', example: '' },
  { header: 'IFSC Code', field: 'ifscCode', example: '' },
  { header: 'Account Holder Name', field: 'accountHolderName', example: '' },
] as const;
export type ImportColumnField = (typeof IMPORT_COLUMNS)[number]['field'];

/** At most this many rows per file; larger lists are split (recorded in docs/decisions/). */
export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 5_242_880;

export const importTemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }).default('xlsx') });

/** How imported people join: invited by e-mail (pending verification) or restricted (no login). */
export const IMPORT_MODES = ['invite', 'restricted'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const importFieldsSchema = z.object({ mode: z.enum(IMPORT_MODES, { error: 'mode must be invite or restricted' }).default('invite') });

export const importRowErrorSchema = z.object({ column: z.string(), message: z.string() });
export const importRowSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  rowNumber: z.number().int(),
  employeeNumber: z.string(),
  name: z.string(),
  email: z.string(),
  errors: z.array(importRowErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importPreviewReplySchema = envelope(importPreviewSchema);

export const importSummarySchema = z.object({
  created: z.number().int(),
  invited: z.number().int(),
  restricted: z.number().int(),
  /** Invitations that could not be e-mailed (the users exist; resend from the list). */
  invitesFailed: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importSummaryReplySchema = envelope(importSummarySchema);
