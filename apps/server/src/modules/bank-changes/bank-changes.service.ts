import { BANK_CHANGE_COOLING_HOURS, BANK_CHANGE_MSG, BANK_CHANGE_RECENT_DAYS, STALE_REASON, type BankChange, type BankChangeStatus, type BankDetails } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { recordAudit } from '../../platform/audit/record';
import { conflict, notFound } from '../../platform/errors';
import { bankChangeCoolingEmail } from '../../platform/mail/templates';
import type { GlobalScope, Scope, TenantScope } from '../../platform/tenancy';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './bank-changes.repo';

interface Deps {
  clock: Clock;
  config: Pick<Config, 'appUrl'>;
  locks: Pick<PayrollLockService, 'markChanged'>;
}

const COOLING_MS = BANK_CHANGE_COOLING_HOURS * 3_600_000;
const BANK_FIELDS = ['bankAccountNumber', 'bankName', 'ifscCode', 'accountHolderName'] as const;
/** The job named as the actor of an automatic application. */
const APPLY_JOB = 'bankChanges.apply';

const same = (a: BankDetails, b: BankDetails) => BANK_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));
const requestedOf = (r: repo.BankChangeRow): BankDetails => ({ bankAccountNumber: r.bankAccountNumber, bankName: r.bankName, ifscCode: r.ifscCode, accountHolderName: r.accountHolderName });
const currentOf = (r: repo.BankChangeRow): BankDetails => ({
  bankAccountNumber: r.currentBankAccountNumber,
  bankName: r.currentBankName,
  ifscCode: r.currentIfscCode,
  accountHolderName: r.currentAccountHolderName,
});
const ending = (account: string | null) => (account && account.length > 4 ? account.slice(-4) : (account ?? ''));
/** What a change of these details marks stale in a processed month (the payroll-locks reason names them). */
const STALE_FIELDS = (before: BankDetails, after: BankDetails) =>
  [
    ['bankAccountNumber', 'Bank account number'],
    ['ifscCode', 'IFSC'],
    ['bankName', 'Bank name'],
    ['accountHolderName', 'Account holder name'],
  ].filter(([f]) => (before[f as keyof BankDetails] ?? null) !== (after[f as keyof BankDetails] ?? null)).map(([, label]) => label as string);

/** What the employee form does with a change of bank details. */
interface BankHold {
  /** The details to write on the employee record now (the current ones while a change waits). */
  write: BankDetails;
  /** 'approval': waits for another administrator; 'cooling': takes effect by itself after 48 hours; null: written at once. */
  pending: 'approval' | 'cooling' | null;
}

/**
 * A second person for bank details (issue 30 §4, docs/decisions/incoming-h30-bankapproval.md). A change of
 * an employee's bank account does not reach the employee record (which the bank file and payroll read)
 * until a different administrator approves it; with no other administrator it waits 48 hours, the
 * employee and the administrators are e-mailed, and the 15-minute schedule applies it when due.
 * Every request, approval, rejection and automatic application is an audit entry in the same transaction.
 */
export class BankChangeService {
  constructor(private readonly deps: Deps) {}

  /**
   * Called by the employee form's save (PUT /Users/:id) in its transaction. A first entry (no account
   * on record yet) is written at once: nobody is paid elsewhere by it. Any other change is held.
   */
  async hold(scope: Scope, userId: string, requested: BankDetails): Promise<BankHold> {
    const current = await repo.findCurrentDetails(scope.db, userId);
    if (!current) throw notFound('User not found');
    const pending = await repo.findPendingFor(scope.db, userId);
    if (same(current, requested)) {
      // The form saved the details on record: a pending change stays as it is.
      return { write: current, pending: pending ? (pending.effectiveAt ? 'cooling' : 'approval') : null };
    }
    if (!current.bankAccountNumber) {
      if (pending) await this.supersede(scope, pending);
      return { write: requested, pending: null };
    }
    if (pending && same(requestedOf(pending), requested)) return { write: current, pending: pending.effectiveAt ? 'cooling' : 'approval' };
    if (pending) await this.supersede(scope, pending);

    const now = this.deps.clock.now();
    const approvers = await repo.findOtherAdministrators(scope.db, scope.ctx.userId);
    const effectiveAt = approvers.length === 0 ? new Date(now.getTime() + COOLING_MS) : null;
    const id = await repo.insertChange(scope.db, {
      userId,
      status: 'pending',
      ...requested,
      currentBankAccountNumber: current.bankAccountNumber,
      currentBankName: current.bankName,
      currentIfscCode: current.ifscCode,
      currentAccountHolderName: current.accountHolderName,
      requestedBy: scope.ctx.userId,
      requestedAt: now,
      effectiveAt,
    });
    await recordAudit(scope, {
      entity: 'BankDetails',
      entityId: userId,
      action: 'Request',
      before: current,
      after: { ...requested, changeId: id, ...(effectiveAt ? { effectiveAt: effectiveAt.toISOString() } : {}) },
    });
    if (effectiveAt) await this.mailCooling(scope, userId, requested, effectiveAt);
    return { write: current, pending: effectiveAt ? 'cooling' : 'approval' };
  }

