import os from 'node:os';
import {
  PAYROLL_MSG,
  type PayrollAdjustment,
  type PayrollAdjustmentInput,
  type PayrollEmployeeRow,
  type PayrollHoldInput,
  type PayrollMarkPaidInput,
  type PayrollRun,
  type PayrollSettings,
  type PayrollSettingsInput,
  type PayrollSetup,
  type PayrollWarning,
  type PayrollWarningKind,
  paidOnProblem,
} from '@tankha/contracts';
import {
  REIMBURSEMENT_LINE_CODES,
  addDaysToDate,
  addMonthsToMonth,
  dateInZone,
  daysBetweenInclusive,
  formatRupees,
  payDateFor,
  payPeriodFor,
  rupeesToPaise,
  type PayDayEntry,
  type PayPeriodSettings,
  paiseToRupees,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { isKnownIfsc } from '../../platform/ifsc-directory';
import type { GlobalScope, Scope, TenantScope, TenantSteps } from '../../platform/tenancy';
import type { AttendanceService } from '../attendance/attendance.service';
import type { LeaveService } from '../leave/leave.service';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import type { PayrollBankService } from '../payroll-bank/payroll-bank.service';
import type { PayStructure, PayStructures, SalaryService } from '../salary/salary.service';
import type { PendingRevision, SalaryRevisionService } from '../salary/salary-revisions.service';
import type { ReimbursementService, RunReimbursements } from '../reimbursements/reimbursements.service';
import type { DeclarationService, RunDeclaration } from '../declarations/declarations.service';
import { computePayslip, monthContext, type EmployeeInputs } from './payroll.compute';
import { lopCorrectionStart } from './payroll-lop';
import type { EmployeeExcludedInputs } from './payroll-excluded';
import { employeeWarnings } from './payroll-warnings';
import type { PayrollSettingsService } from './payroll-settings.service';
import type { PayslipDocumentService } from './payslip-documents.service';
import type { DocumentProgress } from './payslip-documents.repo';
import * as repo from './payroll.repo';
import * as loansRepo from './loans.repo';
import type { LoanForRun } from './loans.repo';
import { recordAudit } from '../../platform/audit/record';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Process a run in chunks (DESIGN §10); resumable: each chunk commits on its own. */
    'payroll.process': { runId: string };
    /** After a finalize commits: render the payslip PDFs and e-mail them (the payslip-documents work). */
    'payroll.finalized': { runId: string };
    /** At start and every minute: runs whose processing job died with its process are resumed (resumeStalledRuns). */
    'payroll.resumeStalled': Record<string, never>;
  }
}

/** Employees per processing chunk: one transaction, one read per input table, one insert per output table. */
export const PAYROLL_CHUNK_SIZE = 500;
/**
 * Seconds without a sign of life (a committed chunk) after which a processing run whose row no chunk
 * holds has lost its job; 'payroll.resumeStalled' then resumes it (docs/decisions/0155-processing-resumes-by-itself.md).
 */
export const PAYROLL_STALL_SECONDS = 30;
/** Automatic resumes in a row without a chunk committed between them before processing stops with the reason. */
export const PAYROLL_MAX_AUTO_RESUMES = 3;

/** The run of a 'payroll.process' job's key: the run id, or run:slot for the run's further jobs (enqueueProcessing). */
export const processJobRunId = (key: string): string => key.split(':')[0] ?? key;

/** What the sweep did with a run whose job had stopped. */
export interface StalledRunOutcome {
  tenantId: string;
  runId: string;
  /** resumed: queued again; stopped: interrupted too often at one place, left for Process Payroll with the reason. */
  outcome: 'resumed' | 'stopped';
  done: number;
  total: number;
}

const OPEN: readonly repo.RunStatus[] = ['draft', 'processing', 'processed'];
const CLOSED: readonly repo.RunStatus[] = ['finalized', 'paid'];

function financialYearStartMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return `${String(m >= 4 ? y : y - 1)}-04`;
}

/** ESI contribution periods run April–September and October–March (ESI (General) Regulations, reg. 4). */
function esiPeriodStartMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  if (m >= 4 && m <= 9) return `${String(y)}-04`;
  return `${String(m >= 10 ? y : y - 1)}-10`;
}

/** The run's warnings of every employee it lists (or of one), keyed by user id; most have none. */
async function warningsOfRun(scope: TenantScope, run: repo.RunRow, userId?: string): Promise<Map<string, PayrollWarning>> {
  const facts = await repo.findWarningFacts(scope.db, run, REIMBURSEMENT_LINE_CODES, userId);
  const protectsPayslips = (await repo.findSettings(scope.db))?.protectPayslipPdfs ?? false;
  const out = new Map<string, PayrollWarning>();
  for (const f of facts) {
    const payslip =
      f.grossPaise === null
        ? null
        : { grossPaise: f.grossPaise, deductionsPaise: f.deductionsPaise ?? 0, reimbursedPaise: f.reimbursedPaise ?? 0, epf: (f.pfWagePaise ?? 0) > 0, esi: (f.esiWagePaise ?? 0) > 0 };
    out.set(f.userId, employeeWarnings({ ...f, protectsPayslips, payslip }, isKnownIfsc));
  }
  return out;
}

const withWarnings = (warnings: Map<string, PayrollWarning>): PayrollWarning[] => [...warnings.values()].filter((w) => w.warnings.length > 0);

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/** The organisation's calendar for a reply: its time zone and its date now (the app clock). */
interface OrgDay {
  timeZone: string;
  today: string;
}

/** The day a run was finalized, in the organisation's zone (a run finalized without the instant: its period's start). */
function finalizedOnOf(run: repo.RunRow, timeZone: string): string | null {
  if (!CLOSED.includes(run.status)) return null;
  return run.finalizedAt ? dateInZone(run.finalizedAt, timeZone) : run.periodStart;
}

/**
 * What the calculation of one chunk reads (readChunk): one query per kind for the chunk's employees,
 * gathered in one place. An input the month gains (loan instalments, say) is one more field and one
 * more read in readChunk, and one more field of EmployeeInputs in inputsOf.
 */
interface ChunkReads {
  /** The chunk's employees that are paid: with a CTC and no processing hold. */
  payable: repo.RunEmployee[];
  /** The organisation's components and statutory settings; each employee's structure on demand. */
  pay: PayStructures;
  days: Map<string, Record<string, PayDayEntry>>;
  adjustments: Map<string, repo.AdjustmentRow[]>;
  /** The latest finalized payslip's year to date (TDS: the year so far). */
  ytd: Map<string, repo.StoredYtd>;
  esiCovered: Set<string>;
  /** Pending salary revisions and the finalized months their arrears cover. */
  revisions: Map<string, PendingRevision[]>;
  revisedMonths: Map<string, repo.FinalizedMonth[]>;
  /** Approved reimbursement claims the run claims for the chunk. */
  reimbursements: RunReimbursements;
  /** Loans and advances being repaid. */
  loans: Map<string, LoanForRun[]>;
  /** Each employee's IT declaration for the year; none without the declarations module. */
  declarations: Map<string, RunDeclaration> | undefined;
  /** Finalized months within reach of a LOP correction, as last paid, and attendance and leave over them now. */
  lopMonths: Map<string, repo.LopPaidMonth[]>;
  lopDays: Map<string, Record<string, PayDayEntry>>;
  /** Closed months the chunk's employees were excluded from, brought into this run, and their days now. */
  excluded: Map<string, EmployeeExcludedInputs['months'][number][]>;
  excludedDays: Map<string, Record<string, PayDayEntry>>;
}

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.userId);
    if (list) list.push(row);
    else out.set(row.userId, [row]);
  }
  return out;
}

