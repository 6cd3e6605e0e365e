import { createHash, randomBytes } from 'node:crypto';
import { PAYROLL_MSG as MSG, can } from '@tankha/contracts';
import { dateInZone, paiseToRupees, payslipPassword } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { conflict, notFound } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import type { GlobalScope, Scope, TenantScope, TenantSteps } from '../../platform/tenancy';
import { monthLabel } from './payroll-format';
import { buildPayrollRegisterXlsx } from './payroll-register';
import type { PayrollReportService } from '../payroll-reports/payroll-reports.service';
import { payslipFileName, payslipMail } from './payslip-mail';
import { renderPayslipPdf, type PayslipDocument, type PayslipOrganisation } from './payslip-pdf';
import { chunksOf } from './payslip-documents.jobs';
import * as repo from './payslip-documents.repo';
import * as payrollRepo from './payroll.repo';

/** Runs whose payslips are issued: rendered, e-mailed and shown to employees (DESIGN §10). */
const ISSUED: readonly repo.RunStatus[] = ['finalized', 'paid'];
/** Runs that have a full set of payslips: the register can be read from processing on. */
const WITH_PAYSLIPS: readonly repo.RunStatus[] = ['processed', ...ISSUED];

const STORAGE_PREFIX = 'payslips/';

/** What one render job did, and where its time went (logged by the job). */
export interface RenderStats {
  rendered: number;
  /** Skipped: already rendered by an earlier attempt or another job. */
  skipped: number;
  renderMs: number;
  storeMs: number;
}

export interface DownloadedFile {
  bytes: Buffer;
  fileName: string;
}

/**
 * The payslip documents: after the finalize commit every payslip is
 * rendered once to PDF and stored through the file store, then e-mailed once; employees and
 * administrators download the stored PDF; administrators download the payroll register.
 *
 * Crash safety: the PDFs of a chunk are written under pending names, their rows are inserted in the
 * job's transaction, and the files are promoted by a job enqueued in that transaction; a crash
 * before the commit leaves only pending files, which the hourly sweep removes, and the retried job
 * renders them again. The e-mail of a payslip is enqueued in the same transaction that sets its
 * emailed_at, so a retry never sends it twice.
 */
export class PayslipDocumentService {
  constructor(private readonly deps: { clock: Clock; files: FileStorage; config: Pick<Config, 'appUrl'>; reports: Pick<PayrollReportService, 'record'> }) {}

  /**
   * Starts (or resumes) the PDFs and e-mails of a finalized run: a render job per chunk of payslips
   * without a PDF, and an e-mail job per chunk of rendered payslips not e-mailed yet. Calling it
   * again renders nothing twice and e-mails nobody twice. The `payroll.finalized` job calls it.
   */
  async startPayslipDocuments({ db: tdb, enqueue }: TenantScope, runId: string): Promise<{ renderJobs: number; emailJobs: number }> {
    const run = await repo.findRun(tdb, runId);
    if (!run) throw notFound(MSG.runNotFound);
    if (!ISSUED.includes(run.status)) throw conflict(MSG.payslipsNotIssued);
    const render = chunksOf(await repo.findPayslipIdsWithoutDocument(tdb, runId));
    const email = chunksOf(await repo.findDocumentIdsNotEmailed(tdb, runId));
    for (const payslipIds of render) enqueue('payroll.payslips.render', { runId, payslipIds });
    for (const payslipIds of email) enqueue('payroll.payslips.email', { runId, payslipIds });
    return { renderJobs: render.length, emailJobs: email.length };
  }

  /** How many of the run's payslips have a PDF and have been e-mailed (GET /PayrollRuns/:id). */
  progress({ db: tdb }: TenantScope, runId: string): Promise<repo.DocumentProgress> {
    return repo.documentProgress(tdb, runId);
  }

  /** The same for many runs in two queries (GET /PayrollRuns, the history). */
  progressOfRuns({ db: tdb }: TenantScope, runIds: readonly string[]): Promise<Map<string, repo.DocumentProgress>> {
    return repo.documentProgressOfRuns(tdb, runIds);
  }

