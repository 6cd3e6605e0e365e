import { LOAN_KIND_LABELS, LOAN_MSG, type Loan, type LoanInput, type LoanInstalmentView, type LoanUpdate } from '@tankha/contracts';
import { addMonthsToMonth, computeLoanSchedule, dateInZone, financialYearOf, formatRateBps, formatRupees, loanBalanceAfter, percentToBps, rupeesToPaise, type LoanInstalment, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import { monthLabel } from './payroll-format';
import * as payrollRepo from './payroll.repo';
import * as repo from './loans.repo';

const percent = (bps: number) => bps / 100;
const nameOf = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`.trim();

/** The schedule of stored terms: the way the administrator gave them decides (the EMI formula, or the EMI itself). */
export function scheduleOf(loan: Pick<repo.LoanRow, 'principalPaise' | 'annualRateBps' | 'termsBy' | 'instalments' | 'emiPaise'>): LoanInstalment[] {
  return computeLoanSchedule({
    principalPaise: loan.principalPaise,
    annualRateBps: loan.annualRateBps,
    ...(loan.termsBy === 'instalments' ? { instalments: loan.instalments } : { emiPaise: loan.emiPaise }),
  });
}

type Terms = Omit<LoanInput, 'userId'>;

/** Terms as entered → the stored row's terms, with the schedule they give (refused with the field's message). */
function termsOf(input: Terms): { values: Omit<repo.LoanWrite, 'userId' | 'createdBy'>; schedule: LoanInstalment[] } {
  const principalPaise = rupeesToPaise(input.amount);
  const annualRateBps = percentToBps(input.interestRate);
  let schedule: LoanInstalment[];
  try {
    schedule = computeLoanSchedule({
      principalPaise,
      annualRateBps,
      ...(input.termsBy === 'instalments' ? { instalments: input.instalments ?? 0 } : { emiPaise: rupeesToPaise(input.emi ?? 0) }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (input.termsBy === 'instalments') throw fieldError('instalments', LOAN_MSG.instalmentsInvalid);
    throw fieldError('emi', message.includes('interest') ? LOAN_MSG.emiTooLow : LOAN_MSG.tooManyInstalments);
  }
  // A tiny amount over many instalments can be repaid early by the rupee rounding: refuse rather than store two counts.
  if (input.termsBy === 'instalments' && schedule.length !== input.instalments) throw fieldError('instalments', LOAN_MSG.instalmentsInvalid);
  return {
    values: {
      kind: input.kind,
      purpose: input.purpose,
      principalPaise,
      startMonth: input.startMonth,
      termsBy: input.termsBy,
      instalments: schedule.length,
      emiPaise: schedule[0]?.amountPaise ?? principalPaise,
      annualRateBps,
      sbiRateBps: input.sbiRate === null || input.sbiRate === undefined ? null : percentToBps(input.sbiRate),
      note: input.note?.trim() || null,
    },
    schedule,
  };
}

/**
 * What a loan change asks of the payroll run: its employee's draft payslip recomputed. The run's
 * service provides it through the composition root (services.ts), so this file does not import the
 * run, which calls back into payroll.compute.ts and scheduleOf here (no import cycle).
 */
interface OpenRunRefresher {
  refreshEmployeeInOpenRun(scope: TenantScope, userId: string): Promise<void>;
}

/**
 * Loans and salary advances. The administrator records the terms; the payroll run
 * takes one instalment a month through the one pay calculation (payroll.compute.ts → the domain's
 * computeEmployeeMonth) and writes what it did in loan_recoveries with the payslip. Balances here
 * count the finalized months only; the open month's instalment shows as pending.
 */
export class LoanService {
  constructor(private readonly deps: { clock: Clock; runs: OpenRunRefresher }) {}

  async list(scope: Scope, userId?: string): Promise<Loan[]> {
    return this.views(scope, await repo.listLoans(scope.db, userId));
  }

  /** The signed-in employee's own loans (not the cancelled ones). */
  async mine(scope: Scope): Promise<Loan[]> {
    return this.views(scope, (await repo.listLoans(scope.db, scope.ctx.userId)).filter((l) => l.status !== 'cancelled'));
  }

  async get(scope: Scope, id: string): Promise<Loan> {
    const [view] = await this.views(scope, [await this.rowOr404(scope, id)]);
    if (!view) throw notFound(LOAN_MSG.notFound);
    return view;
  }

  private async rowOr404(scope: TenantScope, id: string, lock = false): Promise<repo.LoanListRow> {
    const row = await repo.findLoan(scope.db, id, lock);
    if (!row) throw notFound(LOAN_MSG.notFound);
    return row;
  }

  /** The first instalment falls in the open payroll month or later: months before it are paid (finalized, or run elsewhere before Tankha). */
  private async assertStartMonthOpen(scope: TenantScope, startMonth: string): Promise<void> {
    const open = await this.openMonth(scope);
    if (open && startMonth < open) throw fieldError('startMonth', LOAN_MSG.startMonthClosed(monthLabel(startMonth)));
  }

  async create(scope: Scope, input: LoanInput): Promise<Loan> {
    if (!(await repo.findEmployee(scope.db, input.userId))) throw fieldError('userId', LOAN_MSG.employeeNotFound);
    const { values } = termsOf(input);
    await this.assertStartMonthOpen(scope, input.startMonth);
    const id = await repo.insertLoan(scope.db, { ...values, userId: input.userId, createdBy: scope.ctx.userId });
    await this.deps.runs.refreshEmployeeInOpenRun(scope, input.userId);
    return this.get(scope, id);
  }

  /** Terms may change until a finalized month recovers an instalment; the SBI rate and the note always. */
  async update(scope: Scope, id: string, input: LoanUpdate): Promise<Loan> {
    const row = await this.rowOr404(scope, id, true);
    if (row.status !== 'active') throw conflict(LOAN_MSG.notActive);
    const { values } = termsOf(input);
    const now = this.deps.clock.now();
    if (await repo.hasFinalRecoveries(scope.db, id)) {
      const same = (['kind', 'purpose', 'principalPaise', 'startMonth', 'termsBy', 'instalments', 'emiPaise', 'annualRateBps'] as const).every((k) => values[k] === row[k]);
      if (!same) throw conflict(LOAN_MSG.termsLocked);
      await repo.updateLoan(scope.db, id, { sbiRateBps: values.sbiRateBps, note: values.note }, now);
    } else {
      if (values.startMonth !== row.startMonth) await this.assertStartMonthOpen(scope, values.startMonth);
      await repo.updateLoan(scope.db, id, values, now);
    }
    await this.deps.runs.refreshEmployeeInOpenRun(scope, row.userId);
    return this.get(scope, id);
  }

  async cancel(scope: Scope, id: string): Promise<Loan> {
    const row = await this.rowOr404(scope, id, true);
    if (row.status !== 'active') throw conflict(LOAN_MSG.notActive);
    if (await repo.hasFinalRecoveries(scope.db, id)) throw conflict(LOAN_MSG.notCancellable);
    const now = this.deps.clock.now();
    await repo.updateLoan(scope.db, id, { status: 'cancelled', cancelledAt: now }, now);
    await this.deps.runs.refreshEmployeeInOpenRun(scope, row.userId);
    return this.get(scope, id);
  }

  /** After a month is finalized (payroll-run finalize): loans whose last instalment it recovered are closed. */
  async closeRepaid(scope: TenantScope): Promise<void> {
    await repo.closeRepaidLoans(scope.db, this.deps.clock.now());
  }

  /**
   * The settlement's loan source (settlement.service LoanBalanceSource): the principal outstanding after
   * the finalized months, recovered in full by the full-and-final settlement. The run takes no
   * instalment in the month of the last working day (payroll.compute.ts), so nothing is counted twice.
   */
  async outstandingBalance(scope: TenantScope, userId: string): Promise<{ balancePaise: number; explanation: string[] }> {
    const rows = (await repo.listLoans(scope.db, userId)).filter((l) => l.status === 'active');
    if (rows.length === 0) return { balancePaise: 0, explanation: ['No loans or advances outstanding'] };
    const recoveries = await repo.findRecoveries(scope.db, rows.map((r) => r.id));
    let balancePaise = 0;
    const explanation = rows.map((row) => {
      const schedule = scheduleOf(row);
      const done = recoveries.filter((r) => r.loanId === row.id && r.final && r.status === 'recovered').length;
      const balance = loanBalanceAfter(row.principalPaise, schedule, done);
      balancePaise += balance;
      const rate = row.annualRateBps > 0 ? `${formatRateBps(row.annualRateBps)} a year` : 'interest-free';
      return `${LOAN_KIND_LABELS[row.kind]} of ${formatRupees(row.principalPaise)} (${rate}, from ${monthLabel(row.startMonth)}): ${String(done)} of ${String(schedule.length)} instalments recovered, balance ${formatRupees(balance)}`;
    });
    return { balancePaise, explanation };
  }

  // ------------------------------------------------------------------------------------------ views

  /** The month the next run pays: the open run's, the one after the last finalized run, or after the settings' last payroll month. */
  private async openMonth(scope: TenantScope): Promise<string | null> {
    const latest = await payrollRepo.findLatestRun(scope.db);
    if (latest) return latest.status === 'finalized' || latest.status === 'paid' ? addMonthsToMonth(latest.month, 1) : latest.month;
    const settings = await payrollRepo.findSettings(scope.db);
    if (settings?.lastPayrollRunMonth && settings.lastPayrollYear) return addMonthsToMonth(`${String(settings.lastPayrollYear)}-${String(settings.lastPayrollRunMonth).padStart(2, '0')}`, 1);
    return null;
  }

  private async views(scope: Scope, rows: readonly repo.LoanListRow[]): Promise<Loan[]> {
    if (rows.length === 0) return [];
    const recoveries = await repo.findRecoveries(scope.db, rows.map((r) => r.id));
    const openMonth = await this.openMonth(scope);
    // "This year" is the financial year of the organisation's date: it turns at midnight in its zone, not UTC's.
    const fyStart = financialYearOf(dateInZone(this.deps.clock.now(), scope.ctx.timeZone)).slice(0, 4);
    const fyFirstMonth = `${fyStart}-04`;
    return rows.map((row) => {
      const schedule = scheduleOf(row);
      const own = recoveries.filter((r) => r.loanId === row.id);
      const final = own.filter((r) => r.final && r.status === 'recovered').sort((a, b) => a.instalmentNo - b.instalmentNo);
      const pending = own.find((r) => !r.final && r.status === 'recovered');
      const done = final.length;
      const firstFree = openMonth && openMonth > row.startMonth ? openMonth : row.startMonth;
      const view: LoanInstalmentView[] = schedule.map((i, index) => {
        const recovered = final[index];
        const status = recovered ? 'recovered' : pending?.instalmentNo === i.no ? 'pending' : 'scheduled';
        const month = recovered ? recovered.month : addMonthsToMonth(firstFree, index - done);
        return { no: i.no, month, status, opening: paiseToRupees(i.openingPaise), interest: paiseToRupees(i.interestPaise), principal: paiseToRupees(i.principalPaise), amount: paiseToRupees(i.amountPaise), closing: paiseToRupees(i.closingPaise) };
      });
      const next = row.status === 'active' ? view[done] : undefined;
      return {
        id: row.id,
        userId: row.userId,
        employeeName: nameOf(row),
        employeeNumber: row.employeeNumber,
        kind: row.kind,
        purpose: row.purpose,
        amount: paiseToRupees(row.principalPaise),
        startMonth: row.startMonth,
        termsBy: row.termsBy,
        instalments: row.instalments,
        emi: paiseToRupees(row.emiPaise),
        interestRate: percent(row.annualRateBps),
        sbiRate: row.sbiRateBps === null ? null : percent(row.sbiRateBps),
        status: row.status,
        note: row.note,
        recoveredCount: done,
        recoveredPrincipal: paiseToRupees(final.reduce((s, r) => s + r.principalPaise, 0)),
        recoveredInterest: paiseToRupees(final.reduce((s, r) => s + r.interestPaise, 0)),
        balance: paiseToRupees(loanBalanceAfter(row.principalPaise, schedule, done)),
        nextInstalment: next ? { no: next.no, amount: next.amount, month: next.month } : null,
        perquisiteThisYear: paiseToRupees(own.filter((r) => r.final && r.month >= fyFirstMonth).reduce((s, r) => s + r.perquisitePaise, 0)),
        schedule: view,
        deferrals: own.filter((r) => r.status === 'deferred').map((r) => ({ month: r.month, instalmentNo: r.instalmentNo })),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }
}