function employeeRowOut(r: repo.EmployeePageRow, warnings: readonly PayrollWarningKind[], staleReasons: readonly string[]): PayrollEmployeeRow {
  const money = (p: number | null) => (p === null ? null : paiseToRupees(p));
  return {
    userId: r.userId,
    payslipId: r.payslipId,
    name: nameOf(r),
    employeeNumber: r.employeeNumber,
    department: r.departmentName,
    designation: r.designation,
    daysInPeriod: r.daysInPeriod,
    payableDays: r.payableDays,
    lopDays: r.lopDays,
    grossEarnings: money(r.grossPaise),
    totalDeductions: money(r.deductionsPaise),
    netPay: money(r.netPaise),
    tds: money(r.tdsPaise),
    hold: r.holdKind ? { kind: r.holdKind, reason: r.holdReason, releasedAt: r.releasedAt === null ? null : new Date(r.releasedAt).toISOString() } : null,
    warnings: [...warnings],
    adjustmentCount: r.adjustmentCount,
    lastMonthNetPay: money(r.lastNetPaise),
    netPayVariance: r.netPaise === null ? null : paiseToRupees(r.netPaise - (r.lastNetPaise ?? 0)),
    remark: r.remark,
    // Only an employee with a payslip can be out of date (staleEmployees below counts the same ones).
    staleReasons: r.payslipId === null ? [] : [...staleReasons],
    broughtInto: r.broughtIntoRunId && r.broughtIntoMonth ? { runId: r.broughtIntoRunId, month: r.broughtIntoMonth, finalized: r.broughtIntoStatus !== null && CLOSED.includes(r.broughtIntoStatus) } : null,
  };
}

function adjustmentOut(a: repo.AdjustmentRow): PayrollAdjustment {
  return { id: a.id, userId: a.userId, kind: a.kind, category: a.category, label: a.label, amount: paiseToRupees(a.amountPaise), taxable: a.taxable };
}

/** One employee's inputs out of the chunk's reads. */
function inputsOf(reads: ChunkReads, employee: repo.RunEmployee, structure: PayStructure): EmployeeInputs {
  const revisions = reads.revisions.get(employee.id);
  return {
    employee,
    structure,
    days: reads.days.get(employee.id) ?? {},
    adjustments: reads.adjustments.get(employee.id) ?? [],
    ytd: reads.ytd.get(employee.id),
    esiCoveredAtStart: reads.esiCovered.has(employee.id),
    arrears: revisions ? { revisions, months: reads.revisedMonths.get(employee.id) ?? [] } : undefined,
    reimbursements: reads.reimbursements.get(employee.id),
    loans: reads.loans.get(employee.id),
    declaration: reads.declarations?.get(employee.id),
    lop: reads.lopMonths.has(employee.id) ? { months: reads.lopMonths.get(employee.id) ?? [], days: reads.lopDays.get(employee.id) ?? {} } : undefined,
    excluded: reads.excluded.has(employee.id) ? { months: reads.excluded.get(employee.id) ?? [], days: reads.excludedDays.get(employee.id) ?? {} } : undefined,
  };
}

/**
 * The monthly run (DESIGN §10): draft → processing → processed → finalized → paid. The
 * open month is created on demand; processing is the 'payroll.process' job in chunks, each its own
 * transaction, so a crash leaves a resumable run; finalize is one transaction that also locks the
 * month and opens the next one. Every employee's month goes through the one calculation
 * (payroll.compute.ts).
 */
export class PayrollRunService {
  constructor(
    private readonly deps: {
      clock: Clock;
      settings: PayrollSettingsService;
      salary: SalaryService;
      /** Salary revisions whose arrears the run pays. */
      revisions: Pick<SalaryRevisionService, 'pendingForRun' | 'pendingUserIds' | 'markArrearsPaid'>;
      /** Approved reimbursement claims: claimed per chunk, recorded as paid at finalize. */
      reimbursements: Pick<ReimbursementService, 'claimForRun' | 'markPaidByRun'>;
      attendance: AttendanceService;
      leave: LeaveService;
      locks: PayrollLockService;
      /** The PDFs and e-mails of a finalized run: their progress is shown on the run. */
      documents: Pick<PayslipDocumentService, 'progress' | 'progressOfRuns'>;
      /** The employees' IT declarations: regime and declared (or allowed) amounts for TDS. */
      declarations?: Pick<DeclarationService, 'forRun'>;
      /** The month's payments: Mark as Paid records those not recorded yet as paid. */
      payments: Pick<PayrollBankService, 'recordRunPaid' | 'failedCount'>;
      chunkSize?: number;
      stallSeconds?: number;
      /** 'payroll.process' jobs queued per run: the processes that share its chunks (default 1). */
      processJobs?: number;
    },
  ) {}

  private get chunkSize(): number {
    return this.deps.chunkSize ?? PAYROLL_CHUNK_SIZE;
  }

  /** This process, as a chunk's claimed_by shows it (host:pid). */
  private readonly processName = `${os.hostname()}:${String(process.pid)}`;

  private get stallSeconds(): number {
    return this.deps.stallSeconds ?? PAYROLL_STALL_SECONDS;
  }

  // ---------------------------------------------------------------------------------------- the open month

  /** Period and pay date of a month under the settings (payPeriodFor, payDateFor; the organisation's working days). */
  private async calendarOf(scope: TenantScope, period: PayPeriodSettings, month: string) {
    const p = payPeriodFor(period, month);
    const isWorkingDay = await this.deps.leave.organisationWorkingDays(scope, `${month}-01`, addDaysToDate(`${addMonthsToMonth(month, 1)}-01`, -1));
    return { month, periodStart: p.start, periodEnd: p.end, payDate: payDateFor(period, month, isWorkingDay) };
  }

  /**
   * An open month follows the settings: its pay date always; its period while nothing is computed
   * from it (a draft, or processing starting afresh) — a processed month's payslips were computed
   * for their period, which changes when it is processed again.
   */
  private async followSettings(scope: TenantScope, run: repo.RunRow, period: PayPeriodSettings, withPeriod: boolean): Promise<repo.RunRow> {
    if (!OPEN.includes(run.status)) return run;
    const wanted = await this.calendarOf(scope, period, run.month);
    const patch = withPeriod ? { periodStart: wanted.periodStart, periodEnd: wanted.periodEnd, payDate: wanted.payDate } : { payDate: wanted.payDate };
    if (Object.entries(patch).every(([key, value]) => run[key as keyof typeof patch] === value)) return run;
    return repo.updateRun(scope.db, run.id, patch, this.deps.clock.now());
  }

  /**
   * PUT /PayrollSettings: the settings, then the open month follows them in the same transaction —
   * its pay date at once whatever its state, its period while it is a draft.
   */
  async saveSettings(scope: Scope, input: PayrollSettingsInput): Promise<PayrollSettings> {
    const saved = await this.deps.settings.save(scope, input);
    const calendar = await this.deps.settings.calendar(scope);
    const latest = await repo.findLatestRun(scope.db);
    if (calendar.isEnabled && latest && OPEN.includes(latest.status)) {
      const run = await this.runOr404(scope, latest.id, true);
      await this.followSettings(scope, run, calendar.period, run.status === 'draft');
    }
    return saved;
  }

  /** The organisation's date now, by the app clock in its time zone. */
  private orgDay(scope: Scope): OrgDay {
    return { timeZone: scope.ctx.timeZone, today: dateInZone(this.deps.clock.now(), scope.ctx.timeZone) };
  }

