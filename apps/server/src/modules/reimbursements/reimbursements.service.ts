import { createHash, randomUUID } from 'node:crypto';
import {
  REIMBURSEMENT_MSG as MSG,
  STALE_REASON,
  REIMBURSEMENT_RECEIPT_MAX_BYTES,
  RequestReporteeScope,
  ReimbursementStatus,
  can,
  mayDecideFor,
  reimbursementRequestFieldsSchema,
  type ReimbursementDecisionInput,
  type ReimbursementRequest,
  type ReimbursementRequestListQuery,
  type ReimbursementType,
  type ReimbursementTypeInput,
} from '@tankha/contracts';
import { dateInZone, financialYearOf, formatDisplayDate, formatRupees, rupeesToPaise, type MonthReimbursementInput, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import type { StoredDownload } from '../../platform/files/download';
import { parseFields } from '../../platform/files/multipart';
import type { GlobalScope, RequestContext, Scope, TenantScope } from '../../platform/tenancy';
import { attachmentDisposition, sanitiseFileName, type DocumentUpload } from '../documents/documents.content';
import { buildReimbursementReportXlsx } from './reimbursement-report';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './reimbursements.repo';

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const STORAGE_PREFIX = 'reimbursements/';

function typeOut(r: repo.TypeRow): ReimbursementType {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    maxLimit: paiseToRupees(r.maxLimitPaise),
    isActive: r.isActive,
    isTaxable: r.isTaxable,
    tenantId: r.tenantId,
    createdBy: r.createdBy,
    dateCreated: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    dateUpdated: r.updatedAt?.toISOString() ?? null,
  };
}

function requestOut(r: repo.RequestRow): ReimbursementRequest {
  return {
    id: r.id,
    amount: paiseToRupees(r.amountPaise),
    reimbursementTypeId: r.typeId,
    reimbursementTypeName: r.typeName,
    reason: r.reason,
    status: r.status,
    dateCreated: r.createdAt.toISOString(),
    remarks: r.remarks,
    hasReceipt: r.receiptFileId !== null,
    paidInMonth: r.paidMonth,
    employeeId: r.userId,
    employeeName: nameOf(r.firstName, r.lastName),
    employeeNumber: r.employeeNumber,
    decidedByName: r.deciderFirstName === null ? null : nameOf(r.deciderFirstName, r.deciderLastName),
    dateDecided: r.decidedAt?.toISOString() ?? null,
  };
}

/** What the payroll run reads per chunk: each employee's approved claims, claimed by the run. */
export type RunReimbursements = ReadonlyMap<string, readonly MonthReimbursementInput[]>;

/**
 * Reimbursements: the organisation's types (Administrators and Moderators,
 * Reimbursement feature), every employee's claims with an optional receipt checked by content, the
 * decision, the report, and what the payroll run and the full-and-final settlement read.
 */
export class ReimbursementService {
  constructor(private readonly deps: { clock: Clock; files: FileStorage; locks: Pick<PayrollLockService, 'markChanged'> }) {}

  // ---------------------------------------------------------------------------------------- types

  /** isAdminAccess: every type, for the admin page; otherwise the active ones, for the request form. */
  async listTypes({ db, ctx }: Scope, isAdminAccess: boolean): Promise<ReimbursementType[]> {
    if (isAdminAccess && !(can(ctx.roleId, 'reimbursements.types.manage') && ctx.features.includes('Reimbursement'))) throw forbidden(MSG.adminAccessOnly);
    return (await repo.listTypes(db, !isAdminAccess)).map(typeOut);
  }

  async getType({ db }: Scope, id: string): Promise<ReimbursementType> {
    const row = await repo.findType(db, id);
    if (!row) throw notFound(MSG.typeNotFound);
    return typeOut(row);
  }

  async createType(scope: Scope, input: ReimbursementTypeInput): Promise<ReimbursementType> {
    const id = await repo.insertType(scope.db, {
      name: input.name,
      description: input.description,
      maxLimitPaise: rupeesToPaise(input.maxLimit),
      isActive: input.isActive ?? true,
      isTaxable: input.isTaxable ?? false,
      createdBy: scope.ctx.userId,
      at: this.deps.clock.now(),
    });
    if (!id) throw fieldError('name', MSG.typeNameTaken);
    return this.getType(scope, id);
  }

  async updateType(scope: Scope, id: string, input: ReimbursementTypeInput): Promise<ReimbursementType> {
    await this.getType(scope, id);
    const same = await repo.findTypeByName(scope.db, input.name);
    if (same && same.id !== id) throw fieldError('name', MSG.typeNameTaken);
    await repo.updateType(scope.db, id, {
      name: input.name,
      description: input.description,
      maxLimitPaise: rupeesToPaise(input.maxLimit),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      ...(input.isTaxable !== undefined ? { isTaxable: input.isTaxable } : {}),
      updatedBy: scope.ctx.userId,
      at: this.deps.clock.now(),
    });
    return this.getType(scope, id);
  }

