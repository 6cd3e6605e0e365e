import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { rupeesSchema } from './money';
import { DECLARATION_INCOME_FIELDS, declarationSchema, declarationSummarySchema, type DeclarationIncomeField } from './declarations.contract';
import { TAX_WINDOW_MSG } from './tax-declarations.contract';
import { COMMENT_MAX_LENGTH, COMMENT_MSG } from './comments.contract';

/**
 * Proof of investment, item comments and the team review of declarations (payroll spec §2 "Employee
 * POI landing", "POI form", "POI overall summary", "Team IT declarations"; §3 "Proof document types",
 * "Item comments"; §4; §5 "Comments"; §7 "Employee declaration" (POI calls) and "Team review"; §8
 * "Declaration and POI", "Comments", "Team review"; §9). Paths under the API prefix:
 *
 *   GET    /POI?employeeId=&financialYearStart=&financialYearEnd=   → poiReplySchema (POI; own, or admins)
 *   POST   /POI/submit                        poiSubmitInputSchema  → poiReplySchema (submit or update)
 *   GET    /POI/summary?userId=&financialYearStart=&financialYearEnd= → poiSummaryReplySchema
 *   POST   /POI/proofs                        multipart: declarationId, documentType, file and one of
 *                                             houseRentDetailId, letoutPropertyId, employeeDeductionId
 *                                             → proofReplySchema
 *   GET    /POI/proofs/{proofId}/download     → the file
 *   DELETE /POI/proofs/{proofId}              → empty
 *   PUT    /POI/review/{declarationId}        proofReviewInputSchema → teamDeclarationReplySchema (reviewers)
 *
 *   GET    /ITDeclaration/team?page=&pageSize=&fyStart=&fyEnd=&isSubmitted=&status= → teamListReplySchema
 *   GET    /ITDeclaration/team/declaration?employeeId=&financialYearStart=&financialYearEnd=
 *                                                                   → teamDeclarationReplySchema
 *   PUT    /ITDeclaration/team/{declarationId}/status  { status }    → statusChangeReplySchema
 *
 *   /ITDeclaration/comments…: the item comments' calls, schemas in comments.contract.ts
 *
 * An "item" of a declaration is named by `itemId`: the id of a rented house, let-out property, home
 * loan or deduction row, or the name of an amount kept on the declaration itself (DECLARATION_INCOME_FIELDS:
 * 'incomeOtherSources', 'previousEmploymentIncome', …).
 */

export const PROOF_MSG = {
  // Payroll spec §2, §5, §8 (word for word).
  locked: 'Proof Of Investment submission is locked',
  open: 'Proof of Investments submission is open now!',
  submitProofs: 'Submit Proofs',
  submitFailed: 'An error occurred',
  uploadFailed: 'Upload failed',
  uploadFailedFallback: 'Failed to upload file',
  acceptedTypes: 'Proof upload accepts .pdf, .jpg, .jpeg, .png.',
  // Ours (the spec gives none).
  submitted: 'Proof of investment submitted successfully',
  updated: 'Proof of investment updated successfully',
  uploaded: 'Proof uploaded successfully',
  deleted: 'Proof deleted successfully',
  noFile: 'No file selected',
  emptyFile: 'File cannot be empty',
  tooLarge: 'File size must be less than 5MB',
  badType: 'Only PDF, JPG and PNG files are allowed',
  noDeclaration: 'Submit your IT declaration before submitting proofs',
  declarationNotFound: 'Declaration not found',
  proofNotFound: 'Proof not found',
  itemNotFound: 'This item is not part of the declaration',
  documentTypeInvalid: 'Select a document type from the list',
  documentTypeMismatch: 'This document type does not belong to the selected item',
  oneItemOnly: 'Attach the proof to one item: a rented house, a let-out property or a deduction',
  noSelfOccupiedLoan: 'No home loan on a self-occupied home is declared',
  noLetOutLoan: 'No home loan is declared for this let-out property',
  approvedNoEdit: 'Approved proofs can no longer be changed',
  proofsRequired: 'Attach a proof for every item with an actual amount',
  notYours: 'You can only submit proofs for yourself',
  limit80C: 'Section 80C investment limit exceeded',
  limit80D: 'Section 80D exemption limit exceeded',
  blocked: 'Please ensure all deduction limits are within the allowed range before submitting.',
  mustSubmit: 'Proofs are submitted with isSubmitted true',
  notSubmittedYet: 'Proofs have not been submitted yet',
  allowedTooHigh: 'The allowed amount cannot be more than the amount claimed',
  partialCommentRequired: 'A comment is required when allowing less than the amount claimed',
  reviewed: 'Proofs reviewed successfully',
  noItems: 'Select at least one item to review',
} as const;