  /** A month that has not begun (its pay period starts after today) cannot be processed or finalized (DESIGN §10). */
  private assertBegun(scope: Scope, run: repo.RunRow): void {
    if (run.periodStart > this.orgDay(scope).today) throw conflict(PAYROLL_MSG.monthNotBegun(run.month, run.periodStart));
  }

  /**
   * The open month: the latest run while it is not finalized; after a finalized one, the next month;
   * with no run yet, the month after the settings' last payroll month. Creating it is idempotent
   * (unique tenant, month).
   */
  async ensureOpenRun(scope: Scope): Promise<repo.RunRow> {
    const calendar = await this.deps.settings.calendar(scope);
    if (!calendar.isEnabled) throw notFound(PAYROLL_MSG.payrollNotEnabled);
    const latest = await repo.findLatestRun(scope.db);
    if (latest?.status === 'draft') return this.followSettings(scope, latest, calendar.period, true);
    if (latest && OPEN.includes(latest.status)) return latest;
    const base = latest?.month ?? calendar.lastPayrollMonth;
    const month = base ? addMonthsToMonth(base, 1) : this.orgDay(scope).today.slice(0, 7);
    return repo.insertRunIfAbsent(scope.db, await this.calendarOf(scope, calendar.period, month));
  }

  /** POST /PayrollSetup/complete: enables payroll and opens the first month's draft in the same transaction. */
  async completeSetup(scope: Scope): Promise<PayrollSetup> {
    const setup = await this.deps.settings.enable(scope);
    await this.ensureOpenRun(scope);
    return setup;
  }

  async current(scope: Scope): Promise<PayrollRun> {
    return this.view(scope, await this.ensureOpenRun(scope));
  }

  async get(scope: Scope, id: string): Promise<PayrollRun> {
    return this.view(scope, await this.runOr404(scope, id));
  }

  private async runOr404(scope: TenantScope, id: string, forUpdate = false): Promise<repo.RunRow> {
    const run = await repo.findRun(scope.db, id, forUpdate);
    if (!run) throw notFound(PAYROLL_MSG.runNotFound);
    return run;
  }

  /** GET /PayrollRuns: every month, newest first (the history). */
  async list(scope: Scope): Promise<PayrollRun[]> {
    const runs = await repo.listRuns(scope.db);
    const ids = runs.map((r) => r.id);
    const holds = await repo.findHoldCounts(scope.db, ids);
    const releases = await repo.findReleaseCounts(scope.db, runs.filter((r) => CLOSED.includes(r.status)).map((r) => r.id));
    const documents = await this.deps.documents.progressOfRuns(scope, ids);
    const now = this.deps.clock.now();
    const day = this.orgDay(scope);
    const out: PayrollRun[] = [];
    for (const run of runs) {
      // Open months count warnings and holds live; closed ones keep what they paid.
      const counts = OPEN.includes(run.status) ? await this.liveCounts(scope, run) : null;
      const stale = run.status === 'processed' ? (await this.staleEmployees(scope, run)).length : 0;
      out.push(this.viewOf(run, run.finalizedByName, counts, holds, documents.get(run.id), releases, stale, day, now));
    }
    return out;
  }

  /** The open month's headcount, holds and employees with a warning. */
  private async liveCounts(scope: TenantScope, run: repo.RunRow): Promise<repo.RunCounts & { warnings: number }> {
    const counts = await repo.countRunEmployees(scope.db, run);
    return { ...counts, warnings: withWarnings(await warningsOfRun(scope, run)).length };
  }

  private async view(scope: Scope, run: repo.RunRow): Promise<PayrollRun> {
    const open = OPEN.includes(run.status);
    const counts = open ? await this.liveCounts(scope, run) : null;
    const holds = open ? [] : await repo.findHoldCounts(scope.db, [run.id]);
    const releases = open ? [] : await repo.findReleaseCounts(scope.db, [run.id]);
    const documents = await this.deps.documents.progress(scope, run.id);
    const finalizedByName = await repo.findUserName(scope.db, run.finalizedBy);
    const stale = run.status === 'processed' ? (await this.staleEmployees(scope, run)).length : 0;
    return this.viewOf(run, finalizedByName, counts, holds, documents, releases, stale, this.orgDay(scope), this.deps.clock.now());
  }

  private viewOf(
    run: repo.RunRow,
    finalizedByName: string | null,
    counts: (repo.RunCounts & { warnings: number }) | null,
    holds: readonly { runId: string; kind: string; n: number }[],
    documents: DocumentProgress | undefined,
    releases: readonly { runId: string; released: number; unpaid: number }[],
    staleCount: number,
    { today, timeZone }: OrgDay,
    now: Date,
  ): PayrollRun {
    const release = releases.find((r) => r.runId === run.id) ?? { released: 0, unpaid: 0 };
    const holdCount = (kind: string) => counts ? (kind === 'payout' ? counts.payoutHolds : counts.processingHolds) : (holds.find((h) => h.runId === run.id && h.kind === kind)?.n ?? 0);
    const processedCount = run.status === 'processed' || CLOSED.includes(run.status);
    return {
      id: run.id,
      month: run.month,
      periodStart: run.periodStart,
      periodEnd: run.periodEnd,
      payDate: run.payDate,
      status: run.status,
      employeeCount: processedCount || !counts ? run.employeeCount : counts.eligible - counts.processingHolds,
      grossEarnings: paiseToRupees(run.grossPaise),
      totalDeductions: paiseToRupees(run.deductionsPaise),
      netPay: paiseToRupees(run.netPaise),
      employerCost: paiseToRupees(run.employerCostPaise),
      progress: { done: run.progressDone, total: run.progressTotal },
      lastError: run.lastError,
      processingNotice: this.processingNoticeOf(run, now),
      warningCount: counts?.warnings ?? 0,
      staleCount,
      // A released payout is no longer held: it is counted as released (and unpaid until the bank says paid).
      holds: { payout: holdCount('payout') - release.released, processing: holdCount('processing'), released: release.released, releasedUnpaid: release.unpaid },
      // Issued payslips only: a draft's payslips are a preview, with no PDF or e-mail to come.
      payslips: CLOSED.includes(run.status) && documents ? documents : { total: 0, rendered: 0, emailed: 0 },
      processedAt: run.processedAt?.toISOString() ?? null,
      finalizedAt: run.finalizedAt?.toISOString() ?? null,
      finalizedByName,
      paidOn: run.paidOn,
      paymentReference: run.paymentReference,
      today,
      // An open month under way: the days from today to its period's end have not happened yet.
      daysToCome:
        OPEN.includes(run.status) && run.periodStart <= today && today <= run.periodEnd
          ? { from: today, to: run.periodEnd, days: daysBetweenInclusive(today, run.periodEnd) }
          : null,
      finalizedOn: finalizedOnOf(run, timeZone),
    };
  }