  async setTypeStatus(scope: Scope, id: string, isActive: boolean): Promise<ReimbursementType> {
    if (!(await repo.updateType(scope.db, id, { isActive, updatedBy: scope.ctx.userId, at: this.deps.clock.now() }))) throw notFound(MSG.typeNotFound);
    return this.getType(scope, id);
  }

  /** The type disappears from the lists and the request form; its claims keep it (docs/decisions/). */
  async deleteType(scope: Scope, id: string): Promise<void> {
    if (!(await repo.softDeleteType(scope.db, id, scope.ctx.userId, this.deps.clock.now()))) throw notFound(MSG.typeNotFound);
  }

  // ---------------------------------------------------------------------------------------- requests

  /**
   * A new claim: the fields by the contract, an active type, the type's limit for the financial year of
   * today (pending + approved claims count, docs/decisions/), and the receipt by its content. The
   * receipt's bytes are pending until the commit's job promotes them (as documents are).
   */
  async createRequest({ db, ctx, enqueue }: Scope, fields: Record<string, string>, file: DocumentUpload | null): Promise<ReimbursementRequest> {
    const input = parseFields(reimbursementRequestFieldsSchema, fields);
    const type = await repo.findType(db, input.reimbursementTypeId);
    if (!type) throw fieldError('reimbursementTypeId', MSG.typeNotFound);
    if (!type.isActive) throw fieldError('reimbursementTypeId', MSG.typeInactive);
    if (file) {
      if (file.truncated || file.bytes.length > REIMBURSEMENT_RECEIPT_MAX_BYTES) throw fieldError('receipt', MSG.receiptTooLarge);
      if (file.bytes.length === 0) throw fieldError('receipt', MSG.receiptEmpty);
    }
    const sniffed = file ? file.content : null;
    if (file && !sniffed) throw fieldError('receipt', MSG.receiptBadType);

    const now = this.deps.clock.now();
    const claimedOn = dateInZone(now, ctx.timeZone);
    const financialYear = financialYearOf(claimedOn);
    const amountPaise = rupeesToPaise(input.amount);
    if (type.maxLimitPaise > 0) {
      await repo.lockClaims(db, ctx.userId, type.id);
      const usedPaise = await repo.sumClaimed(db, ctx.userId, type.id, financialYear);
      if (usedPaise + amountPaise > type.maxLimitPaise) {
        const money = (p: number) => formatRupees(p, { showPaise: p % 100 !== 0 });
        throw fieldError('amount', MSG.limitExceeded(type.name, money(type.maxLimitPaise), money(usedPaise), money(Math.max(0, type.maxLimitPaise - usedPaise))));
      }
    }

    let storageKey: string | null = null;
    try {
      let receiptFileId: string | null = null;
      if (file && sniffed) {
        storageKey = `${STORAGE_PREFIX}${ctx.tenantId}/${randomUUID()}.${sniffed.kind}`;
        await this.deps.files.putPending(storageKey, file.bytes);
        receiptFileId = await repo.insertReceiptFile(db, {
          storageKey,
          mimeType: sniffed.mimeType,
          sizeBytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          originalName: sanitiseFileName(file.filename, sniffed.kind),
          at: now,
        });
      }
      const id = await repo.insertRequest(db, { userId: ctx.userId, typeId: type.id, amountPaise, reason: input.reason, claimedOn, financialYear, receiptFileId, at: now });
      if (storageKey) enqueue('files.stored', { storageKey });
      const row = await repo.findRequest(db, id);
      if (!row) throw new Error('reimbursement request not found after insert');
      return requestOut(row);
    } catch (error) {
      // The rows will not commit; the pending bytes go now (the sweeper would, an hour later).
      if (storageKey) await this.deps.files.remove(storageKey);
      throw error;
    }
  }

  /** GET /ReimbursementRequests/my: all of the caller's, newest first (the page filters and pages them). */
  async myRequests({ db, ctx }: Scope): Promise<ReimbursementRequest[]> {
    return (await repo.findRequests(db, { kind: 'own', userId: ctx.userId }, undefined, null)).map(requestOut);
  }

  private scopeOf(ctx: RequestContext, reporting: number | undefined): repo.RequestScope {
    const r = reporting ?? RequestReporteeScope.All;
    if (r === RequestReporteeScope.Direct) return { kind: 'direct', managerId: ctx.userId };
    if (r === RequestReporteeScope.Indirect) return { kind: 'tree', managerId: ctx.userId };
    return { kind: 'all' };
  }

  /** GET /ReimbursementRequests: administrators and moderators, every employee's (or their reportees'). */
  async listRequests({ db, ctx }: Scope, query: ReimbursementRequestListQuery): Promise<{ rows: ReimbursementRequest[]; totalRecords: number }> {
    const scope = this.scopeOf(ctx, query.reportingFilterType);
    const totalRecords = await repo.countRequests(db, scope, query.status);
    const rows = await repo.findRequests(db, scope, query.status, query.pageSize, (query.page - 1) * query.pageSize);
    return { rows: rows.map(requestOut), totalRecords };
  }