export const TEAM_REVIEW_MSG = {
  // Payroll spec §2, §8 (word for word).
  fetchFailed: 'Failed to fetch IT declarations',
  detailFetchFailed: 'Failed to fetch declaration details',
  detailLoadFailed: 'Failed to load declaration details',
  statusFailed: 'Failed to update declaration status',
  empty: 'No IT declarations found',
  listError: 'Error fetching declarations',
  changed: (statusLabel: string) => `Declaration ${statusLabel} successfully`,
  // Ours.
  notFound: 'Declaration not found',
  ownDeclaration: 'You cannot review your own declaration',
  transition: (from: string, to: string) => `A declaration that is ${from} cannot be moved to ${to}`,
  statusInvalid: 'Status must be 1 Submitted, 2 Rejected, 3 On Hold or 4 Approved',
} as const;

/** Payroll spec §9 / §7: the team list's page size. */
export const TEAM_PAGE_SIZE = 10;
/** Proof files: the project's private-upload limit (5 MB, 5242880 bytes). */
export const PROOF_MAX_BYTES = 5_242_880;
export const PROOF_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/**
 * Payroll spec §3 "Proof document types" with the item each belongs to: a row kind ('selfLoan' the
 * self-occupied home loan, 'letOut' a let-out property, 'letOutLoan' its home loan, 'rent' a rented
 * house, 'deduction' a catalogue deduction) or a declaration field.
 */
export const PROOF_DOCUMENT_TYPES = [
  { id: 0, name: 'Investment proof', item: 'deduction' },
  { id: 1, name: 'Home loan principal certificate', item: 'selfLoan' },
  { id: 2, name: 'Home loan interest certificate', item: 'selfLoan' },
  { id: 3, name: 'Let-out rent agreement or receipts', item: 'letOut' },
  { id: 4, name: 'Municipal tax receipt', item: 'letOut' },
  { id: 5, name: 'Let-out home loan principal certificate', item: 'letOutLoan' },
  { id: 6, name: 'Let-out home loan interest certificate', item: 'letOutLoan' },
  { id: 7, name: 'House rent receipts', item: 'rent' },
  { id: 8, name: 'Previous employment income (Form 12B / Form 16)', item: 'previousEmploymentIncome' },
  { id: 9, name: 'Previous employment tax paid', item: 'previousEmploymentTaxPaid' },
  { id: 10, name: 'Previous employment professional tax', item: 'previousEmploymentProfessionalTax' },
  { id: 11, name: 'Previous employment EPF', item: 'previousEmploymentEPF' },
  { id: 12, name: 'Previous employment leave encashment', item: 'previousEmploymentLeaveEncashment' },
  { id: 13, name: 'Income from other sources', item: 'incomeOtherSources' },
  { id: 14, name: 'Savings account interest certificate', item: 'interestFromSavings' },
  { id: 15, name: 'Fixed deposit interest certificate', item: 'interestFromFD' },
  { id: 16, name: 'NSC interest certificate', item: 'interestFromNSC' },
] as const satisfies readonly { id: number; name: string; item: 'deduction' | 'selfLoan' | 'letOut' | 'letOutLoan' | 'rent' | DeclarationIncomeField }[];
export type ProofDocumentTypeId = (typeof PROOF_DOCUMENT_TYPES)[number]['id'];

export function proofDocumentTypeName(id: number): string {
  return PROOF_DOCUMENT_TYPES.find((t) => t.id === id)?.name ?? 'Proof';
}