  /**
   * What an administrator is told about processing that is not simply moving: no sign of life for
   * stallSeconds (the same test the sweep applies; a stopped server's run is picked up within a
   * minute), or resumed by itself after such a stop. Nothing once it stopped on an error (lastError says why).
   */
  private processingNoticeOf(run: repo.RunRow, now: Date): PayrollRun['processingNotice'] {
    if (run.status !== 'processing' || run.lastError !== null) return null;
    const lastSign = run.heartbeatAt ?? run.updatedAt;
    if (now.getTime() - lastSign.getTime() > this.stallSeconds * 1000) {
      return { kind: 'stalled', message: PAYROLL_MSG.processingStalled(run.progressDone, run.progressTotal), since: lastSign.toISOString() };
    }
    if (run.autoResumedAt) {
      return { kind: 'resumed', message: PAYROLL_MSG.processingResumed(run.autoResumedFrom ?? run.progressDone, run.progressTotal), since: run.autoResumedAt.toISOString() };
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------- employees, warnings, variance

  async employees(scope: Scope, id: string, query: { page: number; pageSize: number; filter: repo.EmployeePageQuery['filter']; search?: string | undefined }): Promise<{ rows: PayrollEmployeeRow[]; totalRecords: number }> {
    const run = await this.runOr404(scope, id);
    const compared = await repo.findClosedRunBefore(scope.db, run.month);
    const warnings = await warningsOfRun(scope, run);
    const stale = await this.staleMarksOf(scope, run);
    const q: repo.EmployeePageQuery = {
      page: query.page,
      pageSize: query.pageSize,
      search: query.search || undefined,
      filter: query.filter,
      paidOnly: CLOSED.includes(run.status),
      warnedUserIds: withWarnings(warnings).map((w) => w.userId),
      staleUserIds: [...stale.keys()],
    };
    const totalRecords = await repo.countEmployeePage(scope.db, run, compared?.id ?? null, q);
    const rows = await repo.findEmployeePage(scope.db, run, compared?.id ?? null, q);
    return { totalRecords, rows: rows.map((r) => employeeRowOut(r, warnings.get(r.userId)?.warnings ?? [], stale.get(r.userId) ?? [])) };
  }

  private async employeeRow(scope: TenantScope, run: repo.RunRow, userId: string): Promise<PayrollEmployeeRow> {
    const compared = await repo.findClosedRunBefore(scope.db, run.month);
    const [row] = await repo.findEmployeePage(scope.db, run, compared?.id ?? null, { page: 1, pageSize: 1, filter: 'all', paidOnly: CLOSED.includes(run.status), userId, warnedUserIds: [] });
    if (!row) throw notFound(PAYROLL_MSG.employeeNotInRun);
    const warnings = await warningsOfRun(scope, run, userId);
    const stale = await this.staleMarksOf(scope, run);
    return employeeRowOut(row, warnings.get(userId)?.warnings ?? [], stale.get(userId) ?? []);
  }

  /**
   * The month's stale marks (userId → reasons) as the run's `staleCount` counts them: on a processed run only
   * (a draft's previews are recomputed by Process Payroll anyway; a closed month takes no marks).
   */
  private async staleMarksOf(scope: TenantScope, run: repo.RunRow): Promise<Map<string, string[]>> {
    return run.status === 'processed' ? this.deps.locks.staleIn(scope, run.month) : new Map<string, string[]>();
  }

  /** GET /PayrollRuns/:id/warnings: before finalize, every employee with a warning (a closed month has none to act on). */
  async warnings(scope: Scope, id: string): Promise<PayrollWarning[]> {
    const run = await this.runOr404(scope, id);
    if (CLOSED.includes(run.status)) return [];
    return withWarnings(await warningsOfRun(scope, run));
  }

  /** Σ of each component this month against the last finalized month (greytHR, Paybooks: variance by component). */
  async variance(scope: Scope, id: string) {
    const run = await this.runOr404(scope, id);
    const compared = await repo.findClosedRunBefore(scope.db, run.month);
    const now = await repo.sumLinesByCode(scope.db, run.id);
    const before = compared ? await repo.sumLinesByCode(scope.db, compared.id) : [];
    const order: Record<string, number> = { earning: 0, deduction: 1, employer: 2 };
    const keys = new Map<string, { section: repo.ComponentSum['section']; code: string; label: string }>();
    for (const l of [...before, ...now]) keys.set(`${l.section}|${l.code}`, { section: l.section, code: l.code, label: l.label });
    const amount = (list: repo.ComponentSum[], key: string) => list.find((l) => `${l.section}|${l.code}` === key)?.amountPaise ?? 0;
    const lines = [...keys.entries()]
      .map(([key, l]) => {
        const lastMonth = amount(before, key);
        const thisMonth = amount(now, key);
        return { code: l.code, label: l.label, section: l.section, lastMonth: paiseToRupees(lastMonth), thisMonth: paiseToRupees(thisMonth), difference: paiseToRupees(thisMonth - lastMonth) };
      })
      .sort((a, b) => (order[a.section] ?? 0) - (order[b.section] ?? 0) || a.label.localeCompare(b.label));
    return { comparedMonth: compared?.month ?? null, lines };
  }

  // ---------------------------------------------------------------------------------------- holds, adjustments, remarks

  /**
   * A run whose inputs may change: draft or processed (a processed run re-processes the employee),
   * or processing that stopped on an error (lastError), so its cause — a one-time deduction, a
   * hold — can be fixed before processing resumes. The run row lock keeps this and the chunks apart.
   */
  private async editableRun(scope: TenantScope, id: string): Promise<repo.RunRow> {
    const run = await this.runOr404(scope, id, true);
    if (run.status === 'processing' && run.lastError === null) throw conflict(PAYROLL_MSG.runProcessing);
    if (CLOSED.includes(run.status)) throw conflict(PAYROLL_MSG.runNotDraft);
    return run;
  }

  private async assertInRun(scope: TenantScope, run: repo.RunRow, userId: string): Promise<repo.RunEmployee> {
    const [employee] = await repo.findRunEmployees(scope.db, run, { userIds: [userId] });
    if (!employee) throw notFound(PAYROLL_MSG.employeeNotInRun);
    return employee;
  }

  async setHold(scope: Scope, id: string, userId: string, input: PayrollHoldInput): Promise<PayrollEmployeeRow> {
    const run = await this.editableRun(scope, id);
    await this.assertInRun(scope, run, userId);
    await repo.upsertHold(scope.db, { runId: run.id, userId, kind: input.kind, reason: input.reason?.trim() || null, createdBy: scope.ctx.userId });
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'Hold', after: { month: run.month, userId, kind: input.kind }, reason: input.reason ?? null });
    await this.refreshEmployee(scope, run, userId);
    return this.employeeRow(scope, run, userId);
  }

  /**
   * DELETE /PayrollRuns/:id/holds/:userId. Before finalize the hold is removed (the employee is paid
   * in the month's file). After finalize — finalized or paid — a payout hold is released: the month's
   * figures do not change (payslip, hold and totals are immutable); a release row records who and
   * when, and the net pay goes out in the month's "released" bank file (DESIGN §10).
   */
  async removeHold(scope: Scope, id: string, userId: string): Promise<PayrollEmployeeRow> {
    const closed = await this.runOr404(scope, id);
    await recordAudit(scope, { entity: 'PayrollRun', entityId: closed.id, action: 'Release', after: { month: closed.month, userId, payoutReleased: CLOSED.includes(closed.status) } });
    if (CLOSED.includes(closed.status)) return this.releasePayout(scope, closed, userId);
    const run = await this.editableRun(scope, id);
    await this.assertInRun(scope, run, userId);
    if (await repo.deleteHold(scope.db, run.id, userId)) await this.refreshEmployee(scope, run, userId);
    return this.employeeRow(scope, run, userId);
  }