  /**
   * The job 'payroll.payslips.render': one chunk of payslips, in three steps so no transaction is
   * open while PDFs are rendered (on PGlite, with its one connection, every request would wait):
   *  1. one transaction reads the run, the payslips of the chunk still without a PDF, their lines
   *     and the letterhead, in bulk;
   *  2. outside any transaction the PDFs are rendered and stored under pending names;
   *  3. a second transaction takes the chunk's advisory locks, inserts the file and document rows
   *     (a payslip that meanwhile got its document keeps it: ON CONFLICT DO NOTHING) and enqueues the
   *     promotion of the kept files and the e-mails of their payslips.
   * A payslip never gets two documents (its primary key), and never a document without its bytes or
   * bytes nobody refers to: what step 3 does not keep is removed at once, what a crash leaves pending
   * the hourly sweep removes, and a retry renders what has no document. Two jobs given the same
   * payslips at once may both render one, but only one document commits.
   */
  async renderPayslips(steps: TenantSteps, { runId, payslipIds }: { runId: string; payslipIds: readonly string[] }): Promise<RenderStats> {
    const stats: RenderStats = { rendered: 0, skipped: 0, renderMs: 0, storeMs: 0 };
    const read = await steps(async ({ db: tdb, tenantId }) => {
      const run = await repo.findRun(tdb, runId);
      // Only an issued month is rendered; anything else is a job that should not exist: nothing to retry.
      if (!run || !ISSUED.includes(run.status)) return null;
      const slips = await repo.findPayslipsToRender(tdb, runId, payslipIds);
      if (slips.length === 0) {
        return { run, slips, lines: new Map<string, repo.LineRow[]>(), organisation: null, tenantId, timelines: new Map<string, repo.PayoutTimelineRow>(), passwords: new Map<string, string>() };
      }
      const lines = await repo.findLines(tdb, slips.map((x) => x.id));
      const organisation = await repo.findOrganisation(tdb);
      if (!organisation) throw new Error('organisation not found');
      // A held payout prints its hold, and its release and payment when they came before the rendering.
      const timelines = await repo.findPayoutTimelines(tdb, slips.filter((x) => x.holdKind === 'payout').map((x) => x.id));
      const passwords = await passwordsOf(tdb, slips.map((x) => x.userId));
      return { run, slips, lines, organisation, tenantId, timelines, passwords };
    });
    if (!read) return { ...stats, skipped: payslipIds.length };
    const { run, slips, lines, tenantId, timelines, passwords } = read;
    stats.skipped = payslipIds.length - slips.length;
    if (slips.length === 0 || !read.organisation) return stats;
    const organisation = await this.letterhead(read.organisation);

    const written: repo.NewDocument[] = [];
    let done: repo.NewDocument[];
    try {
      for (const slip of slips) {
        const started = performance.now();
        const userPassword = passwords.get(slip.userId);
        const pdf = await renderPayslipPdf(documentOf(run, slip, lines.get(slip.id) ?? [], organisation, payoutOf(timelines.get(slip.id), read.organisation.timeZone)), { userPassword });
        const rendered = performance.now();
        // A key of its own per attempt: a rolled-back attempt's bytes can never be taken for a committed one's.
        const storageKey = `${STORAGE_PREFIX}${tenantId}/${runId}/${slip.id}-${randomBytes(6).toString('hex')}.pdf`;
        await this.deps.files.putPending(storageKey, pdf);
        written.push({
          payslipId: slip.id,
          storageKey,
          sizeBytes: pdf.length,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          fileName: payslipFileName(slip.month),
          passwordProtected: userPassword !== undefined,
        });
        stats.renderMs += rendered - started;
        stats.storeMs += performance.now() - rendered;
      }
      done = await steps(async ({ db: tdb, enqueue }) => {
        await repo.lockPayslips(tdb, written.map((d) => d.payslipId));
        const kept = await repo.insertDocuments(tdb, runId, written, this.deps.clock.now());
        const keptDocuments = written.filter((d) => kept.has(d.storageKey));
        if (keptDocuments.length > 0) {
          enqueue('files.stored.batch', { storageKeys: keptDocuments.map((d) => d.storageKey) });
          enqueue('payroll.payslips.email', { runId, payslipIds: keptDocuments.map((d) => d.payslipId) });
        }
        return keptDocuments;
      });
    } catch (error) {
      // Nothing of this attempt committed: its bytes go now (the sweep would, an hour later).
      await Promise.all(written.map((d) => this.deps.files.remove(d.storageKey)));
      throw error;
    }
    // Rendered by another job in the meantime: its document stays, these bytes go.
    const keptKeys = new Set(done.map((d) => d.storageKey));
    await Promise.all(written.filter((d) => !keptKeys.has(d.storageKey)).map((d) => this.deps.files.remove(d.storageKey)));
    stats.rendered = done.length;
    stats.skipped += written.length - done.length;
    return stats;
  }

