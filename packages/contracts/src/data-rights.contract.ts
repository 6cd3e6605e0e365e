import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Employees' data rights (DPDP Act 2023 s.11 access, s.12 erasure; DPDP Rules 2025 rule 8):
 *   GET  /Me/data-export                    the signed-in person's own data as one ZIP (JSON and the stored PDFs)
 *   GET  /DataRights/settings               the organisation's retention period (Administrator)
 *   PUT  /DataRights/settings
 *   GET  /DataRights/erasure/{userId}       whether a relieved employee's personal data may be erased, from when, and what goes
 *   POST /DataRights/erasure/{userId}       erase it (Administrator, after the retention period)
 */

export const DATA_RIGHTS_MSG = {
  retentionYearsInvalid: 'retentionYears must be a whole number from 3 to 20',
  settingsSaved: 'Retention period saved',
  notFound: 'Employee not found',
  notRelieved: 'Only a relieved employee’s personal data can be erased: this employee has no last working day in the past',
  retentionNotOver: (allowedFrom: string) => `The retention period has not passed: personal data can be erased from ${allowedFrom}`,
  alreadyErased: 'This employee’s personal data has already been erased',
  ownErasure: 'You cannot erase your own personal data',
  confirmInvalid: 'confirm must be true',
  erased: 'Personal data erased; the payroll, PF, ESI and TDS records are kept',
} as const;

export const dataRetentionSettingsSchema = z.object({
  retentionYears: z.number({ error: DATA_RIGHTS_MSG.retentionYearsInvalid }).int({ error: DATA_RIGHTS_MSG.retentionYearsInvalid }).min(3, { error: DATA_RIGHTS_MSG.retentionYearsInvalid }).max(20, { error: DATA_RIGHTS_MSG.retentionYearsInvalid }),
});
export type DataRetentionSettings = z.infer<typeof dataRetentionSettingsSchema>;
export const dataRetentionSettingsReplySchema = envelope(dataRetentionSettingsSchema);

export const erasureParamsSchema = z.object({ userId: z.uuid({ error: DATA_RIGHTS_MSG.notFound }) });
export const eraseBodySchema = z.object({ confirm: z.literal(true, { error: DATA_RIGHTS_MSG.confirmInvalid }) });

/** One group of data in the erasure dialog: what it is and why it goes or stays. */
export const erasureItemSchema = z.object({ label: z.string(), reason: z.string() });
export type ErasureItem = z.infer<typeof erasureItemSchema>;

export const erasureStatusSchema = z.object({
  userId: z.string(),
  /** The last working day (null: not relieved). */
  lastWorkingDay: z.string().nullable(),
  retentionYears: z.number().int(),
  /** The first day erasure is allowed (null: not relieved). */
  allowedFrom: z.string().nullable(),
  allowed: z.boolean(),
  /** Why not, when not allowed (the same text the erase call refuses with). */
  refusal: z.string().nullable(),
  erasedAt: z.string().nullable(),
  erased: z.array(erasureItemSchema),
  kept: z.array(erasureItemSchema),
});
export type ErasureStatus = z.infer<typeof erasureStatusSchema>;
export const erasureStatusReplySchema = envelope(erasureStatusSchema);

/** The ZIP's entry names (the integration test and the README inside the ZIP read them). */
export const DATA_EXPORT_FILE_NAME = 'my-data.zip';

/**
 * What an erasure removes and why (DPDP Act 2023 s.8(7), s.12(3): erase once the purpose is served). The
 * dialog lists these before the administrator confirms; the server erases exactly these.
 */
export const ERASURE_ERASED: readonly ErasureItem[] = [
  { label: 'Contact details: phone number, personal e-mail, address, emergency contact', reason: 'Needed only while employed, to reach the employee' },
  { label: 'Family and personal details: marital status, marriage date, spouse’s name, blood group, experience', reason: 'No payroll, PF, ESI or tax record needs them' },
  { label: 'Photo and uploaded documents (ID copies, certificates)', reason: 'The identifiers the registers need (PAN, UAN, PF and ESI numbers) are kept as text' },
  { label: 'Bank account on the profile: number, IFSC, bank, account holder', reason: 'No payment is due any more; each month’s bank file and payment records keep what was paid where' },
  { label: 'Location points of check-ins and check-outs', reason: 'The attendance register needs the times, not where the employee stood' },
  { label: 'Work e-mail and sign-in: replaced by a placeholder; sessions end, skills and notifications go', reason: 'The person no longer signs in here' },
];

/** What an erasure keeps and the law that requires it (docs/decisions/incoming-h30-datarights.md). */
export const ERASURE_KEPT: readonly ErasureItem[] = [
  { label: 'Name, employee number, dates of birth, joining and leaving, designation, department, gender', reason: 'They identify the employee in the registers below (the registers of the EPF Scheme 1952 and the ESI (General) Regulations 1950, reg. 32: five years after the last entry)' },
  { label: 'PAN, UAN, PF and ESI numbers', reason: 'Returns already filed quote them (Income-tax Act s.192, s.203; EPF ECR; ESI contributions)' },
  { label: 'Payslips, their PDFs, salary structure and revisions, loans, reimbursements and the exit settlement', reason: 'Wage records and books of account: Code on Wages 2019 s.50; Companies Act 2013 s.128(5), eight years' },
  { label: 'Income-tax declarations, proofs and Form 16', reason: 'Evidence of the tax deducted: Income-tax Act s.192, s.203, rule 26C; kept with the books (rule 6F(5))' },
  { label: 'Attendance days, time logs (without locations), leave and regularization requests', reason: 'Registers of attendance and leave: Code on Wages 2019 s.50 and the state Shops and Establishments Acts' },
  { label: 'The audit log', reason: 'Append-only by design; an erasure writes the names of the fields it erased, never their values' },
];
