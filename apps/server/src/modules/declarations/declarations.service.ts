import {
  DECLARATION_INCOME_FIELDS,
  DECLARATION_MSG,
  DECLARATION_STATUS_LABELS,
  DeclarationStatus,
  LANDLORD_PAN_RENT_LIMIT,
  TaxWindowStatus,
  can,
  deductionOptionsOf,
  type Declaration,
  type DeclarationIncomeField,
  type DeclarationInput,
  type DeclarationQuery,
  type DeclarationSummary,
  type DeclarationSummaryQuery,
  type DeductionOptionCategory,
  type HomeLoan,
  type HomeLoanInput,
  type TaxComputation,
} from '@tankha/contracts';
import {
  clampToItemLimit,
  computeLetOutProperty,
  computeTaxPosition,
  dateInZone,
  deductionLimitViolations,
  financialYearStartOf,
  isTaxFinancialYear,
  monthDeductionsFromStructure,
  monthEarningsFromStructure,
  paidMonthsBefore,
  projectTaxSalaryYear,
  rupeesToPaise,
  taxDeductionItem,
  type TaxAgeBand,
  type TaxAmountReading,
  type TaxDeclarationFigures,
  type TaxFinancialYear,
  type TaxPosition,
  type TaxPositionInput,
  type TaxRegimeCode,
  paiseToRupees,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import type { PayslipService } from '../payroll/payslips.service';
import type { SalaryService } from '../salary/salary.service';
import type { TaxWindowService } from '../tax-declarations/tax-declarations.service';
import * as repo from './declarations.repo';

const reading = (declaredPaise: number, allowedPaise: number | null | undefined): TaxAmountReading => ({ declaredPaise, allowedPaise: allowedPaise ?? null });
const taxYearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;
const monthOf = (date: string) => date.slice(0, 7);
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** Statuses whose amounts count for tax (a draft's and a rejected declaration's do not; their regime does). */
const COUNTING: readonly number[] = [DeclarationStatus.Submitted, DeclarationStatus.OnHold, DeclarationStatus.Approved];

/** Age at the end of the financial year decides the senior-citizen slabs (as the payroll run: payroll.compute ageBandOf). */
function ageBandOf(dateOfBirth: string | null, financialYearStart: number): TaxAgeBand {
  if (!dateOfBirth) return 'below60';
  const on = `${String(financialYearStart + 1)}-03-31`;
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - (on.slice(5) < dateOfBirth.slice(5) ? 1 : 0);
  return years < 60 ? 'below60' : years < 80 ? '60to80' : 'above80';
}

/**
 * The figures of a stored declaration for the tax (domain TaxDeclarationFigures), or null when its
 * amounts do not count (draft, rejected).
 */
export function figuresOf(agg: repo.DeclarationAggregate): TaxDeclarationFigures | null {
  const d = agg.declaration;
  if (!COUNTING.includes(d.status)) return null;
  const loanFigures = (l: repo.HomeLoanRow) => ({ principal: reading(l.principalPaidPaise, l.allowedPrincipalPaidPaise), interest: reading(l.interestPaidPaise, l.allowedInterestPaidPaise) });
  const self = d.hasLoanOnSelfOccupiedHome ? agg.loans.find((l) => l.letOutId === null) : undefined;
  return {
    rents: d.isRentedAccommodation
      ? agg.rents.map((r) => ({ fromMonth: monthOf(r.rentalPeriodStart), toMonth: monthOf(r.rentalPeriodEnd), amount: reading(r.declaredAmountPaise, r.allowedAmountPaise), metro: r.urbanizationType === 'Metro' }))
      : [],
    selfOccupiedLoan: self ? loanFigures(self) : null,
    letOuts: d.isLetOutProperty
      ? agg.letOuts.map((p) => {
          const loan = p.hasHomeLoan ? agg.loans.find((l) => l.letOutId === p.id) : undefined;
          return {
            annualRent: reading(p.annualRentReceivedPaise, p.allowedAnnualRentReceivedPaise),
            municipalTax: reading(p.municipalTaxesPaidPaise, p.allowedMunicipalTaxesPaidPaise),
            loan: loan ? loanFigures(loan) : null,
          };
        })
      : [],
    otherIncome: {
      other: reading(d.incomeOtherSourcesPaise, d.allowedIncomeOtherSourcesPaise),
      savingsInterest: reading(d.interestFromSavingsPaise, d.allowedInterestFromSavingsPaise),
      fdInterest: reading(d.interestFromFdPaise, d.allowedInterestFromFdPaise),
      nscInterest: reading(d.interestFromNscPaise, d.allowedInterestFromNscPaise),
    },
    previousEmployment: {
      income: reading(d.previousEmploymentIncomePaise, d.allowedPreviousEmploymentIncomePaise),
      taxPaid: reading(d.previousEmploymentTaxPaidPaise, d.allowedPreviousEmploymentTaxPaidPaise),
      professionalTax: reading(d.previousEmploymentProfessionalTaxPaise, d.allowedPreviousEmploymentProfessionalTaxPaise),
      epf: reading(d.previousEmploymentEpfPaise, d.allowedPreviousEmploymentEpfPaise),
      leaveEncashment: reading(d.previousEmploymentLeaveEncashmentPaise, d.allowedPreviousEmploymentLeaveEncashmentPaise),
    },
    deductions: agg.deductions.filter((x) => taxDeductionItem(x.deductionItemId)).map((x) => ({ itemId: x.deductionItemId, amount: reading(x.declaredAmountPaise, x.allowedAmountPaise) })),
  };
}

/**
 * Whether the reviewed (allowed) amounts apply in a payroll month: from the POI window's "process
 * payroll from" month on (payroll spec §3 processPayrollFromMonth), or at once when none is set.
 */
export function allowedAppliesIn(month: string, financialYearStart: number, processPayrollFromMonth: number | null): boolean {
  if (processPayrollFromMonth === null) return true;
  const fromYear = processPayrollFromMonth >= 4 ? financialYearStart : financialYearStart + 1;
  return month >= `${String(fromYear)}-${String(processPayrollFromMonth).padStart(2, '0')}`;
}

function homeLoanOut(l: repo.HomeLoanRow): HomeLoan {
  return {
    id: l.id,
    principalPaidOnHomeLoan: paiseToRupees(l.principalPaidPaise),
    interestPaidOnHomeLoan: paiseToRupees(l.interestPaidPaise),
    actualPrincipalPaidOnHomeLoan: paiseToRupees(l.actualPrincipalPaidPaise),
    actualInterestPaidOnHomeLoan: paiseToRupees(l.actualInterestPaidPaise),
    allowedPrincipalPaidOnHomeLoan: paiseToRupees(l.allowedPrincipalPaidPaise),
    allowedInterestPaidOnHomeLoan: paiseToRupees(l.allowedInterestPaidPaise),
    lenderName: l.lenderName,
    lenderPan: l.lenderPan,
    isPOISubmitted: l.isPoiSubmitted,
    isApproved: l.isApproved,
  };
}

/** The stored declaration on the wire (payroll spec §3), in rupees, with the computed let-out figures. */
export function declarationOut(agg: repo.DeclarationAggregate): Declaration {
  const d = agg.declaration;
  const self = agg.loans.find((l) => l.letOutId === null);
  const letOutProperties = agg.letOuts.map((p) => {
    const loan = agg.loans.find((l) => l.letOutId === p.id) ?? null;
    const r = computeLetOutProperty({ annualRentPaise: p.annualRentReceivedPaise, municipalTaxPaise: p.municipalTaxesPaidPaise, interestPaise: p.hasHomeLoan && loan ? loan.interestPaidPaise : 0 });
    return {
      id: p.id,
      hasHomeLoan: p.hasHomeLoan,
      annualRentReceived: paiseToRupees(p.annualRentReceivedPaise),
      municipalTaxesPaid: paiseToRupees(p.municipalTaxesPaidPaise),
      netAnnualValue: paiseToRupees(r.netAnnualValuePaise),
      standardDeduction: paiseToRupees(r.standardDeductionPaise),
      netIncomeOrLoss: paiseToRupees(r.netIncomePaise),
      actualAnnualRentReceived: paiseToRupees(p.actualAnnualRentReceivedPaise),
      actualMunicipalTaxesPaid: paiseToRupees(p.actualMunicipalTaxesPaidPaise),
      allowedAnnualRentReceived: paiseToRupees(p.allowedAnnualRentReceivedPaise),
      allowedMunicipalTaxesPaid: paiseToRupees(p.allowedMunicipalTaxesPaidPaise),
      homeLoanDetail: loan ? homeLoanOut(loan) : null,
      isPOISubmitted: p.isPoiSubmitted,
      isApproved: p.isApproved,
    };
  });
  const houseRentDetails = agg.rents.map((r) => ({
    id: r.id,
    rentalPeriodStart: monthOf(r.rentalPeriodStart),
    rentalPeriodEnd: monthOf(r.rentalPeriodEnd),
    totalAmount: paiseToRupees(r.declaredAmountPaise),
    actualAmount: paiseToRupees(r.actualAmountPaise),
    allowedAmount: paiseToRupees(r.allowedAmountPaise),
    address: r.address,
    landlordName: r.landlordName,
    landlordPan: r.landlordPan,
    urbanizationType: r.urbanizationType,
    isPOISubmitted: r.isPoiSubmitted,
    isApproved: r.isApproved,
  }));
  const deductions = agg.deductions.map((x) => ({
    id: x.id,
    categoryId: x.categoryId,
    deductionItemId: x.deductionItemId,
    deductionItemName: taxDeductionItem(x.deductionItemId)?.name ?? `Item ${String(x.deductionItemId)}`,
    declaredAmount: paiseToRupees(x.declaredAmountPaise),
    actualAmount: paiseToRupees(x.actualAmountPaise),
    allowedAmount: paiseToRupees(x.allowedAmountPaise),
    isPOISubmitted: x.isPoiSubmitted,
    isApproved: x.isApproved,
  }));
  // The form's footer "Total Declared": every declared amount of the sections answered Yes.
  const declaredPaise =
    (d.isRentedAccommodation ? agg.rents.reduce((s, r) => s + r.declaredAmountPaise, 0) : 0) +
    (d.hasLoanOnSelfOccupiedHome && self ? self.principalPaidPaise + self.interestPaidPaise : 0) +
    (d.isLetOutProperty ? agg.letOuts.reduce((s, p) => s + p.annualRentReceivedPaise, 0) : 0) +
    d.incomeOtherSourcesPaise +
    d.interestFromSavingsPaise +
    d.interestFromFdPaise +
    d.interestFromNscPaise +
    agg.deductions.reduce((s, x) => s + x.declaredAmountPaise, 0) +
    d.previousEmploymentIncomePaise;
  return {
    id: d.id,
    employeeId: d.userId,
    financialYearStart: d.financialYearStart,
    financialYearEnd: d.financialYearStart + 1,
    status: d.status,
    regime: d.regime === 0 ? 0 : 1,
    isDraft: d.isDraft,
    isSubmitted: d.isSubmitted,
    isPOIFormSubmitted: d.isPoiFormSubmitted,
    poiStatus: d.poiStatus,
    isRentedAccomodation: d.isRentedAccommodation,
    isLetOutProperty: d.isLetOutProperty,
    hasLoanOnSelfOccupiedHome: d.hasLoanOnSelfOccupiedHome,
    houseRentDetails,
    letOutProperties,
    selfOccupiedHomeLoan: self ? homeLoanOut(self) : null,
    deductions,
    incomeOtherSources: paiseToRupees(d.incomeOtherSourcesPaise),
    interestFromSavings: paiseToRupees(d.interestFromSavingsPaise),
    interestFromFD: paiseToRupees(d.interestFromFdPaise),
    interestFromNSC: paiseToRupees(d.interestFromNscPaise),
    previousEmploymentIncome: paiseToRupees(d.previousEmploymentIncomePaise),
    previousEmploymentTaxPaid: paiseToRupees(d.previousEmploymentTaxPaidPaise),
    previousEmploymentProfessionalTax: paiseToRupees(d.previousEmploymentProfessionalTaxPaise),
    previousEmploymentEPF: paiseToRupees(d.previousEmploymentEpfPaise),
    previousEmploymentLeaveEncashment: paiseToRupees(d.previousEmploymentLeaveEncashmentPaise),
    actualIncomeOtherSources: paiseToRupees(d.actualIncomeOtherSourcesPaise),
    actualInterestFromSavings: paiseToRupees(d.actualInterestFromSavingsPaise),
    actualInterestFromFD: paiseToRupees(d.actualInterestFromFdPaise),
    actualInterestFromNSC: paiseToRupees(d.actualInterestFromNscPaise),
    actualPreviousEmploymentIncome: paiseToRupees(d.actualPreviousEmploymentIncomePaise),
    actualPreviousEmploymentTaxPaid: paiseToRupees(d.actualPreviousEmploymentTaxPaidPaise),
    actualPreviousEmploymentProfessionalTax: paiseToRupees(d.actualPreviousEmploymentProfessionalTaxPaise),
    actualPreviousEmploymentEPF: paiseToRupees(d.actualPreviousEmploymentEpfPaise),
    actualPreviousEmploymentLeaveEncashment: paiseToRupees(d.actualPreviousEmploymentLeaveEncashmentPaise),
    allowedIncomeOtherSources: paiseToRupees(d.allowedIncomeOtherSourcesPaise),
    allowedInterestFromSavings: paiseToRupees(d.allowedInterestFromSavingsPaise),
    allowedInterestFromFD: paiseToRupees(d.allowedInterestFromFdPaise),
    allowedInterestFromNSC: paiseToRupees(d.allowedInterestFromNscPaise),
    allowedPreviousEmploymentIncome: paiseToRupees(d.allowedPreviousEmploymentIncomePaise),
    allowedPreviousEmploymentTaxPaid: paiseToRupees(d.allowedPreviousEmploymentTaxPaidPaise),
    allowedPreviousEmploymentProfessionalTax: paiseToRupees(d.allowedPreviousEmploymentProfessionalTaxPaise),
    allowedPreviousEmploymentEPF: paiseToRupees(d.allowedPreviousEmploymentEpfPaise),
    allowedPreviousEmploymentLeaveEncashment: paiseToRupees(d.allowedPreviousEmploymentLeaveEncashmentPaise),
    declaredAmount: paiseToRupees(declaredPaise),
    submissionDate: d.submittedAt ? new Date(d.submittedAt).toISOString() : null,
    submittedByName: agg.submittedByName,
    lastUpdated: new Date(d.updatedAt).toISOString(),
  };
}

/** The income and previous-employment fields with their actual and allowed readings. */
function incomeFieldsOf(d: Declaration): Pick<Declaration, DeclarationIncomeField | `actual${Capitalize<DeclarationIncomeField>}` | `allowed${Capitalize<DeclarationIncomeField>}`> {
  const out: Record<string, number | null> = {};
  for (const f of DECLARATION_INCOME_FIELDS) {
    const cap = `${f.charAt(0).toUpperCase()}${f.slice(1)}`;
    out[f] = d[f];
    out[`actual${cap}`] = d[`actual${cap}` as keyof Declaration] as number | null;
    out[`allowed${cap}`] = d[`allowed${cap}` as keyof Declaration] as number | null;
  }
  return out as Pick<Declaration, DeclarationIncomeField | `actual${Capitalize<DeclarationIncomeField>}` | `allowed${Capitalize<DeclarationIncomeField>}`>;
}

function computationOut(position: TaxPosition, financialYear: string): TaxComputation {
  const t = position.tax;
  const hraLine = t.lines.find((l) => l.code === 'exemption.hra');
  return {
    financialYear,
    grossSalary: paiseToRupees(t.grossSalaryPaise),
    exemptions: paiseToRupees(t.exemptionsPaise),
    hraExemption: paiseToRupees(t.regime === 0 ? (hraLine?.amountPaise ?? 0) : 0),
    standardDeduction: paiseToRupees(t.standardDeductionPaise),
    professionalTax: paiseToRupees(t.professionalTaxPaise),
    incomeFromSalary: paiseToRupees(t.incomeFromSalaryPaise),
    housePropertyIncome: paiseToRupees(t.housePropertyPaise),
    otherIncome: paiseToRupees(t.otherIncomePaise),
    grossTotalIncome: paiseToRupees(t.grossTotalIncomePaise),
    section80C: paiseToRupees(t.section80CPaise),
    otherChapterVIA: paiseToRupees(t.otherChapterVIAPaise),
    taxableIncome: paiseToRupees(t.taxableIncomePaise),
    baseTax: paiseToRupees(t.baseTaxPaise),
    rebate87A: paiseToRupees(t.rebate87APaise),
    surcharge: paiseToRupees(t.surchargePaise),
    cess: paiseToRupees(t.cessPaise),
    totalTax: paiseToRupees(t.totalTaxPaise),
    lines: t.lines.map((l) => ({ code: l.code, text: l.text, amount: l.amountPaise === undefined ? null : paiseToRupees(l.amountPaise) })),
    reviewLines: position.reviewLines,
  };
}

/** An employee's tax position for a year (the one server-side path: summary, comparison; the run uses the same domain call). */
export interface EmployeeTaxPosition {
  position: TaxPosition;
  regime: TaxRegimeCode;
  financialYear: TaxFinancialYear;
  /** The payroll month the projection stands in. */
  month: string;
  declaration: repo.DeclarationAggregate | undefined;
  /** What the salary is: "paid April–June ₹…, then ₹… a month from July". */
  salaryBasis: string;
  /** The input given to computeTaxPosition (the regime comparison runs it for both regimes). */
  input: TaxPositionInput;
}

/** A chunk's declarations for the payroll run. */
export interface RunDeclaration {
  regime: TaxRegimeCode;
  figures: TaxDeclarationFigures | null;
  useAllowed: boolean;
  statusText: string;
}

/**
 * The chunk's declarations for a payroll month, in one query: each employee's regime and, for a
 * declaration whose amounts count, its figures (allowed amounts from the POI's payroll month on).
 * Needs nothing but the database (the demo seed's run uses it too).
 */
export async function declarationsForRun(scope: TenantScope, userIds: readonly string[], month: string): Promise<Map<string, RunDeclaration>> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const financialYearStart = m >= 4 ? y : y - 1;
  const { declarations, poiFromMonth } = await repo.findDeclarationsOfUsers(scope.db, userIds, financialYearStart);
  const useAllowed = allowedAppliesIn(month, financialYearStart, poiFromMonth);
  const out = new Map<string, RunDeclaration>();
  for (const [userId, agg] of declarations) {
    const status = agg.declaration.status as keyof typeof DECLARATION_STATUS_LABELS;
    out.set(userId, { regime: agg.declaration.regime === 0 ? 0 : 1, figures: figuresOf(agg), useAllowed, statusText: (DECLARATION_STATUS_LABELS[status] ?? 'Draft').toLowerCase() });
  }
  return out;
}