  /** GET /BankChanges: the organisation's pending changes, oldest first. */
  async listPending(scope: Scope): Promise<BankChange[]> {
    return (await repo.listPending(scope.db)).map(view);
  }

  /** GET /Users/:id/bank-change (the employee form) and GET /BankChanges/mine (the profile). */
  async pendingFor(scope: Scope, userId: string): Promise<BankChange | null> {
    const row = await repo.findPendingFor(scope.db, userId);
    return row ? view(row) : null;
  }

  /** POST /BankChanges/:id/approve: another administrator's approval writes the details on the employee record. */
  async approve(scope: Scope, id: string): Promise<BankChange> {
    const row = await this.pendingChange(scope, id);
    if (row.requestedBy === scope.ctx.userId) throw conflict(BANK_CHANGE_MSG.ownRequest);
    const now = this.deps.clock.now();
    await this.apply(scope, row, now);
    await repo.updateChange(scope.db, id, { status: 'approved', decidedBy: scope.ctx.userId, decidedAt: now, appliedAt: now });
    await recordAudit(scope, { entity: 'BankDetails', entityId: row.userId, action: 'Approve', before: currentOf(row), after: { ...requestedOf(row), changeId: id } });
    return this.viewOf(scope, id);
  }

  /** POST /BankChanges/:id/reject: the current details stay; the reason is kept and logged. The requester may withdraw their own. */
  async reject(scope: Scope, id: string, reason: string): Promise<BankChange> {
    const row = await this.pendingChange(scope, id);
    const now = this.deps.clock.now();
    await repo.updateChange(scope.db, id, { status: 'rejected', decidedBy: scope.ctx.userId, decidedAt: now, reason });
    await recordAudit(scope, { entity: 'BankDetails', entityId: row.userId, action: 'Reject', before: currentOf(row), after: { ...requestedOf(row), changeId: id }, reason });
    return this.viewOf(scope, id);
  }

  /** The 15-minute schedule: one apply job per organisation with a change whose cooling period is over. */
  async scheduleDue(scope: GlobalScope, now: Date): Promise<number> {
    const tenantIds = await repo.findTenantsWithDue(scope.global, now);
    for (const tenantId of tenantIds) await scope.asTenant(tenantId, async (tenantScope) => tenantScope.enqueue('bankChanges.apply.tenant', {}));
    return tenantIds.length;
  }

  /** Applies the organisation's changes whose cooling period is over (idempotent: applied ones are no longer pending). */
  async applyDue(scope: TenantScope): Promise<number> {
    const now = this.deps.clock.now();
    const due = await repo.findDue(scope.db, now);
    for (const row of due) {
      await this.apply(scope, row, now);
      await repo.updateChange(scope.db, row.id, { status: 'applied' satisfies BankChangeStatus, appliedAt: now });
      await recordAudit(scope, { entity: 'BankDetails', entityId: row.userId, action: 'Apply', before: currentOf(row), after: { ...requestedOf(row), changeId: row.id }, actorLabel: APPLY_JOB, reason: `${String(BANK_CHANGE_COOLING_HOURS)}-hour cooling period over` });
    }
    return due.length;
  }

