import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { rupeesRangeMessage } from './money';
import { isRupeesAmount } from '@tankha/domain';

/**
 * Reimbursements (payroll spec §2 "Reimbursement Types admin", "My Reimbursement Requests", §3, §4, §5,
 * §7 "Reimbursement", §8, §9). Paths under the API base:
 *
 *   GET    /ReimbursementTypes?isAdminAccess=true|false   every type (admins) or the active ones (the request form)
 *   GET    /ReimbursementTypes/{id}
 *   POST   /ReimbursementTypes                            'New Reimbursement'
 *   PUT    /ReimbursementTypes/{id}                       'Edit Reimbursement'
 *   PUT    /ReimbursementTypes/{id}/status                the table's toggle
 *   DELETE /ReimbursementTypes/{id}
 *   POST   /ReimbursementRequests                         multipart: amount, reimbursementTypeId, reason, status, receipt (file, optional)
 *   GET    /ReimbursementRequests/my                      the caller's own (the page pages and filters them, 8 a page)
 *   GET    /ReimbursementRequests?page&pageSize&reportingFilterType&status   administrators and moderators
 *   PUT    /ReimbursementRequests/{id}/status             Approve / Reject with remarks
 *   GET    /ReimbursementRequests/{id}/receipt            the receipt (its owner, administrators and moderators)
 *   GET    /ReimbursementRequests/report.xlsx?reportingFilterType&status   the report
 */

/** Payroll spec §3 "Enumerations used here": 1 Pending, 2 Approved, 3 Rejected. */
export const ReimbursementStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;
export type ReimbursementStatusId = (typeof ReimbursementStatus)[keyof typeof ReimbursementStatus];

/** Payroll spec §9. */
export const REIMBURSEMENT_NAME_MAX = 100;
export const REIMBURSEMENT_DESCRIPTION_MAX = 255;
export const REIMBURSEMENT_REASON_MAX = 255;
export const REIMBURSEMENT_REMARKS_MAX = 255;
/** The employee's list is paged client-side, 8 a page (payroll spec §9). */
export const REIMBURSEMENT_REQUEST_PAGE_SIZE = 8;
export const REIMBURSEMENT_MAX_PAGE_SIZE = 100;
/** Our bound on one claim and on a type's limit: ₹1 crore. */
export const REIMBURSEMENT_MAX_RUPEES = 10_000_000;
/** Receipts: PDF, JPG or PNG by content, at most 5 MB (the product's limit for documents, people spec §9). */
export const REIMBURSEMENT_RECEIPT_MAX_BYTES = 5_242_880;
export const REIMBURSEMENT_RECEIPT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const REIMBURSEMENT_MSG = {
  // payroll spec §5
  amountPositive: 'Amount must be greater than 0',
  typeRequired: 'Reimbursement type is required',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be less than 255 characters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  descriptionTooLong: 'Description cannot exceed 255 characters',
  maxLimitNumber: 'Max limit must be a valid number',
  maxLimitNegative: 'Max limit cannot be negative',
  // payroll spec §8
  fetchTypesFailed: 'Failed to fetch reimbursement types',
  submitFailed: 'Failed to submit request',
  fetchRequestsFailed: 'Failed to fetch requests',
  saveFailed: 'Failed to save reimbursement',
  somethingWrong: 'Something went wrong. Please try again.',
  statusFailed: 'Cannot update reimbursement status',
  deleteFailed: 'Failed to delete reimbursement.',
  submitted: 'Reimbursement request submitted successfully',
  updated: 'Reimbursement updated successfully',
  created: 'Reimbursement created successfully',
  statusUpdated: 'Reimbursement status updated successfully',
  deleted: 'Reimbursement type deleted successfully',
  // payroll spec §2, §1
  noTypes: 'No Reimbursements Added Yet!',
  noRequests: 'No requests found',
  noLimit: 'No Limit',
  upgrade: 'Upgrade to premium',
  deleteWarning:
    'Are you sure you want to delete this reimbursement type? It will be removed from all associated employee records and this may affect existing and future claims.',
  // our own (docs/decisions/0104-reimbursements-types-claims-and-payment.md)
  amountTooLarge: rupeesRangeMessage('Amount', REIMBURSEMENT_MAX_RUPEES),
  amountDecimals: 'Amount must have at most two decimal places',
  maxLimitTooLarge: rupeesRangeMessage('Max limit', REIMBURSEMENT_MAX_RUPEES),
  maxLimitDecimals: 'Max limit must have at most two decimal places',
  typeNotFound: 'Reimbursement type not found',
  typeInactive: 'This reimbursement type is not active',
  typeNameTaken: 'A reimbursement type with this name already exists',
  typeInUse: 'This reimbursement type has claims that are pending or paid; make it inactive instead of deleting it',
  requestNotFound: 'Reimbursement request not found',
  newIsPending: 'A new request is sent with status 1 (Pending)',
  decideStatus: 'Status must be 2 (Approved) or 3 (Rejected)',
  remarksRequired: 'Remarks are required to reject a request',
  remarksTooLong: 'Remarks must be less than 255 characters',
  notPending: 'Only a pending request can be approved or rejected',
  decideOwn: 'You cannot approve or reject your own reimbursement request',
  /** Our addition (docs/decisions/): no payroll run or settlement would pay it. */
  settledEmployee: (name: string) => `${name}'s full-and-final settlement is already approved: a claim approved now would be paid by neither the settlement nor a payroll run. Reject it, or pay it outside Tankha.`,
  adminAccessOnly: 'Only administrators and moderators can see every reimbursement type',
  limitExceeded: (typeName: string, limit: string, used: string, left: string) =>
    `The ${typeName} limit is ${limit} a financial year: ${used} is already claimed (pending or approved), so at most ${left} can be claimed now`,
  receiptTooLarge: 'Receipt must be less than 5MB',
  receiptBadType: 'Receipt must be a PDF, JPG or PNG file',
  receiptEmpty: 'The selected receipt is empty',
  receiptNotFound: 'This request has no receipt',
} as const;

