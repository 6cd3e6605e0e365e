import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';

/**
 * A second person for bank details (issue 30 §4): a change of an employee's bank account waits for a
 * different administrator's approval, or — in an organisation with no other administrator — a 48-hour
 * cooling period. Until then the old account is paid.
 *
 *   GET  /BankChanges                 the pending changes (administrators)
 *   POST /BankChanges/:id/approve     a different administrator approves (409 for the requester)
 *   POST /BankChanges/:id/reject      with a reason
 *   GET  /Users/:id/bank-change       the employee's pending change (the employee form)
 *   GET  /BankChanges/mine            the signed-in employee's own pending change (their profile)
 */

/** How long a change waits when no other administrator can approve it. */
export const BANK_CHANGE_COOLING_HOURS = 48;
/** The bank file flags lines paid to an account changed within this many days. */
export const BANK_CHANGE_RECENT_DAYS = 30;
export const BANK_CHANGE_REASON_MAX = 500;

export const BANK_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'applied', 'superseded'] as const;
export type BankChangeStatus = (typeof BANK_CHANGE_STATUSES)[number];

export const BANK_CHANGE_MSG = {
  requested: 'Saved. The bank details change is pending approval by another administrator.',
  requestedCooling: (hours: number) => `Saved. The bank details change takes effect in ${String(hours)} hours: this organisation has no other administrator to approve it.`,
  approved: 'Bank details change approved',
  rejected: 'Bank details change rejected',
  notFound: 'Bank details change not found',
  notPending: 'This bank details change has already been decided',
  ownRequest: 'You requested this bank details change: another administrator must approve it',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${String(BANK_CHANGE_REASON_MAX)} characters`,
  emptyList: 'No bank details changes awaiting approval',
  pendingBanner: 'Bank change pending approval',
  recentFlag: `Account changed in the last ${String(BANK_CHANGE_RECENT_DAYS)} days`,
  mailSubject: (organizationName: string) => `Bank details change requested at ${organizationName}`,
} as const;

export const bankChangeIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

export const rejectBankChangeSchema = z.object({
  reason: z
    .string({ error: BANK_CHANGE_MSG.reasonRequired })
    .trim()
    .min(1, BANK_CHANGE_MSG.reasonRequired)
    .max(BANK_CHANGE_REASON_MAX, BANK_CHANGE_MSG.reasonTooLong),
});

export const bankDetailsSchema = z.object({
  bankAccountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  ifscCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const bankChangeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  status: z.enum(BANK_CHANGE_STATUSES),
  /** The details being paid now. */
  current: bankDetailsSchema,
  /** The details asked for. */
  requested: bankDetailsSchema,
  requestedById: z.string().nullable(),
  requestedByName: z.string().nullable(),
  /** ISO instant. */
  requestedAt: z.string(),
  /** Cooling period (no other administrator): the instant it takes effect by itself; null when it waits for approval. */
  effectiveAt: z.string().nullable(),
  decidedById: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BankChange = z.infer<typeof bankChangeSchema>;

export const bankChangeListReplySchema = listEnvelope(bankChangeSchema);
export const bankChangeReplySchema = envelope(bankChangeSchema);
/** One employee's pending change, or null. */
export const pendingBankChangeReplySchema = envelope(bankChangeSchema.nullable());
