import { createHash } from 'node:crypto';
import {
  computeEmployeeMonth,
  computePayableDays,
  financialYearOf,
  isTaxFinancialYear,
  lopDaysByDate,
  monthDeductionsFromStructure,
  monthEarningsFromStructure,
  paidMonthsBefore,
  remainingMonthsInFinancialYear,
  salaryDeductionsForYear,
  type EmployeeMonthInput,
  type WageCorrection,
  type EmployeeMonthResult,
  type MonthReimbursementInput,
  type MonthLoanInput,
  type MonthTdsDeclaration,
  type PayDayEntry,
  type StatutoryGender,
  type TaxAgeBand,
} from '@tankha/domain';
import type { PayslipEmployee } from '@tankha/contracts';
import type { PayStructure, PayStructures } from '../salary/salary.service';
import type { AdjustmentRow, LineWrite, PayslipWrite, RunEmployee, StoredYtd } from './payroll.repo';
import { arrearsFor, type EmployeeArrearsInputs } from './payroll-arrears';
import { lopAdjustmentsFor, type EmployeeLopInputs } from './payroll-lop';
import { excludedPayFor, type EmployeeExcludedInputs } from './payroll-excluded';
import type { LoanForRun, RecoveryWrite } from './loans.repo';
import { scheduleOf } from './loans.service';
import type { MonthContext } from './payroll-month-context';
import type { RunDeclaration } from '../declarations/declarations.service';

/**
 * A payslip's id is a name-based UUID (RFC 9562 version 5) of its run and employee: processing a
 * draft again writes new rows under the same ids, so a link to a draft payslip keeps working.
 */