/** Payroll spec §4: Pending yellow, Approved green, Rejected red, unknown otherwise. */
export function reimbursementStatusBadge(status: number): { label: string; color: 'yellow' | 'green' | 'red' | 'gray' } {
  switch (status) {
    case ReimbursementStatus.Pending:
      return { label: 'Pending', color: 'yellow' };
    case ReimbursementStatus.Approved:
      return { label: 'Approved', color: 'green' };
    case ReimbursementStatus.Rejected:
      return { label: 'Rejected', color: 'red' };
    default:
      return { label: 'Unknown', color: 'gray' };
  }
}

const trimmed = (s: unknown) => (typeof s === 'string' ? s.trim() : s);

/** A blank limit means 0, shown as No Limit (payroll spec §5). */
const maxLimitSchema = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: REIMBURSEMENT_MSG.maxLimitNumber })
    .refine(Number.isFinite, { error: REIMBURSEMENT_MSG.maxLimitNumber })
    .min(0, { error: REIMBURSEMENT_MSG.maxLimitNegative })
    .max(REIMBURSEMENT_MAX_RUPEES, { error: REIMBURSEMENT_MSG.maxLimitTooLarge })
    .refine(isRupeesAmount, { error: REIMBURSEMENT_MSG.maxLimitDecimals }),
);

export const reimbursementTypeInputSchema = z.object({
  name: z.preprocess(trimmed, z.string({ error: REIMBURSEMENT_MSG.nameRequired }).min(1, { error: REIMBURSEMENT_MSG.nameRequired }).max(REIMBURSEMENT_NAME_MAX, { error: REIMBURSEMENT_MSG.nameTooLong })),
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string().max(REIMBURSEMENT_DESCRIPTION_MAX, { error: REIMBURSEMENT_MSG.descriptionTooLong }).nullable(),
  ),
  maxLimit: maxLimitSchema,
  isActive: z.boolean().optional(),
  /** Our addition (docs/decisions/): paid as taxable salary when true. Default non-taxable. */
  isTaxable: z.boolean().optional(),
});
export type ReimbursementTypeInput = z.infer<typeof reimbursementTypeInputSchema>;

export const reimbursementTypeStatusInputSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

export const reimbursementTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Rupees; 0 = No Limit. */
  maxLimit: z.number(),
  isActive: z.boolean(),
  isTaxable: z.boolean(),
  tenantId: z.string(),
  createdBy: z.string().nullable(),
  dateCreated: z.string(),
  updatedBy: z.string().nullable(),
  dateUpdated: z.string().nullable(),
});
export type ReimbursementType = z.infer<typeof reimbursementTypeSchema>;
export const reimbursementTypeReplySchema = envelope(reimbursementTypeSchema);
export const reimbursementTypeListReplySchema = listEnvelope(reimbursementTypeSchema);

export const reimbursementTypeListQuerySchema = z.object({
  isAdminAccess: z.enum(['true', 'false'], { error: 'isAdminAccess must be true or false' }).default('false').transform((v) => v === 'true'),
});

export const reimbursementIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

