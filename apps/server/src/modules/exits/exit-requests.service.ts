import {
  EXIT_REQUEST_MSG as MSG,
  NotificationType,
  Role,
  mayDecideFor,
  type ExitProposal,
  type ExitRequest,
  type ExitRequestApprove,
  type ExitRequestInput,
  type ExitRequestReject,
  type ExitRequestStatus,
} from '@tankha/contracts';
import { DEFAULT_WEEK_DAYS_OFF, MAX_NOTICE_PERIOD_DAYS, WEEK_DAYS, addDaysToDate, computeProposedLastWorkingDay, dateInZone, formatDisplayDate } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import type { GlobalScope, RequestContext, Scope, TenantScope } from '../../platform/tenancy';
import type { EmploymentSettingsService } from '../employment-settings/employment-settings.service';
import type { NotificationService } from '../notifications/notifications.service';
import * as repo from './exit-requests.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** The daily schedule (no payload): finds the organisations with approved exits. */
    'exits.relieve': Record<string, never>;
    /** One organisation's reliefs; `today` is its local date when the schedule ran. */
    'exits.relieve.tenant': { today: string };
  }
}

const isAdminOrModerator = (ctx: RequestContext) => ctx.roleId === Role.Administrator || ctx.roleId === Role.Moderator;
const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
const zoneOf = (timeZone: string | null | undefined) => (!timeZone || timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : timeZone);

/**
 * An employee's resignation and its decision (docs/decisions/0143-exit-requests.md): pending → approved
 * (with the last working day) → relieved by the daily schedule once that day has passed; pending →
 * rejected (with a reason) or withdrawn (by the employee). An approved or relieved exit is what the
 * payroll's full and final settlement starts from (GET /ExitRequests/awaiting-settlement; the
 * settlement is still recorded through POST /ExitSettlements).
 */