  private async releasePayout(scope: Scope, run: repo.RunRow, userId: string): Promise<PayrollEmployeeRow> {
    const payslip = await repo.findHeldPayslip(scope.db, run.id, userId);
    if (!payslip) {
      // Not paid this month: excluded from processing (a hold that finalize kept), or not part of the month at all.
      if ((await repo.findHoldKind(scope.db, run.id, userId)) === 'processing') throw conflict(PAYROLL_MSG.processingHoldClosed);
      throw notFound(PAYROLL_MSG.employeeNotInRun);
    }
    if (payslip.holdKind !== 'payout') throw conflict(PAYROLL_MSG.noPayoutHold);
    if (payslip.releasedAt) throw conflict(PAYROLL_MSG.payoutAlreadyReleased);
    const inserted = await repo.insertPayoutRelease(scope.db, { runId: run.id, payslipId: payslip.payslipId, userId, releasedBy: scope.ctx.userId, releasedAt: this.deps.clock.now() });
    // Two administrators releasing at once: the second finds the first's row.
    if (!inserted) throw conflict(PAYROLL_MSG.payoutAlreadyReleased);
    // The stored PDF said "will be paid when the hold is released": rendered again after the commit.
    scope.enqueue('payroll.payslips.rerender', { runId: run.id, payslipId: payslip.payslipId });
    return this.employeeRow(scope, run, userId);
  }

  /**
   * POST /PayrollRuns/:id/excluded/:userId/bring-in: the pay of a closed month the employee was
   * excluded from (a processing hold that finalize kept, no payslip) is brought into the open month,
   * once. The open month pays it as lines of its own, computed by the one calculation when it
   * processes the employee (payroll-excluded.ts); a processed month recomputes the employee at once.
   * The closed month does not change; its excluded entry then names the month that pays it.
   */
  async bringInExcludedPay(scope: Scope, id: string, userId: string): Promise<{ row: PayrollEmployeeRow; month: string; into: string }> {
    const closed = await this.runOr404(scope, id);
    if (!CLOSED.includes(closed.status)) throw conflict(PAYROLL_MSG.excludedPayMonthOpen);
    const payslip = await repo.findHeldPayslip(scope.db, closed.id, userId);
    const holdKind = await repo.findHoldKind(scope.db, closed.id, userId);
    // Paid that month (a payslip, held or not), or left out for another reason (no salary structure): nothing excluded to bring in.
    if (payslip || holdKind !== 'processing') throw conflict(PAYROLL_MSG.excludedPayNotExcluded(closed.month));
    const done = await repo.findExcludedPay(scope.db, closed.id, userId);
    if (done) throw conflict(PAYROLL_MSG.excludedPayAlreadyBroughtIn(closed.month, done.payingMonth));
    const open = await this.editableRun(scope, (await this.ensureOpenRun(scope)).id);
    const [employee] = await repo.findRunEmployees(scope.db, open, { userIds: [userId] });
    if (!employee) throw conflict(PAYROLL_MSG.excludedPayNotInOpenMonth(open.month));
    if (employee.holdKind === 'processing') throw conflict(PAYROLL_MSG.excludedPayHeldAgain(open.month));
    const inserted = await repo.insertExcludedPay(scope.db, { excludedRunId: closed.id, userId, payingRunId: open.id, createdBy: scope.ctx.userId, createdAt: this.deps.clock.now() });
    // Two administrators at once: the second finds the first's row.
    if (!inserted) throw conflict(PAYROLL_MSG.excludedPayAlreadyBroughtIn(closed.month, open.month));
    await this.refreshEmployee(scope, open, userId);
    return { row: await this.employeeRow(scope, closed, userId), month: closed.month, into: open.month };
  }

  /**
   * DELETE /PayrollRuns/:id/excluded/:userId/bring-in: undoes a bring-in while the month that pays it
   * is not finalized. The pay is left out again (the closed month's entry no longer names a paying
   * month, and it may be brought in again later); the paying month's employee is recomputed at once,
   * as bring-in does, so its EXC_ lines go. Once the paying month is finalized its payslip is final
   * and the bring-in stays (409; the database trigger refuses it too).
   */
  async undoBringInExcludedPay(scope: Scope, id: string, userId: string): Promise<{ row: PayrollEmployeeRow; month: string; from: string }> {
    const closed = await this.runOr404(scope, id);
    const done = await repo.findExcludedPay(scope.db, closed.id, userId);
    if (!done) throw conflict(PAYROLL_MSG.excludedPayNotBroughtIn(closed.month));
    // Locked: a finalize of the paying month waits for this, or this sees it finalized.
    const paying = await this.runOr404(scope, done.payingRunId, true);
    if (CLOSED.includes(paying.status)) throw conflict(PAYROLL_MSG.excludedPayUndoFinalized(closed.month, paying.month));
    const open = await this.editableRun(scope, paying.id);
    // Two administrators at once: the second finds nothing left to undo.
    if (!(await repo.deleteExcludedPay(scope.db, closed.id, userId))) throw conflict(PAYROLL_MSG.excludedPayNotBroughtIn(closed.month));
    await this.refreshEmployee(scope, open, userId);
    return { row: await this.employeeRow(scope, closed, userId), month: closed.month, from: open.month };
  }

  async adjustments(scope: Scope, id: string, userId?: string): Promise<PayrollAdjustment[]> {
    const run = await this.runOr404(scope, id);
    return (await repo.listAdjustments(scope.db, run.id, userId ? [userId] : undefined)).map(adjustmentOut);
  }

  async addAdjustment(scope: Scope, id: string, input: PayrollAdjustmentInput): Promise<PayrollAdjustment> {
    const run = await this.editableRun(scope, id);
    await this.assertInRun(scope, run, input.userId);
    const row = await repo.insertAdjustment(scope.db, {
      runId: run.id,
      userId: input.userId,
      kind: input.kind,
      category: input.category,
      label: input.label,
      amountPaise: rupeesToPaise(input.amount),
      // A one-time deduction is never "taxable"; the flag only means something for earnings.
      taxable: input.kind === 'earning' ? (input.taxable ?? true) : false,
      createdBy: scope.ctx.userId,
    });
    await this.refreshEmployee(scope, run, input.userId);
    return adjustmentOut(row);
  }

  async removeAdjustment(scope: Scope, id: string, adjustmentId: string): Promise<void> {
    const run = await this.editableRun(scope, id);
    const removed = await repo.deleteAdjustment(scope.db, run.id, adjustmentId);
    if (!removed) throw notFound(PAYROLL_MSG.adjustmentNotFound);
    await this.refreshEmployee(scope, run, removed.userId);
  }

  /** The reviewer's reason for a variance; an empty remark removes it. Any month not yet finalized. */
  async setRemark(scope: Scope, id: string, userId: string, remark: string): Promise<{ userId: string; remark: string | null }> {
    const run = await this.runOr404(scope, id, true);
    if (CLOSED.includes(run.status)) throw conflict(PAYROLL_MSG.runNotDraft);
    await this.assertInRun(scope, run, userId);
    const text = remark.trim();
    if (text) await repo.saveRemark(scope.db, { runId: run.id, userId, remark: text, updatedBy: scope.ctx.userId }, this.deps.clock.now());
    else await repo.deleteRemark(scope.db, run.id, userId);
    return { userId, remark: text || null };
  }

  // ---------------------------------------------------------------------------------------- processing

