import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * The income-tax declaration (IT) and proof-of-investment (POI) windows (payroll spec §2 "Lock/unlock
 * settings page", §3 "IT Declaration config", "POI config", "Reminder", §4, §5, §7, §8): release,
 * lock, reminders and the help documents. Paths under the API prefix:
 *
 *   GET    /ITDeclaration/status                  taxYearQuerySchema → itDeclarationStatusReplySchema (every role)
 *   GET    /ITDeclaration/config                  taxYearQuerySchema → itDeclarationConfigReplySchema (data null before the first release)
 *   POST   /ITDeclaration/config                  itDeclarationConfigInputSchema → itDeclarationConfigReplySchema (create, or update with id; releases)
 *   POST   /ITDeclaration/config/lock             taxWindowLockInputSchema → itDeclarationConfigReplySchema; 409 ALREADY_LOCKED
 *   GET    /ITDeclaration/reminders               itReminderListQuerySchema → itReminderListReplySchema
 *   POST   /ITDeclaration/reminders               itReminderInputSchema → itReminderReplySchema (create, or update with id)
 *   DELETE /ITDeclaration/reminders/{id}
 *   GET    /POI/status, GET /POI/config, POST /POI/config, POST /POI/config/lock     the same for POI
 *   GET    /POI/reminders?poiConfigId=, POST /POI/reminders, DELETE /POI/reminders/{poiReminderId}
 *   GET    /HelpDocuments/download-help-document?key=declaration|poi    application/pdf (every role)
 *
 * Financial years on the wire are the two calendar years (financialYearStart 2025, financialYearEnd
 * 2026); a call without them means the organisation's current financial year.
 */

export const TAX_WINDOW_MSG = {
  itSaved: 'IT Declaration saved successfully',
  itUpdated: 'IT Declaration updated successfully',
  itSaveFailed: 'An error occurred while saving',
  itLocked: 'IT Declaration Locked Successfully',
  itAlreadyLocked: 'IT Declaration is already locked',
  itLockFailed: 'Failed to lock IT Declaration',
  poiSaved: 'POI settings saved successfully',
  poiUpdated: 'POI settings updated successfully',
  poiLocked: 'POI locked successfully',
  poiAlreadyLocked: 'POI is already locked',
  poiLockFailed: 'Failed to lock POI',
  lockDateRequired: 'Please select a lock date.',
  monthRequired: 'Please select a month.',
  lockDateOutsideMonth: 'Please select a date within the current month.',
  storedDateOutsideMonth: 'Selected date is outside the current month. Please select a date within the current month.',
  helpDocumentType: 'Help document type must be declaration or poi.',
  // Ours (the spec gives none):
  itLockDateTooEarly: 'Please select a date from today onwards.',
  poiLockDateTooEarly: 'Please select a date after today.',
  financialYearPair: 'financialYearEnd must be the year after financialYearStart',
  financialYearNotOpen: 'Only the current or the next financial year can be released',
  itConfigNotFound: 'IT Declaration configuration not found',
  poiConfigNotFound: 'POI configuration not found',
  configIdMismatch: 'This configuration belongs to another financial year',
  remindersOnlyOnCreate: 'Reminders of a saved configuration are saved one by one',
  reminderNotFound: 'Reminder not found',
  reminderSaved: 'Reminder saved successfully',
  reminderDeleted: 'Reminder deleted successfully',
  reminderLimit: 'You can add up to 4 reminders.',
  reminderDaysRequired: 'Please select the number of days before the lock date.',
  reminderDaysRange: 'Days before the lock date must be a whole number from 0 to 10.',
  reminderDuplicateDays: (days: number) => `A reminder ${String(days)} ${days === 1 ? 'day' : 'days'} before the lock date already exists.`,
  reminderSubjectRequired: 'Subject is required.',
  reminderSubjectTooLong: 'Subject cannot exceed 200 characters.',
  reminderBodyRequired: 'Email body is required.',
  reminderBodyTooLong: 'Email body is too long (at most 20,000 characters).',
  loaded: 'Success',
} as const;

/** Payroll spec §3 "Config status is Released or Locked"; §3 "Declaration state: 0 Locked, 1 Released". */
export const TaxWindowStatus = { Locked: 0, Released: 1 } as const;
export type TaxWindowStatusId = (typeof TaxWindowStatus)[keyof typeof TaxWindowStatus];

/** Regime codes (DESIGN §5): 0 Old, 1 New. POI's default regime is always the new one (payroll spec §3). */
export const POI_DEFAULT_REGIME_TYPE = 1;

export const TAX_REMINDER_SUBJECT_MAX = 200;
export const TAX_REMINDER_BODY_MAX = 20_000;

/** Payroll spec §3 default subjects. */
export const DEFAULT_IT_REMINDER_SUBJECT = 'Reminder to submit your Income Tax Declaration for %TaxYear%';
export const DEFAULT_POI_REMINDER_SUBJECT = 'Reminder to submit Proof of Investment for %TaxYear%';
/** Our default bodies (the spec shows the placeholders, not the text). */
export const DEFAULT_IT_REMINDER_BODY =
  '<p>Dear %EmployeeName%,</p><p>This is a reminder to submit your Income Tax Declaration for the financial year %FiscalYearStart%-%FiscalYearEnd% at %CompanyName%. The declaration window locks on <strong>%LockDate%</strong>.</p><p>Please declare your investments before the lock date so that your tax is deducted correctly.</p><p>Regards,<br>%PrimaryContactName%</p>';
export const DEFAULT_POI_REMINDER_BODY =
  '<p>Dear %EmployeeName%,</p><p>This is a reminder to submit your Proof of Investment for the financial year %FiscalYearStart%-%FiscalYearEnd% at %CompanyName%. Proof submission locks on <strong>%LockDate%</strong>.</p><p>Please upload your proofs before the lock date; declarations without proof are not considered for your tax.</p><p>Regards,<br>%PrimaryContactName%</p>';

/** Payroll spec §2 "Editor fonts" and "Block formats": what the reminder editor offers and the server keeps. */
export const TAX_REMINDER_FONTS = ['Arial', 'Courier New', 'Georgia', 'Times New Roman', 'Verdana'] as const;
export const TAX_REMINDER_BLOCK_FORMATS = [
  { value: 'p', label: 'Normal' },
  { value: 'h1', label: 'Heading 1' },
  { value: 'h2', label: 'Heading 2' },
] as const;

const yearField = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a year` })
    .int({ error: `${name} must be a year` })
    .min(2000, { error: `${name} must be a year` })
    .max(2100, { error: `${name} must be a year` });

/** ?financialYearStart=2025&financialYearEnd=2026, both or neither (neither: the current year). */
export const taxYearQuerySchema = z
  .object({ financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine((q) => (q.financialYearStart === undefined) === (q.financialYearEnd === undefined) && (q.financialYearStart === undefined || q.financialYearEnd === (q.financialYearStart ?? 0) + 1), {
    error: TAX_WINDOW_MSG.financialYearPair,
    path: ['financialYearEnd'],
  });
export type TaxYearQuery = z.infer<typeof taxYearQuerySchema>;

const isoDate = (name: string) => dateSchema(`${name} must be a date (YYYY-MM-DD)`);
const uuidField = (name: string) => z.uuid({ error: `${name} must be a UUID` });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

// ---- Reminders -------------------------------------------------------------------------------

const reminderFields = {
  daysBeforeLockDate: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? TAX_WINDOW_MSG.reminderDaysRequired : TAX_WINDOW_MSG.reminderDaysRange) })
    .int({ error: TAX_WINDOW_MSG.reminderDaysRange })
    .min(0, { error: TAX_WINDOW_MSG.reminderDaysRange })
    .max(10, { error: TAX_WINDOW_MSG.reminderDaysRange }),
  isEnabled: flag('isEnabled'),
  subject: z
    .string({ error: TAX_WINDOW_MSG.reminderSubjectRequired })
    .trim()
    .min(1, { error: TAX_WINDOW_MSG.reminderSubjectRequired })
    .max(TAX_REMINDER_SUBJECT_MAX, { error: TAX_WINDOW_MSG.reminderSubjectTooLong }),
  /** HTML from the rich-text editor; the server keeps only its allow-list (sanitised before it is stored). */
  body: z.string({ error: TAX_WINDOW_MSG.reminderBodyRequired }).min(1, { error: TAX_WINDOW_MSG.reminderBodyRequired }).max(TAX_REMINDER_BODY_MAX, { error: TAX_WINDOW_MSG.reminderBodyTooLong }),
};

/** A reminder sent with a new configuration (before it has an id). */
export const taxReminderDraftSchema = z.object(reminderFields);
export type TaxReminderDraft = z.infer<typeof taxReminderDraftSchema>;

export const itReminderSchema = z.object({
  id: z.uuid(),
  itDeclarationConfigId: z.uuid(),
  daysBeforeLockDate: z.number().int(),
  isEnabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
});
export type ItReminder = z.infer<typeof itReminderSchema>;

export const poiReminderSchema = z.object({
  poiReminderId: z.uuid(),
  poiConfigId: z.uuid(),
  daysBeforeLockDate: z.number().int(),
  isEnabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
});
export type PoiReminder = z.infer<typeof poiReminderSchema>;

export const itReminderInputSchema = z.object({ id: uuidField('id').optional(), itDeclarationConfigId: uuidField('itDeclarationConfigId'), ...reminderFields });
export type ItReminderInput = z.infer<typeof itReminderInputSchema>;
export const poiReminderInputSchema = z.object({ poiReminderId: uuidField('poiReminderId').optional(), poiConfigId: uuidField('poiConfigId'), ...reminderFields });
export type PoiReminderInput = z.infer<typeof poiReminderInputSchema>;

export const itReminderListQuerySchema = z.object({ itDeclarationConfigId: uuidField('itDeclarationConfigId') });
export const poiReminderListQuerySchema = z.object({ poiConfigId: uuidField('poiConfigId') });
export const itReminderPathSchema = z.object({ id: uuidField('id') });
export const poiReminderPathSchema = z.object({ poiReminderId: uuidField('poiReminderId') });

export const itReminderReplySchema = envelope(itReminderSchema);
export const poiReminderReplySchema = envelope(poiReminderSchema);
export const itReminderListReplySchema = listEnvelope(itReminderSchema);
export const poiReminderListReplySchema = listEnvelope(poiReminderSchema);

// ---- Configurations --------------------------------------------------------------------------

const windowFields = {
  id: z.uuid(),
  /** The day the window was last released. */
  startDate: z.string().nullable(),
  /** The lock date: the last day employees may submit. */
  endDate: z.string(),
  /** 1 Released, 0 Locked: Locked too once the lock date has passed, before anybody presses Lock. */
  status: z.union([z.literal(0), z.literal(1)]),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  allowRegimeSwitch: z.boolean(),
  notifyOnRelease: z.boolean(),
  enableReminderEmails: z.boolean(),
  notifyOnLock: z.boolean(),
  lockedAt: z.string().nullable(),
  /** Who locked it; null when it locked by itself after the lock date. */
  lockedByName: z.string().nullable(),
};

export const itDeclarationConfigSchema = z.object({
  ...windowFields,
  allowTdsModificationExceedCalculatedAmount: z.boolean(),
  reminders: z.array(itReminderSchema),
});
export type ItDeclarationConfig = z.infer<typeof itDeclarationConfigSchema>;

export const poiConfigSchema = z.object({
  ...windowFields,
  allowTdsModificationDuringPayroll: z.boolean(),
  mandateInvestmentProofAttachments: z.boolean(),
  mandateReviewerCommentsForPartialApproval: z.boolean(),
  canTdsExceedAnnualLimit: z.boolean(),
  /** Always the new regime (payroll spec §3 "defaulRegimeType is always the new regime"). */
  defaultRegimeType: z.literal(POI_DEFAULT_REGIME_TYPE),
  /** '01'…'12' (payroll spec §3: a month number padded to 2 digits). */
  processPayrollFromMonth: z.string(),
  reminders: z.array(poiReminderSchema),
});
export type PoiConfig = z.infer<typeof poiConfigSchema>;

const windowInputFields = {
  /** Required: the service answers 'Please select a lock date.' when it is missing. */
  endDate: isoDate('endDate').nullable().optional(),
  /** Saving releases (payroll spec §4: "status sent as Released on create or update"); Lock is its own call. */
  status: z.literal(TaxWindowStatus.Released, { error: 'status must be 1 (Released): use the lock call to lock' }).optional(),
  financialYearStart: yearField('financialYearStart'),
  financialYearEnd: yearField('financialYearEnd'),
  allowRegimeSwitch: flag('allowRegimeSwitch').default(false),
  notifyOnRelease: flag('notifyOnRelease').default(false),
  enableReminderEmails: flag('enableReminderEmails').default(false),
  notifyOnLock: flag('notifyOnLock').default(false),
  /** Only with a new configuration (no id); none given → the two defaults (5 and 1 days, enabled). */
  reminders: z.array(taxReminderDraftSchema).max(4, { error: TAX_WINDOW_MSG.reminderLimit }).optional(),
};

const pairedYears = <T extends { financialYearStart: number; financialYearEnd: number }>(v: T) => v.financialYearEnd === v.financialYearStart + 1;

export const itDeclarationConfigInputSchema = z
  .object({
    id: uuidField('id').optional(),
    ...windowInputFields,
    allowTdsModificationExceedCalculatedAmount: flag('allowTdsModificationExceedCalculatedAmount').default(false),
  })
  .refine(pairedYears, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type ItDeclarationConfigInput = z.input<typeof itDeclarationConfigInputSchema>;

export const POI_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

export const poiConfigInputSchema = z
  .object({
    id: uuidField('id').optional(),
    ...windowInputFields,
    allowTdsModificationDuringPayroll: flag('allowTdsModificationDuringPayroll').default(false),
    mandateInvestmentProofAttachments: flag('mandateInvestmentProofAttachments').default(false),
    mandateReviewerCommentsForPartialApproval: flag('mandateReviewerCommentsForPartialApproval').default(false),
    /** Kept only while TDS modification during payroll is allowed (payroll spec §5). */
    canTdsExceedAnnualLimit: flag('canTdsExceedAnnualLimit').default(false),
    /** Required: the service answers 'Please select a month.' when it is missing. */
    processPayrollFromMonth: z.enum(POI_MONTHS, { error: 'processPayrollFromMonth must be a month from 01 to 12' }).nullable().optional(),
  })
  .refine(pairedYears, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type PoiConfigInput = z.input<typeof poiConfigInputSchema>;

/** POST …/config/lock: the configuration to lock. */
export const taxWindowLockInputSchema = z.object({ id: uuidField('id') });

export const itDeclarationConfigReplySchema = envelope(itDeclarationConfigSchema.nullable());
export const poiConfigReplySchema = envelope(poiConfigSchema.nullable());

// ---- Status (every role: the employee landing pages read it) ----------------------------------

const statusFields = {
  /** 1 Released and open, 0 Locked (or never released). */
  status: z.union([z.literal(0), z.literal(1)]),
  configId: z.uuid().nullable(),
  lockDate: z.string().nullable(),
  allowRegimeSwitch: z.boolean(),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
};
export const itDeclarationStatusSchema = z.object({ ...statusFields, allowTdsModificationExceedCalculatedAmount: z.boolean() });
export type ItDeclarationStatus = z.infer<typeof itDeclarationStatusSchema>;
export const poiStatusSchema = z.object({ ...statusFields, isPOIFormSubmitted: z.boolean() });
export type PoiStatus = z.infer<typeof poiStatusSchema>;
export const itDeclarationStatusReplySchema = envelope(itDeclarationStatusSchema);
export const poiStatusReplySchema = envelope(poiStatusSchema);

// ---- Help documents ---------------------------------------------------------------------------

export const HELP_DOCUMENT_KEYS = ['declaration', 'poi'] as const;
export type HelpDocumentKey = (typeof HELP_DOCUMENT_KEYS)[number];
export const helpDocumentQuerySchema = z.object({ key: z.enum(HELP_DOCUMENT_KEYS, { error: TAX_WINDOW_MSG.helpDocumentType }) });

// ---- Settings > Preferences > Sender Email Preferences (payroll spec §1) -----------------------

export const SENDER_EMAIL_MSG = {
  saved: 'Sender email preferences saved successfully',
  contactRequired: 'Please select a primary contact.',
  contactNotEligible: 'The primary contact must be an active Administrator or Moderator of this organization.',
} as const;

export const senderContactSchema = z.object({ userId: z.uuid(), name: z.string(), email: z.string(), roleId: z.number().int() });
export type SenderContact = z.infer<typeof senderContactSchema>;

export const senderEmailPreferencesSchema = z.object({
  /** The chosen primary contact, or the default (the longest-standing active Administrator) when none is chosen. */
  primaryContact: senderContactSchema.nullable(),
  /** False while the default applies. */
  isChosen: z.boolean(),
  /** Who may be chosen: active Administrators and Moderators. */
  contacts: z.array(senderContactSchema),
});
export type SenderEmailPreferences = z.infer<typeof senderEmailPreferencesSchema>;
export const senderEmailPreferencesReplySchema = envelope(senderEmailPreferencesSchema);
export const senderEmailPreferencesInputSchema = z.object({
  primaryContactUserId: z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? SENDER_EMAIL_MSG.contactRequired : 'primaryContactUserId must be a UUID') }),
});
export type SenderEmailPreferencesInput = z.infer<typeof senderEmailPreferencesInputSchema>;