  /**
   * The job 'payroll.payslips.rerender' (enqueued when a held payout is released after finalize, and
   * when its payment is recorded paid): the payslip's stored PDF is rendered again from the same
   * figures with the hold note's dates — held on, released on and by whom, paid on — and replaces the
   * stored one; the old bytes go after the commit. The figures of the finalized month do not change:
   * only the document that prints them. A payslip not rendered yet is left to the finalize's render
   * job, which reads the dates when it runs. `paid`: the employee is e-mailed the new PDF (when the
   * organisation sends e-mail and the employee has an address), as the payslip itself was.
   */
  async rerenderPayslip(steps: TenantSteps, { runId, payslipId, paid = false }: { runId: string; payslipId: string; paid?: boolean }): Promise<{ rendered: boolean }> {
    const read = await steps(async ({ db: tdb, tenantId }) => {
      const run = await repo.findRun(tdb, runId);
      if (!run || !ISSUED.includes(run.status)) return null;
      const slip = await repo.findPayslipToRerender(tdb, runId, payslipId);
      if (!slip?.fileId || !slip.storageKey) return null;
      const organisation = await repo.findOrganisation(tdb);
      if (!organisation) throw new Error('organisation not found');
      const lines = (await repo.findLines(tdb, [slip.id])).get(slip.id) ?? [];
      const timeline = (await repo.findPayoutTimelines(tdb, [slip.id])).get(slip.id);
      const userPassword = (await passwordsOf(tdb, [slip.userId])).get(slip.userId);
      return { run, slip, organisation, lines, timeline, tenantId, fileId: slip.fileId, previousKey: slip.storageKey, userPassword };
    });
    if (!read) return { rendered: false };
    const payout = payoutOf(read.timeline, read.organisation.timeZone);
    const { userPassword } = read;
    const pdf = await renderPayslipPdf(documentOf(read.run, read.slip, read.lines, await this.letterhead(read.organisation), payout), { userPassword });
    const storageKey = `${STORAGE_PREFIX}${read.tenantId}/${runId}/${payslipId}-${randomBytes(6).toString('hex')}.pdf`;
    await this.deps.files.putPending(storageKey, pdf);
    const document: repo.NewDocument = {
      payslipId,
      storageKey,
      sizeBytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      fileName: payslipFileName(read.slip.month),
      passwordProtected: userPassword !== undefined,
    };
    let replaced = false;
    try {
      replaced = await steps(async ({ db: tdb, tenantId, enqueue }) => {
        await repo.lockPayslips(tdb, [payslipId]);
        if (!(await repo.replaceDocument(tdb, payslipId, read.fileId, document, this.deps.clock.now()))) return false;
        enqueue('files.stored', { storageKey });
        enqueue('files.removed', { storageKey: read.previousKey });
        const recipient = paid && read.organisation.isEmailEnabled ? await repo.findPayslipRecipient(tdb, payslipId) : undefined;
        if (recipient && payout?.paidOn) {
          const content = payslipMail({
            firstName: recipient.firstName,
            organisationName: read.organisation.name,
            month: read.slip.month,
            appUrl: this.deps.config.appUrl,
            pdfStorageKey: storageKey,
            passwordProtected: document.passwordProtected,
            heldPayPaidOn: payout.paidOn,
          });
          enqueue('mail.send', { to: recipient.email, tenantId, ...content });
        }
        return true;
      });
    } finally {
      // Not kept (a rollback, or another re-render got there first): these bytes go now.
      if (!replaced) await this.deps.files.remove(storageKey);
    }
    return { rendered: replaced };
  }

