import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { isAcceptedDate } from './dates';

/**
 * The audit log (who changed what): GET /AuditLog (administrators), GET /AuditLog/mine (the history of
 * one's own record), GET /AuditLog/verify (the hash chain), GET /AuditLog/export (XLSX or CSV).
 */

/** What an entry is about. */
export const AUDIT_ENTITIES = [
  'Account',
  'Organization',
  'User',
  'BankDetails',
  'SalaryStructure',
  'SalaryRevision',
  'SalaryComponent',
  'StatutorySettings',
  'PayrollSettings',
  'PayrollRun',
  'Declaration',
  'DeclarationProof',
  'Subscription',
  'PersonalData',
  'DataRetentionSettings',
  'WorkLocation',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done. */
export const AUDIT_ACTIONS = [
  'SignIn',
  'SignInFailed',
  'Create',
  'Update',
  'Delete',
  'RoleChange',
  'Process',
  'Hold',
  'Release',
  'Finalize',
  'MarkPaid',
  'BankFileDownload',
  'Approve',
  'Reject',
  'PlanChange',
  'Export',
  'Erase',
  /** A change that waits for a second person (bank details): asked for, then approved, rejected or applied. */
  'Request',
  'Apply',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_MSG = {
  entityInvalid: `entity must be one of ${AUDIT_ENTITIES.join(', ')}`,
  actionInvalid: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  actorInvalid: 'actorId must be a user id',
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  rangeInvalid: 'from must be on or before to',
  pageInvalid: 'page must be a whole number of at least 1',
  pageSizeInvalid: 'pageSize must be between 1 and 100',
  formatInvalid: 'format must be xlsx or csv',
  empty: 'No audit entries yet',
  chainValid: 'The audit chain is intact',
  chainBroken: 'The audit chain is broken',
  exportTooLarge: (max: number) => `Narrow the filters: an export holds at most ${max.toLocaleString('en-IN')} entries`,
} as const;

export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_PAGE_SIZE = 20;
/** The most entries one export file carries. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const dateParam = (message: string) => z.string({ error: message }).refine(isAcceptedDate, message);

const auditFilterFields = {
  actorId: z.uuid({ error: AUDIT_MSG.actorInvalid }).optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: AUDIT_MSG.entityInvalid }).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MSG.actionInvalid }).optional(),
  /** Calendar dates in the organisation's time zone, both inclusive. */
  from: dateParam(AUDIT_MSG.fromInvalid).optional(),
  to: dateParam(AUDIT_MSG.toInvalid).optional(),
};
const rangeOrdered = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const pageFields = {
  page: z.coerce.number({ error: AUDIT_MSG.pageInvalid }).int(AUDIT_MSG.pageInvalid).min(1, AUDIT_MSG.pageInvalid).default(1),
  pageSize: z.coerce.number({ error: AUDIT_MSG.pageSizeInvalid }).int(AUDIT_MSG.pageSizeInvalid).min(1, AUDIT_MSG.pageSizeInvalid).max(AUDIT_MAX_PAGE_SIZE, AUDIT_MSG.pageSizeInvalid).default(AUDIT_PAGE_SIZE),
};

/** GET /AuditLog: newest first. */
export const auditListQuerySchema = z.object({ ...auditFilterFields, ...pageFields }).refine(rangeOrdered, { message: AUDIT_MSG.rangeInvalid, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** GET /AuditLog/mine: the signed-in user's own record (entity id = the user's id), newest first. */
export const auditMineQuerySchema = z.object(pageFields);
export type AuditMineQuery = z.infer<typeof auditMineQuerySchema>;

/** GET /AuditLog/export: the same filters as the list, one file. */
export const auditExportQuerySchema = z
  .object({ ...auditFilterFields, format: z.enum(['xlsx', 'csv'], { error: AUDIT_MSG.formatInvalid }).default('xlsx') })
  .refine(rangeOrdered, { message: AUDIT_MSG.rangeInvalid, path: ['from'] });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name, the job's name for the system, or the e-mail tried on a failed sign-in. */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  /** The changed fields before and after (bank account numbers show their last four digits; passwords and tokens never appear). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditListReplySchema = listEnvelope(auditEntrySchema);

export const auditVerifySchema = z.object({
  valid: z.boolean(),
  /** Entries checked. */
  entries: z.number().int(),
  /** The first entry whose hash, link or number does not hold; null when the chain is intact. */
  firstBrokenId: z.string().nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
export const auditVerifyReplySchema = envelope(auditVerifySchema);
