import { createHash, randomUUID } from 'node:crypto';
import {
  DECLARATION_FIELD_ITEMS,
  DECLARATION_MSG,
  DeclarationStatus,
  PROOF_DOCUMENT_TYPES,
  PROOF_MAX_BYTES,
  PROOF_MSG,
  STALE_REASON,
  ProofStatus,
  TEAM_REVIEW_MSG,
  TaxWindowStatus,
  can,
  canActOn,
  proofDocumentTypeName,
  proofUploadFieldsSchema,
  type DeclarationIncomeField,
  type Poi,
  type PoiQuery,
  type PoiSubmitInput,
  type PoiSummary,
  type PoiSummaryQuery,
  type PoiWindow,
  type Proof,
  type ProofReviewInput,
  type RoleId,
} from '@tankha/contracts';
import { clampToItemLimit, dateInZone, deductionLimitViolations, financialYearStartOf, rupeesToPaise, taxDeductionItem } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import type { StoredDownload } from '../../platform/files/download';
import type { GlobalScope, Scope, TenantScope } from '../../platform/tenancy';
import { attachmentDisposition, sanitiseFileName, type DocumentUpload } from '../documents/documents.content';
import { declarationOut, type DeclarationService } from '../declarations/declarations.service';
import type { TaxWindowService } from '../tax-declarations/tax-declarations.service';
import type { DeclarationCommentService } from '../declaration-comments/declaration-comments.service';
import { claimedPaise, fieldColumns, findItem, isClaimed, itemsOf, type DeclarationAggregate, type DeclarationItem } from './proof-items';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './proofs.repo';
import { recordAudit } from '../../platform/audit/record';

/** Statuses whose declaration takes proofs (a draft's or a rejected one's do not). */
const ACTIVE: readonly number[] = [DeclarationStatus.Submitted, DeclarationStatus.OnHold, DeclarationStatus.Approved];
const paise = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));
const FIELD_INPUT: Record<DeclarationIncomeField, keyof PoiSubmitInput> = {
  incomeOtherSources: 'actualIncomeOtherSources',
  interestFromSavings: 'actualInterestFromSavings',
  interestFromFD: 'actualInterestFromFD',
  interestFromNSC: 'actualInterestFromNSC',
  previousEmploymentIncome: 'actualPreviousEmploymentIncome',
  previousEmploymentTaxPaid: 'actualPreviousEmploymentTaxPaid',
  previousEmploymentProfessionalTax: 'actualPreviousEmploymentProfessionalTax',
  previousEmploymentEPF: 'actualPreviousEmploymentEPF',
  previousEmploymentLeaveEncashment: 'actualPreviousEmploymentLeaveEncashment',
};

