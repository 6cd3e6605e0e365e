import {
  FILINGS_MSG as MSG,
  PAYROLL_MSG,
  ledgerGroupOf,
  type EcrCheck,
  type EsicCheck,
  type Form24QCheck,
  type Form24QQuery,
  type Form24QFvuRequest,
  FORM24Q_MSG,
  FORM24Q_FVU_MSG,
  LANDLORD_PAN_RENT_LIMIT,
  ErrorCode,
  form24QYearStart,
  type Journal,
  type LedgerAccountRow,
  type LedgerAccountsInput,
  type LedgerSection,
  type PayrollFiling,
  type PayrollFilings,
  type FilingIssue as WireIssue,
} from '@tankha/contracts';
import {
  ESIC_REASON_LABELS,
  buildEcr,
  buildEsicReturn,
  buildLwfStatement,
  buildPayrollJournal,
  buildProfessionalTaxStatement,
  ddmmyyyy,
  ecrFiguresOfPayslip,
  journalKey,
  journalSideOf,
  previousMonth,
  stateOfLevyLine,
  leviesProfessionalTax,
  type EcrFile,
  type EsicFile,
  type EsicMemberInput,
  type FilingIssue,
  type LedgerAccount,
  type LwfStateStatement,
  type PayrollJournal,
  type PtStateStatement,
  type StatutoryGender,
  LOAN_RECOVERY_CODE,
  WAGE_CORRECTION_CODE_PREFIX,
  esicCorrectionsOfWages,
  LOP_COMPONENT_LABELS,
  buildForm24Q,
  quarterMonths,
  type Form24Q,
  type Form24QPayment,
  type Form24QYearInput,
  paiseToRupees,
  shortfallWarning,
  buildForm24QFvu,
  validateForm24QFvu,
  fvuProblemText,
  dateInZone,
  type FvuChallan,
  type FvuSalaryDetail,
  lastDayOfMonth,
  PAN_NOT_AVAILABLE,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import { declaredRentsOf, type DeclarationService } from '../declarations/declarations.service';
import type { Form16PartBService } from '../form16/form16-part-b.service';
import type { PayrollReportService } from '../payroll-reports/payroll-reports.service';
import type { SalaryComponentsService } from '../salary/salary-components.service';
import { buildForm24QXlsx } from './filings-xlsx';
import { FILING_FORMATS } from './formats/index';
import { type FilingFile, type FilingFormat, type MonthFilings } from './formats/filing-format';
import { ecrFileName } from './formats/ecr.format';
import { esicFileName } from './formats/esic.format';
import { journalReference } from './formats/journal.format';
import * as repo from './payroll-filings.repo';
import * as challanRepo from './tds-challans.repo';
import { challanOf } from './tds-challans.service';
import { monthLabel } from '@tankha/contracts';

/** Only a finalized month's payslips never change: the returns are filed from them. */
const ISSUED: readonly repo.RunStatus[] = ['finalized', 'paid'];

const JOURNAL_LABELS = { netPay: 'Net pay payable', employerExpense: 'Employer contribution expense' };

/** users.gender: 1 Male, 2 Female, 4 Other; unknown taken as male, as the month calculation does. */
const GENDERS: Record<number, StatutoryGender | undefined> = { 1: 'Male', 2: 'Female', 4: 'Other' };

/** The components every organisation's journal can meet, besides its own earnings and deductions (compute-month's codes and labels). */
const FIXED_COMPONENTS: readonly { section: LedgerSection; code: string; label: string }[] = [
  { section: 'earning', code: 'ADJ_BONUS', label: 'Bonus (one-time)' },
  { section: 'earning', code: 'ADJ_INCENTIVE', label: 'Incentive (one-time)' },
  { section: 'earning', code: 'ADJ_OTHER', label: 'Other earning (one-time)' },
  { section: 'earning', code: 'REIMBURSEMENT', label: 'Reimbursements' },
  { section: 'earning', code: 'REIMBURSEMENT_TAXABLE', label: 'Reimbursements (taxable)' },
  // Loss of pay of earlier months corrected in this one: the recovery is negative.
  ...Object.entries(LOP_COMPONENT_LABELS).map(([code, label]) => ({ section: 'earning' as const, code, label })),
  { section: 'deduction', code: 'ADJ_LOAN_RECOVERY', label: 'Loan recovery (one-time)' },
  // Instalments of recorded loans and advances: credited to the loans-and-advances account.
  { section: 'deduction', code: LOAN_RECOVERY_CODE, label: 'Loan and advance recovery' },
  { section: 'deduction', code: 'ADJ_OTHER_DEDUCTION', label: 'Other deduction (one-time)' },
  { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)' },
  { section: 'deduction', code: 'ESI_EE', label: 'ESI' },
  { section: 'deduction', code: 'PT', label: 'Professional Tax' },
  { section: 'deduction', code: 'LWF_EE', label: 'Labour Welfare Fund' },
  { section: 'deduction', code: 'TDS', label: 'Income Tax (TDS)' },
  { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)' },
  { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)' },
  { section: 'employer', code: 'EDLI', label: 'EDLI' },
  { section: 'employer', code: 'EPF_ADMIN', label: 'EPF admin charges' },
  { section: 'employer', code: 'ESI_ER', label: 'ESI (employer)' },
  { section: 'employer', code: 'LWF_ER', label: 'LWF (employer)' },
  { section: 'deduction', code: 'LOP_EPF_EE', label: 'Provident Fund (EPF) on Loss of Pay adjustment' },
  { section: 'deduction', code: 'LOP_ESI_EE', label: 'ESI on Loss of Pay adjustment' },
  { section: 'employer', code: 'LOP_EPF_ER', label: 'EPF (employer) on Loss of Pay adjustment' },
  { section: 'employer', code: 'LOP_EPS_ER', label: 'EPS (employer) on Loss of Pay adjustment' },
  { section: 'employer', code: 'LOP_EDLI', label: 'EDLI on Loss of Pay adjustment' },
  { section: 'employer', code: 'LOP_EPF_ADMIN', label: 'EPF admin charges on Loss of Pay adjustment' },
  { section: 'employer', code: 'LOP_ESI_ER', label: 'ESI (employer) on Loss of Pay adjustment' },
  { section: 'total', code: 'EMPLOYER_EXPENSE', label: JOURNAL_LABELS.employerExpense },
  { section: 'total', code: 'NET_PAY', label: JOURNAL_LABELS.netPay },
];
const GROUP_ORDER = ['Earnings', 'Deductions', 'Statutory', 'Totals'];
/** The ESI lines of a payslip: its own month's and those of earlier months paid on it (loss of pay corrected, excluded pay). */
const ESI_LINE_CODES: readonly string[] = ['ESI_EE', 'ESI_ER', ...Object.values(WAGE_CORRECTION_CODE_PREFIX).flatMap((prefix) => [`${prefix}ESI_EE`, `${prefix}ESI_ER`])];

export interface DownloadedFile {
  bytes: Buffer;
  fileName: string;
}

/** What every file of a month is built from, read once. */
interface MonthData {
  run: repo.RunRow;
  payslips: repo.FilingPayslip[];
  people: Map<string, repo.PersonRecord>;
  /** The organisation's PT and LWF settings: the state of people without a work location, and its registration. */
  ptState: string | null;
  lwfState: string | null;
  ptRegistration: string | null;
  lwfRegistration: string | null;
}

/**
 * The registration a statement row is filed under: the employee's work location's when the levy was
 * charged for its state, else the organisation's setting when it was charged for that state.
 */
function registrationOf(stateCode: string, location: { stateCode: string; registration: string | null } | null, organisation: { stateCode: string | null; registration: string | null }): string | null {
  if (location && location.stateCode === stateCode) return location.registration;
  return organisation.stateCode === stateCode ? organisation.registration : null;
}

/**
 * Who a line is about, as the portal checks it: the employee's record today (a UAN or IP number
 * added, a name corrected after the month was finalized), else the payslip's snapshot. The amounts
 * always come from the payslip.
 */
function identityOf(employee: repo.FilingEmployee, person: repo.PersonRecord | undefined): { name: string; uan: string | null; esiNumber: string | null } {
  return { name: person?.name || employee.name, uan: person?.uan ?? employee.uan, esiNumber: person?.esiNumber ?? employee.esiNumber };
}

const issuesOut = (issues: readonly FilingIssue[]): WireIssue[] => issues.map((i) => ({ userId: i.userId, employeeNumber: i.employeeNumber, name: i.name, field: i.field, message: i.message }));

/**
 * The statutory files and the payroll journal of a finalized month: the EPFO ECR
 * with its validation, the ESIC monthly contribution, the Professional Tax and LWF statements, and
 * the journal on the organisation's ledger accounts. Every file is regenerated from the finalized
 * payslips (which never change) and each download is recorded in the payroll reports log.
 */
export class PayrollFilingsService {
  constructor(
    private readonly deps: {
      clock: Clock;
      reports: Pick<PayrollReportService, 'record'>;
      components: Pick<SalaryComponentsService, 'earnings' | 'deductions' | 'statutory'>;
      declarations: Pick<DeclarationService, 'positionOf'>;
      partB: Pick<Form16PartBService, 'yearFigures'>;
    },
  ) {}

  // ——— What a month can file ———

  /** GET /PayrollRuns/:id/filings: each format of the registry, whether its file can be downloaded and why not. */
  async overview(scope: Scope, runId: string): Promise<PayrollFilings> {
    const data = await this.monthData(scope, runId);
    const month = this.filingsOf(scope, data);
    const files: PayrollFiling[] = [];
    for (const f of FILING_FORMATS) {
      const downloads = f.files.map((file) => ({ format: file.format, path: file.path, fileName: file.fileName(month.month) }));
      files.push({ kind: f.id, label: f.label, description: f.description, units: f.units, check: f.check, ...(await f.status(month)), fileName: downloads[0]?.fileName ?? null, downloads });
    }
    return { runId: data.run.id, month: data.run.month, files };
  }

  /**
   * GET /PayrollRuns/:id/filings/<path>: a format's file, made from the finalized payslips (refused
   * with the reason when it cannot be filed) and recorded in the payroll reports log.
   */
  async download(scope: Scope, runId: string, format: FilingFormat, file: FilingFile, options: { validOnly: boolean }): Promise<DownloadedFile> {
    const data = await this.monthData(scope, runId);
    const { bytes, summary } = await file.build(this.filingsOf(scope, data), options);
    const fileName = file.fileName(data.run.month);
    await this.deps.reports.record(scope, { runId, month: data.run.month, kind: format.reportKind, fileName, summary });
    return { bytes, fileName };
  }

  // ——— EPFO ECR ———

  /** GET /PayrollRuns/:id/filings/ecr: every line as the file would carry it, what EPFO would reject and why. */
  async ecrCheck(scope: Scope, runId: string): Promise<EcrCheck> {
    const data = await this.monthData(scope, runId);
    const ecr = this.ecrOf(data);
    return {
      month: data.run.month,
      fileName: ecrFileName(data.run.month),
      lines: ecr.lines.map((l) => ({ ...l })),
      errors: issuesOut(ecr.errors),
      warnings: issuesOut(ecr.warnings),
      totals: ecr.totals,
    };
  }

  // ——— ESIC ———

  async esicCheck(scope: Scope, runId: string): Promise<EsicCheck> {
    const data = await this.monthData(scope, runId);
    const esic = await this.esicOf(scope, data);
    return {
      month: data.run.month,
      fileName: esicFileName(data.run.month),
      rows: esic.rows.map(({ wagesPaise, ...r }) => ({ ...r, wages: paiseToRupees(wagesPaise), reasonLabel: ESIC_REASON_LABELS[r.reasonCode] })),
      errors: issuesOut(esic.errors),
      warnings: issuesOut(esic.warnings),
      totals: { members: esic.totals.members, wages: paiseToRupees(esic.totals.wagesPaise) },
    };
  }

  // ——— The journal ———

  async journal(scope: Scope, runId: string): Promise<Journal> {
    const data = await this.monthData(scope, runId);
    const journal = this.journalOf(data, await this.accountMap(scope));
    return {
      month: data.run.month,
      date: ddmmyyyy(data.run.periodEnd),
      reference: journalReference(data.run.month),
      lines: journal.lines.map((l) => ({ accountCode: l.accountCode, accountName: l.accountName, debit: paiseToRupees(l.debitPaise), credit: paiseToRupees(l.creditPaise), narration: l.narration })),
      unmapped: journal.unmapped.map((c) => ({ section: c.section, code: c.code, label: c.label, side: c.side, amount: paiseToRupees(c.amountPaise) })),
      totalDebit: paiseToRupees(journal.totalDebitPaise),
      totalCredit: paiseToRupees(journal.totalCreditPaise),
    };
  }

  // ——— Ledger accounts ———

  /**
   * GET /PayrollLedgerAccounts: every component the journal can meet — the organisation's earnings
   * and deductions, one-time items, the statutory lines, the two totals, the components of the
   * given (else the latest finalized) month and any already mapped — with its account, if any.
   */
  async ledgerAccounts(scope: Scope, runId?: string): Promise<LedgerAccountRow[]> {
    const { db: tdb } = scope;
    if (runId !== undefined && !(await repo.findRun(tdb, runId))) throw notFound(PAYROLL_MSG.runNotFound);
    const sourceRunId = runId ?? (await repo.findLatestIssuedRunId(tdb));
    const earnings = await this.deps.components.earnings(scope);
    const deductions = await this.deps.components.deductions(scope);
    const runComponents = sourceRunId ? await repo.findRunComponents(tdb, sourceRunId) : [];
    const stored = await repo.listLedgerAccounts(tdb);
    const rows = new Map<string, { section: LedgerSection; code: string; label: string }>();
    const add = (c: { section: LedgerSection; code: string; label: string }) => {
      if (!rows.has(journalKey(c.section, c.code))) rows.set(journalKey(c.section, c.code), c);
    };
    for (const e of earnings) add({ section: 'earning', code: e.code, label: e.nameInPayslip });
    for (const d of deductions) add({ section: 'deduction', code: `DED_${d.id}`, label: d.deductionName });
    for (const c of FIXED_COMPONENTS) add(c);
    for (const c of runComponents) add(c);
    for (const s of stored) add({ section: s.section, code: s.code, label: s.code });
    const accounts = new Map(stored.map((s) => [journalKey(s.section, s.code), s]));
    return [...rows.values()]
      .map((c, i) => ({ c, i, group: ledgerGroupOf(c.section, c.code) }))
      .sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.i - b.i)
      .map(({ c, group }) => {
        const account = accounts.get(journalKey(c.section, c.code));
        return { ...c, group, side: journalSideOf(c.section, c.code), accountCode: account?.accountCode ?? null, accountName: account?.accountName ?? null };
      });
  }

  /** PUT /PayrollLedgerAccounts: the whole mapping as the screen shows it; a blank row is unmapped. */
  async saveLedgerAccounts(scope: Scope, input: LedgerAccountsInput): Promise<LedgerAccountRow[]> {
    const rows = input.accounts.filter((a) => a.accountCode !== '' && a.accountName !== '');
    await repo.replaceLedgerAccounts(scope.db, rows, scope.ctx.userId, this.deps.clock.now());
    return this.ledgerAccounts(scope);
  }

  // ——— Form 24Q ———

  /** GET /PayrollFilings/Form24Q/check: the annexures' rows, totals and what the return would be rejected for. */
  async form24QCheck(scope: Scope, query: Form24QQuery): Promise<Form24QCheck> {
    const { form, tan, missingMonths } = await this.form24QOf(scope, query);
    return {
      financialYear: query.financialYear,
      quarter: query.quarter,
      months: form.months,
      missingMonths,
      tan,
      fileName: form24QFileName(query.financialYear, query.quarter),
      annexureI: form.annexureI.map((r) => ({
        userId: r.userId,
        employeeNumber: r.employeeNumber,
        name: r.name,
        month: r.month,
        pan: r.pan,
        dateOfPayment: r.dateOfPayment,
        amountPaid: paiseToRupees(r.amountPaidPaise),
        tdsDeducted: paiseToRupees(r.tdsDeductedPaise),
        tdsDeposited: paiseToRupees(r.tdsDepositedPaise),
        challanId: r.challanId,
      })),
      monthTotals: form.monthTotals.map((t) => ({ month: t.month, ...totalsOut(t) })),
      totals: totalsOut(form.totals),
      annexureII:
        form.annexureII?.map((r) => ({
          userId: r.userId,
          employeeNumber: r.employeeNumber,
          name: r.name,
          pan: r.pan,
          newRegime: r.newRegime,
          grossSalary: paiseToRupees(r.grossSalaryPaise),
          taxableIncome: paiseToRupees(r.taxableIncomePaise),
          totalTax: paiseToRupees(r.totalTaxPaise),
          tds: paiseToRupees(r.tdsPaise),
        })) ?? null,
      organisationErrors: form.organisationErrors,
      errors: issuesOut(form.errors),
      warnings: [
        ...missingMonths.map((m) => FORM24Q_MSG.monthNotFinalized(m)),
        ...form.deposits.filter((d) => d.shortfallPaise > 0).map((d) => shortfallWarning(monthLabel(d.month), d.shortfallPaise)),
      ],
    };
  }

  /**
   * POST /PayrollFilings/Form24Q/fvu.txt: the regular statement as the text file the Return
   * Preparation and File Validation Utilities read, each deduction under its challan; in the fourth
   * quarter Annexure II follows, each employee's year as Form 16 Part B computes it (one path).
   * Refused with 422 and the list of problems when a deduction has no challan or our validator
   * of the layout finds anything (form24q-fvu.ts).
   */
  async form24QFvuFile(scope: Scope, query: Form24QFvuRequest): Promise<DownloadedFile> {
    const { form, tan, challans } = await this.form24QOf(scope, query);
    const tdb = scope.db;
    const deductor = await challanRepo.findDeductor(tdb);
    const today = dateInZone(this.deps.clock.now(), await challanRepo.findTimeZone(tdb));
    const before: string[] = [...form.organisationErrors];
    form.annexureI.forEach((r) => {
      if (r.challanId === null && r.tdsDeductedPaise > 0) before.push(`${r.employeeNumber ? `${r.employeeNumber} ` : ''}${r.name}, ${monthLabel(r.month)}: no challan of the month has room for this TDS; record the challan it was deposited with`);
    });
    const grouped: FvuChallan[] = challans
      .map((c) => ({
        challan: c,
        deductees: form.annexureI
          .filter((r) => r.challanId === c.id)
          .map((r) => ({ pan: r.pan, name: r.name, reference: r.employeeNumber, amountPaidPaise: r.amountPaidPaise, tdsPaise: r.tdsDeductedPaise, depositedPaise: r.tdsDepositedPaise, paidOn: isoOf(r.dateOfPayment), deductedOn: isoOf(r.dateOfDeduction) })),
      }))
      .filter((g) => g.deductees.length > 0);
    const text = buildForm24QFvu({
      financialYearStart: form24QYearStart(query.financialYear) ?? 0,
      quarter: query.quarter,
      createdOn: today,
      deductor: {
        tan: tan ?? '',
        pan: (deductor.pan ?? '').trim().toUpperCase(),
        name: (deductor.legalName ?? deductor.name).trim().slice(0, 75),
        address: (deductor.address ?? '').split(/[\n,]/).map((l) => l.trim()).filter((l) => l !== '').slice(0, 5),
        stateCode: query.stateCode,
        pin: query.pin,
        email: null,
        deductorType: query.deductorType,
        gstin: deductor.gstNumber,
      },
      responsible: { name: query.responsibleName, designation: query.responsibleDesignation, pan: query.responsiblePan, mobile: query.responsibleMobile, email: null },
      earlierStatementFiled: query.earlierStatementFiled,
      challans: grouped,
      ...(query.quarter === 4 ? { salaryDetails: await this.salaryDetailsOf(scope, form24QYearStart(query.financialYear) ?? 0, before) } : {}),
    });
    const problems = [...before, ...validateForm24QFvu(text, today).map(fvuProblemText)];
    if (problems.length > 0) throw new AppError(422, ErrorCode.Unprocessable, FORM24Q_FVU_MSG.problems(problems.length), Object.fromEntries(problems.map((p, i) => [String(i + 1), p])));
    return { bytes: Buffer.from(text, 'ascii'), fileName: `Form24Q-Q${String(query.quarter)}-${query.financialYear}.txt` };
  }

  /**
   * Annexure II of the text file: per employee paid in the year, the figures of Form 16 Part B
   * (Form16PartBService.yearFigures: the payroll's one tax path), the PAN as on the employee now
   * (PANNOTAVBL when there is none), the period of the year's finalized payslips, and the landlords
   * of the declaration when the rent declared exceeds ₹1 lakh in the old regime.
   */
  private async salaryDetailsOf(scope: Scope, financialYearStart: number, problems: string[]): Promise<FvuSalaryDetail[]> {
    const parts = await this.deps.partB.yearFigures(scope, financialYearStart);
    if (parts === null) {
      problems.push(FORM24Q_FVU_MSG.noTaxRules);
      return [];
    }
    const ids = parts.map((p) => p.userId);
    const pans = await repo.findPans(scope.db, ids);
    const rents = await declaredRentsOf(scope, ids, financialYearStart);
    return parts.map((p): FvuSalaryDetail => {
      const pan = (pans.get(p.userId) ?? p.employee.pan ?? '').trim().toUpperCase();
      const rent = rents.get(p.userId);
      const rentOverLakh = p.figures.optingOut115BAC && (rent?.rentPaise ?? 0) > LANDLORD_PAN_RENT_LIMIT * 100;
      return {
        pan: pan === '' ? PAN_NOT_AVAILABLE : pan,
        name: p.employee.name,
        reference: p.employee.employeeNumber,
        category: p.ageBand === 'above80' ? 'G' : p.ageBand === '60to80' ? 'S' : 'O',
        employedFrom: `${p.firstMonth}-01`,
        employedTo: lastDayOfMonth(`${p.lastMonth}-01`),
        figures: p.figures,
        landlords: rentOverLakh ? (rent?.landlords ?? []) : [],
        rentOverLakh,
      };
    });
  }

  /**
   * GET /PayrollFilings/Form24Q/annexure.xlsx: Annexure I (and II in Q4) with the validation list as
   * a sheet of its own. Given even with problems listed (the return is prepared from it in the
   * utility, where the PAN is corrected); refused only when no month of the quarter is finalized.
   */
  async form24QFile(scope: Scope, query: Form24QQuery): Promise<DownloadedFile> {
    const { form, tan, missingMonths } = await this.form24QOf(scope, query);
    const fileName = form24QFileName(query.financialYear, query.quarter);
    const bytes = await buildForm24QXlsx({ organisationName: await repo.findOrganisationName(scope.db), tan, financialYear: query.financialYear, quarter: query.quarter, missingMonths }, form);
    await this.deps.reports.record(scope, {
      runId: null,
      month: form.months[2] ?? '',
      kind: 'form24q',
      fileName,
      summary: {
        employees: form.totals.deductees,
        total: paiseToRupees(form.totals.tdsDeductedPaise),
        financialYear: query.financialYear,
        quarter: query.quarter,
        amountPaid: paiseToRupees(form.totals.amountPaidPaise),
        errors: form.errors.length + form.organisationErrors.length,
      },
    });
    return { bytes, fileName };
  }

  private async form24QOf(scope: Scope, query: Form24QQuery): Promise<{ form: Form24Q; tan: string | null; missingMonths: string[]; challans: ReturnType<typeof challanOf>[] }> {
    const { db: tdb } = scope;
    const yearStart = form24QYearStart(query.financialYear) ?? 0;
    const months = quarterMonths(yearStart, query.quarter);
    const runs = await repo.findIssuedRuns(tdb, months);
    if (runs.length === 0) throw conflict(FORM24Q_MSG.nothingFinalized(query.quarter, query.financialYear));
    const missingMonths = months.filter((m) => !runs.some((r) => r.month === m));
    const slips = await repo.findTdsPayslips(tdb, runs.map((r) => r.id));
    const runOf = new Map(runs.map((r) => [r.id, r]));
    // Q4: every employee paid in the year, with the TDS of all the year's finalized payslips.
    const yearSlips = query.quarter === 4 ? await repo.findTdsPayslips(tdb, (await repo.findIssuedRuns(tdb, [1, 2, 3, 4].flatMap((q) => quarterMonths(yearStart, q as 1 | 2 | 3 | 4)))).map((r) => r.id)) : [];
    const pans = await repo.findPans(tdb, [...slips, ...yearSlips].map((s) => s.userId));
    const tan = await repo.findOrganisationTan(tdb);
    const panOf = (s: repo.TdsPayslip) => (pans.has(s.userId) ? (pans.get(s.userId) ?? null) : s.employee.pan);
    const payments: Form24QPayment[] = slips.map((s) => {
      const run = runOf.get(s.runId);
      return { userId: s.userId, employeeNumber: s.employee.employeeNumber, name: s.employee.name, pan: panOf(s), month: run?.month ?? '', payDate: run?.payDate ?? '', grossPaise: s.grossPaise, tdsPaise: s.tdsPaise };
    });
    const year: Form24QYearInput[] = [];
    if (query.quarter === 4) {
      const byUser = new Map<string, { slip: repo.TdsPayslip; tdsPaise: number }>();
      for (const s of yearSlips) {
        const seen = byUser.get(s.userId);
        byUser.set(s.userId, { slip: s, tdsPaise: (seen?.tdsPaise ?? 0) + s.tdsPaise });
      }
      for (const { slip, tdsPaise } of byUser.values()) {
        const { position, regime } = await this.deps.declarations.positionOf(scope, slip.userId, yearStart);
        year.push({ userId: slip.userId, employeeNumber: slip.employee.employeeNumber, name: slip.employee.name, pan: panOf(slip), regime, tax: position.tax, tdsForYearPaise: tdsPaise });
      }
      year.sort((a, b) => (a.employeeNumber ?? '\uffff').localeCompare(b.employeeNumber ?? '\uffff') || a.name.localeCompare(b.name));
    }
    const challans = (await challanRepo.findChallansOfMonths(tdb, months)).map(challanOf);
    return { form: buildForm24Q({ financialYearStart: yearStart, quarter: query.quarter, tan, payments, challans, year }), tan, missingMonths, challans };
  }

  // ——— Building blocks ———

  /** The month's statements for the formats, each worked out once, on the first format that asks. */
  private filingsOf(scope: Scope, data: MonthData): MonthFilings {
    const once = <T>(make: () => T): (() => T) => {
      let made: { value: T } | null = null;
      return () => (made ??= { value: make() }).value;
    };
    return {
      runId: data.run.id,
      month: data.run.month,
      periodEnd: data.run.periodEnd,
      ecr: once(() => this.ecrOf(data)),
      esic: once(() => this.esicOf(scope, data)),
      pt: once(() => this.ptOf(data)),
      lwf: once(() => this.lwfOf(data)),
      journal: once(async () => this.journalOf(data, await this.accountMap(scope))),
      organisationName: once(() => repo.findOrganisationName(scope.db)),
    };
  }

  private async monthData(scope: Scope, runId: string): Promise<MonthData> {
    const { db: tdb } = scope;
    const run = await repo.findRun(tdb, runId);
    if (!run) throw notFound(PAYROLL_MSG.runNotFound);
    if (!ISSUED.includes(run.status)) throw conflict(MSG.notFinalized);
    const payslips = await repo.findFilingPayslips(tdb, runId);
    const statutory = await this.deps.components.statutory(scope);
    const people = await repo.findPeople(tdb, payslips.map((p) => p.userId));
    const stateOf = (component: 'ProfessionalTax' | 'LWF') => {
      const c = statutory.find((s) => s.component === component);
      const code = c?.settings.stateCode;
      return c?.isEnabled && typeof code === 'string' && code !== '' ? code : null;
    };
    const registrationOfSetting = (component: 'ProfessionalTax' | 'LWF') => {
      const reg = statutory.find((s) => s.component === component)?.settings.registrationNumber;
      return typeof reg === 'string' && reg !== '' ? reg : null;
    };
    return {
      run,
      payslips,
      people,
      ptState: stateOf('ProfessionalTax'),
      lwfState: stateOf('LWF'),
      ptRegistration: registrationOfSetting('ProfessionalTax'),
      lwfRegistration: registrationOfSetting('LWF'),
    };
  }

  private ecrOf({ run, payslips, people }: MonthData): EcrFile {
    return buildEcr({
      month: run.month,
      periodStart: run.periodStart,
      members: payslips.map((p) => {
        const person = people.get(p.userId);
        const who = identityOf(p.employee, person);
        return { userId: p.userId, employeeNumber: p.employee.employeeNumber, name: who.name, uan: who.uan, dateOfBirth: person?.dateOfBirth ?? null, ...ecrFiguresOfPayslip(p) };
      }),
    });
  }

  private async esicOf(scope: TenantScope, { run, payslips, people }: MonthData): Promise<EsicFile> {
    const previous = await repo.findRunOfMonth(scope.db, previousMonth(run.month));
    const lastMonth = previous && ISSUED.includes(previous.status) ? await repo.findEsiContributors(scope.db, previous.id) : [];
    const coveredLastMonth = new Set(lastMonth.map((c) => c.userId));
    const here = new Set(payslips.map((p) => p.userId));
    const gone = lastMonth.filter((c) => !here.has(c.userId));
    const goneRecords = await repo.findPeople(scope.db, gone.map((c) => c.userId));
    const members: EsicMemberInput[] = [
      ...payslips.map((p) => ({
        userId: p.userId,
        employeeNumber: p.employee.employeeNumber,
        name: identityOf(p.employee, people.get(p.userId)).name,
        ipNumber: identityOf(p.employee, people.get(p.userId)).esiNumber,
        payslip: {
          payableDays: p.payableDays,
          esiWagePaise: p.wages.esiWagePaise,
          esiCharged: p.wages.esiWagePaise > 0 || p.lines.some((l) => ESI_LINE_CODES.includes(l.code)),
          corrections: esicCorrectionsOfWages(p.wages),
        },
        coveredLastMonth: coveredLastMonth.has(p.userId),
        dateOfLeaving: people.get(p.userId)?.dateOfLeaving ?? null,
      })),
      ...gone.map((c) => ({
        userId: c.userId,
        employeeNumber: c.employee.employeeNumber,
        name: identityOf(c.employee, goneRecords.get(c.userId)).name,
        ipNumber: identityOf(c.employee, goneRecords.get(c.userId)).esiNumber,
        payslip: null,
        coveredLastMonth: true,
        dateOfLeaving: goneRecords.get(c.userId)?.dateOfLeaving ?? null,
      })),
    ];
    return buildEsicReturn({ month: run.month, periodStart: run.periodStart, periodEnd: run.periodEnd, members });
  }

  private ptOf({ run, payslips, people, ptState, ptRegistration }: MonthData): PtStateStatement[] {
    return buildProfessionalTaxStatement(
      run.month,
      payslips.flatMap((p) => {
        const lines = p.lines.filter((l) => l.code === 'PT');
        const location = people.get(p.userId)?.location ?? null;
        // The state the payslip was charged for; a payslip with no PT line (nil slab) is in its work location's state, else the organisation's PT state.
        const charged = lines.map((l) => stateOfLevyLine(l.explanation, 'pt')).find((s) => s !== null);
        // A nil row in a state that levies no PT (Delhi) is in no statement.
        const nilState = ptState === null ? null : location && leviesProfessionalTax(location.stateCode, `${run.month}-01`) ? location.stateCode : location ? null : ptState;
        const stateCode = charged ?? nilState;
        if (!stateCode) return [];
        const registrationNumber = registrationOf(stateCode, location && { stateCode: location.stateCode, registration: location.ptRegistrationNumber }, { stateCode: ptState, registration: ptRegistration });
        return [
          {
            userId: p.userId,
            employeeNumber: p.employee.employeeNumber,
            name: p.employee.name,
            gender: GENDERS[people.get(p.userId)?.gender ?? 0] ?? 'Male',
            stateCode,
            grossPaise: p.grossPaise,
            ptPaise: lines.reduce((s, l) => s + l.amountPaise, 0),
            registrationNumber,
          },
        ];
      }),
    );
  }

  private lwfOf({ run, payslips, people, lwfState, lwfRegistration }: MonthData): LwfStateStatement[] {
    return buildLwfStatement(
      run.month,
      payslips.flatMap((p) => {
        const lines = p.lines.filter((l) => l.code === 'LWF_EE' || l.code === 'LWF_ER');
        if (lines.length === 0) return [];
        const location = people.get(p.userId)?.location ?? null;
        const stateCode = lines.map((l) => stateOfLevyLine(l.explanation, 'lwf')).find((s) => s !== null) ?? location?.stateCode ?? lwfState;
        if (!stateCode) return [];
        const registrationNumber = registrationOf(stateCode, location && { stateCode: location.stateCode, registration: location.lwfRegistrationNumber }, { stateCode: lwfState, registration: lwfRegistration });
        const sum = (code: string) => lines.filter((l) => l.code === code).reduce((s, l) => s + l.amountPaise, 0);
        return [{ userId: p.userId, employeeNumber: p.employee.employeeNumber, name: p.employee.name, stateCode, grossPaise: p.grossPaise, employeePaise: sum('LWF_EE'), employerPaise: sum('LWF_ER'), registrationNumber }];
      }),
    );
  }

  private journalOf({ payslips }: MonthData, accounts: ReadonlyMap<string, LedgerAccount>): PayrollJournal {
    return buildPayrollJournal(payslips, accounts, JOURNAL_LABELS);
  }

  private async accountMap(scope: TenantScope): Promise<Map<string, LedgerAccount>> {
    const stored = await repo.listLedgerAccounts(scope.db);
    return new Map(stored.map((s) => [journalKey(s.section, s.code), { accountCode: s.accountCode, accountName: s.accountName }]));
  }
}

/** 'dd/mm/yyyy' (the annexure's dates) → 'YYYY-MM-DD'. */
const isoOf = (ddmmyyyy: string): string => `${ddmmyyyy.slice(6, 10)}-${ddmmyyyy.slice(3, 5)}-${ddmmyyyy.slice(0, 2)}`;
export const form24QFileName = (financialYear: string, quarter: number) => `Form24Q-Q${String(quarter)}-${financialYear}.xlsx`;
const totalsOut = (t: Form24Q['totals']) => ({ deductees: t.deductees, amountPaid: paiseToRupees(t.amountPaidPaise), tdsDeducted: paiseToRupees(t.tdsDeductedPaise), tdsDeposited: paiseToRupees(t.tdsDepositedPaise) });