/**
 * Form 24Q Annexure II: each employee's rent declared for the year (Σ of the rent periods as
 * declared) and the landlords named (PAN and name, each PAN once, in the order declared).
 */
export async function declaredRentsOf(scope: TenantScope, userIds: readonly string[], financialYearStart: number): Promise<Map<string, { rentPaise: number; landlords: { pan: string; name: string }[] }>> {
  const { declarations } = await repo.findDeclarationsOfUsers(scope.db, userIds, financialYearStart);
  const out = new Map<string, { rentPaise: number; landlords: { pan: string; name: string }[] }>();
  for (const [userId, agg] of declarations) {
    if (!agg.declaration.isRentedAccommodation) continue;
    const landlords: { pan: string; name: string }[] = [];
    for (const r of agg.rents) {
      const pan = (r.landlordPan ?? '').trim().toUpperCase();
      if (pan !== '' && !landlords.some((l) => l.pan === pan)) landlords.push({ pan, name: (r.landlordName ?? '').trim() });
    }
    out.set(userId, { rentPaise: agg.rents.reduce((s, r) => s + r.declaredAmountPaise, 0), landlords });
  }
  return out;
}

/**
 * The employee's income-tax declaration: the deduction catalogue, the declaration
 * (create, update, submit; an administrator on behalf), the overall summary, and the tax position that
 * the summary, the regime comparison and the payroll run's TDS share.
 */