/** The field items of a declaration (amounts kept on the declaration row). */
export const DECLARATION_FIELD_ITEMS: readonly DeclarationIncomeField[] = DECLARATION_INCOME_FIELDS;

/** The client-side pre-check with the server's messages: null when the file may be sent (the server checks the content again). */
export function precheckProofFile(file: { name: string; size: number }): string | null {
  if (file.size === 0) return PROOF_MSG.emptyFile;
  if (file.size > PROOF_MAX_BYTES) return PROOF_MSG.tooLarge;
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  return (PROOF_EXTENSIONS as readonly string[]).includes(extension) ? null : PROOF_MSG.badType;
}

const MAX_AMOUNT = 100_000_000;
const actual = (label: string) => rupeesSchema({ label, max: MAX_AMOUNT }).nullish().transform((v) => (v === undefined ? null : v));
const uuid = (name: string) => z.uuid({ error: `${name} must be a UUID` });
const yearField = (name: string) => z.coerce.number({ error: `${name} must be a year` }).int({ error: `${name} must be a year` }).min(2000, { error: `${name} must be a year` }).max(2100, { error: `${name} must be a year` });
const yearPair = <T extends { financialYearStart?: number | undefined; financialYearEnd?: number | undefined }>(q: T) =>
  (q.financialYearStart === undefined) === (q.financialYearEnd === undefined) && (q.financialYearStart === undefined || q.financialYearEnd === (q.financialYearStart ?? 0) + 1);

// ---- Proof of investment ------------------------------------------------------------------------