function toProof(row: repo.ProofRow): Proof {
  return {
    id: row.id,
    declarationId: row.declarationId,
    itemId: row.itemId,
    documentType: row.documentType,
    documentTypeName: proofDocumentTypeName(row.documentType),
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    mimeType: row.mimeType,
    uploadedAt: row.createdAt.toISOString(),
    uploadedByName: row.uploaderFirstName ? `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim() : null,
  };
}

/**
 * Proof of investment (payroll spec §2 "Employee POI landing", "POI form", "POI overall summary"; §7)
 * and the review of proofs item by item: the employee enters the actual
 * amounts and uploads documents while the POI window is open; a reviewer sets the allowed amounts,
 * which the tax (summary, payroll TDS, comparison: computeTaxPosition) takes from the POI's payroll
 * month on (declarations.service allowedAppliesIn).
 */
export class ProofService {
  constructor(
    private readonly deps: {
      clock: Clock;
      files: FileStorage;
      windows: Pick<TaxWindowService, 'windowState'>;
      declarations: Pick<DeclarationService, 'aggregateById' | 'aggregateOf' | 'summary'>;
      comments: Pick<DeclarationCommentService, 'write'>;
      locks: Pick<PayrollLockService, 'markChanged'>;
    },
  ) {}

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), scope.ctx.timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : scope.ctx.timeZone);
  }

  /** The POI window of a year as the pages need it. */
  async windowOf(scope: Scope, financialYearStart: number): Promise<PoiWindow> {
    const w = (await this.deps.windows.windowState(scope, financialYearStart)).poi;
    return {
      status: w.locked ? TaxWindowStatus.Locked : TaxWindowStatus.Released,
      lockDate: w.lockDate,
      allowRegimeSwitch: w.allowRegimeSwitch,
      mandateInvestmentProofAttachments: w.mandateInvestmentProofAttachments,
      mandateReviewerCommentsForPartialApproval: w.mandateReviewerCommentsForPartialApproval,
    };
  }

  /** Own by default; another employee's needs declarations.onBehalf (404 when not in the organisation). */
  private async ownerOrAdmin(scope: Scope, userId: string): Promise<void> {
    if (userId === scope.ctx.userId) return;
    if (!can(scope.ctx.roleId, 'declarations.onBehalf')) throw forbidden();
    if (!(await repo.findPerson(scope.db, userId))) throw notFound(DECLARATION_MSG.employeeNotFound);
  }

  /** A declaration the caller may change proofs of: 404 unknown, 403 someone else's, 409 not active or approved, locked window for the employee. */
  private async writable(scope: Scope, declarationId: string): Promise<DeclarationAggregate> {
    const agg = await this.deps.declarations.aggregateById(scope, declarationId, true);
    if (!agg) throw notFound(PROOF_MSG.declarationNotFound);
    const d = agg.declaration;
    await this.ownerOrAdmin(scope, d.userId);
    if (!ACTIVE.includes(d.status)) throw conflict(PROOF_MSG.noDeclaration);
    if (d.poiStatus === ProofStatus.Approved) throw conflict(PROOF_MSG.approvedNoEdit);
    // Administrators submit on an employee's behalf at any time (as declarations do).
    if (d.userId === scope.ctx.userId || !can(scope.ctx.roleId, 'declarations.onBehalf')) {
      const window = await this.windowOf(scope, d.financialYearStart);
      if (window.status === TaxWindowStatus.Locked) throw conflict(PROOF_MSG.locked);
    }
    return agg;
  }

  async proofsOf(scope: TenantScope, declarationId: string): Promise<Proof[]> {
    return (await repo.findProofs(scope.db, declarationId)).map(toProof);
  }

  /** GET /POI: the declaration with its actual amounts and proofs, and the window. */
  async get(scope: Scope, query: PoiQuery): Promise<Poi> {
    const userId = query.employeeId ?? scope.ctx.userId;
    await this.ownerOrAdmin(scope, userId);
    const year = query.financialYearStart ?? financialYearStartOf(this.today(scope));
    const agg = await this.deps.declarations.aggregateOf(scope, userId, year);
    const window = await this.windowOf(scope, year);
    const active = agg && ACTIVE.includes(agg.declaration.status) ? agg : undefined;
    return { declaration: active ? declarationOut(active) : null, proofs: active ? await this.proofsOf(scope, active.declaration.id) : [], window, financialYearStart: year, financialYearEnd: year + 1 };
  }

  /** GET /POI/summary: the declaration summary (the one tax path) with the POI's status, window and proofs. */
  async summary(scope: Scope, query: PoiSummaryQuery): Promise<PoiSummary | null> {
    const userId = query.userId ?? scope.ctx.userId;
    await this.ownerOrAdmin(scope, userId);
    const year = query.financialYearStart ?? financialYearStartOf(this.today(scope));
    const summary = await this.deps.declarations.summary(scope, { userId, financialYearStart: year, financialYearEnd: year + 1 });
    if (!summary) return null;
    const agg = await this.deps.declarations.aggregateById(scope, summary.declarationId);
    return { ...summary, poiStatus: agg?.declaration.poiStatus ?? null, poiWindow: await this.windowOf(scope, year), proofs: await this.proofsOf(scope, summary.declarationId) };
  }

  /** POST /POI/submit: the actual amounts; the first submission and later updates until the window locks. */
  async submit(scope: Scope, input: PoiSubmitInput): Promise<{ poi: Poi; message: string }> {
    const agg = await this.writable(scope, input.declarationId);
    const d = agg.declaration;
    const items = itemsOf(agg);
    const byId = new Map(items.map((i) => [i.id, i]));
    const want = (id: string, kind: DeclarationItem['kind'], path: string): DeclarationItem => {
      const item = byId.get(id);
      if (!item || item.kind !== kind) throw badRequest(PROOF_MSG.itemNotFound, { [path]: PROOF_MSG.itemNotFound });
      return item;
    };
    /** The new actual amounts per item (paise), by part; items not listed keep theirs. */
    const actuals = new Map<string, { item: DeclarationItem; values: Partial<Record<string, number | null>> }>();
    input.houseRentDetails.forEach((r, i) => actuals.set(r.id, { item: want(r.id, 'rent', `houseRentDetails.${String(i)}.id`), values: { allowedAmount: paise(r.actualAmount) } }));
    input.letOutProperties.forEach((p, i) => {
      const item = want(p.id, 'letOut', `letOutProperties.${String(i)}.id`);
      actuals.set(p.id, { item, values: { allowedAnnualRentReceived: paise(p.actualAnnualRentReceived), allowedMunicipalTaxesPaid: paise(p.actualMunicipalTaxesPaid) } });
      if (p.homeLoanDetail) {
        const loan = items.find((x) => x.kind === 'loan' && x.letOutId === p.id);
        if (!loan) throw badRequest(PROOF_MSG.noLetOutLoan, { [`letOutProperties.${String(i)}.homeLoanDetail`]: PROOF_MSG.noLetOutLoan });
        actuals.set(loan.id, { item: loan, values: { allowedPrincipalPaidOnHomeLoan: paise(p.homeLoanDetail.actualPrincipalPaidOnHomeLoan), allowedInterestPaidOnHomeLoan: paise(p.homeLoanDetail.actualInterestPaidOnHomeLoan) } });
      }
    });
    if (input.selfOccupiedHomeLoan) {
      const loan = items.find((x) => x.kind === 'loan' && x.letOutId === null);
      if (!loan) throw badRequest(PROOF_MSG.noSelfOccupiedLoan, { selfOccupiedHomeLoan: PROOF_MSG.noSelfOccupiedLoan });
      actuals.set(loan.id, { item: loan, values: { allowedPrincipalPaidOnHomeLoan: paise(input.selfOccupiedHomeLoan.actualPrincipalPaidOnHomeLoan), allowedInterestPaidOnHomeLoan: paise(input.selfOccupiedHomeLoan.actualInterestPaidOnHomeLoan) } });
    }
    for (const field of DECLARATION_FIELD_ITEMS) {
      const item = items.find((x) => x.kind === 'field' && x.id === field);
      if (item) actuals.set(field, { item, values: { allowedAmount: paise(input[FIELD_INPUT[field]] as number | null) } });
    }
    // Deductions: rows without an item are dropped (payroll spec §4); a new item is added with nothing declared.
    const fresh: { deductionItemId: number; categoryId: number; actualPaise: number | null }[] = [];
    input.deductions.forEach((x, i) => {
      if (x.id) {
        const item = want(x.id, 'deduction', `deductions.${String(i)}.id`);
        const row = agg.deductions.find((r) => r.id === x.id);
        const a = paise(x.actualAmount);
        actuals.set(x.id, { item, values: { allowedAmount: a === null || !row ? a : clampToItemLimit(row.deductionItemId, a) } });
        return;
      }
      if (x.deductionItemId === null || x.deductionItemId === undefined) return;
      const catalogue = taxDeductionItem(x.deductionItemId);
      if (!catalogue) throw badRequest(DECLARATION_MSG.unknownDeductionItem, { [`deductions.${String(i)}.deductionItemId`]: DECLARATION_MSG.unknownDeductionItem });
      const a = paise(x.actualAmount);
      fresh.push({ deductionItemId: catalogue.itemId, categoryId: catalogue.categoryId, actualPaise: a === null ? null : clampToItemLimit(catalogue.itemId, a) });
    });

    // Payroll spec §5: the 80C / 80D limits on the actual amounts in POI mode.
    const actualOf = (id: string, fallback: number | null) => {
      const v = actuals.get(id)?.values.allowedAmount;
      return v === undefined ? fallback : v;
    };
    const limits = deductionLimitViolations([
      ...agg.deductions.map((r) => ({ itemId: r.deductionItemId, amountPaise: actualOf(r.id, r.actualAmountPaise) ?? 0 })),
      ...fresh.map((f) => ({ itemId: f.deductionItemId, amountPaise: f.actualPaise ?? 0 })),
    ]);
    if (limits.sec80C || limits.sec80D) {
      throw badRequest(PROOF_MSG.blocked, { ...(limits.sec80C ? { 'deductions.80C': PROOF_MSG.limit80C } : {}), ...(limits.sec80D ? { 'deductions.80D': PROOF_MSG.limit80D } : {}) });
    }

    const proofs = await repo.findProofs(scope.db, d.id);
    const withProof = new Set(proofs.map((p) => p.itemId));
    const window = await this.windowOf(scope, d.financialYearStart);
    if (window.mandateInvestmentProofAttachments) {
      const missing: Record<string, string> = {};
      for (const { item, values } of actuals.values()) if (Object.values(values).some((v) => (v ?? 0) > 0) && !withProof.has(item.id)) missing[item.id] = PROOF_MSG.proofsRequired;
      if (fresh.some((f) => (f.actualPaise ?? 0) > 0)) missing.deductions = PROOF_MSG.proofsRequired;
      if (Object.keys(missing).length > 0) throw badRequest(PROOF_MSG.proofsRequired, missing);
    }

    // Write: a changed actual amount makes the item's earlier review stale (allowed and approval cleared).
    let reviewCleared = false;
    const declarationSet: repo.DeclarationSet = {};
    for (const { item, values } of actuals.values()) {
      const changed = item.amounts.some((a) => a.part in values && values[a.part] !== a.actualPaise);
      const reviewed = item.amounts.some((a) => a.allowedPaise !== null);
      const clear = changed && reviewed;
      if (clear) reviewCleared = true;
      const has = Object.values(values).some((v) => v !== null && v !== undefined) || withProof.has(item.id);
      if (item.kind === 'field') {
        const c = fieldColumns(item.id);
        Object.assign(declarationSet, { [c.actual]: values.allowedAmount ?? null, ...(clear ? { [c.allowed]: null } : {}) });
        continue;
      }
      const set: Record<string, unknown> = { isPoiSubmitted: has, ...(clear ? { isApproved: null } : {}) };
      for (const a of item.amounts) {
        if (!(a.part in values)) continue;
        const column = ACTUAL_COLUMN[item.kind][a.part];
        if (column) set[column] = values[a.part] ?? null;
        const allowedColumn = ALLOWED_COLUMN[item.kind][a.part];
        if (clear && allowedColumn) set[allowedColumn] = null;
      }
      await repo.updateRow(scope.db, item.kind, d.id, item.id, set);
    }
    let seq = agg.deductions.length;
    for (const f of fresh) await repo.insertDeduction(scope.db, d.id, { seq: seq++, categoryId: f.categoryId, deductionItemId: f.deductionItemId, actualAmountPaise: f.actualPaise, isPoiSubmitted: f.actualPaise !== null });
    const now = this.deps.clock.now();
    const first = !d.isPoiFormSubmitted;
    await repo.updateDeclarationRow(scope.db, d.id, {
      ...declarationSet,
      isPoiFormSubmitted: true,
      poiSubmittedAt: now,
      poiStatus: ProofStatus.Submitted,
      ...(reviewCleared || first ? { proofsReviewedAt: null, proofsReviewedBy: null } : {}),
      updatedAt: now,
    });
    const poi = await this.get(scope, { employeeId: d.userId, financialYearStart: d.financialYearStart, financialYearEnd: d.financialYearStart + 1 });
    return { poi, message: first ? PROOF_MSG.submitted : PROOF_MSG.updated };
  }

  /**
   * POST /POI/proofs: one file for one item. Fields are checked first (the item must be the document
   * type's), then the file by its content: PDF, JPEG or PNG, at most 5 MB. The bytes are stored
   * pending and promoted after the commit (files.stored), as every private upload.
   */
  async upload(scope: Scope, fields: Record<string, string>, file: DocumentUpload | null): Promise<Proof> {
    const parsed = proofUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? 'body';
      throw badRequest(issue?.message ?? PROOF_MSG.documentTypeInvalid, { [field]: issue?.message ?? PROOF_MSG.documentTypeInvalid });
    }
    const f = parsed.data;
    const agg = await this.writable(scope, f.declarationId);
    const itemId = this.proofItem(agg, f);
    if (!file) throw badRequest(PROOF_MSG.noFile, { file: PROOF_MSG.noFile });
    if (file.truncated || file.bytes.length > PROOF_MAX_BYTES) throw badRequest(PROOF_MSG.tooLarge, { file: PROOF_MSG.tooLarge });
    if (file.bytes.length === 0) throw badRequest(PROOF_MSG.emptyFile, { file: PROOF_MSG.emptyFile });
    const sniffed = file.content;
    if (!sniffed) throw badRequest(PROOF_MSG.badType, { file: PROOF_MSG.badType });

    const storageKey = `proofs/${scope.ctx.tenantId}/${randomUUID()}.${sniffed.kind}`;
    await this.deps.files.putPending(storageKey, file.bytes);
    try {
      const id = await repo.insertProof(scope.db, {
        declarationId: agg.declaration.id,
        itemId,
        documentType: f.documentType,
        uploadedBy: scope.ctx.userId,
        storageKey,
        mimeType: sniffed.mimeType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        originalName: sanitiseFileName(file.filename, sniffed.kind),
        at: this.deps.clock.now(),
      });
      const item = findItem(agg, itemId);
      if (item && item.kind !== 'field') await repo.updateRow(scope.db, item.kind, agg.declaration.id, item.id, { isPoiSubmitted: true });
      const row = await repo.findProof(scope.db, id);
      if (!row) throw new Error('uploaded proof not found');
      scope.enqueue('files.stored', { storageKey });
      return toProof(row);
    } catch (error) {
      await this.deps.files.remove(storageKey);
      throw error;
    }
  }

  /** The item a proof belongs to, from the document type and the one id sent (payroll spec §7). */
  private proofItem(agg: DeclarationAggregate, f: { documentType: number; houseRentDetailId?: string | undefined; letoutPropertyId?: string | undefined; employeeDeductionId?: string | undefined }): string {
    const ids = [f.houseRentDetailId, f.letoutPropertyId, f.employeeDeductionId].filter(Boolean);
    if (ids.length > 1) throw badRequest(PROOF_MSG.oneItemOnly, { itemId: PROOF_MSG.oneItemOnly });
    const type = PROOF_DOCUMENT_TYPES.find((t) => t.id === f.documentType);
    if (!type) throw badRequest(PROOF_MSG.documentTypeInvalid, { documentType: PROOF_MSG.documentTypeInvalid });
    const mismatch = () => badRequest(PROOF_MSG.documentTypeMismatch, { documentType: PROOF_MSG.documentTypeMismatch });
    const notPart = (field: string) => badRequest(PROOF_MSG.itemNotFound, { [field]: PROOF_MSG.itemNotFound });
    const items = itemsOf(agg);
    switch (type.item) {
      case 'deduction': {
        if (!f.employeeDeductionId) throw (f.houseRentDetailId ?? f.letoutPropertyId) ? mismatch() : badRequest(PROOF_MSG.oneItemOnly, { employeeDeductionId: PROOF_MSG.oneItemOnly });
        if (!items.some((i) => i.kind === 'deduction' && i.id === f.employeeDeductionId)) throw notPart('employeeDeductionId');
        return f.employeeDeductionId;
      }
      case 'rent': {
        if (!f.houseRentDetailId) throw mismatch();
        if (!items.some((i) => i.kind === 'rent' && i.id === f.houseRentDetailId)) throw notPart('houseRentDetailId');
        return f.houseRentDetailId;
      }
      case 'letOut':
      case 'letOutLoan': {
        if (!f.letoutPropertyId) throw mismatch();
        if (!items.some((i) => i.kind === 'letOut' && i.id === f.letoutPropertyId)) throw notPart('letoutPropertyId');
        if (type.item === 'letOut') return f.letoutPropertyId;
        const loan = items.find((i) => i.kind === 'loan' && i.letOutId === f.letoutPropertyId);
        if (!loan) throw badRequest(PROOF_MSG.noLetOutLoan, { letoutPropertyId: PROOF_MSG.noLetOutLoan });
        return loan.id;
      }
      case 'selfLoan': {
        if (ids.length > 0) throw mismatch();
        const loan = items.find((i) => i.kind === 'loan' && i.letOutId === null);
        if (!loan) throw badRequest(PROOF_MSG.noSelfOccupiedLoan, { documentType: PROOF_MSG.noSelfOccupiedLoan });
        return loan.id;
      }
      default: {
        if (ids.length > 0) throw mismatch();
        return type.item;
      }
    }
  }

  /** A proof the caller may see: the declaration's employee or a reviewer. */
  private async readable(scope: Scope, proofId: string): Promise<{ proof: repo.ProofRow; agg: DeclarationAggregate }> {
    const proof = await repo.findProof(scope.db, proofId);
    if (!proof) throw notFound(PROOF_MSG.proofNotFound);
    const agg = await this.deps.declarations.aggregateById(scope, proof.declarationId);
    if (!agg) throw notFound(PROOF_MSG.proofNotFound);
    if (agg.declaration.userId !== scope.ctx.userId && !can(scope.ctx.roleId, 'declarations.review')) throw forbidden();
    return { proof, agg };
  }

  async download(scope: Scope, proofId: string): Promise<StoredDownload> {
    const { proof } = await this.readable(scope, proofId);
    const file = await this.deps.files.open(proof.storageKey);
    if (!file) throw notFound(PROOF_MSG.proofNotFound);
    return { file, mimeType: proof.mimeType, disposition: attachmentDisposition(proof.fileName) };
  }

  /** DELETE /POI/proofs/{id}: while the proofs may still change; the item's flag follows what is left. */
  async remove(scope: Scope, proofId: string): Promise<void> {
    const { proof } = await this.readable(scope, proofId);
    const agg = await this.writable(scope, proof.declarationId);
    await repo.deleteProof(scope.db, proof.id, proof.fileId);
    const item = findItem(agg, proof.itemId);
    if (item && item.kind !== 'field') {
      const left = (await repo.findProofs(scope.db, agg.declaration.id)).some((p) => p.itemId === item.id);
      const entered = item.amounts.some((a) => a.actualPaise !== null);
      await repo.updateRow(scope.db, item.kind, agg.declaration.id, item.id, { isPoiSubmitted: left || entered });
    }
    scope.enqueue('files.removed', { storageKey: proof.storageKey });
  }

  /**
   * PUT /POI/review/{declarationId} (reviewers): per item, allowed amounts up to the amount claimed
   * (actual, else declared) and the approval flag. A refusal allows 0. Allowing less than claimed
   * needs a comment when the POI setting mandateReviewerCommentsForPartialApproval is on; a comment
   * given joins the item's thread. Once every claimed item is reviewed the proofs are Approved
   * (poiStatus 4, proofs_reviewed_at set).
   */
  async review(scope: Scope, declarationId: string, input: ProofReviewInput): Promise<DeclarationAggregate> {
    const agg = await this.deps.declarations.aggregateById(scope, declarationId, true);
    if (!agg) throw notFound(PROOF_MSG.declarationNotFound);
    const d = agg.declaration;
    await this.assertReviewer(scope, d.userId);
    if (!d.isPoiFormSubmitted) throw conflict(PROOF_MSG.notSubmittedYet);
    const window = await this.windowOf(scope, d.financialYearStart);
    const declarationSet: repo.DeclarationSet = {};
    const comments: { itemId: string; text: string }[] = [];
    for (const [i, r] of input.items.entries()) {
      const at = (f: string) => `items.${String(i)}.${f}`;
      const item = findItem(agg, r.itemId);
      if (!item) throw badRequest(PROOF_MSG.itemNotFound, { [at('itemId')]: PROOF_MSG.itemNotFound });
      let partial = false;
      const allowedByPart = new Map<string, number>();
      for (const a of item.amounts) {
        const claimed = claimedPaise(a);
        const given = r[a.part];
        const allowedPaise = r.isApproved ? (given === undefined ? claimed : rupeesToPaise(given)) : 0;
        if (allowedPaise > claimed) throw badRequest(PROOF_MSG.allowedTooHigh, { [at(a.part)]: PROOF_MSG.allowedTooHigh });
        if (allowedPaise < claimed) partial = true;
        allowedByPart.set(a.part, allowedPaise);
      }
      if (partial && window.mandateReviewerCommentsForPartialApproval && !r.comment) throw badRequest(PROOF_MSG.partialCommentRequired, { [at('comment')]: PROOF_MSG.partialCommentRequired });
      if (r.comment) comments.push({ itemId: item.id, text: r.comment });
      if (item.kind === 'field') {
        Object.assign(declarationSet, { [fieldColumns(item.id).allowed]: allowedByPart.get('allowedAmount') ?? 0 });
        continue;
      }
      const set: Record<string, unknown> = { isApproved: r.isApproved };
      for (const [part, value] of allowedByPart) {
        const column = ALLOWED_COLUMN[item.kind][part];
        if (column) set[column] = value;
      }
      await repo.updateRow(scope.db, item.kind, d.id, item.id, set);
    }
    for (const c of comments) await this.deps.comments.write(scope, d.id, c.itemId, c.text);
    const now = this.deps.clock.now();
    if (Object.keys(declarationSet).length > 0) await repo.updateDeclarationRow(scope.db, d.id, declarationSet);
    const after = await this.deps.declarations.aggregateById(scope, d.id);
    if (!after) throw new Error('declaration vanished during its review');
    const done = itemsOf(after).filter(isClaimed).every((item) => item.amounts.every((a) => a.allowedPaise !== null));
    await repo.updateDeclarationRow(scope.db, d.id, done ? { poiStatus: ProofStatus.Approved, proofsReviewedAt: now, proofsReviewedBy: scope.ctx.userId, updatedAt: now } : { updatedAt: now });
    // The allowed amounts are the year's TDS from the POI's payroll month on: its processed month is stale for the employee.
    const year = d.financialYearStart;
    await this.deps.locks.markChanged(scope, {
      userIds: [d.userId],
      reach: { fromMonth: `${String(year)}-04`, toMonth: `${String(year + 1)}-03` },
      by: scope.ctx.userId,
      reason: (by) => STALE_REASON.proofsReviewed(year, by),
    });
    await recordAudit(scope, { entity: 'DeclarationProof', entityId: d.userId, action: input.items.every((r) => r.isApproved) ? 'Approve' : input.items.some((r) => r.isApproved) ? 'Update' : 'Reject', after: { declarationId: d.id, financialYearStart: year, items: input.items } });
    const reloaded = await this.deps.declarations.aggregateById(scope, d.id);
    if (!reloaded) throw new Error('declaration vanished during its review');
    return reloaded;
  }

  /** Reviewers (declarations.review) review others' declarations; a moderator not an administrator's. */
  async assertReviewer(scope: Scope, ownerId: string): Promise<void> {
    if (!can(scope.ctx.roleId, 'declarations.review')) throw forbidden();
    if (ownerId === scope.ctx.userId) throw forbidden(TEAM_REVIEW_MSG.ownDeclaration);
    const owner = await repo.findPerson(scope.db, ownerId);
    if (owner && !canActOn({ id: scope.ctx.userId, roleId: scope.ctx.roleId }, { id: owner.id, roleId: owner.roleId as RoleId }, 'edit')) throw forbidden();
  }

  /** The hourly sweep of proof files (the job 'files.sweep'). */
  sweepStoredFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, 'proofs/', this.deps.clock.now(), (keys) => repo.findKnownStorageKeys(global, keys));
  }
}

/** The columns behind each amount of a row item, by the review input's part name. */
const ACTUAL_COLUMN: Record<repo.RowTable, Partial<Record<string, string>>> = {
  rent: { allowedAmount: 'actualAmountPaise' },
  deduction: { allowedAmount: 'actualAmountPaise' },
  letOut: { allowedAnnualRentReceived: 'actualAnnualRentReceivedPaise', allowedMunicipalTaxesPaid: 'actualMunicipalTaxesPaidPaise' },
  loan: { allowedPrincipalPaidOnHomeLoan: 'actualPrincipalPaidPaise', allowedInterestPaidOnHomeLoan: 'actualInterestPaidPaise' },
};
const ALLOWED_COLUMN: Record<repo.RowTable, Partial<Record<string, string>>> = {
  rent: { allowedAmount: 'allowedAmountPaise' },
  deduction: { allowedAmount: 'allowedAmountPaise' },
  letOut: { allowedAnnualRentReceived: 'allowedAnnualRentReceivedPaise', allowedMunicipalTaxesPaid: 'allowedMunicipalTaxesPaidPaise' },
  loan: { allowedPrincipalPaidOnHomeLoan: 'allowedPrincipalPaidPaise', allowedInterestPaidOnHomeLoan: 'allowedInterestPaidPaise' },
};