export function payslipIdOf(runId: string, userId: string): string {
  const hash = createHash('sha1').update(`tankha-payslip:${runId}:${userId}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function monthContext(
  run: { id: string; month: string; periodStart: string; periodEnd: string },
  days: number,
  { statutory, tenantEarnings, tenantDeductions }: Pick<PayStructures, 'statutory' | 'tenantEarnings' | 'tenantDeductions'>,
): MonthContext {
  return {
    runId: run.id,
    month: run.month,
    period: { start: run.periodStart, end: run.periodEnd, days },
    // The payroll month names the tax year: March's run is the last month of its financial year.
    financialYear: financialYearOf(`${run.month}-01`),
    remainingMonths: remainingMonthsInFinancialYear(run.month),
    statutory,
    tenantEarnings,
    tenantDeductions,
  };
}

/** One employee's inputs, read in bulk for the chunk. */
export interface EmployeeInputs {
  employee: RunEmployee;
  structure: PayStructure;
  days: Readonly<Record<string, PayDayEntry>>;
  adjustments: readonly AdjustmentRow[];
  /** The latest finalized payslip of the financial year before this month. */
  ytd: StoredYtd | undefined;
  esiCoveredAtStart: boolean;
  /** Pending salary revisions and the finalized months their arrears cover (payroll-arrears.ts). */
  arrears?: EmployeeArrearsInputs | undefined;
  /** Approved reimbursement claims the run claimed for the employee (reimbursements service). */
  reimbursements?: readonly MonthReimbursementInput[] | undefined;
  /** Active loans and advances whose first instalment month has come (loans.repo findLoansForRun). */
  loans?: readonly LoanForRun[] | undefined;
  /** The employee's IT declaration for the year: its regime and amounts decide the TDS. */
  declaration?: RunDeclaration | undefined;
  /** Finalized months whose loss of pay may have changed since (payroll-lop.ts). */
  lop?: EmployeeLopInputs | undefined;
  /** Closed months the employee was excluded from, brought into this month (payroll-excluded.ts). */
  excluded?: EmployeeExcludedInputs | undefined;
}

/** The payslip label of a salary advance's instalment; the register tells advances from loan EMIs by it (both are LOAN_RECOVERY lines). */
export const ADVANCE_RECOVERY_LABEL = 'Salary advance recovery';

/** A stored loan as the month calculation takes it: its schedule and the instalments recovered before. */
export function monthLoanOf(loan: LoanForRun): MonthLoanInput {
  return {
    loanId: loan.id,
    label: loan.kind === 'advance' ? ADVANCE_RECOVERY_LABEL : 'Loan recovery',
    purpose: loan.purpose,
    principalPaise: loan.principalPaise,
    annualRateBps: loan.annualRateBps,
    sbiRateBps: loan.sbiRateBps,
    schedule: scheduleOf(loan),
    recoveredCount: loan.recoveredCount,
  };
}

/** users.gender: 1 Male, 2 Female, 4 Other; unknown (0) is taken as male, the calculator's default. */
const GENDERS: Record<number, StatutoryGender | undefined> = { 1: 'Male', 2: 'Female', 4: 'Other' };

function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

export function ageBandOf(dateOfBirth: string | null, financialYear: string): TaxAgeBand {
  if (!dateOfBirth) return 'below60';
  // Age at the end of the financial year decides the senior-citizen slabs (Income-tax Act).
  const age = ageOn(dateOfBirth, `${String(Number(financialYear.slice(0, 4)) + 1)}-03-31`);
  return age < 60 ? 'below60' : age < 80 ? '60to80' : 'above80';
}

/** Masked as on the payslip: XXXXXX1234. */
export function maskAccount(account: string | null): string | null {
  const digits = account?.replace(/\s+/g, '') ?? '';
  if (!digits) return null;
  return `${'X'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export function employeeSnapshot(e: RunEmployee): PayslipEmployee {
  return {
    name: `${e.firstName} ${e.lastName}`.trim(),
    employeeNumber: e.employeeNumber,
    designation: e.designation,
    department: e.departmentName,
    pan: e.pan,
    uan: e.uan,
    esiNumber: e.esiNumber,
    bankAccount: maskAccount(e.bankAccountNumber),
    bankName: e.bankName,
    dateOfJoining: e.dateOfJoining,
  };
}

/**
 * The one input the month calculation takes, from the chunk's bulk reads: the structure's recurring
 * lines through the domain's own mapping (monthEarningsFromStructure, monthDeductionsFromStructure),
 * the organisation's statutory settings, the payable days and the year so far.
 */
export function buildMonthInput(ctx: MonthContext, inputs: EmployeeInputs): EmployeeMonthInput {
  return monthInputAndLop(ctx, inputs).input;
}

/** The month's input and the loss of pay per date it pays for (its own month and the earlier months it corrects). */
function monthInputAndLop(ctx: MonthContext, inputs: EmployeeInputs): { input: EmployeeMonthInput; lopByMonth: Record<string, Record<string, number>>; corrections: WageCorrection[] } {
  const { employee, structure } = inputs;
  const { statutory } = ctx;
  const days = computePayableDays({ period: ctx.period, dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving, days: { byDate: inputs.days } });
  // A leaver's final month is the last of the year's salary from us (s.192: no months after it to project).
  const leaves = employee.dateOfLeaving !== null && employee.dateOfLeaving <= ctx.period.end;
  const person = { gender: GENDERS[employee.gender] ?? 'Male', ageOn: (date: string) => (employee.dateOfBirth ? ageOn(employee.dateOfBirth, date) : null) };
  const revised = inputs.arrears ? arrearsFor(ctx, inputs.arrears, person) : undefined;
  // Loss of pay changed after an earlier month was finalized: recovered or reversed here (payroll-lop.ts).
  const lop = inputs.lop
    ? lopAdjustmentsFor(ctx, inputs.lop, { ...person, structure, revisions: inputs.arrears?.revisions ?? [], dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving })
    : undefined;
  // Pay of a month the employee was excluded from, brought into this one (payroll-excluded.ts).
  const excluded = inputs.excluded
    ? excludedPayFor(ctx, inputs.excluded, { ...person, structure, revisions: inputs.arrears?.revisions ?? [], dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving })
    : undefined;
  const arrears = [...(revised?.lines ?? []), ...(lop?.lines ?? []), ...(excluded?.lines ?? [])];
  const lopByMonth = { ...(lop?.settled ?? {}), [ctx.month]: lopDaysByDate({ period: ctx.period, dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving, days: { byDate: inputs.days } }) };
  const earnings = revised?.currentEarnings ?? monthEarningsFromStructure(structure.lines, ctx.tenantEarnings, { considerAllSalaryComponents: statutory.epf.considerAllSalaryComponents });
  const regime = inputs.declaration?.regime ?? structure.regime;
  const input: EmployeeMonthInput = {
    month: ctx.month,
    period: ctx.period,
    payableDays: days.payableDays,
    lopDays: days.lopDays,
    earnings,
    deductions: monthDeductionsFromStructure(structure.lines, ctx.tenantDeductions),
    adjustments: inputs.adjustments.map((a) => ({ kind: a.kind, category: a.category, label: a.label, amountPaise: a.amountPaise, taxable: a.taxable })),
    ...(revised || arrears.length > 0 ? { arrears } : {}),
    ...(inputs.reimbursements?.length ? { reimbursements: inputs.reimbursements } : {}),
    // A leaver's outstanding balance is recovered whole by the full-and-final settlement, not by an instalment here.
    ...(inputs.loans && inputs.loans.length > 0 && !leaves ? { loans: inputs.loans.map(monthLoanOf) } : {}),
    epf: { enabled: statutory.epf.enabled, settings: statutory.epf.settings, wageBase: statutory.epf.wageBase },
    esi: { enabled: statutory.esi.enabled, forceCalculate: structure.forceEsi, coveredAtPeriodStart: inputs.esiCoveredAtStart, wageBase: statutory.esi.wageBase },
    // The employee's work location decides the state; without one, the organisation's setting.
    professionalTax: { ...statutory.professionalTax, stateCode: statutory.professionalTax.enabled ? (employee.workStateCode ?? statutory.professionalTax.stateCode) : null },
    lwf: { ...statutory.lwf, stateCode: statutory.lwf.enabled ? (employee.workStateCode ?? statutory.lwf.stateCode) : null },
    gender: GENDERS[employee.gender] ?? 'Male',
    ageYears: employee.dateOfBirth ? ageOn(employee.dateOfBirth, ctx.period.start) : null,
    tds: {
      enabled: isTaxFinancialYear(ctx.financialYear),
      financialYear: ctx.financialYear,
      regime,
      ageBand: ageBandOf(employee.dateOfBirth, ctx.financialYear),
      grossSoFarPaise: inputs.ytd?.taxableGrossPaise ?? 0,
      tdsSoFarPaise: inputs.ytd?.tdsPaise ?? 0,
      remainingMonths: leaves ? 1 : ctx.remainingMonths,
      // Old regime: the year's professional tax and EPF (80C) as the structure projects them, as the preview does.
      deductionsForYearPaise: salaryDeductionsForYear({
        financialYear: ctx.financialYear,
        regime: structure.regime,
        annualProfessionalTaxPaise: structure.annualProfessionalTaxPaise,
        annualEmployeeEpfPaise: structure.annualEmployeeEpfPaise,
      }),
      ...(inputs.declaration ? { declaration: tdsDeclarationOf(ctx, inputs, earnings) } : {}),
    },
  };
  // Earlier months' wages paid here, by month and kind: the paying month's returns report them.
  const corrections = [...(lop?.corrections ?? []), ...(excluded?.corrections ?? [])];
  return { input, lopByMonth, corrections };
}

/**
 * The declaration as the month's TDS takes it: the basic and HRA paid so far this year (for rule 2A),
 * the months they were paid in, and the structure's year of professional tax and EPF (as the summary's
 * DeclarationService.positionOf builds them).
 */
function tdsDeclarationOf(ctx: MonthContext, inputs: EmployeeInputs, earnings: readonly { code: string; taxCategory?: 'basic' | 'hra' }[]): MonthTdsDeclaration {
  const declaration = inputs.declaration as RunDeclaration;
  const codes = (category: 'basic' | 'hra') => new Set(earnings.filter((e) => e.taxCategory === category).map((e) => e.code));
  const soFar = (set: Set<string>) => (inputs.ytd?.lines ?? []).filter((l) => l.section === 'earning' && set.has(l.code)).reduce((s, l) => s + l.amountPaise, 0);
  return {
    figures: declaration.figures,
    useAllowed: declaration.useAllowed,
    basicSoFarPaise: soFar(codes('basic')),
    hraSoFarPaise: soFar(codes('hra')),
    paidMonths: paidMonthsBefore(Number(ctx.financialYear.slice(0, 4)), ctx.month, inputs.employee.dateOfJoining),
    professionalTaxForYearPaise: inputs.structure.annualProfessionalTaxPaise,
    employeeEpfForYearPaise: inputs.structure.annualEmployeeEpfPaise,
    statusText: declaration.statusText,
  };
}

/** The financial year so far including this month: the stored year-to-date of the new payslip. */
function addYtd(before: StoredYtd | undefined, result: EmployeeMonthResult): StoredYtd {
  const lines = new Map((before?.lines ?? []).map((l) => [`${l.section}|${l.code}`, { ...l }]));
  for (const l of result.lines) {
    const key = `${l.section}|${l.code}`;
    const line = lines.get(key);
    if (line) {
      line.amountPaise += l.amountPaise;
      line.label = l.label;
    } else {
      lines.set(key, { code: l.code, label: l.label, section: l.section, amountPaise: l.amountPaise });
    }
  }
  return {
    grossPaise: (before?.grossPaise ?? 0) + result.grossPaise,
    deductionsPaise: (before?.deductionsPaise ?? 0) + result.totalDeductionsPaise,
    netPaise: (before?.netPaise ?? 0) + result.netPaise,
    tdsPaise: (before?.tdsPaise ?? 0) + result.tdsPaise,
    taxableGrossPaise: (before?.taxableGrossPaise ?? 0) + result.taxableGrossPaise,
    lines: [...lines.values()],
  };
}

/** One employee's payslip and lines, ready for the chunk's multi-row insert. */
export function computePayslip(ctx: MonthContext, inputs: EmployeeInputs): { payslip: PayslipWrite; lines: LineWrite[]; recoveries: RecoveryWrite[] } {
  const { input, lopByMonth, corrections } = monthInputAndLop(ctx, inputs);
  const result = computeEmployeeMonth(input);
  const id = payslipIdOf(ctx.runId, inputs.employee.id);
  return {
    payslip: {
      id,
      userId: inputs.employee.id,
      holdKind: inputs.employee.holdKind === 'payout' ? 'payout' : null,
      employee: employeeSnapshot(inputs.employee),
      daysInPeriod: result.periodDays,
      payableDays: result.payableDays,
      lopDays: result.lopDays,
      grossPaise: result.grossPaise,
      deductionsPaise: result.totalDeductionsPaise,
      netPaise: result.netPaise,
      employerCostPaise: result.employerCostPaise,
      tdsPaise: result.tdsPaise,
      taxRegime: inputs.declaration?.regime ?? inputs.structure.regime,
      ytd: addYtd(inputs.ytd, result),
      tdsExplanation: result.tdsExplanation,
      // The month's own wage bases; earlier months paid here (LOP corrections, excluded pay) keep
      // theirs, month by month (the returns add them).
      wages: corrections.length > 0 ? { ...result.wages, corrections } : result.wages,
      lopByMonth,
    },
    lines: result.lines.map((l, i) => ({ payslipId: id, seq: i + 1, section: l.section, code: l.code, label: l.label, amountPaise: l.amountPaise, explanation: l.explanation })),
    recoveries: result.loans.map((o) => ({
      loanId: o.loanId,
      userId: inputs.employee.id,
      runId: ctx.runId,
      payslipId: id,
      month: ctx.month,
      instalmentNo: o.instalmentNo,
      status: o.status,
      amountPaise: o.amountPaise,
      principalPaise: o.principalPaise,
      interestPaise: o.interestPaise,
      balanceAfterPaise: o.balanceAfterPaise,
      perquisitePaise: o.perquisitePaise,
    })),
  };
}
