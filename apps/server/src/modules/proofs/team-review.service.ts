import {
  DECLARATION_STATUS_LABELS,
  DECLARATION_TRANSITIONS,
  DeclarationStatus,
  STALE_REASON,
  TEAM_REVIEW_MSG,
  can,
  type DeclarationStatusId,
  type ProofReviewInput,
  type TeamDeclaration,
  type TeamDeclarationQuery,
  type TeamDeclarationRow,
  type TeamListQuery,
} from '@tankha/contracts';
import { dateInZone, financialYearStartOf, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import { declarationOut, type DeclarationService } from '../declarations/declarations.service';
import type { DeclarationAggregate } from './proof-items';
import type { ProofService } from './proofs.service';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './proofs.repo';
import { recordAudit } from '../../platform/audit/record';

const label = (status: number) => DECLARATION_STATUS_LABELS[status as DeclarationStatusId] ?? 'Draft';

/**
 * The team review of IT declarations (payroll spec §2 "Team IT declarations", §4 "Per-employee
 * declaration", §6, §7 "Team review", §8), for reviewers (declarations.review:
 * Administrators and Moderators): the year's list with a status filter and the pending count, one
 * declaration with its proofs, status changes, and the review of proofs (ProofService.review).
 */
export class TeamReviewService {
  constructor(private readonly deps: { clock: Clock; declarations: Pick<DeclarationService, 'aggregateById' | 'aggregateOf'>; proofs: Pick<ProofService, 'proofsOf' | 'windowOf' | 'review' | 'assertReviewer'>; locks: Pick<PayrollLockService, 'markChanged'> }) {}

  private year(scope: Scope, start: number | undefined): number {
    return start ?? financialYearStartOf(dateInZone(this.deps.clock.now(), scope.ctx.timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : scope.ctx.timeZone));
  }

  async list(scope: Scope, query: TeamListQuery): Promise<{ rows: TeamDeclarationRow[]; total: number; pending: number }> {
    const year = this.year(scope, query.fyStart);
    const page = await repo.findTeamPage(scope.db, { financialYearStart: year, isSubmitted: query.isSubmitted, status: query.status ? query.status : null, poiSubmitted: query.poiSubmitted ?? null, search: query.search ?? null, page: query.page, pageSize: query.pageSize });
    return {
      total: page.total,
      pending: page.pending,
      rows: page.rows.map((r) => ({
        id: r.id,
        employeeId: r.employeeId,
        employeeName: `${r.firstName} ${r.lastName}`.trim(),
        employeeNumber: r.employeeNumber,
        status: r.status,
        submissionDate: r.submittedAt ? r.submittedAt.toISOString() : null,
        submittedBy: r.submitterFirstName ? `${r.submitterFirstName} ${r.submitterLastName ?? ''}`.trim() : null,
        lastUpdated: r.updatedAt.toISOString(),
        declaredAmount: paiseToRupees(r.declaredPaise),
        financialYearStart: r.financialYearStart,
        financialYearEnd: r.financialYearStart + 1,
        isSubmitted: r.isSubmitted,
        isPOIFormSubmitted: r.isPoiFormSubmitted,
        poiStatus: r.poiStatus,
      })),
    };
  }

  private async detailOf(scope: Scope, agg: DeclarationAggregate): Promise<TeamDeclaration> {
    const person = await repo.findPerson(scope.db, agg.declaration.userId);
    return {
      declaration: declarationOut(agg),
      employeeName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      employeeNumber: person?.employeeNumber ?? null,
      proofs: await this.deps.proofs.proofsOf(scope, agg.declaration.id),
      window: await this.deps.proofs.windowOf(scope, agg.declaration.financialYearStart),
    };
  }

  /** One submitted declaration of an employee for the year (a draft is the employee's own business). */
  async detail(scope: Scope, query: TeamDeclarationQuery): Promise<TeamDeclaration> {
    if (!can(scope.ctx.roleId, 'declarations.review')) throw forbidden();
    const agg = await this.deps.declarations.aggregateOf(scope, query.employeeId, this.year(scope, query.financialYearStart));
    if (!agg || !agg.declaration.isSubmitted) throw notFound(TEAM_REVIEW_MSG.notFound);
    return this.detailOf(scope, agg);
  }

  /**
   * PUT /ITDeclaration/team/{id}/status (payroll spec §2, §4): Submitted → Approved, On Hold or Rejected;
   * On Hold → Approved or Rejected; Approved → On Hold. Rejecting is the Administrator's. Nobody decides
   * their own declaration, and a moderator not an administrator's.
   */
  async changeStatus(scope: Scope, declarationId: string, status: number): Promise<{ id: string; status: number; message: string }> {
    const agg = await this.deps.declarations.aggregateById(scope, declarationId, true);
    if (!agg || !agg.declaration.isSubmitted) throw notFound(TEAM_REVIEW_MSG.notFound);
    const d = agg.declaration;
    await this.deps.proofs.assertReviewer(scope, d.userId);
    if (status === DeclarationStatus.Rejected && !can(scope.ctx.roleId, 'declarations.reject')) throw forbidden();
    if (!(DECLARATION_TRANSITIONS[d.status] ?? []).includes(status)) throw conflict(TEAM_REVIEW_MSG.transition(label(d.status), label(status)));
    const now = this.deps.clock.now();
    await repo.updateDeclarationRow(scope.db, d.id, { status, statusChangedAt: now, statusChangedBy: scope.ctx.userId, updatedAt: now });
    await recordAudit(scope, { entity: 'Declaration', entityId: d.userId, action: status === DeclarationStatus.Rejected ? 'Reject' : status === DeclarationStatus.Approved ? 'Approve' : 'Update', before: { declarationId: d.id, status: d.status }, after: { declarationId: d.id, status } });
    // The year's TDS follows the declaration's status: its processed month is stale for the employee.
    const year = d.financialYearStart;
    await this.deps.locks.markChanged(scope, {
      userIds: [d.userId],
      reach: { fromMonth: `${String(year)}-04`, toMonth: `${String(year + 1)}-03` },
      by: scope.ctx.userId,
      reason: (by) => STALE_REASON.declarationDecided(year, label(status), by),
    });
    return { id: d.id, status, message: TEAM_REVIEW_MSG.changed(label(status)) };
  }

  /** PUT /POI/review/{id}: the proofs' review, answered with the detail the screen shows. */
  async reviewProofs(scope: Scope, declarationId: string, input: ProofReviewInput): Promise<TeamDeclaration> {
    const agg = await this.deps.proofs.review(scope, declarationId, input);
    return this.detailOf(scope, agg);
  }
}
