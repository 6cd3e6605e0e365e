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
