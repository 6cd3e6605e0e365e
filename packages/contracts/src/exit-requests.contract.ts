import { z } from 'zod';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * Exit requests: an employee's resignation and its decision (platform §2.1 exit/my-requests and
 * my-team/exit; the states are ours, docs/decisions/0143-exit-requests.md). Paths:
 *
 *   GET  /ExitRequests/proposal               the notice period and the proposed last working day for a resignation today
 *   GET  /ExitRequests/mine                   the signed-in employee's requests, newest first
 *   POST /ExitRequests                        exitRequestInputSchema → 201 exitRequestReplySchema
 *   POST /ExitRequests/:id/withdraw           the employee, while pending
 *   GET  /ExitRequests/team?status=           a manager's direct reports' requests; an administrator's or moderator's: everyone's
 *   GET  /ExitRequests/awaiting-settlement    approved or relieved exits without a full and final settlement (payroll admins)
 *   GET  /ExitRequests/:id                    the employee, their reporting manager, administrators and moderators
 *   POST /ExitRequests/:id/approve            exitRequestApproveSchema (with the last working day)
 *   POST /ExitRequests/:id/reject             exitRequestRejectSchema (with the reason)
 */

export const EXIT_REQUEST_STATUS_VALUES = ['pending', 'approved', 'rejected', 'withdrawn', 'relieved'] as const;
export type ExitRequestStatus = (typeof EXIT_REQUEST_STATUS_VALUES)[number];
export const EXIT_REQUEST_STATUS_LABELS: Record<ExitRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  relieved: 'Relieved',
};

export const EXIT_REQUEST_MSG = {
  reasonRequired: 'Please enter the reason for leaving',
  reasonTooLong: 'Reason must be at most 1000 characters',
  lastWorkingDayRequired: 'Last working day is required',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  remarksTooLong: 'Remarks must be at most 500 characters',
  rejectReasonRequired: 'Please enter the reason for rejecting',
  lastDayBeforeResignation: 'Last working day cannot be before the resignation date',
  lastDayTooLate: 'Last working day cannot be more than a year after the resignation date',
  openRequestExists: 'You already have a resignation that is pending or approved',
  exitRecorded: 'An exit is already recorded for you: please speak to your administrator',
  notFound: 'Exit request not found',
  notPending: 'Only a pending request can be changed',
  notYours: 'You can withdraw only your own resignation',
  notAllowedToView: 'You can see only your own exit requests and those of your team',
  notAllowedToDecide: 'You can approve or reject only the exit requests of your direct reports',
  ownRequest: 'You cannot approve or reject your own exit request',
  invalidStatus: 'status must be one of pending, approved, rejected, withdrawn, relieved',
  submitted: 'Resignation submitted',
  withdrawn: 'Resignation withdrawn',
  approved: 'Exit request approved',
  rejected: 'Exit request rejected',
  // Notifications (titles and messages).
  notifySubmittedTitle: 'Resignation submitted',
  notifySubmitted: (name: string, lastDay: string) => `${name} has resigned. Proposed last working day: ${lastDay}.`,
  notifyWithdrawnTitle: 'Resignation withdrawn',
  notifyWithdrawn: (name: string) => `${name} has withdrawn their resignation.`,
  notifyApprovedTitle: 'Resignation approved',
  notifyApproved: (lastDay: string) => `Your resignation is approved. Your last working day is ${lastDay}.`,
  notifyRejectedTitle: 'Resignation rejected',
  notifyRejected: (reason: string) => `Your resignation was not accepted: ${reason}`,
  notifyRelievedTitle: 'Relieved',
  notifyRelieved: (lastDay: string) => `You were relieved on ${lastDay}. Thank you for your time with us.`,
} as const;

const date = (required: string) => dateSchema(EXIT_REQUEST_MSG.dateInvalid, { required, trim: true });

export const exitRequestInputSchema = z.object({
  reason: z.string({ error: EXIT_REQUEST_MSG.reasonRequired }).trim().min(1, { error: EXIT_REQUEST_MSG.reasonRequired }).max(1000, { error: EXIT_REQUEST_MSG.reasonTooLong }),
  /** The last working day the employee asks for; the proposal (from the notice period) when left out. */
  lastWorkingDay: date(EXIT_REQUEST_MSG.lastWorkingDayRequired).nullish(),
});
export type ExitRequestInput = z.infer<typeof exitRequestInputSchema>;

export const exitRequestApproveSchema = z.object({
  lastWorkingDay: date(EXIT_REQUEST_MSG.lastWorkingDayRequired),
  remarks: z.string().trim().max(500, { error: EXIT_REQUEST_MSG.remarksTooLong }).nullish(),
});
export type ExitRequestApprove = z.infer<typeof exitRequestApproveSchema>;

export const exitRequestRejectSchema = z.object({
  reason: z.string({ error: EXIT_REQUEST_MSG.rejectReasonRequired }).trim().min(1, { error: EXIT_REQUEST_MSG.rejectReasonRequired }).max(500, { error: EXIT_REQUEST_MSG.remarksTooLong }),
});
export type ExitRequestReject = z.infer<typeof exitRequestRejectSchema>;

export const exitRequestIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const exitRequestTeamQuerySchema = z.object({ status: z.enum(EXIT_REQUEST_STATUS_VALUES, { error: EXIT_REQUEST_MSG.invalidStatus }).optional() });

export const exitProposalSchema = z.object({
  resignationDate: z.string(),
  employmentType: z.string().nullable(),
  noticePeriodDays: z.number().int(),
  /** 'settings' when an employment-type setting gave it, 'probation' when the probation notice did, 'default' otherwise. */
  noticePeriodSource: z.enum(['settings', 'probation', 'default']),
  proposedLastWorkingDay: z.string(),
});
export type ExitProposal = z.infer<typeof exitProposalSchema>;
export const exitProposalReplySchema = envelope(exitProposalSchema);

export const exitRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  employmentType: z.string().nullable(),
  reportingManagerName: z.string().nullable(),
  status: z.enum(EXIT_REQUEST_STATUS_VALUES),
  reason: z.string(),
  resignationDate: z.string(),
  noticePeriodDays: z.number().int(),
  proposedLastWorkingDay: z.string(),
  requestedLastWorkingDay: z.string(),
  /** Set on approval. */
  lastWorkingDay: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionRemarks: z.string().nullable(),
  relievedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the signed-in user may approve or reject it now. */
  canDecide: z.boolean(),
  /** Whether a full and final settlement is recorded for the employee. */
  hasSettlement: z.boolean(),
});
export type ExitRequest = z.infer<typeof exitRequestSchema>;
export const exitRequestReplySchema = envelope(exitRequestSchema);
export const exitRequestListReplySchema = listEnvelope(exitRequestSchema);