export const proofSchema = z.object({
  id: z.uuid(),
  declarationId: z.uuid(),
  itemId: z.string(),
  documentType: z.number().int(),
  documentTypeName: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  mimeType: z.string(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type Proof = z.infer<typeof proofSchema>;
export const proofReplySchema = envelope(proofSchema);

/** The multipart text fields of POST /POI/proofs (the file is the part named `file`). */
export const proofUploadFieldsSchema = z.object({
  declarationId: z.uuid({ error: COMMENT_MSG.noDeclaration }),
  documentType: z.coerce.number({ error: PROOF_MSG.documentTypeInvalid }).int({ error: PROOF_MSG.documentTypeInvalid }).min(0, { error: PROOF_MSG.documentTypeInvalid }).max(16, { error: PROOF_MSG.documentTypeInvalid }).default(0),
  houseRentDetailId: uuid('houseRentDetailId').optional(),
  letoutPropertyId: uuid('letoutPropertyId').optional(),
  employeeDeductionId: uuid('employeeDeductionId').optional(),
});
export type ProofUploadFields = z.infer<typeof proofUploadFieldsSchema>;

export const proofPathSchema = z.object({ proofId: uuid('proofId') });

const homeLoanActualSchema = z.object({
  actualPrincipalPaidOnHomeLoan: actual('Actual principal paid on home loan'),
  actualInterestPaidOnHomeLoan: actual('Actual interest paid on home loan'),
});

export const poiSubmitInputSchema = z
  .object({
    declarationId: z.uuid({ error: COMMENT_MSG.noDeclaration }),
    houseRentDetails: z.array(z.object({ id: uuid('houseRentDetails.id'), actualAmount: actual('Actual rent paid') })).max(12).default([]),
    letOutProperties: z
      .array(
        z.object({
          id: uuid('letOutProperties.id'),
          actualAnnualRentReceived: actual('Actual annual rent received'),
          actualMunicipalTaxesPaid: actual('Actual municipal taxes paid'),
          homeLoanDetail: homeLoanActualSchema.nullish(),
        }),
      )
      .max(10)
      .default([]),
    selfOccupiedHomeLoan: homeLoanActualSchema.nullish(),
    /** Payroll spec §4: a row without a selected item is dropped; a row with an id updates that deduction, one without adds it. */
    deductions: z
      .array(z.object({ id: uuid('deductions.id').optional(), deductionItemId: z.number().int().nullish(), categoryId: z.number().int().optional(), actualAmount: actual('Actual amount') }))
      .max(60)
      .default([]),
    actualIncomeOtherSources: actual('Actual income from other sources'),
    actualInterestFromSavings: actual('Actual interest from savings account'),
    actualInterestFromFD: actual('Actual interest from fixed deposits'),
    actualInterestFromNSC: actual('Actual interest from NSC'),
    actualPreviousEmploymentIncome: actual('Actual previous employment income'),
    actualPreviousEmploymentTaxPaid: actual('Actual previous employment tax paid'),
    actualPreviousEmploymentProfessionalTax: actual('Actual previous employment professional tax'),
    actualPreviousEmploymentEPF: actual('Actual previous employment EPF'),
    actualPreviousEmploymentLeaveEncashment: actual('Actual previous employment leave encashment'),
    isSubmitted: z.boolean({ error: PROOF_MSG.mustSubmit }).default(true),
    isPOIFormSubmitted: z.boolean().optional(),
  })
  .refine((b) => b.isSubmitted, { error: PROOF_MSG.mustSubmit, path: ['isSubmitted'] });
export type PoiSubmitInput = z.infer<typeof poiSubmitInputSchema>;

export const poiQuerySchema = z
  .object({ employeeId: uuid('employeeId').optional(), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine(yearPair, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type PoiQuery = z.infer<typeof poiQuerySchema>;

export const poiSummaryQuerySchema = z
  .object({ userId: uuid('userId').optional(), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine(yearPair, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type PoiSummaryQuery = z.infer<typeof poiSummaryQuerySchema>;

/** The POI window as the employee's pages need it. */
export const poiWindowSchema = z.object({
  /** 1 Released, 0 Locked (for this employee: never released, locked, or past the lock date). */
  status: z.union([z.literal(0), z.literal(1)]),
  lockDate: z.string().nullable(),
  allowRegimeSwitch: z.boolean(),
  mandateInvestmentProofAttachments: z.boolean(),
  mandateReviewerCommentsForPartialApproval: z.boolean(),
});
export type PoiWindow = z.infer<typeof poiWindowSchema>;

export const poiSchema = z.object({
  /** The declaration with its declared, actual and allowed amounts; null when the employee has not declared. */
  declaration: declarationSchema.nullable(),
  proofs: z.array(proofSchema),
  window: poiWindowSchema,
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
});
export type Poi = z.infer<typeof poiSchema>;
export const poiReplySchema = envelope(poiSchema);

export const poiSummarySchema = declarationSummarySchema.extend({
  poiStatus: z.number().int().nullable(),
  poiWindow: poiWindowSchema,
  proofs: z.array(proofSchema),
});
export type PoiSummary = z.infer<typeof poiSummarySchema>;
export const poiSummaryReplySchema = envelope(poiSummarySchema.nullable());

// ---- Review of proofs (reviewers) ----------------------------------------------------------------

const allowed = (label: string) => rupeesSchema({ label, max: MAX_AMOUNT }).optional();
export const proofReviewItemSchema = z.object({
  itemId: z.string({ error: PROOF_MSG.itemNotFound }).min(1, { error: PROOF_MSG.itemNotFound }).max(64, { error: PROOF_MSG.itemNotFound }),
  /** true: allowed (fully or in part); false: refused (everything allowed becomes 0). */
  isApproved: z.boolean({ error: 'isApproved must be true or false' }),
  /** A rented house, a deduction or a declaration field. Defaults to the amount claimed. */
  allowedAmount: allowed('Allowed amount'),
  /** A let-out property. */
  allowedAnnualRentReceived: allowed('Allowed annual rent received'),
  allowedMunicipalTaxesPaid: allowed('Allowed municipal taxes paid'),
  /** A home loan (self-occupied or a let-out property's). */
  allowedPrincipalPaidOnHomeLoan: allowed('Allowed principal paid on home loan'),
  allowedInterestPaidOnHomeLoan: allowed('Allowed interest paid on home loan'),
  /** Added to the item's comments; required for a partial approval when the POI setting mandates it. */
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH, { error: COMMENT_MSG.tooLong })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ProofReviewItem = z.input<typeof proofReviewItemSchema>;
export const proofReviewInputSchema = z.object({ items: z.array(proofReviewItemSchema).min(1, { error: PROOF_MSG.noItems }).max(100) });
export type ProofReviewInput = z.input<typeof proofReviewInputSchema>;

// ---- Team review -----------------------------------------------------------------------------------

/** Payroll spec §2 "status filter: All, On Hold, Approved, Rejected" (0 = All; Submitted is offered too). */
export const TEAM_STATUS_FILTERS = [
  { value: 0, label: 'All' },
  { value: 1, label: 'Submitted' },
  { value: 3, label: 'On Hold' },
  { value: 4, label: 'Approved' },
  { value: 2, label: 'Rejected' },
] as const;

export const teamListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int({ error: 'page must be a whole number from 1' }).min(1, { error: 'page must be a whole number from 1' }).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be between 1 and 100' }).int({ error: 'pageSize must be between 1 and 100' }).min(1, { error: 'pageSize must be between 1 and 100' }).max(100, { error: 'pageSize must be between 1 and 100' }).default(TEAM_PAGE_SIZE),
  fyStart: yearField('fyStart').optional(),
  fyEnd: yearField('fyEnd').optional(),
  isSubmitted: z
    .enum(['true', 'false'], { error: 'isSubmitted must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /** 0 or absent: all statuses. */
  status: z.coerce.number({ error: TEAM_REVIEW_MSG.statusInvalid }).int({ error: TEAM_REVIEW_MSG.statusInvalid }).min(0, { error: TEAM_REVIEW_MSG.statusInvalid }).max(4, { error: TEAM_REVIEW_MSG.statusInvalid }).optional(),
  search: z.string().trim().max(100).optional(),
  /** The Proof of Investments tab: only declarations whose proofs were submitted. */
  poiSubmitted: z
    .enum(['true', 'false'], { error: 'poiSubmitted must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
}).refine((q) => (q.fyStart === undefined) === (q.fyEnd === undefined) && (q.fyStart === undefined || q.fyEnd === (q.fyStart ?? 0) + 1), { error: TAX_WINDOW_MSG.financialYearPair, path: ['fyEnd'] });
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamDeclarationRowSchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  status: z.number().int(),
  submissionDate: z.string().nullable(),
  submittedBy: z.string().nullable(),
  lastUpdated: z.string(),
  declaredAmount: z.number(),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  isSubmitted: z.boolean(),
  isPOIFormSubmitted: z.boolean(),
  poiStatus: z.number().int().nullable(),
});
export type TeamDeclarationRow = z.infer<typeof teamDeclarationRowSchema>;
export const teamListReplySchema = listEnvelope(teamDeclarationRowSchema).extend({
  /** Submitted declarations waiting for a decision (the spec's "Opened" items), whatever the filter. */
  pendingCount: z.number().int(),
});
export type TeamListReply = z.infer<typeof teamListReplySchema>;

export const teamDeclarationQuerySchema = z
  .object({ employeeId: uuid('employeeId'), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine(yearPair, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type TeamDeclarationQuery = z.infer<typeof teamDeclarationQuerySchema>;

export const teamDeclarationSchema = z.object({
  declaration: declarationSchema,
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  proofs: z.array(proofSchema),
  window: poiWindowSchema,
});
export type TeamDeclaration = z.infer<typeof teamDeclarationSchema>;
export const teamDeclarationReplySchema = envelope(teamDeclarationSchema);

export const declarationStatusPathSchema = z.object({ declarationId: uuid('declarationId') });
export const declarationStatusInputSchema = z.object({
  status: z.number({ error: TEAM_REVIEW_MSG.statusInvalid }).int({ error: TEAM_REVIEW_MSG.statusInvalid }).min(1, { error: TEAM_REVIEW_MSG.statusInvalid }).max(4, { error: TEAM_REVIEW_MSG.statusInvalid }),
});
export const statusChangeReplySchema = envelope(z.object({ id: z.uuid(), status: z.number().int() }));

/** Payroll spec §2: Approve when Submitted or On Hold; Put on Hold when Submitted or Approved; Reject (list only) when Submitted or On Hold. */
export const DECLARATION_TRANSITIONS: Record<number, readonly number[]> = { 1: [4, 3, 2], 3: [4, 2], 4: [3], 2: [], 0: [] };

