import { SALARY_REVISION_MSG, STALE_REASON, type SalaryRevision, type SalaryRevisionHistory, type SalaryRevisionInput } from '@tankha/contracts';
import { dateInZone, formatDisplayDate, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import type { SalaryService, SalarySnapshot, StructureRequest } from './salary.service';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './salary-revisions.repo';
import { recordAudit } from '../../platform/audit/record';

/** A revision whose arrears the next run pays: the structure before and after its effective date. */
export interface PendingRevision {
  id: string;
  effectiveFrom: string;
  previous: SalarySnapshot | null;
  next: SalarySnapshot;
}


/** The same date next year (29 Feb → 28 Feb). */
function aYearAfter(date: string): string {
  const next = `${String(Number(date.slice(0, 4)) + 1)}${date.slice(4)}`;
  return next.endsWith('-02-29') ? next.replace(/-29$/, '-28') : next;
}

/** Whether two structures pay the same: CTC, regime, ESI flag, every component's value and amount. */
function samePay(a: SalarySnapshot, b: SalarySnapshot): boolean {
  const key = (s: SalarySnapshot) =>
    JSON.stringify([
      s.annualCtcPaise,
      s.regimeType,
      s.forceEsiCalc,
      s.earnings.map((e) => [e.id, e.calculationType, String(e.calculationValue), e.monthlyPaise]),
      [...s.preTaxDeductions, ...s.postTaxDeductions].map((d) => [d.id, d.annualPaise]),
    ]);
  return key(a) === key(b);
}

function componentsOf(previous: SalarySnapshot | null, next: SalarySnapshot): SalaryRevision['components'] {
  const out: SalaryRevision['components'] = [];
  const add = (kind: 'earning' | 'deduction', before: readonly { id: string; name: string; monthlyPaise: number }[], after: readonly { id: string; name: string; monthlyPaise: number }[]) => {
    const ids = [...after.map((x) => x.id), ...before.map((x) => x.id).filter((id) => !after.some((x) => x.id === id))];
    for (const id of ids) {
      const b = before.find((x) => x.id === id);
      const a = after.find((x) => x.id === id);
      out.push({ name: a?.name ?? b?.name ?? '', kind, previousMonthly: b ? paiseToRupees(b.monthlyPaise) : null, monthly: a ? paiseToRupees(a.monthlyPaise) : null });
    }
  };
  add('earning', previous?.earnings ?? [], next.earnings);
  add('deduction', [...(previous?.preTaxDeductions ?? []), ...(previous?.postTaxDeductions ?? [])], [...next.preTaxDeductions, ...next.postTaxDeductions]);
  return out;
}

function viewOf(row: repo.RevisionRow & { createdByFirstName?: string | null; createdByLastName?: string | null }): SalaryRevision {
  const previous = (row.previous ?? null) as SalarySnapshot | null;
  const next = row.next as SalarySnapshot;
  const name = `${row.createdByFirstName ?? ''} ${row.createdByLastName ?? ''}`.trim();
  return {
    id: row.id,
    userId: row.userId,
    effectiveFrom: row.effectiveFrom,
    previousAnnualCTC: paiseToRupees(row.previousAnnualCtcPaise),
    annualCTC: paiseToRupees(row.annualCtcPaise),
    previousMonthlyGross: previous ? paiseToRupees(previous.monthlyGrossPaise) : null,
    monthlyGross: paiseToRupees(next.monthlyGrossPaise),
    components: componentsOf(previous, next),
    createdAt: row.createdAt.toISOString(),
    createdByName: name === '' ? null : name,
    arrears: row.arrearsRunId
      ? { status: 'paid', month: row.arrearsMonth, runId: row.arrearsRunId, amount: paiseToRupees(row.arrearsPaise) }
      : { status: 'pending', month: null, runId: null, amount: null },
  };
}

/**
 * Salary revisions with arrears. A revision saves the new structure in the current
 * tables (the rest of the product reads them) and keeps the structure before and after with its
 * effective date; the payroll run pays the arrears of the pending revisions (payroll.compute.ts →
 * domain computeArrears) and records the paying run when it is finalized (markArrearsPaid).
 */
export class SalaryRevisionService {
  constructor(private readonly deps: { clock: Clock; salary: SalaryService; locks: Pick<PayrollLockService, 'markChanged'> }) {}

  /**
   * The earliest effective date a new revision may take: not before joining, not before the last
   * revision's effective date, and not inside a month whose arrears a run already paid (that month's
   * payslip paid the structure then in force; an earlier date would pay those months' arrears twice).
   */
  private earliest(person: { dateOfJoining: string | null }, rows: readonly repo.RevisionRow[]): { date: string | null; message: string } {
    let date = person.dateOfJoining;
    let message: string = SALARY_REVISION_MSG.beforeJoining;
    for (const r of rows) {
      if (date === null || r.effectiveFrom > date) {
        date = r.effectiveFrom;
        message = SALARY_REVISION_MSG.beforeLast(formatDisplayDate(r.effectiveFrom));
      }
      const paidFrom = r.arrearsMonth ? `${r.arrearsMonth}-01` : null;
      if (paidFrom && (date === null || paidFrom > date)) {
        date = paidFrom;
        message = SALARY_REVISION_MSG.beforePaid(formatDisplayDate(paidFrom));
      }
    }
    return { date, message };
  }

  async history(scope: Scope, userId: string): Promise<SalaryRevisionHistory> {
    const person = await repo.findRevisionPerson(scope.db, userId);
    if (!person) throw notFound('User not found');
    const rows = await repo.listRevisions(scope.db, userId);
    const today = dateInZone(this.deps.clock.now(), scope.ctx.timeZone);
    return {
      // Newest first, as a history reads.
      revisions: rows.map(viewOf).reverse(),
      earliestEffectiveFrom: this.earliest(person, rows).date,
      latestEffectiveFrom: aYearAfter(today),
    };
  }

  /** POST /Users/:id/salary-revisions. */
  async revise(scope: Scope, userId: string, input: SalaryRevisionInput): Promise<SalaryRevision> {
    const { db: tdb, ctx } = scope;
    const person = await repo.findRevisionPerson(tdb, userId);
    if (!person) throw notFound('User not found');
    const rows = await repo.listRevisions(tdb, userId);
    const today = dateInZone(this.deps.clock.now(), ctx.timeZone);
    const earliest = this.earliest(person, rows);
    if (earliest.date !== null && input.effectiveFrom < earliest.date) throw fieldError('effectiveFrom', earliest.message);
    if (input.effectiveFrom > aYearAfter(today)) throw fieldError('effectiveFrom', SALARY_REVISION_MSG.tooLate);

    const salary = this.deps.salary;
    const storedRequest = await salary.storedRequest(scope, userId);
    let previous: SalarySnapshot | null = null;
    if (storedRequest) {
      try {
        previous = await salary.snapshotOf(scope, storedRequest);
      } catch {
        // A stored structure the engine now refuses (components changed since): nothing to compare with.
        previous = null;
      }
    }
    const earnings = input.earningAssociations.map((e) => ({ tenantEarningId: e.tenantEarningId, calculationValue: e.calculationValue, calculationType: e.calculationType }));
    const deductions = input.deductionAssociations.map((d) => ({ tenantDeductionId: d.tenantDeductionId, calculationValue: d.calculationValue }));
    const resolved = await salary.resolveAssociations(scope, earnings, deductions);
    const request: StructureRequest = {
      annualCTC: input.annualCTC,
      regimeType: input.regimeType,
      earningAssociationValues: earnings,
      deductionAssociationValues: deductions,
      forceESICalc: input.forceESICalc,
      dateOfBirth: person.dateOfBirth,
      gender: person.gender,
    };
    const next = await salary.snapshotOf(scope, request);
    if (previous && samePay(previous, next)) throw badRequest(SALARY_REVISION_MSG.unchanged);

    const now = this.deps.clock.now();
    await repo.saveCurrentStructure(tdb, userId, { annualCtcPaise: next.annualCtcPaise, regimeType: input.regimeType, forceEsiCalc: input.forceESICalc, updatedAt: now }, resolved.earnings, resolved.deductions);
    const row = await repo.insertRevision(tdb, {
      userId,
      effectiveFrom: input.effectiveFrom,
      previousAnnualCtcPaise: previous?.annualCtcPaise ?? null,
      annualCtcPaise: next.annualCtcPaise,
      previous,
      next,
      createdBy: ctx.userId,
      createdAt: now,
    });
    // A processed month whose period ends on or after the effective date pays the new structure (or its arrears) once processed again.
    const effectiveFrom = input.effectiveFrom;
    await this.deps.locks.markChanged(scope, { userIds: [userId], reach: { from: effectiveFrom, to: '9999-12-31' }, by: ctx.userId, reason: (by) => STALE_REASON.salaryRevised(effectiveFrom, by) });
    await recordAudit(scope, { entity: 'SalaryRevision', entityId: userId, action: 'Create', before: previous ? { annualCtcPaise: previous.annualCtcPaise } : null, after: { revisionId: row.id, effectiveFrom, annualCtcPaise: next.annualCtcPaise, regimeType: input.regimeType } });
    const [created] = (await repo.listRevisions(tdb, userId)).filter((r) => r.id === row.id);
    return viewOf(created ?? row);
  }

  /** The payroll run's bulk read: each employee's revisions whose arrears are not paid yet, oldest first. */
  async pendingForRun({ db }: TenantScope, userIds: readonly string[]): Promise<Map<string, PendingRevision[]>> {
    const rows = await repo.listPendingRevisions(db, userIds);
    const out = new Map<string, PendingRevision[]>();
    for (const r of rows) {
      out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, effectiveFrom: r.effectiveFrom, previous: (r.previous ?? null) as SalarySnapshot | null, next: r.next as SalarySnapshot }]);
    }
    return out;
  }

  /** Employees with a revision whose arrears no run has paid yet, effective by `effectiveBy`. */
  async pendingUserIds({ db }: TenantScope, effectiveBy: string): Promise<string[]> {
    return [...new Set((await repo.listPendingRevisions(db)).filter((r) => r.effectiveFrom <= effectiveBy).map((r) => r.userId))];
  }

  /**
   * At finalize (same transaction): the run paid the arrears of each paid employee's pending
   * revisions effective by the period's end; a revision effective later stays pending for its month.
   */
  async markArrearsPaid({ db }: TenantScope, run: { id: string; month: string; periodEnd: string }, paid: readonly { userId: string; arrearsPaise: number }[]): Promise<void> {
    for (const p of paid) await repo.markRevisionsPaid(db, p.userId, run.periodEnd, { runId: run.id, month: run.month, arrearsPaise: p.arrearsPaise });
  }
}