export class ExitRequestService {
  constructor(
    private readonly deps: {
      clock: Clock;
      settings: Pick<EmploymentSettingsService, 'noticePeriodFor'>;
      notifications: Pick<NotificationService, 'notify'>;
    },
  ) {}

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), zoneOf(scope.ctx.timeZone));
  }

  private view(scope: Scope, row: repo.ExitRequestRow): ExitRequest {
    const { ctx } = scope;
    const mayDecide = row.status === 'pending' && mayDecideFor(ctx.userId, row.userId) && (isAdminOrModerator(ctx) || row.reportingManagerId === ctx.userId);
    return {
      id: row.id,
      userId: row.userId,
      employeeName: `${row.firstName} ${row.lastName}`.trim(),
      employeeNumber: row.employeeNumber,
      employmentType: row.employmentType,
      reportingManagerName: nameOf(row.managerFirstName, row.managerLastName),
      status: row.status as ExitRequestStatus,
      reason: row.reason,
      resignationDate: row.resignationDate,
      noticePeriodDays: row.noticePeriodDays,
      proposedLastWorkingDay: row.proposedLastWorkingDay,
      requestedLastWorkingDay: row.requestedLastWorkingDay,
      lastWorkingDay: row.lastWorkingDay,
      decidedByName: nameOf(row.deciderFirstName, row.deciderLastName),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionRemarks: row.decisionRemarks,
      relievedAt: row.relievedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      canDecide: mayDecide,
      hasSettlement: row.hasSettlement,
    };
  }

  /** The notice period of the signed-in employee and the last working day it gives for a resignation today. */
  async proposal(scope: Scope): Promise<ExitProposal> {
    return this.propose(scope, scope.ctx.userId, this.today(scope));
  }

  private async propose(scope: Scope, userId: string, resignationDate: string): Promise<ExitProposal> {
    const notice = await this.deps.settings.noticePeriodFor(scope, userId, resignationDate);
    // The calendar as far as the notice can reach, plus the month a weekend or holiday run can add.
    const calendar = await repo.findCalendar(scope.db, resignationDate, addDaysToDate(resignationDate, notice.noticePeriodDays + 31));
    const offNames = calendar.weekDaysOff ?? [...DEFAULT_WEEK_DAYS_OFF];
    const weeklyOffDays = offNames.map((d) => (WEEK_DAYS as readonly string[]).indexOf(d)).filter((i) => i >= 0);
    return {
      resignationDate,
      employmentType: notice.employmentType,
      noticePeriodDays: notice.noticePeriodDays,
      noticePeriodSource: notice.source,
      proposedLastWorkingDay: computeProposedLastWorkingDay(resignationDate, notice.noticePeriodDays, { weeklyOffDays, holidays: new Set(calendar.holidays) }),
    };
  }

  async mine(scope: Scope): Promise<ExitRequest[]> {
    return (await repo.findMine(scope.db, scope.ctx.userId)).map((r) => this.view(scope, r));
  }

  async get(scope: Scope, id: string): Promise<ExitRequest> {
    const row = await this.rowOr404(scope, id);
    const { ctx } = scope;
    if (row.userId !== ctx.userId && !isAdminOrModerator(ctx) && row.reportingManagerId !== ctx.userId) throw forbidden(MSG.notAllowedToView);
    return this.view(scope, row);
  }

  private async rowOr404(scope: Scope, id: string, lock = false): Promise<repo.ExitRequestRow> {
    const row = await repo.findRequest(scope.db, id, lock);
    if (!row) throw notFound(MSG.notFound);
    return row;
  }

  /** A manager's direct reports' requests; an administrator's or moderator's: everyone's. */
  async team(scope: Scope, status: ExitRequestStatus | undefined): Promise<ExitRequest[]> {
    const managerId = isAdminOrModerator(scope.ctx) ? null : scope.ctx.userId;
    return (await repo.findTeam(scope.db, managerId, status)).map((r) => this.view(scope, r));
  }

  /** Approved or relieved exits without a full and final settlement yet (the payroll's Exit page). */
  async awaitingSettlement(scope: Scope): Promise<ExitRequest[]> {
    return (await repo.findAwaitingSettlement(scope.db)).map((r) => this.view(scope, r));
  }

  async submit(scope: Scope, input: ExitRequestInput): Promise<ExitRequest> {
    const { ctx } = scope;
    if (await repo.findOpenOfUser(scope.db, ctx.userId)) throw conflict(MSG.openRequestExists);
    if (await repo.hasSettlement(scope.db, ctx.userId)) throw conflict(MSG.exitRecorded);
    const proposal = await this.propose(scope, ctx.userId, this.today(scope));
    const requested = input.lastWorkingDay ?? proposal.proposedLastWorkingDay;
    this.assertLastDay(proposal.resignationDate, requested);
    const id = await repo.insertRequest(
      scope.db,
      {
        userId: ctx.userId,
        reason: input.reason,
        resignationDate: proposal.resignationDate,
        noticePeriodDays: proposal.noticePeriodDays,
        proposedLastWorkingDay: proposal.proposedLastWorkingDay,
        requestedLastWorkingDay: requested,
      },
      this.deps.clock.now(),
    );
    if (!id) throw conflict(MSG.openRequestExists);
    const person = await repo.findPerson(scope.db, ctx.userId);
    const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
    const recipients = person?.reportingManagerId ? [person.reportingManagerId] : (await repo.findAdministratorIds(scope.db)).filter((u) => u !== ctx.userId);
    await this.deps.notifications.notify(
      scope,
      recipients.map((userId) => ({ userId, type: NotificationType.ExitRequest, title: MSG.notifySubmittedTitle, message: MSG.notifySubmitted(name, formatDisplayDate(requested)), data: { exitRequestId: id, status: 'pending' } })),
    );
    return this.get(scope, id);
  }

  async withdraw(scope: Scope, id: string): Promise<ExitRequest> {
    const row = await this.rowOr404(scope, id, true);
    if (row.userId !== scope.ctx.userId) throw forbidden(MSG.notYours);
    if (row.status !== 'pending') throw conflict(MSG.notPending);
    await repo.updateRequest(scope.db, id, { status: 'withdrawn' }, this.deps.clock.now());
    if (row.reportingManagerId) {
      await this.deps.notifications.notify(scope, [
        { userId: row.reportingManagerId, type: NotificationType.ExitRequest, title: MSG.notifyWithdrawnTitle, message: MSG.notifyWithdrawn(`${row.firstName} ${row.lastName}`.trim()), data: { exitRequestId: id, status: 'withdrawn' } },
      ]);
    }
    return this.get(scope, id);
  }

  private async decidable(scope: Scope, id: string): Promise<repo.ExitRequestRow> {
    const row = await this.rowOr404(scope, id, true);
    const { ctx } = scope;
    if (!mayDecideFor(ctx.userId, row.userId)) throw forbidden(MSG.ownRequest);
    if (!isAdminOrModerator(ctx) && row.reportingManagerId !== ctx.userId) throw forbidden(MSG.notAllowedToDecide);
    if (row.status !== 'pending') throw conflict(MSG.notPending);
    return row;
  }

  async approve(scope: Scope, id: string, input: ExitRequestApprove): Promise<ExitRequest> {
    const row = await this.decidable(scope, id);
    this.assertLastDay(row.resignationDate, input.lastWorkingDay);
    const now = this.deps.clock.now();
    await repo.updateRequest(scope.db, id, { status: 'approved', lastWorkingDay: input.lastWorkingDay, decidedBy: scope.ctx.userId, decidedAt: now, decisionRemarks: input.remarks ?? null }, now);
    await this.deps.notifications.notify(scope, [
      { userId: row.userId, type: NotificationType.ExitRequest, title: MSG.notifyApprovedTitle, message: MSG.notifyApproved(formatDisplayDate(input.lastWorkingDay)), data: { exitRequestId: id, status: 'approved' } },
    ]);
    return this.get(scope, id);
  }

  async reject(scope: Scope, id: string, input: ExitRequestReject): Promise<ExitRequest> {
    const row = await this.decidable(scope, id);
    const now = this.deps.clock.now();
    await repo.updateRequest(scope.db, id, { status: 'rejected', decidedBy: scope.ctx.userId, decidedAt: now, decisionRemarks: input.reason }, now);
    await this.deps.notifications.notify(scope, [
      { userId: row.userId, type: NotificationType.ExitRequest, title: MSG.notifyRejectedTitle, message: MSG.notifyRejected(input.reason), data: { exitRequestId: id, status: 'rejected' } },
    ]);
    return this.get(scope, id);
  }

  private assertLastDay(resignationDate: string, lastWorkingDay: string): void {
    if (lastWorkingDay < resignationDate) throw fieldError('lastWorkingDay', MSG.lastDayBeforeResignation);
    if (lastWorkingDay > addDaysToDate(resignationDate, MAX_NOTICE_PERIOD_DAYS)) throw fieldError('lastWorkingDay', MSG.lastDayTooLate);
  }

  // ---- The daily relief schedule -----------------------------------------------------------------

  /** The daily schedule: one 'exits.relieve.tenant' job per organisation with approved exits, with its local date. */
  async scheduleRelief(scope: GlobalScope, now: Date): Promise<number> {
    const due = await repo.findTenantsWithApproved(scope.global);
    for (const t of due) {
      const today = dateInZone(now, zoneOf(t.timeZone));
      await scope.asTenant(t.tenantId, async (tenantScope) => tenantScope.enqueue('exits.relieve.tenant', { today }));
    }
    return due.length;
  }

  /** Approved exits whose last working day is before `today` become relieved; the employee is told. Idempotent. */
  async relieveDue(scope: TenantScope, today: string): Promise<number> {
    const due = await repo.findDueForRelief(scope.db, today);
    const now = this.deps.clock.now();
    for (const r of due) await repo.updateRequest(scope.db, r.id, { status: 'relieved', relievedAt: now }, now);
    await this.deps.notifications.notify(
      scope,
      due.map((r) => ({ userId: r.userId, type: NotificationType.ExitRequest, title: MSG.notifyRelievedTitle, message: MSG.notifyRelieved(formatDisplayDate(r.lastWorkingDay)), data: { exitRequestId: r.id, status: 'relieved' } })),
    );
    return due.length;
  }
}