  /** Pending → Approved or Rejected with remarks; nobody decides their own claim (people spec §6's rule). */
  async decide(scope: Scope, id: string, input: ReimbursementDecisionInput): Promise<ReimbursementRequest> {
    const row = await repo.findRequest(scope.db, id, true);
    if (!row) throw notFound(MSG.requestNotFound);
    if (!mayDecideFor(scope.ctx.userId, row.userId)) throw forbidden(MSG.decideOwn);
    if (row.status !== ReimbursementStatus.Pending) throw conflict(MSG.notPending);
    if (input.status === ReimbursementStatus.Rejected && !input.remarks) throw fieldError('remarks', MSG.remarksRequired);
    // Runs leave a leaver's claims to the settlement, whose figures freeze when it is approved: a claim
    // approved after that would be paid by neither (docs/decisions/0127-form-16-demo-data-and-claims-after-the.md).
    if (input.status === ReimbursementStatus.Approved) {
      const frozen = await repo.findFrozenSettlement(scope.db, row.userId);
      if (frozen) throw conflict(MSG.settledEmployee(frozen.name));
    }
    await repo.decideRequest(scope.db, id, { status: input.status, remarks: input.remarks, decidedBy: scope.ctx.userId, at: this.deps.clock.now() });
    const updated = await repo.findRequest(scope.db, id);
    if (!updated) throw notFound(MSG.requestNotFound);
    // An approved claim is paid by the open month whatever its date: a processed run has not got it yet.
    if (input.status === ReimbursementStatus.Approved) {
      const amountPaise = updated.amountPaise;
      await this.deps.locks.markChanged(scope, { userIds: [updated.userId], reach: 'any', by: scope.ctx.userId, reason: (by) => STALE_REASON.reimbursementApproved(amountPaise, by) });
    }
    return requestOut(updated);
  }

  /** The receipt: its owner, administrators and moderators. */
  async receipt({ db, ctx }: Scope, id: string): Promise<StoredDownload> {
    const row = await repo.findRequest(db, id);
    if (!row || (row.userId !== ctx.userId && !can(ctx.roleId, 'reimbursements.decide'))) throw notFound(MSG.requestNotFound);
    if (!row.receiptFileId) throw notFound(MSG.receiptNotFound);
    const file = await repo.findFile(db, row.receiptFileId);
    const opened = file ? await this.deps.files.open(file.storageKey) : null;
    if (!file || !opened) throw notFound(MSG.receiptNotFound);
    return { file: opened, mimeType: file.mimeType, disposition: attachmentDisposition(file.originalName) };
  }

  /** The XLSX report of the requests the list's filters select (every page). */
  async report({ db, ctx }: Scope, query: { reportingFilterType?: number | undefined; status?: number | undefined }): Promise<{ bytes: Buffer; fileName: string }> {
    const rows = (await repo.findRequests(db, this.scopeOf(ctx, query.reportingFilterType), query.status, null)).map(requestOut);
    const today = dateInZone(this.deps.clock.now(), ctx.timeZone);
    return { bytes: await buildReimbursementReportXlsx(rows, ctx.timeZone), fileName: `Reimbursements_${today}.xlsx` };
  }

  /** The hourly sweep of receipt files (the job 'files.sweep'). */
  sweepStoredFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, STORAGE_PREFIX, this.deps.clock.now(), (keys) => repo.findKnownStorageKeys(global, keys));
  }

  // ---------------------------------------------------------------------------------------- payroll and settlement

  /**
   * The payroll run, once per chunk: the approved claims not paid yet of these employees, claimed by the
   * run (re-processing the same draft claims the same ones again; none is in two runs).
   */
  async claimForRun(scope: TenantScope, runId: string, userIds: readonly string[]): Promise<RunReimbursements> {
    const out = new Map<string, MonthReimbursementInput[]>();
    for (const c of await repo.claimForRun(scope.db, runId, userIds)) {
      out.set(c.userId, [...(out.get(c.userId) ?? []), { typeName: c.typeName, amountPaise: c.amountPaise, claimedOn: c.claimedOn, taxable: c.taxable }]);
    }
    return out;
  }

  /** In the finalize transaction: the claims the run paid are recorded as paid by it (once: the database keeps them). */
  async markPaidByRun(scope: TenantScope, run: { id: string; month: string }): Promise<number> {
    return repo.markPaidByRun(scope.db, run, this.deps.clock.now());
  }

  /** The full-and-final settlement's seam (settlement.service.ts ReimbursementSource): approved claims no run has paid. */
  async pendingApproved(scope: TenantScope, userId: string): Promise<{ amountPaise: number; explanation: string[] }> {
    const claims = await repo.findUnpaidApproved(scope.db, userId);
    if (claims.length === 0) return { amountPaise: 0, explanation: ['No approved reimbursement claims waiting to be paid'] };
    const amountPaise = claims.reduce((s, c) => s + c.amountPaise, 0);
    const money = (p: number) => formatRupees(p, { showPaise: p % 100 !== 0 });
    return {
      amountPaise,
      explanation: [...claims.map((c) => `${c.typeName} ${money(c.amountPaise)}, claimed on ${formatDisplayDate(c.claimedOn)}, approved and not paid`), `Approved claims not yet paid ${money(amountPaise)}`],
    };
  }
}