  /**
   * The job 'payroll.payslips.reprotect' (enqueued when the organisation turns password protection
   * on or off, and when an employee's PAN or date of birth changes): every stored PDF of an issued
   * month that the change touches is rendered again through 'payroll.payslips.rerender', which
   * reads the setting and the PAN and date of birth when it runs. Protection off: only the PDFs that
   * are protected; on: all of them (a changed PAN changes the password). E-mails already sent keep
   * the attachment they had; nothing is mailed again.
   */
  async reprotectPayslips({ db: tdb, enqueue }: TenantScope, { userIds }: { userIds?: readonly string[] }): Promise<number> {
    const protects = await repo.findProtectsPayslips(tdb);
    const documents = await repo.findIssuedDocuments(tdb, { userIds, onlyProtected: !protects });
    for (const d of documents) enqueue('payroll.payslips.rerender', { runId: d.runId, payslipId: d.payslipId });
    return documents.length;
  }

  /**
   * The job 'payroll.payslips.email': each rendered payslip of the chunk whose employee has an
   * address and has not been mailed is marked e-mailed and its mail enqueued, in this one
   * transaction. A payout on hold is mailed too, with the hold note. Nothing is sent while the
   * organisation has e-mail services disabled; a later start sends what is still unsent.
   */
  async emailPayslips({ db: tdb, tenantId, enqueue }: TenantScope, { runId, payslipIds }: { runId: string; payslipIds: readonly string[] }): Promise<number> {
    const run = await repo.findRun(tdb, runId);
    if (!run || !ISSUED.includes(run.status)) return 0;
    const organisation = await repo.findOrganisation(tdb);
    if (!organisation?.isEmailEnabled) return 0;
    const mails = await repo.claimEmails(tdb, runId, payslipIds, this.deps.clock.now());
    for (const m of mails) {
      const content = payslipMail({
        firstName: m.firstName,
        organisationName: organisation.name,
        month: m.month,
        appUrl: this.deps.config.appUrl,
        pdfStorageKey: m.storageKey,
        passwordProtected: m.passwordProtected,
        payoutOnHold: m.holdKind === 'payout',
      });
      enqueue('mail.send', { to: m.email, tenantId, ...content });
    }
    return mails.length;
  }

  /**
   * GET /Payslips/:id/pdf: a member their own issued payslip; payroll.run.view anyone's in the
   * organisation. Someone else's payslip is not found, not forbidden: its existence is not told.
   */
  async downloadPdf({ db: tdb, ctx }: Scope, payslipId: string): Promise<DownloadedFile> {
    const row = await repo.findPayslipPdf(tdb, payslipId);
    const admin = can(ctx.roleId, 'payroll.run.view');
    if (!row || (row.userId !== ctx.userId && !admin)) throw notFound(MSG.payslipNotFound);
    if (!ISSUED.includes(row.status)) throw notFound(admin ? MSG.pdfNotReady : MSG.payslipNotFound);
    const bytes = row.storageKey ? await this.deps.files.get(row.storageKey) : null;
    if (!bytes) throw notFound(MSG.pdfNotReady);
    return { bytes, fileName: payslipFileName(row.month) };
  }