export class DeclarationService {
  constructor(private readonly deps: { clock: Clock; windows: TaxWindowService; salary: Pick<SalaryService, 'payStructures'>; payslips: Pick<PayslipService, 'taxYearSoFar'> }) {}

  options(): DeductionOptionCategory[] {
    return deductionOptionsOf();
  }

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), scope.ctx.timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : scope.ctx.timeZone);
  }

  /** Own by default; another employee's needs declarations.onBehalf (403 otherwise, 404 when not in the organisation). */
  private async employeeFor(scope: Scope, userId: string | undefined): Promise<repo.EmployeeRow> {
    const id = userId ?? scope.ctx.userId;
    if (id !== scope.ctx.userId && !can(scope.ctx.roleId, 'declarations.onBehalf')) throw forbidden();
    const employee = await repo.findEmployee(scope.db, id);
    if (!employee) throw notFound(DECLARATION_MSG.employeeNotFound);
    return employee;
  }

  async get(scope: Scope, query: DeclarationQuery): Promise<Declaration | null> {
    const employee = await this.employeeFor(scope, query.employeeId);
    const year = query.financialYearStart ?? financialYearStartOf(this.today(scope));
    const agg = await repo.findDeclaration(scope.db, employee.id, year);
    return agg ? declarationOut(agg) : null;
  }

  async create(scope: Scope, input: DeclarationInput): Promise<Declaration> {
    const employee = await this.employeeFor(scope, input.employeeId);
    await this.assertWindow(scope, employee.id, input.financialYearStart);
    const sections = this.checkInput(input);
    const now = this.deps.clock.now();
    const id = await repo.insertDeclaration(scope.db, employee.id, input.financialYearStart, {
      ...this.rowValues(input, scope, now, DeclarationStatus.Draft),
      // The intended regime starts as the salary structure's (so declaring changes no TDS by itself); the regime switch changes it.
      regime: employee.regimeType === 0 ? 0 : 1,
      createdAt: now,
    });
    if (!id) throw conflict(DECLARATION_MSG.alreadyExists);
    await repo.replaceSections(scope.db, id, sections);
    return this.reload(scope, id);
  }

  async update(scope: Scope, declarationId: string, input: DeclarationInput): Promise<Declaration> {
    const existing = await repo.findDeclarationById(scope.db, declarationId, true);
    if (!existing) throw notFound(DECLARATION_MSG.notFound);
    const d = existing.declaration;
    await this.employeeFor(scope, d.userId);
    if (input.employeeId && input.employeeId !== d.userId) throw badRequest(DECLARATION_MSG.notYourDeclaration, { employeeId: DECLARATION_MSG.notYourDeclaration });
    if (input.financialYearStart !== d.financialYearStart) throw badRequest(DECLARATION_MSG.yearMismatch, { financialYearStart: DECLARATION_MSG.yearMismatch });
    if (d.status === DeclarationStatus.Approved) throw conflict(DECLARATION_MSG.approvedNoEdit);
    if (d.isSubmitted && input.isDraft) throw badRequest(DECLARATION_MSG.draftAfterSubmit, { isDraft: DECLARATION_MSG.draftAfterSubmit });
    await this.assertWindow(scope, d.userId, d.financialYearStart);
    const sections = this.checkInput(input);
    await repo.updateDeclaration(scope.db, d.id, this.rowValues(input, scope, this.deps.clock.now(), d.status));
    await repo.replaceSections(scope.db, d.id, sections);
    return this.reload(scope, d.id);
  }

  /** A declaration with its sections, by id (proofs, comments and the team review build on it). */
  async aggregateById(scope: TenantScope, id: string, forUpdate = false): Promise<repo.DeclarationAggregate | undefined> {
    return repo.findDeclarationById(scope.db, id, forUpdate);
  }

  /** An employee's declaration of a financial year with its sections. */
  async aggregateOf(scope: TenantScope, userId: string, financialYearStart: number): Promise<repo.DeclarationAggregate | undefined> {
    return repo.findDeclaration(scope.db, userId, financialYearStart);
  }

  private async reload(scope: TenantScope, id: string): Promise<Declaration> {
    const agg = await repo.findDeclarationById(scope.db, id);
    if (!agg) throw new Error('declaration vanished after its write');
    return declarationOut(agg);
  }

  /**
   * Employees declare while the year's declaration window is open (payroll spec §2: otherwise
   * 'Investment Declaration submission is locked'); an administrator submitting on an employee's
   * behalf may do so at any time.
   */
  private async assertWindow(scope: Scope, userId: string, financialYearStart: number): Promise<void> {
    const current = financialYearStartOf(this.today(scope));
    if (financialYearStart !== current && financialYearStart !== current + 1) throw badRequest(DECLARATION_MSG.yearNotOpen, { financialYearStart: DECLARATION_MSG.yearNotOpen });
    if (userId !== scope.ctx.userId && can(scope.ctx.roleId, 'declarations.onBehalf')) return;
    const state = await this.deps.windows.windowState(scope, financialYearStart);
    if (state.declaration.locked) throw conflict(DECLARATION_MSG.locked);
  }

  private rowValues(input: DeclarationInput, scope: Scope, now: Date, currentStatus: number): Partial<repo.DeclarationWrite> {
    const submitted = input.isSubmitted;
    return {
      // A submission (again) goes to review as Submitted; a draft stays a draft (payroll spec §4).
      status: submitted ? DeclarationStatus.Submitted : currentStatus,
      isDraft: !submitted,
      isSubmitted: submitted,
      isRentedAccommodation: input.isRentedAccomodation,
      isLetOutProperty: input.isLetOutProperty,
      hasLoanOnSelfOccupiedHome: input.hasLoanOnSelfOccupiedHome,
      incomeOtherSourcesPaise: rupeesToPaise(input.incomeOtherSources),
      interestFromSavingsPaise: rupeesToPaise(input.interestFromSavings),
      interestFromFdPaise: rupeesToPaise(input.interestFromFD),
      interestFromNscPaise: rupeesToPaise(input.interestFromNSC),
      previousEmploymentIncomePaise: rupeesToPaise(input.previousEmploymentIncome),
      previousEmploymentTaxPaidPaise: rupeesToPaise(input.previousEmploymentTaxPaid),
      previousEmploymentProfessionalTaxPaise: rupeesToPaise(input.previousEmploymentProfessionalTax),
      previousEmploymentEpfPaise: rupeesToPaise(input.previousEmploymentEPF),
      previousEmploymentLeaveEncashmentPaise: rupeesToPaise(input.previousEmploymentLeaveEncashment),
      ...(submitted ? { submittedAt: now, submittedBy: scope.ctx.userId } : {}),
      updatedAt: now,
    };
  }

  /** Payroll spec §5 and Form 12BB: the sections' rules; answers the rows to write. */
  private checkInput(input: DeclarationInput): Parameters<typeof repo.replaceSections>[2] {
    const fy = input.financialYearStart;
    const first = `${String(fy)}-04`;
    const last = `${String(fy + 1)}-03`;
    const rents = input.isRentedAccomodation ? input.houseRentDetails : [];
    if (input.isRentedAccomodation && rents.length === 0) throw badRequest(DECLARATION_MSG.rentedHouseRequired, { houseRentDetails: DECLARATION_MSG.rentedHouseRequired });
    const sorted = rents.map((r, i) => ({ r, i })).sort((a, b) => a.r.rentalPeriodStart.localeCompare(b.r.rentalPeriodStart));
    sorted.forEach(({ r, i }, k) => {
      const at = (f: string) => `houseRentDetails.${String(i)}.${f}`;
      if (r.rentalPeriodEnd < r.rentalPeriodStart) throw badRequest(DECLARATION_MSG.rentPeriodOrder, { [at('rentalPeriodEnd')]: DECLARATION_MSG.rentPeriodOrder });
      if (r.rentalPeriodStart < first || r.rentalPeriodEnd > last) throw badRequest(DECLARATION_MSG.rentPeriodOutsideYear, { [at('rentalPeriodStart')]: DECLARATION_MSG.rentPeriodOutsideYear });
      const prev = sorted[k - 1];
      if (prev && prev.r.rentalPeriodEnd >= r.rentalPeriodStart) throw badRequest(DECLARATION_MSG.rentOverlap, { [at('rentalPeriodStart')]: DECLARATION_MSG.rentOverlap });
      if (r.totalAmount <= 0) throw badRequest(DECLARATION_MSG.rentAmountRequired, { [at('totalAmount')]: DECLARATION_MSG.rentAmountRequired });
      if (r.totalAmount > LANDLORD_PAN_RENT_LIMIT && !r.landlordPan) throw badRequest(DECLARATION_MSG.landlordPanRequired, { [at('landlordPan')]: DECLARATION_MSG.landlordPanRequired });
    });
    const letOuts = input.isLetOutProperty ? input.letOutProperties : [];
    if (input.isLetOutProperty && letOuts.length === 0) throw badRequest(DECLARATION_MSG.letOutRequired, { letOutProperties: DECLARATION_MSG.letOutRequired });
    const selfLoan = input.hasLoanOnSelfOccupiedHome ? input.selfOccupiedHomeLoan : null;
    if (input.hasLoanOnSelfOccupiedHome && !selfLoan) throw badRequest(DECLARATION_MSG.homeLoanRequired, { selfOccupiedHomeLoan: DECLARATION_MSG.homeLoanRequired });

    const deductions = input.deductions.map((x, i) => {
      const item = taxDeductionItem(x.deductionItemId);
      if (!item) throw badRequest(DECLARATION_MSG.unknownDeductionItem, { [`deductions.${String(i)}.deductionItemId`]: DECLARATION_MSG.unknownDeductionItem });
      // Payroll spec §5: each item is clamped to its limit (the form does the same as it is typed).
      return { id: x.id, seq: i, categoryId: item.categoryId, deductionItemId: item.itemId, declaredAmountPaise: clampToItemLimit(item.itemId, rupeesToPaise(x.declaredAmount)) };
    });
    const limits = deductionLimitViolations(deductions.map((x) => ({ itemId: x.deductionItemId, amountPaise: x.declaredAmountPaise })));
    if (input.isSubmitted && (limits.sec80C || limits.sec80D)) {
      throw badRequest(DECLARATION_MSG.blockedSubmitToast, {
        ...(limits.sec80C ? { 'deductions.80C': DECLARATION_MSG.sec80CExceeded } : {}),
        ...(limits.sec80D ? { 'deductions.80D': DECLARATION_MSG.sec80DExceeded } : {}),
      });
    }
    const loanWrite = (l: HomeLoanInput) => ({
      principalPaidPaise: rupeesToPaise(l.principalPaidOnHomeLoan),
      interestPaidPaise: rupeesToPaise(l.interestPaidOnHomeLoan),
      lenderName: l.lenderName,
      lenderPan: l.lenderPan,
    });
    return {
      rents: rents.map((r, i) => ({
        id: r.id,
        seq: i,
        rentalPeriodStart: `${r.rentalPeriodStart}-01`,
        rentalPeriodEnd: lastDayOf(r.rentalPeriodEnd),
        declaredAmountPaise: rupeesToPaise(r.totalAmount),
        address: r.address,
        landlordName: r.landlordName,
        landlordPan: r.landlordPan,
        urbanizationType: r.urbanizationType,
      })),
      letOuts: letOuts.map((p, i) => ({
        id: p.id,
        seq: i,
        hasHomeLoan: p.hasHomeLoan && !!p.homeLoanDetail,
        annualRentReceivedPaise: rupeesToPaise(p.annualRentReceived),
        municipalTaxesPaidPaise: rupeesToPaise(p.municipalTaxesPaid),
        loan: p.hasHomeLoan && p.homeLoanDetail ? loanWrite(p.homeLoanDetail) : null,
      })),
      selfOccupiedLoan: selfLoan ? loanWrite(selfLoan) : null,
      deductions,
    };
  }

  // ---- The tax position: summary, comparison --------------------------------------------------

  /**
   * An employee's tax position for a financial year: the salary as the payroll projects it (paid so
   * far + the month the payroll works on next and the months after it at the full-month structure)
   * and the declaration (declared amounts, or allowed ones after proof review), through the domain's
   * computeTaxPosition — what the payroll run computes for a month without loss of pay. `regime`
   * overrides the declaration's (the comparison asks for both); `declaration` a stored one.
   */
  async positionOf(scope: TenantScope & { ctx: { timeZone: string } }, userId: string, financialYearStart: number, options: { regime?: TaxRegimeCode; declaration?: repo.DeclarationAggregate | null } = {}): Promise<EmployeeTaxPosition> {
    const financialYear = taxYearLabel(financialYearStart);
    if (!isTaxFinancialYear(financialYear)) throw badRequest(DECLARATION_MSG.noTaxRules(financialYear), { financialYearStart: DECLARATION_MSG.noTaxRules(financialYear) });
    const employee = await repo.findEmployee(scope.db, userId);
    if (!employee) throw notFound(DECLARATION_MSG.employeeNotFound);
    const agg = options.declaration === undefined ? await repo.findDeclaration(scope.db, userId, financialYearStart) : (options.declaration ?? undefined);
    const regime: TaxRegimeCode = options.regime ?? (agg ? (agg.declaration.regime === 0 ? 0 : 1) : employee.regimeType === 0 ? 0 : 1);
    const todayMonth = dateInZone(this.deps.clock.now(), scope.ctx.timeZone).slice(0, 7);
    const { month, ytd } = await this.deps.payslips.taxYearSoFar(scope, userId, financialYearStart, todayMonth);
    const structures = await this.deps.salary.payStructures(scope, [userId], lastDayOf(month));
    const structure = structures.structureOf(userId);
    const months = (() => {
      const [, m] = month.split('-').map(Number) as [number, number];
      return m >= 4 ? 12 - m + 4 : 4 - m;
    })();
    let full = { taxablePaise: 0, basicPlusDaPaise: 0, hraPaise: 0 };
    let preTaxMonthlyPaise = 0;
    let basicCodes = new Set<string>();
    let hraCodes = new Set<string>();
    let professionalTaxForYearPaise = 0;
    let employeeEpfForYearPaise = 0;
    if (structure && !('error' in structure)) {
      const earnings = monthEarningsFromStructure(structure.lines, structures.tenantEarnings, { considerAllSalaryComponents: structures.statutory.epf.considerAllSalaryComponents });
      // Whole rupees, as computeEmployeeMonth takes each earning to the rupee.
      const r = (p: number) => Math.round(p / 100) * 100;
      full = {
        taxablePaise: earnings.filter((e) => e.taxable).reduce((s, e) => s + r(e.monthlyPaise), 0),
        basicPlusDaPaise: earnings.filter((e) => e.taxCategory === 'basic').reduce((s, e) => s + r(e.monthlyPaise), 0),
        hraPaise: earnings.filter((e) => e.taxCategory === 'hra').reduce((s, e) => s + r(e.monthlyPaise), 0),
      };
      basicCodes = new Set(earnings.filter((e) => e.taxCategory === 'basic').map((e) => e.code));
      hraCodes = new Set(earnings.filter((e) => e.taxCategory === 'hra').map((e) => e.code));
      preTaxMonthlyPaise = monthDeductionsFromStructure(structure.lines, structures.tenantDeductions)
        .filter((d) => d.preTax)
        .reduce((s, d) => s + r(d.monthlyPaise), 0);
      professionalTaxForYearPaise = structure.annualProfessionalTaxPaise;
      employeeEpfForYearPaise = structure.annualEmployeeEpfPaise;
    }
    const sumCodes = (codes: Set<string>) => (ytd?.lines ?? []).filter((l) => l.section === 'earning' && codes.has(l.code)).reduce((s, l) => s + l.amountPaise, 0);
    const paidMonths = paidMonthsBefore(financialYearStart, month, employee.dateOfJoining);
    const salary = projectTaxSalaryYear({
      month,
      remainingMonths: months,
      grossSoFarPaise: ytd?.taxableGrossPaise ?? 0,
      basicSoFarPaise: sumCodes(basicCodes),
      hraSoFarPaise: sumCodes(hraCodes),
      paidMonths,
      thisMonth: full,
      fullMonth: full,
      preTaxMonthlyPaise,
      professionalTaxForYearPaise,
      employeeEpfForYearPaise,
    });
    const state = await this.deps.windows.windowState(scope, financialYearStart);
    const input: TaxPositionInput = {
      financialYear,
      regime,
      ageBand: ageBandOf(employee.dateOfBirth, financialYearStart),
      salary,
      declaration: agg ? figuresOf(agg) : null,
      useAllowed: allowedAppliesIn(month, financialYearStart, state.poi.processPayrollFromMonth),
    };
    const position = computeTaxPosition(input);
    const paid = ytd?.taxableGrossPaise ?? 0;
    const salaryBasis =
      paid > 0
        ? `Taxable salary paid so far ₹${(paid / 100).toLocaleString('en-IN')}, then ₹${(full.taxablePaise / 100).toLocaleString('en-IN')} a month for the ${String(months)} month${months === 1 ? '' : 's'} from ${month}`
        : `₹${(full.taxablePaise / 100).toLocaleString('en-IN')} a month for the ${String(months)} month${months === 1 ? '' : 's'} from ${month}`;
    return { position, regime, financialYear, month, declaration: agg, salaryBasis, input };
  }

  /** GET /ITDeclaration/summary (payroll spec §3 "Employee declaration summary"). */
  async summary(scope: Scope, query: DeclarationSummaryQuery): Promise<DeclarationSummary | null> {
    const employee = await this.employeeFor(scope, query.userId);
    const year = query.financialYearStart ?? financialYearStartOf(this.today(scope));
    const agg = await repo.findDeclaration(scope.db, employee.id, year);
    if (!agg) return null;
    const { position, regime, financialYear, salaryBasis } = await this.positionOf(scope, employee.id, year, { declaration: agg });
    const state = await this.deps.windows.windowState(scope, year);
    const out = declarationOut(agg);
    const totalTaxPaise = position.tax.totalTaxPaise;
    const taxToBePaidPaise = Math.max(0, totalTaxPaise - position.tax.previousEmploymentTdsPaise);
    return {
      declarationId: out.id,
      status: out.status,
      windowStatus: state.declaration.locked ? TaxWindowStatus.Locked : TaxWindowStatus.Released,
      lockDate: state.declaration.lockDate,
      netTaxableIncome: paiseToRupees(position.tax.taxableIncomePaise),
      totalTax: paiseToRupees(totalTaxPaise),
      taxToBePaid: paiseToRupees(taxToBePaidPaise),
      // Payroll spec §9: taxToBePaid ÷ 12, two decimals.
      taxPerMonth: Math.round(taxToBePaidPaise / 12) / 100,
      taxRegime: regime,
      allowRegimeSwitch: state.regimeSwitchAllowed,
      isPOIFormSubmitted: out.isPOIFormSubmitted,
      employeeFirstName: employee.firstName,
      employeeLastName: employee.lastName,
      employeeId: employee.id,
      financialYearStart: year,
      financialYearEnd: year + 1,
      houseRentDetails: out.houseRentDetails,
      selfOccupiedHomeLoan: out.selfOccupiedHomeLoan,
      letOutProperties: out.letOutProperties,
      deductions: out.deductions,
      ...incomeFieldsOf(out),
      salaryBasis,
      computation: computationOut(position, financialYear),
    };
  }

  // ---- The payroll run ------------------------------------------------------------------------

  /**
   * The chunk's declarations for a payroll month, in one query: each employee's regime and, for a
   * declaration whose amounts count, its figures (allowed amounts from the POI's payroll month on).
   */
  async forRun(scope: TenantScope, userIds: readonly string[], month: string): Promise<Map<string, RunDeclaration>> {
    return declarationsForRun(scope, userIds, month);
  }

  /** Reminders go only to employees who have not submitted (tax-declarations/declaration-status.ts). */
  async submittedAmong(scope: TenantScope, kind: 'declaration' | 'poi', financialYearStart: number, userIds: readonly string[]): Promise<Set<string>> {
    return repo.findSubmitted(scope.db, kind, financialYearStart, userIds);
  }
}