  /** The employees among `userIds` paid to an account changed in the last 30 days (the bank file's flag). */
  async recentlyChanged(scope: TenantScope, userIds: readonly string[]): Promise<Set<string>> {
    const since = new Date(this.deps.clock.now().getTime() - BANK_CHANGE_RECENT_DAYS * 86_400_000);
    return repo.findRecentlyChanged(scope.db, userIds, since);
  }

  // ---------------------------------------------------------------------------------------------

  private async pendingChange(scope: Scope, id: string): Promise<repo.BankChangeRow> {
    const row = await repo.lockChange(scope.db, id);
    if (!row) throw notFound(BANK_CHANGE_MSG.notFound);
    if (row.status !== 'pending') throw conflict(BANK_CHANGE_MSG.notPending);
    return row;
  }

  private async viewOf(scope: Scope, id: string): Promise<BankChange> {
    const row = await repo.findView(scope.db, id);
    if (!row) throw notFound(BANK_CHANGE_MSG.notFound);
    return view(row);
  }

  private async supersede(scope: Scope, pending: repo.BankChangeRow): Promise<void> {
    await repo.supersedePending(scope.db, pending.userId, this.deps.clock.now());
    await recordAudit(scope, { entity: 'BankDetails', entityId: pending.userId, action: 'Reject', before: currentOf(pending), after: { ...requestedOf(pending), changeId: pending.id }, reason: 'Replaced by a newer change' });
  }

  /** Writes the requested details on the employee record; the processed month that paid the old ones is stale. */
  private async apply(scope: TenantScope & { ctx?: { userId: string } }, row: repo.BankChangeRow, now: Date): Promise<void> {
    const before = (await repo.findCurrentDetails(scope.db, row.userId)) ?? currentOf(row);
    const after = requestedOf(row);
    await repo.writeDetails(scope.db, row.userId, after, now);
    const changed = STALE_FIELDS(before, after);
    if (changed.length > 0) {
      await this.deps.locks.markChanged(scope, { userIds: [row.userId], reach: 'any', by: scope.ctx?.userId ?? null, reason: (by) => STALE_REASON.detailsChanged(changed, scope.ctx ? by : 'the bank details cooling period') });
    }
  }

  /** The cooling period's e-mail to the employee's address on file and to every administrator, as jobs after commit. */
  private async mailCooling(scope: Scope, userId: string, requested: BankDetails, effectiveAt: Date): Promise<void> {
    const employee = await repo.findPerson(scope.db, userId);
    if (!employee) return;
    const organizationName = await repo.findTenantName(scope.db);
    const admins = await repo.findAdministrators(scope.db);
    const when = `${effectiveAt.toLocaleString('en-IN', { timeZone: scope.ctx.timeZone, dateStyle: 'medium', timeStyle: 'short' })} (${scope.ctx.timeZone})`;
    const employeeName = `${employee.firstName} ${employee.lastName}`.trim();
    const recipients = new Map<string, string>([[employee.email.toLowerCase(), employee.firstName]]);
    for (const a of admins) if (!recipients.has(a.email.toLowerCase())) recipients.set(a.email.toLowerCase(), a.firstName);
    for (const [to, firstName] of recipients) {
      const mail = bankChangeCoolingEmail({ firstName, employeeName, organizationName, accountEnding: ending(requested.bankAccountNumber), effectiveAt: when, url: `${this.deps.config.appUrl}/settings/bank-changes` });
      scope.enqueue('mail.send', { to, tenantId: scope.tenantId, ...mail });
    }
  }
}

function view(r: repo.BankChangeView): BankChange {
  return {
    id: r.id,
    userId: r.userId,
    employeeName: `${r.employeeFirstName} ${r.employeeLastName}`.trim(),
    employeeNumber: r.employeeNumber,
    status: r.status as BankChangeStatus,
    current: currentOf(r),
    requested: requestedOf(r),
    requestedById: r.requestedBy,
    requestedByName: r.requesterFirstName ? `${r.requesterFirstName} ${r.requesterLastName ?? ''}`.trim() : null,
    requestedAt: r.requestedAt.toISOString(),
    effectiveAt: r.effectiveAt?.toISOString() ?? null,
    decidedById: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    reason: r.reason,
  };
}