  /** GET /PayrollRuns/:id/register.xlsx: one row per payslip, one column per component, totals. */
  async registerXlsx(scope: Scope, runId: string): Promise<DownloadedFile> {
    const tdb = scope.db;
    const run = await repo.findRun(tdb, runId);
    if (!run) throw notFound(MSG.runNotFound);
    if (!WITH_PAYSLIPS.includes(run.status)) throw conflict(MSG.registerNotReady);
    const organisation = await repo.findOrganisation(tdb);
    const slips = await repo.findRunPayslips(tdb, runId);
    const holds = await repo.findRegisterHolds(tdb, runId);
    const holdOf = new Map(holds.map((h) => [h.userId, h]));
    const releasedOn = (h: repo.RegisterHoldRow | undefined) => (h?.releasedAt ? dateInZone(new Date(h.releasedAt), scope.ctx.timeZone) : null);
    const bytes = await buildPayrollRegisterXlsx(
      { organisationName: organisation?.name ?? '', month: run.month, periodStart: run.periodStart, periodEnd: run.periodEnd, status: run.status },
      slips.map((s) => ({
        employeeNumber: s.employee.employeeNumber,
        name: s.employee.name,
        department: s.employee.department,
        daysInPeriod: s.daysInPeriod,
        payableDays: s.payableDays,
        lopDays: s.lopDays,
        lines: s.lines,
        grossPaise: s.grossPaise,
        deductionsPaise: s.deductionsPaise,
        netPaise: s.netPaise,
        employerCostPaise: s.employerCostPaise,
        holdKind: s.holdKind,
        holdReason: holdOf.get(s.userId)?.reason ?? null,
        releasedOn: releasedOn(holdOf.get(s.userId)),
      })),
      // A processing hold leaves the employee without a payslip (listed with its reason and where the pay was
      // brought); so does having no salary structure: every employee the month left out is listed with why.
      [
        ...holds
          .filter((h) => h.kind === 'processing' && !slips.some((s) => s.userId === h.userId))
          .map((h) => ({ employeeNumber: h.employeeNumber, name: h.name, department: h.department, kind: 'processing' as const, reason: h.reason, broughtIntoMonth: h.broughtIntoMonth })),
        ...(await payrollRepo.findLeftOutEmployees(tdb, run)).map((e) => ({
          employeeNumber: e.employeeNumber,
          name: e.name,
          department: e.department,
          kind: e.noStructure ? ('noStructure' as const) : ('notProcessed' as const),
          reason: null,
        })),
      ],
    );
    const fileName = `Payroll-Register-${monthLabel(run.month).replace(' ', '-')}.xlsx`;
    const netPaise = slips.reduce((sum, s) => sum + s.netPaise, 0);
    await this.deps.reports.record(scope, { runId, month: run.month, kind: 'register', fileName, summary: { employees: slips.length, netPay: paiseToRupees(netPaise) } });
    return { bytes, fileName };
  }

  /** The hourly sweep of payslip files (the job 'files.sweep'): what a crashed render job left. */
  sweepStoredFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, STORAGE_PREFIX, this.deps.clock.now(), (keys) => repo.findKnownStorageKeys(global, keys));
  }

  /** The letterhead, with the logo's bytes read once for the whole chunk (from the file store, outside any transaction). */
  private async letterhead(org: repo.OrganisationRow): Promise<PayslipOrganisation> {
    const logo = org.logoKey ? await this.deps.files.get(org.logoKey) : null;
    return { name: org.name, address: org.address, logo };
  }
}

/**
 * The password of each employee's payslip PDFs when the organisation protects them: made of the PAN
 * and date of birth as they are now. An employee without a PAN or a date of birth has none and gets
 * a PDF without a password (the run's warnings and the setting's help text say so beforehand).
 */
async function passwordsOf(tdb: TenantScope['db'], userIds: readonly string[]): Promise<Map<string, string>> {
  if (!(await repo.findProtectsPayslips(tdb))) return new Map();
  const passwords = new Map<string, string>();
  for (const [userId, source] of await repo.findPasswordSources(tdb, userIds)) {
    const password = payslipPassword(source.pan, source.dateOfBirth);
    if (password.ok) passwords.set(userId, password.password);
  }
  return passwords;
}

/** A held payout's dates for the PDF's hold note, in the organisation's zone. */
function payoutOf(t: repo.PayoutTimelineRow | undefined, timeZone: string): PayslipDocument['payout'] {
  if (!t) return undefined;
  const day = (at: Date | string | null) => (at === null ? null : dateInZone(new Date(at), timeZone));
  return {
    heldOn: day(t.heldAt),
    holdReason: t.holdReason,
    releasedOn: day(t.releasedAt),
    releasedByName: t.releasedAt === null ? null : t.releasedByName,
    paidOn: t.paidDate ?? day(t.paidRecordedAt),
  };
}

function documentOf(run: repo.RunRow, slip: repo.PayslipToRender, lines: readonly repo.LineRow[], organisation: PayslipOrganisation, payout?: PayslipDocument['payout']): PayslipDocument {
  return {
    organisation,
    month: slip.month,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    employee: slip.employee,
    daysInPeriod: slip.daysInPeriod,
    payableDays: slip.payableDays,
    lopDays: slip.lopDays,
    lines,
    grossPaise: slip.grossPaise,
    deductionsPaise: slip.deductionsPaise,
    netPaise: slip.netPaise,
    employerCostPaise: slip.employerCostPaise,
    taxRegime: slip.taxRegime,
    holdKind: slip.holdKind,
    payout,
    ytd: slip.ytd,
  };
}