/** The multipart text fields of a new request (the receipt travels as the file part named `receipt`). */
export const reimbursementRequestFieldsSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: REIMBURSEMENT_MSG.amountPositive })
      .refine(Number.isFinite, { error: REIMBURSEMENT_MSG.amountPositive })
      .gt(0, { error: REIMBURSEMENT_MSG.amountPositive })
      .max(REIMBURSEMENT_MAX_RUPEES, { error: REIMBURSEMENT_MSG.amountTooLarge })
      .refine(isRupeesAmount, { error: REIMBURSEMENT_MSG.amountDecimals }),
  ),
  reimbursementTypeId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: REIMBURSEMENT_MSG.typeRequired })),
  reason: z.preprocess(trimmed, z.string({ error: REIMBURSEMENT_MSG.reasonRequired }).min(1, { error: REIMBURSEMENT_MSG.reasonRequired }).max(REIMBURSEMENT_REASON_MAX, { error: REIMBURSEMENT_MSG.reasonTooLong })),
  /** Payroll spec §4: new requests are sent with status 1 (Pending). */
  status: z.preprocess((v) => (v === undefined || v === '' ? 1 : typeof v === 'string' ? Number(v) : v), z.literal(ReimbursementStatus.Pending, { error: REIMBURSEMENT_MSG.newIsPending })),
});
export type ReimbursementRequestFields = z.infer<typeof reimbursementRequestFieldsSchema>;

export const reimbursementRequestSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reimbursementTypeId: z.string(),
  reimbursementTypeName: z.string(),
  reason: z.string(),
  status: z.number().int(),
  /** ISO timestamp. */
  dateCreated: z.string(),
  remarks: z.string().nullable(),
  hasReceipt: z.boolean(),
  /** 'YYYY-MM' of the payroll month that paid it; null until that month is finalized. */
  paidInMonth: z.string().nullable(),
  employeeId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  decidedByName: z.string().nullable(),
  dateDecided: z.string().nullable(),
});
export type ReimbursementRequest = z.infer<typeof reimbursementRequestSchema>;
export const reimbursementRequestReplySchema = envelope(reimbursementRequestSchema);
export const reimbursementRequestListReplySchema = listEnvelope(reimbursementRequestSchema);

const statusFilter = z.preprocess(
  (v) => (v === undefined || v === '' || v === '0' ? undefined : Number(v)),
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'status must be 1 (Pending), 2 (Approved) or 3 (Rejected)' }).optional(),
);
const reportingFilter = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Number(v)),
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'reportingFilterType must be 1 (direct), 2 (indirect) or 3 (all employees)' }).optional(),
);

export const reimbursementRequestListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int({ error: 'page must be a whole number from 1' }).min(1, { error: 'page must be a whole number from 1' }).default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${String(REIMBURSEMENT_MAX_PAGE_SIZE)}` })
    .int({ error: `pageSize must be a whole number from 1 to ${String(REIMBURSEMENT_MAX_PAGE_SIZE)}` })
    .min(1, { error: `pageSize must be a whole number from 1 to ${String(REIMBURSEMENT_MAX_PAGE_SIZE)}` })
    .max(REIMBURSEMENT_MAX_PAGE_SIZE, { error: `pageSize must be a whole number from 1 to ${String(REIMBURSEMENT_MAX_PAGE_SIZE)}` })
    .default(10),
  reportingFilterType: reportingFilter,
  status: statusFilter,
});
export type ReimbursementRequestListQuery = z.infer<typeof reimbursementRequestListQuerySchema>;

export const reimbursementReportQuerySchema = z.object({ reportingFilterType: reportingFilter, status: statusFilter });

export const reimbursementDecisionInputSchema = z.object({
  status: z.union([z.literal(ReimbursementStatus.Approved), z.literal(ReimbursementStatus.Rejected)], { error: REIMBURSEMENT_MSG.decideStatus }),
  remarks: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string().max(REIMBURSEMENT_REMARKS_MAX, { error: REIMBURSEMENT_MSG.remarksTooLong }).nullable(),
  ),
});
export type ReimbursementDecisionInput = z.infer<typeof reimbursementDecisionInputSchema>;

/** The client's check of a receipt before sending it; the server checks again by content. */
export function precheckReceipt(file: { name: string; size: number }): string | null {
  if (file.size === 0) return REIMBURSEMENT_MSG.receiptEmpty;
  if (file.size > REIMBURSEMENT_RECEIPT_MAX_BYTES) return REIMBURSEMENT_MSG.receiptTooLarge;
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  return ['pdf', 'jpg', 'jpeg', 'png'].includes(extension) ? null : REIMBURSEMENT_MSG.receiptBadType;
}