  /**
   * POST /PayrollRuns/:id/process: from draft or processed, start afresh (the draft payslips go,
   * progress starts at 0 of the employees to pay); from processing (a crash, a failure), resume
   * where the committed chunks left off. Either way the 'payroll.process' job does the work.
   */
  async startProcessing(scope: Scope, id: string): Promise<PayrollRun> {
    let run = await this.runOr404(scope, id, true);
    if (CLOSED.includes(run.status)) throw conflict(PAYROLL_MSG.runAlreadyFinalized);
    this.assertBegun(scope, run);
    const now = this.deps.clock.now();
    // A run started or resumed by hand: its job's sign of life starts now, and automatic resumes start again.
    const fresh = { heartbeatAt: now, autoResumedAt: null, autoResumedFrom: null, autoResumes: 0 };
    if (run.status === 'processing') {
      run = await repo.updateRun(scope.db, run.id, { progressDone: await repo.countPayslips(scope.db, run.id), lastError: null, ...fresh }, now);
    } else {
      run = await this.followSettings(scope, run, (await this.deps.settings.calendar(scope)).period, true);
      await repo.deletePayslips(scope.db, run.id);
      await repo.planChunks(scope.db, run, this.chunkSize);
      const counts = await repo.countRunEmployees(scope.db, run);
      run = await repo.updateRun(
        scope.db,
        run.id,
        {
          status: 'processing',
          progressDone: 0,
          progressTotal: counts.eligible - counts.processingHolds,
          lastError: null,
          processedAt: null,
          processedBy: scope.ctx.userId,
          employeeCount: 0,
          grossPaise: 0,
          deductionsPaise: 0,
          netPaise: 0,
          employerCostPaise: 0,
          ...fresh,
        },
        now,
      );
    }
    this.enqueueProcessing(scope, run.id);
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'Process', after: { month: run.month, status: run.status } });
    return this.view(scope, run);
  }

  /**
   * The run's 'payroll.process' jobs: one per process meant to share it (PAYROLL_PROCESS_JOBS), each
   * claiming chunks until none is left. Keyed by the run (the first) and run:slot (the others), so the
   * sweep can tell a job still queued from one that died with its process (processJobRunId).
   */
  private enqueueProcessing(scope: TenantScope, runId: string): void {
    for (let slot = 0; slot < (this.deps.processJobs ?? 1); slot += 1) {
      scope.enqueue('payroll.process', { runId }, { singletonKey: slot === 0 ? runId : `${runId}:${String(slot)}` });
    }
  }

  /**
   * 'payroll.resumeStalled' (at start and every minute): a run processing without an error whose job
   * has given no sign of life for stallSeconds, none of whose chunks a live transaction claims and whose job is not
   * `waiting` in the queue (the platform's read of it) lost its job with its process: kill -9, a
   * crash, a deploy. Processing is queued again, as POST process resumes it (the chunks take only
   * employees without a payslip, so none is paid twice or left out); after PAYROLL_MAX_AUTO_RESUMES in
   * a row without a chunk committed, it stops with the reason on the run instead.
   */
  async resumeStalledRuns(scope: GlobalScope, waiting: ReadonlySet<string>): Promise<StalledRunOutcome[]> {
    const now = this.deps.clock.now();
    const before = new Date(now.getTime() - this.stallSeconds * 1000);
    const outcomes: StalledRunOutcome[] = [];
    for (const candidate of await repo.findStalledRuns(scope.global, before)) {
      if (waiting.has(candidate.id)) continue;
      const outcome = await scope.asTenant(candidate.tenantId, (tenant) => this.resumeStalledRun(tenant, candidate.id, before, now));
      if (outcome) outcomes.push({ tenantId: candidate.tenantId, ...outcome });
    }
    return outcomes;
  }

  private async resumeStalledRun(scope: TenantScope, runId: string, before: Date, now: Date): Promise<Omit<StalledRunOutcome, 'tenantId'> | null> {
    const run = await repo.lockRunIfFree(scope.db, runId);
    // Held by a chunk in flight (its job is alive), or changed since the read.
    if (run?.status !== 'processing' || run.lastError !== null || (run.heartbeatAt !== null && run.heartbeatAt >= before)) return null;
    // A chunk claimed by a transaction in flight: some process is alive and working on the run, however long its chunk.
    if (await repo.chunkInFlight(scope.db, run.id)) return null;
    const done = await repo.countPayslips(scope.db, run.id);
    if (run.autoResumes >= PAYROLL_MAX_AUTO_RESUMES) {
      await repo.updateRun(scope.db, run.id, { progressDone: done, lastError: PAYROLL_MSG.processingGaveUp(run.autoResumes, done, run.progressTotal) }, now);
      return { runId, outcome: 'stopped', done, total: run.progressTotal };
    }
    await repo.updateRun(scope.db, run.id, { progressDone: done, heartbeatAt: now, autoResumedAt: now, autoResumedFrom: done, autoResumes: run.autoResumes + 1 }, now);
    this.enqueueProcessing(scope, run.id);
    return { runId, outcome: 'resumed', done, total: run.progressTotal };
  }

  /**
   * The 'payroll.process' job: chunk after chunk, each in its own transaction, until none is left.
   * Several such jobs (one per process, PAYROLL_PROCESS_JOBS) work on one run at once, each claiming
   * the next chunk nobody holds. A failure is written on the run (last error) in a step of its own
   * and rethrown for pg-boss to retry; what committed stays, so the retry (or POST process) resumes.
   */
  async processRun(steps: TenantSteps, runId: string): Promise<void> {
    for (;;) {
      let more: boolean;
      try {
        more = await steps((scope) => this.processChunk(scope, runId));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await steps(async (scope) => {
          const run = await repo.findRun(scope.db, runId, true);
          if (run?.status === 'processing') await repo.updateRun(scope.db, runId, { lastError: message.slice(0, 1000) }, this.deps.clock.now());
        });
        throw error;
      }
      if (!more) return;
    }
  }

  /**
   * One chunk (payroll_run_chunks): the next one nobody holds, claimed for this transaction (a
   * process that dies mid-chunk rolls back and frees it); its employees without a payslip yet, their
   * inputs read in bulk, computed, written with one insert per table; the chunk marked done by this
   * process and the run's progress bumped (the run row is locked only by that last update). When
   * every chunk left is held by other processes, wait for the first of them: it commits (look again)
   * or its process dies (take it over). With every chunk done, the one that sees it first (under the
   * run's lock) writes the totals and 'processed'. A run without chunks (processing from before they
   * existed) has them planned here. True while there may be more to do.
   */
  private async processChunk(scope: TenantScope, runId: string): Promise<boolean> {
    const run = await repo.findRun(scope.db, runId);
    if (run?.status !== 'processing') return false;
    const chunk = (await repo.claimChunk(scope.db, run.id, false)) ?? (await this.claimOrFinish(scope, run));
    if (typeof chunk === 'boolean') return chunk;
    const employees = await repo.findRunEmployees(scope.db, run, { afterUserId: chunk.afterUserId, throughUserId: chunk.throughUserId, toProcess: true });
    // Processed with the inputs read now: the marks seen before the read are taken in.
    const clearSeen = await this.deps.locks.staleSeen(scope, run.month, employees.map((e) => e.id));
    const { payslips, lines, recoveries } = await this.computeEmployees(scope, run, employees);
    await repo.insertPayslips(scope.db, run, payslips, lines);
    await loansRepo.insertRecoveries(scope.db, recoveries);
    await clearSeen();
    const now = this.deps.clock.now();
    await repo.finishChunk(scope.db, run.id, chunk.seq, this.processName, employees.length, now);
    await repo.bumpProgress(scope.db, run.id, employees.length, now);
    return true;
  }

  /** No chunk free: plan them (none yet), wait for one held elsewhere, or — all done — complete the run once. */
  private async claimOrFinish(scope: TenantScope, run: repo.RunRow): Promise<repo.RunChunk | boolean> {
    const counts = await repo.chunkCounts(scope.db, run.id);
    if (counts.total === 0 || counts.left === 0) {
      const locked = await repo.findRun(scope.db, run.id, true);
      if (locked?.status !== 'processing') return false;
      const again = await repo.chunkCounts(scope.db, run.id);
      if (again.total === 0) {
        await repo.planChunks(scope.db, locked, this.chunkSize);
        return true;
      }
      if (again.left > 0) return true;
      // The run's rows counted in now (where autovacuum would at its next round): its page, variance and finalize read them next.
      await repo.analyzePayslips(scope.db);
      const now = this.deps.clock.now();
      const totals = await repo.payslipTotals(scope.db, run.id);
      await repo.updateRun(scope.db, run.id, { ...totals, status: 'processed', processedAt: now, progressDone: locked.progressTotal, lastError: null }, now);
      return false;
    }
    return (await repo.claimChunk(scope.db, run.id, true)) ?? true;
  }

  /**
   * Every input of a chunk's employees, read in one place with one query per kind for the whole
   * chunk (ChunkReads). Employees with a processing hold or without a CTC are not read.
   */
  private async readChunk(scope: TenantScope, run: repo.RunRow, employees: readonly repo.RunEmployee[]): Promise<ChunkReads | null> {
    const payable = employees.filter((e) => e.hasStructure && e.holdKind !== 'processing');
    const ids = payable.map((e) => e.id);
    if (ids.length === 0) return null;
    // One after another on the chunk's one connection (a transaction runs one statement at a time).
    const pay = await this.deps.salary.payStructures(scope, ids, run.periodEnd);
    const days = await this.deps.attendance.payDayEntries(scope, ids, run.periodStart, run.periodEnd);
    const adjustments = groupBy(await repo.listAdjustments(scope.db, run.id, ids));
    const ytd = await repo.findYtdBefore(scope.db, ids, financialYearStartMonth(run.month), run.month);
    const esiCovered = await repo.findEsiCoveredAtStart(scope.db, ids, esiPeriodStartMonth(run.month), run.month);
    const revisions = await this.deps.revisions.pendingForRun(scope, ids);
    const reimbursements = await this.deps.reimbursements.claimForRun(scope, run.id, ids);
    // Loans and advances: one read for the chunk; the instalment goes through the one calculation.
    const loans = await loansRepo.findLoansForRun(scope.db, ids, run.month);
    // One read of the chunk's declarations (regime, declared or allowed amounts), passed into the pure compute.
    const declarations = this.deps.declarations ? await this.deps.declarations.forRun(scope, ids, run.month) : undefined;
    const revisedFrom = [...revisions.values()].map((r) => r[0]?.effectiveFrom ?? run.periodStart).sort()[0];
    const revisedMonths = revisedFrom ? await repo.findFinalizedMonths(scope.db, [...revisions.keys()], revisedFrom, run.month) : new Map<string, repo.FinalizedMonth[]>();
    // Loss of pay changed after finalize (DESIGN §10): the months within reach as paid, and their days now.
    const lopMonths = await repo.findLopPaidMonths(scope.db, ids, lopCorrectionStart(run.month), run.month);
    const lopPeriods = [...lopMonths.values()].flat();
    const lopFrom = lopPeriods.map((m) => m.periodStart).sort()[0];
    const lopTo = lopPeriods.map((m) => m.periodEnd).sort().at(-1);
    const lopDays = lopFrom && lopTo ? await this.deps.attendance.payDayEntries(scope, [...lopMonths.keys()], lopFrom, lopTo) : new Map<string, Record<string, PayDayEntry>>();
    const { excluded, excludedDays } = await this.readExcludedPay(scope, run, ids);
    return { payable, pay, days, adjustments, ytd, esiCovered, revisions, revisedMonths, reimbursements, loans, declarations, lopMonths, lopDays, excluded, excludedDays };
  }

  /**
   * Excluded months brought into this run (payroll_excluded_pay): the months with their one-time
   * items, the attendance over their periods, and ESI coverage at the start of each one's
   * contribution period. Rare: nothing is read past the first query when none was brought in.
   */
  private async readExcludedPay(scope: TenantScope, run: repo.RunRow, ids: readonly string[]): Promise<Pick<ChunkReads, 'excluded' | 'excludedDays'>> {
    const found = await repo.findExcludedPayForRun(scope.db, run.id, ids);
    const excluded: ChunkReads['excluded'] = new Map();
    if (found.size === 0) return { excluded, excludedDays: new Map() };
    const months = [...found.values()].flat();
    const covered = new Map<string, Set<string>>();
    for (const month of new Set(months.map((m) => m.month))) {
      const users = months.filter((m) => m.month === month).map((m) => m.userId);
      covered.set(month, await repo.findEsiCoveredAtStart(scope.db, users, esiPeriodStartMonth(month), month));
    }
    for (const [userId, list] of found) excluded.set(userId, list.map((m) => ({ ...m, esiCoveredAtStart: covered.get(m.month)?.has(userId) ?? false })));
    const from = months.map((m) => m.periodStart).sort()[0] ?? run.periodStart;
    const to = months.map((m) => m.periodEnd).sort().at(-1) ?? run.periodStart;
    const excludedDays = await this.deps.attendance.payDayEntries(scope, [...found.keys()], from, to);
    return { excluded, excludedDays };
  }

  /**
   * The chunk's reads (readChunk), then the one calculation per employee, each structure computed
   * as its employee is reached (structureOf). Employees without a salary structure get no payslip (a
   * warning before processing); a structure the engine refuses stops the run with the employee named.
   */
  private async computeEmployees(
    scope: TenantScope,
    run: repo.RunRow,
    employees: readonly repo.RunEmployee[],
  ): Promise<{ payslips: repo.PayslipWrite[]; lines: repo.LineWrite[]; recoveries: loansRepo.RecoveryWrite[] }> {
    const reads = await this.readChunk(scope, run, employees);
    if (!reads) return { payslips: [], lines: [], recoveries: [] };
    const ctx = monthContext(run, daysBetweenInclusive(run.periodStart, run.periodEnd), reads.pay);
    const payslips: repo.PayslipWrite[] = [];
    const lines: repo.LineWrite[] = [];
    const recoveries: loansRepo.RecoveryWrite[] = [];
    for (const employee of reads.payable) {
      const structure = reads.pay.structureOf(employee.id);
      if (!structure) continue;
      const who = `${nameOf(employee)}${employee.employeeNumber ? ` (${employee.employeeNumber})` : ''}`;
      if ('error' in structure) throw new Error(`Could not compute the pay of ${who}: ${structure.error}`);
      let computed: ReturnType<typeof computePayslip>;
      try {
        computed = computePayslip(ctx, inputsOf(reads, employee, structure));
      } catch (error) {
        throw new Error(`Could not compute the pay of ${who}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      // Never a negative payslip: the month stops here with the employee named (a 409 on a request).
      if (computed.payslip.netPaise < 0) {
        throw conflict(PAYROLL_MSG.negativeNetPay(who, formatRupees(computed.payslip.grossPaise), formatRupees(computed.payslip.deductionsPaise)));
      }
      payslips.push(computed.payslip);
      for (const line of computed.lines) lines.push(line);
      for (const recovery of computed.recoveries) recoveries.push(recovery);
    }
    return { payslips, lines, recoveries };
  }

  /** Recomputes one employee's payslip in the open transaction; on a processed run the totals follow. */
  private async recomputeEmployee(scope: TenantScope, run: repo.RunRow, userId: string): Promise<void> {
    const clearSeen = await this.deps.locks.staleSeen(scope, run.month, [userId]);
    const employees = await repo.findRunEmployees(scope.db, run, { userIds: [userId] });
    await repo.deletePayslips(scope.db, run.id, [userId]);
    const { payslips, lines, recoveries } = await this.computeEmployees(scope, run, employees);
    await repo.insertPayslips(scope.db, run, payslips, lines);
    await loansRepo.insertRecoveries(scope.db, recoveries);
    await clearSeen();
    if (run.status === 'processed') await repo.updateRun(scope.db, run.id, await repo.payslipTotals(scope.db, run.id), this.deps.clock.now());
  }

  /** After a hold or adjustment changes: a processed run (or an employee already previewed) is recomputed at once. */
  private async refreshEmployee(scope: TenantScope, run: repo.RunRow, userId: string): Promise<void> {
    if (run.status === 'processed' || (await repo.hasPayslip(scope.db, run.id, userId))) {
      await this.recomputeEmployee(scope, run, userId);
    }
  }

  /**
   * After an input kept by another part of payroll changed (a loan recorded, edited or cancelled): the
   * employee's payslip in the open month, if already computed, is computed again. Nothing while the
   * month is processing (its chunks read the new input) or closed.
   */
  async refreshEmployeeInOpenRun(scope: TenantScope, userId: string): Promise<void> {
    const latest = await repo.findLatestRun(scope.db);
    if (!latest || !OPEN.includes(latest.status)) return;
    const run = await this.runOr404(scope, latest.id, true);
    if (run.status === 'draft' || run.status === 'processed') await this.refreshEmployee(scope, run, userId);
  }

  /**
   * The same after the income-tax regime switch, but only when the open run falls in
   * that financial year: a switch for another year changes nothing this month.
   */
  async refreshEmployeeInOpenRunOfYear(scope: TenantScope, userId: string, financialYearStart: number): Promise<void> {
    const latest = await repo.findLatestRun(scope.db);
    if (!latest || financialYearStartMonth(latest.month) !== `${String(financialYearStart)}-04`) return;
    await this.refreshEmployeeInOpenRun(scope, userId);
  }

  /** POST /PayrollRuns/:id/employees/:userId/process: one employee again, synchronously (draft or processed). */
  async processEmployee(scope: Scope, id: string, userId: string): Promise<PayrollEmployeeRow> {
    const run = await this.editableRun(scope, id);
    this.assertBegun(scope, run);
    await this.assertInRun(scope, run, userId);
    await this.recomputeEmployee(scope, run, userId);
    return this.employeeRow(scope, run, userId);
  }

  /** POST /PayrollRuns/:id/process-stale: every stale employee of a processed run again, in one transaction. */
  async processStale(scope: Scope, id: string): Promise<{ run: PayrollRun; processed: number }> {
    const run = await this.editableRun(scope, id);
    const stale = await this.staleEmployees(scope, run);
    for (const employee of stale) await this.recomputeEmployee(scope, run, employee.userId);
    return { run: await this.view(scope, (await repo.findRun(scope.db, run.id)) ?? run), processed: stale.length };
  }

  // ---------------------------------------------------------------------------------------- finalize, paid

  /**
   * POST /PayrollRuns/:id/finalize, one transaction: processed → finalized (a conditional update, so
   * two administrators pressing Finalize at once finalize once), the month's days gone by locked for
   * attendance and leave, the next month's draft opened. The payslip PDFs and e-mails are a job after
   * the commit. A month that has not begun is refused; one finalized before its period ends leaves
   * today and the days after it open (they are paid as present; what happens on them later is the
   * next month's business).
   */
  async finalize(scope: Scope, id: string): Promise<PayrollRun> {
    const now = this.deps.clock.now();
    const before = await this.runOr404(scope, id);
    if (!CLOSED.includes(before.status)) this.assertBegun(scope, before);
    // Excluded pay brought in for someone this month does not pay (held again, gone) waits for a later month.
    if (before.status === 'processed') await repo.deleteUnpaidExcludedPay(scope.db, before.id);
    const run = await repo.finalizeRun(scope.db, id, scope.ctx.userId, now);
    if (!run) {
      const existing = await this.runOr404(scope, id);
      throw conflict(CLOSED.includes(existing.status) ? PAYROLL_MSG.runAlreadyFinalized : PAYROLL_MSG.runNotProcessed);
    }
    const yesterday = addDaysToDate(this.orgDay(scope).today, -1);
    await this.deps.locks.lockMonth(scope, run.month, scope.ctx.userId, { from: run.periodStart, through: yesterday < run.periodEnd ? yesterday : run.periodEnd });
    // After the month's lock (exclusive; changes in flight hold it shared), so a mark committed meanwhile is seen.
    const stale = await this.staleEmployees(scope, run);
    if (stale.length > 0) throw conflict(PAYROLL_MSG.staleEmployees(stale.map((s) => s.name)));
    // The salary revisions whose arrears this run paid are paid once: the paying run is recorded now.
    const revised = await this.deps.revisions.pendingUserIds(scope, run.periodEnd);
    await this.deps.revisions.markArrearsPaid(scope, run, await repo.findArrearsPaid(scope.db, run.id, revised));
    // The reimbursement claims this run paid are paid once: the paying run is recorded now.
    await this.deps.reimbursements.markPaidByRun(scope, run);
    // Loans whose last instalment this month recovered are closed.
    await loansRepo.closeRepaidLoans(scope.db, now);
    await this.ensureOpenRun(scope);
    scope.enqueue('payroll.finalized', { runId: run.id });
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'Finalize', before: { status: before.status }, after: { month: run.month, status: run.status } });
    return this.view(scope, run);
  }

  /** The run's employees with a payslip whose inputs changed since (payroll-locks staleIn), with the reasons. */
  private async staleEmployees(scope: TenantScope, run: repo.RunRow): Promise<{ userId: string; name: string; reasons: string[] }[]> {
    const marks = await this.deps.locks.staleIn(scope, run.month);
    if (marks.size === 0) return [];
    const people = await repo.findPayslipPeople(scope.db, run.id, [...marks.keys()]);
    return people.map((p) => ({ userId: p.userId, name: p.name, reasons: marks.get(p.userId) ?? [] }));
  }

  /**
   * POST /PayrollRuns/:id/mark-paid: the month's transfer went out on `paidOn` (from the finalize date
   * to today). A month is Paid when every payout is paid or still held (the held ones keep their
   * reason on the run): a payout released from hold but not reported paid by the bank refuses it, so
   * "Paid" never hides a released payout nobody has sent, and so does a payment the bank reported
   * failed and nobody has paid since. The payments not recorded yet — awaiting
   * the bank, or never sent in a bank file — are recorded paid with the date and the reference; those
   * left out (payout on hold, bank details) and failed ones stay as they are (a failed one is
   * re-exported and then marked paid on its own).
   */
  async markPaid(scope: Scope, id: string, input: PayrollMarkPaidInput): Promise<PayrollRun> {
    const existing = await this.runOr404(scope, id, true);
    if (existing.status !== 'finalized') throw conflict(PAYROLL_MSG.runNotFinalized);
    const [release] = await repo.findReleaseCounts(scope.db, [id]);
    if (release && release.unpaid > 0) throw conflict(PAYROLL_MSG.releasedPayoutsUnpaid(release.unpaid));
    // A payment the bank reported failed is neither paid nor held: the month is not Paid until it is paid.
    const failed = await this.deps.payments.failedCount(scope, id);
    if (failed > 0) throw conflict(PAYROLL_MSG.failedPaymentsUnpaid(failed));
    const { today, timeZone } = this.orgDay(scope);
    const problem = paidOnProblem(input.paidOn, finalizedOnOf(existing, timeZone) ?? existing.periodStart, today);
    if (problem) throw fieldError('paidOn', problem);
    const reference = input.reference.trim();
    const run = await repo.markRunPaid(scope.db, id, input.paidOn, reference, this.deps.clock.now());
    if (!run) throw conflict(PAYROLL_MSG.runNotFinalized);
    await this.deps.payments.recordRunPaid(scope, run.id, { paidOn: input.paidOn, reference });
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'MarkPaid', after: { month: run.month, paidOn: input.paidOn, reference } });
    return this.view(scope, run);
  }
}
