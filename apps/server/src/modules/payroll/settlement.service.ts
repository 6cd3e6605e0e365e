import { SETTLEMENT_MSG as MSG, type ExitSettlement, type ExitSettlementInput, type ExitSettlementSettle, type ExitSettlementUpdate } from '@tankha/contracts';
import {
  computeSettlement,
  daysBetweenInclusive,
  financialYearOf,
  formatDisplayDate,
  formatRupees,
  isCodeWageEarning,
  isTaxFinancialYear,
  mulDivPaise,
  salaryDeductionsForYear,
  servicePeriodText,
  type SettlementLeaveInput,
  paiseToRupees,
} from '@tankha/domain';
import type { StoredSettlementFacts, StoredSettlementLine } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { Scope, TenantScope } from '../../platform/tenancy';
import type { EmploymentSettingsService } from '../employment-settings/employment-settings.service';
import type { LeaveService } from '../leave/leave.service';
import type { PayrollReportService } from '../payroll-reports/payroll-reports.service';
import type { PayStructure, SalaryService } from '../salary/salary.service';
import { ageBandOf } from './payroll.compute';
import { monthLabel } from './payroll-format';
import type { PayrollRunService } from './payroll-run.service';
import * as payrollRepo from './payroll.repo';
import { findOrganisation } from './payslip-documents.repo';
import { renderSettlementPdf, settlementFileName } from './settlement-pdf';
import * as repo from './settlement.repo';

/**
 * The loan source (loans.service.ts): the outstanding balance of an employee's
 * loans and advances after the finalized months, recovered in full by the settlement (the run takes
 * no instalment in the month of the last working day). Optional so a test can leave it out; the
 * statement then says that no loan balance was read — it never invents one.
 */
export interface LoanBalanceSource {
  outstandingBalance(scope: TenantScope, userId: string, asOf: string): Promise<{ balancePaise: number; explanation: string[] }>;
}

/**
 * Pending reimbursements: approved claims no run has paid (the reimbursements service).
 * Once an exit is recorded the payroll run stops taking the employee's claims, so they are paid here.
 */
export interface ReimbursementSource {
  pendingApproved(scope: TenantScope, userId: string): Promise<{ amountPaise: number; explanation: string[] }>;
}

const nameOf = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`.trim();

function financialYearStartMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return `${String(m >= 4 ? y : y - 1)}-04`;
}

function nextMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return m === 12 ? `${String(y + 1)}-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}`;
}

function daysInMonth(month: string): number {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Basic and dearness allowance of the structure (full month): the "wages" of gratuity and the salary of leave encashment. */
function basicAndDa(structure: PayStructure): { basicPaise: number; daPaise: number } {
  const earnings = structure.lines.earnings;
  const basicPaise = earnings.filter((e) => e.isBasic).reduce((s, e) => s + e.monthlyPaise, 0);
  // The dearness allowance earning type's code is DA (salary component catalogue).
  const daPaise = earnings.filter((e) => !e.isBasic && e.code === 'DA').reduce((s, e) => s + e.monthlyPaise, 0);
  return { basicPaise, daPaise };
}

type ExitFields = Omit<ExitSettlementInput, 'userId'>;

/**
 * Exits and their full-and-final settlement. A draft is computed when recorded and
 * again on every change (or on Recompute); approving freezes it (a database trigger keeps it so),
 * sets the employee's date of leaving — the payroll run then prorates that month and leaves the
 * employee out afterwards — and recomputes the employee in an open run that already paid them.
 * Settling records the payment. The amount is paid on its own statement, apart from the monthly run
 * (docs/decisions/).
 */
export class SettlementService {
  constructor(
    private readonly deps: {
      clock: Clock;
      salary: Pick<SalaryService, 'payStructures'>;
      leave: Pick<LeaveService, 'balances' | 'listLeaveTypes'>;
      runs: Pick<PayrollRunService, 'processEmployee'>;
      reports: Pick<PayrollReportService, 'record'>;
      files: FileStorage;
      /** The loans service (services.ts). */
      loans?: LoanBalanceSource;
      /** The reimbursements service. */
      reimbursements?: ReimbursementSource;
      /** Whether the employee's employment type is fixed-term (gratuity after one year). */
      employmentSettings?: Pick<EmploymentSettingsService, 'isFixedTerm'>;
    },
  ) {}

  async list(scope: Scope): Promise<ExitSettlement[]> {
    return (await repo.listSettlements(scope.db)).map((r) => this.view(r));
  }

  async get(scope: Scope, id: string): Promise<ExitSettlement> {
    return this.view(await this.rowOr404(scope, id));
  }

  private async rowOr404(scope: TenantScope, id: string, lock = false): Promise<repo.SettlementListRow> {
    const row = await repo.findSettlement(scope.db, id, lock);
    if (!row) throw notFound(MSG.notFound);
    return row;
  }

  async create(scope: Scope, input: ExitSettlementInput): Promise<ExitSettlement> {
    const { userId, ...fields } = input;
    if (await repo.findSettlementOfUser(scope.db, userId)) throw conflict(MSG.exitExists);
    const computed = await this.compute(scope, userId, fields);
    const id = await repo.insertSettlement(scope.db, { userId, status: 'draft', ...this.fieldsOf(fields), ...computed, createdBy: scope.ctx.userId });
    if (!id) throw conflict(MSG.exitExists);
    return this.get(scope, id);
  }

  async update(scope: Scope, id: string, fields: ExitSettlementUpdate): Promise<ExitSettlement> {
    const row = await this.draftOr409(scope, id);
    const computed = await this.compute(scope, row.userId, fields);
    await repo.updateSettlement(scope.db, id, { ...this.fieldsOf(fields), ...computed }, this.deps.clock.now());
    return this.get(scope, id);
  }

  async recompute(scope: Scope, id: string): Promise<ExitSettlement> {
    const row = await this.draftOr409(scope, id);
    const fields: ExitFields = {
      reason: row.reason,
      resignationDate: row.resignationDate,
      lastWorkingDay: row.lastWorkingDay,
      noticeRequiredDays: row.noticeRequiredDays,
      noticeServedDays: row.noticeServedDays,
      remarks: row.remarks,
    };
    await repo.updateSettlement(scope.db, id, await this.compute(scope, row.userId, fields), this.deps.clock.now());
    return this.get(scope, id);
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.draftOr409(scope, id);
    await repo.deleteSettlement(scope.db, id);
  }

  /**
   * Draft → approved: the figures as last computed are frozen, the employee's date of leaving is set,
   * and an open run that already computed the employee recomputes them (prorated to the last working
   * day). A run being processed is waited for (409), so no chunk pays the full month meanwhile.
   */
  async approve(scope: Scope, id: string): Promise<ExitSettlement> {
    const row = await this.draftOr409(scope, id);
    const now = this.deps.clock.now();
    const open = await repo.findOpenRun(scope.db);
    if (open?.status === 'processing' && open.lastError === null) throw conflict(MSG.runProcessing);
    await this.assertNotInClosedMonth(scope, row.lastWorkingDay);
    await repo.updateSettlement(scope.db, id, { status: 'approved', approvedBy: scope.ctx.userId, approvedAt: now }, now);
    await repo.setDateOfLeaving(scope.db, row.userId, row.lastWorkingDay, now);
    if (open && (await payrollRepo.hasPayslip(scope.db, open.id, row.userId))) {
      if (row.lastWorkingDay >= open.periodStart) {
        await this.deps.runs.processEmployee(scope, open.id, row.userId);
      } else {
        // Left before the open month began: not in this run at all.
        await payrollRepo.deletePayslips(scope.db, open.id, [row.userId]);
        if (open.status === 'processed') await payrollRepo.updateRun(scope.db, open.id, await payrollRepo.payslipTotals(scope.db, open.id), now);
      }
    }
    return this.get(scope, id);
  }

  async markSettled(scope: Scope, id: string, input: ExitSettlementSettle): Promise<ExitSettlement> {
    const row = await this.rowOr404(scope, id, true);
    if (row.status !== 'approved') throw conflict(MSG.notApproved);
    await repo.updateSettlement(scope.db, id, { status: 'settled', settledOn: input.paidOn, paymentReference: input.reference.trim(), settledBy: scope.ctx.userId }, this.deps.clock.now());
    return this.get(scope, id);
  }

  /** The statement PDF (any status; a draft says so on the page), recorded in the payroll reports log. */
  async statementPdf(scope: Scope, id: string): Promise<{ bytes: Buffer; fileName: string }> {
    const settlement = await this.get(scope, id);
    const org = await findOrganisation(scope.db);
    const logo = org?.logoKey ? await this.deps.files.get(org.logoKey) : null;
    const bytes = await renderSettlementPdf(settlement, { name: org?.name ?? '', address: org?.address ?? null, logo });
    const fileName = settlementFileName(settlement);
    await this.deps.reports.record(scope, {
      runId: null,
      month: settlement.lastWorkingDay.slice(0, 7),
      kind: 'settlement',
      fileName,
      summary: { employees: 1, employee: settlement.employeeName, status: settlement.status, netPay: settlement.netPay, tds: settlement.tds },
    });
    return { bytes, fileName };
  }

  // ------------------------------------------------------------------------------------------

  private async draftOr409(scope: TenantScope, id: string): Promise<repo.SettlementListRow> {
    const row = await this.rowOr404(scope, id, true);
    if (row.status !== 'draft') throw conflict(MSG.notDraft);
    return row;
  }

  private fieldsOf(f: ExitFields) {
    return {
      reason: f.reason,
      resignationDate: f.resignationDate ?? null,
      lastWorkingDay: f.lastWorkingDay,
      noticeRequiredDays: f.noticeRequiredDays,
      noticeServedDays: f.noticeServedDays,
      remarks: f.remarks?.trim() || null,
    };
  }

  private async assertNotInClosedMonth(scope: TenantScope, lastWorkingDay: string): Promise<void> {
    const closed = await repo.findLatestClosedRun(scope.db);
    if (closed && lastWorkingDay <= closed.periodEnd) throw fieldError('lastWorkingDay', MSG.lastDayInClosedMonth(monthLabel(closed.month)));
  }

  /** Reads every input (employee, structure, leave, the year's salary, loans) and runs the one settlement function. */
  private async compute(scope: Scope, userId: string, f: ExitFields) {
    const employee = await repo.findExitingEmployee(scope.db, userId);
    if (!employee) throw fieldError('userId', MSG.employeeNotFound);
    if (!employee.dateOfJoining) throw fieldError('userId', MSG.noJoiningDate);
    if (f.lastWorkingDay < employee.dateOfJoining) throw fieldError('lastWorkingDay', MSG.lastDayBeforeJoining);
    await this.assertNotInClosedMonth(scope, f.lastWorkingDay);
    const pay = await this.deps.salary.payStructures(scope, [userId], f.lastWorkingDay);
    const structure = pay.structureOf(userId);
    if (!structure || 'error' in structure) throw fieldError('userId', MSG.noStructure);
    const { basicPaise, daPaise } = basicAndDa(structure);
    // The other earnings are the excluded allowances of the labour codes' wages (s.2(88)), which gratuity is on.
    const monthlyExcludedEarnings = structure.lines.earnings.filter((e) => !isCodeWageEarning(e)).map((e) => ({ name: e.name, amountPaise: e.monthlyPaise }));
    const fixedTerm = (await this.deps.employmentSettings?.isFixedTerm(scope, userId)) ?? false;

    // Leave: the balance of each encashable type in the year of the last working day.
    const year = Number(f.lastWorkingDay.slice(0, 4));
    const types = await this.deps.leave.listLeaveTypes(scope, true);
    const balances = await this.deps.leave.balances(scope, { employeeId: userId, year });
    const encashable = new Set(types.filter((t) => t.isEncashable && t.isPaid).map((t) => t.id));
    const leave: SettlementLeaveInput[] = balances.filter((b) => encashable.has(b.leaveTypeId) && b.available > 0).map((b) => ({ code: b.code, name: b.leaveTypeName, balanceDays: Math.floor(b.available * 2) / 2 }));

    const loan = this.deps.loans
      ? await this.deps.loans.outstandingBalance(scope, userId, f.lastWorkingDay)
      : { balancePaise: 0, explanation: ['No loan balance read: loans and advances are not recorded in this version of Tankha (the loans module is wired here when it lands)'] };
    const reimbursement = this.deps.reimbursements
      ? await this.deps.reimbursements.pendingApproved(scope, userId)
      : { amountPaise: 0, explanation: ['No pending reimbursements read: the reimbursements module is not wired in this composition'] };

    // The year's taxable salary through the last working day: the latest finalized payslip's year to
    // date, and the months not finalized yet estimated from the structure (calendar days employed),
    // from the first month Tankha pays (salary paid elsewhere before it is not known, as in the run's TDS).
    const lwdMonth = f.lastWorkingDay.slice(0, 7);
    const financialYear = financialYearOf(f.lastWorkingDay);
    const fyStart = financialYearStartMonth(lwdMonth);
    const latest = await repo.findLatestPayslipYtd(scope.db, userId, fyStart, lwdMonth);
    const salaryExplanation: string[] = [];
    let salaryPaise = latest?.ytd.taxableGrossPaise ?? 0;
    if (latest) salaryExplanation.push(`Taxable salary paid this year to ${monthLabel(latest.month)} (finalized payslips) ${formatRupees(salaryPaise)}`);
    const taxableMonthlyPaise = structure.lines.earnings.filter((e) => e.isTaxable).reduce((s, e) => s + e.monthlyPaise, 0);
    const joiningMonth = employee.dateOfJoining.slice(0, 7);
    const firstRun = await repo.findFirstRunMonth(scope.db);
    let month = latest ? nextMonth(latest.month) : [fyStart, joiningMonth, firstRun ?? fyStart].reduce((a, b) => (a > b ? a : b));
    for (; month <= lwdMonth; month = nextMonth(month)) {
      const days = daysInMonth(month);
      const from = month === joiningMonth ? employee.dateOfJoining : `${month}-01`;
      const to = month === lwdMonth ? f.lastWorkingDay : `${month}-${String(days).padStart(2, '0')}`;
      const employed = daysBetweenInclusive(from, to);
      const estimate = mulDivPaise(taxableMonthlyPaise, employed, days);
      salaryPaise += estimate;
      salaryExplanation.push(
        employed === days
          ? `${monthLabel(month)} not finalized yet: estimated at the structure's taxable salary ${formatRupees(taxableMonthlyPaise)}`
          : `${monthLabel(month)} not finalized yet: estimated at ${formatRupees(taxableMonthlyPaise)} × ${String(employed)} of ${String(days)} days = ${formatRupees(estimate, { showPaise: estimate % 100 !== 0 })}`,
      );
    }

    const result = computeSettlement({
      dateOfJoining: employee.dateOfJoining,
      lastWorkingDay: f.lastWorkingDay,
      reason: f.reason,
      monthlyBasicPaise: basicPaise,
      monthlyDaPaise: daPaise,
      monthlyGrossPaise: structure.monthlyGrossPaise,
      monthlyExcludedEarnings,
      fixedTerm,
      notice: { requiredDays: f.noticeRequiredDays, servedDays: f.noticeServedDays },
      leave,
      pendingReimbursementsPaise: reimbursement.amountPaise,
      reimbursementExplanation: reimbursement.explanation.join('; '),
      loanBalancePaise: loan.balancePaise,
      loanExplanation: loan.explanation.join('; '),
      tax: {
        enabled: isTaxFinancialYear(financialYear),
        financialYear,
        regime: structure.regime,
        ageBand: ageBandOf(employee.dateOfBirth, financialYear),
        salaryForYearPaise: salaryPaise,
        salaryExplanation,
        deductionsForYearPaise: salaryDeductionsForYear({
          financialYear,
          regime: structure.regime,
          annualProfessionalTaxPaise: structure.annualProfessionalTaxPaise,
          annualEmployeeEpfPaise: structure.annualEmployeeEpfPaise,
        }),
      },
    });
    const periodStart = lwdMonth === joiningMonth ? employee.dateOfJoining : `${lwdMonth}-01`;
    const facts: StoredSettlementFacts = {
      employee: {
        name: nameOf(employee),
        employeeNumber: employee.employeeNumber,
        designation: employee.designation,
        department: employee.departmentName,
        pan: employee.pan,
        dateOfJoining: employee.dateOfJoining,
      },
      servicePeriod: servicePeriodText(result.service),
      monthlyBasicPaise: basicPaise,
      monthlyDaPaise: daPaise,
      monthlyGrossPaise: structure.monthlyGrossPaise,
      financialYear,
      regime: structure.regime,
      finalSalaryNote: `The salary for ${formatDisplayDate(periodStart)} to ${formatDisplayDate(f.lastWorkingDay)} is paid in the ${monthLabel(lwdMonth)} payroll run, prorated to the last working day; it is not part of this settlement.`,
    };
    const lines: StoredSettlementLine[] = result.lines.map((l) => ({ code: l.code, section: l.section, label: l.label, amountPaise: l.amountPaise, explanation: l.explanation }));
    return {
      payablePaise: result.payablePaise,
      recoveriesPaise: result.recoveriesPaise,
      netPaise: result.netPaise,
      taxablePaise: result.taxablePaise,
      exemptPaise: result.exemptPaise,
      tdsPaise: result.tdsPaise,
      lines,
      facts,
      computedAt: this.deps.clock.now(),
    };
  }

  private view(r: repo.SettlementListRow): ExitSettlement {
    const f = r.facts;
    return {
      id: r.id,
      userId: r.userId,
      employeeName: f.employee.name,
      employeeNumber: f.employee.employeeNumber,
      department: f.employee.department,
      designation: f.employee.designation,
      dateOfJoining: f.employee.dateOfJoining,
      status: r.status,
      reason: r.reason,
      resignationDate: r.resignationDate,
      lastWorkingDay: r.lastWorkingDay,
      noticeRequiredDays: r.noticeRequiredDays,
      noticeServedDays: r.noticeServedDays,
      remarks: r.remarks,
      servicePeriod: f.servicePeriod,
      payable: paiseToRupees(r.payablePaise),
      recoveries: paiseToRupees(r.recoveriesPaise),
      netPay: paiseToRupees(r.netPaise),
      taxable: paiseToRupees(r.taxablePaise),
      exempt: paiseToRupees(r.exemptPaise),
      tds: paiseToRupees(r.tdsPaise),
      lines: r.lines.map((l) => ({ code: l.code, section: l.section, label: l.label, amount: paiseToRupees(l.amountPaise), explanation: l.explanation })),
      finalSalaryNote: f.finalSalaryNote,
      computedAt: r.computedAt.toISOString(),
      approvedAt: r.approvedAt?.toISOString() ?? null,
      approvedByName: r.approvedByFirstName === null ? null : `${r.approvedByFirstName} ${r.approvedByLastName ?? ''}`.trim(),
      settledOn: r.settledOn,
      paymentReference: r.paymentReference,
    };
  }
}
