import { PAYROLL_MSG, can, type Payslip, type PayslipEmployee, type PayslipSummary } from '@tankha/contracts';
import { addMonthsToMonth, amountInWords, dateInZone, paiseToRupees } from '@tankha/domain';
import { forbidden, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './payroll.repo';

/** What an employee sees of their own pay: finalized months only (DESIGN §10). */
const PUBLISHED: repo.RunStatus[] = ['finalized', 'paid'];
/** An administrator also reviews a processed draft before finalizing it. */
const REVIEWABLE: repo.RunStatus[] = ['processed', ...PUBLISHED];

function summaryOut(r: repo.PayslipSummaryRow): PayslipSummary {
  const { hasPdf, pdfPasswordProtected } = r;
  return { id: r.id, runId: r.runId, userId: r.userId, month: r.month, status: r.status, grossEarnings: paiseToRupees(r.grossPaise), totalDeductions: paiseToRupees(r.deductionsPaise), netPay: paiseToRupees(r.netPaise), hasPdf, pdfPasswordProtected };
}

/**
 * Payslips to read: everyone their own finalized months (payslips.own); an
 * administrator anyone's, processed drafts included (payroll.run.view). PDFs are another service's.
 */
export class PayslipService {
  /** GET /Payslips: own by default; `userId` of someone else needs payroll.run.view (403 otherwise). */
  async list({ db: tdb, ctx }: Scope, query: { userId?: string | undefined; year?: number | undefined }): Promise<PayslipSummary[]> {
    const userId = query.userId ?? ctx.userId;
    const other = userId !== ctx.userId;
    if (other && !can(ctx.roleId, 'payroll.run.view')) throw forbidden();
    const months = query.year === undefined ? undefined : { from: `${String(query.year)}-04`, to: `${String(query.year + 1)}-03` };
    return (await repo.listPayslips(tdb, userId, other ? REVIEWABLE : PUBLISHED, months)).map(summaryOut);
  }

  /** GET /Payslips/:id with its lines, explanations, year to date and net pay in words. */
  async get({ db: tdb, ctx }: Scope, id: string): Promise<Payslip> {
    const found = await repo.findPayslip(tdb, id);
    if (!found) throw notFound(PAYROLL_MSG.payslipNotFound);
    const { payslip: p, run, hasPdf, pdfPasswordProtected } = found;
    const admin = can(ctx.roleId, 'payroll.run.view');
    if (p.userId !== ctx.userId && !admin) throw forbidden();
    if (!(admin ? REVIEWABLE : PUBLISHED).includes(run.status)) throw notFound(PAYROLL_MSG.payslipNotFound);
    const lines = await repo.findPayslipLines(tdb, p.id);
    const ytd = p.ytd as repo.StoredYtd;
    const timeline = await repo.findPayoutTimeline(tdb, p);
    const day = (at: Date | string | null) => (at === null ? null : dateInZone(new Date(at), ctx.timeZone));
    const held = p.holdKind === 'payout';
    return {
      id: p.id,
      runId: p.runId,
      userId: p.userId,
      month: p.month,
      status: run.status,
      grossEarnings: paiseToRupees(p.grossPaise),
      totalDeductions: paiseToRupees(p.deductionsPaise),
      netPay: paiseToRupees(p.netPaise),
      hasPdf,
      pdfPasswordProtected,
      employee: p.employee as PayslipEmployee,
      periodStart: run.periodStart,
      periodEnd: run.periodEnd,
      daysInPeriod: Number(p.daysInPeriod),
      payableDays: Number(p.payableDays),
      lopDays: Number(p.lopDays),
      employerCost: paiseToRupees(p.employerCostPaise),
      tds: paiseToRupees(p.tdsPaise),
      taxRegime: p.taxRegime === 0 ? 0 : 1,
      holdKind: p.holdKind,
      payout: {
        heldOn: held ? day(timeline.heldAt) : null,
        holdReason: held ? timeline.holdReason : null,
        releasedOn: day(timeline.releasedAt),
        releasedByName: timeline.releasedAt === null ? null : timeline.releasedByName,
        // A held payout is paid only by its own payment; any other by its payment or the month's Mark as Paid.
        paidOn: timeline.paidDate ?? day(timeline.paidRecordedAt) ?? (held ? null : run.paidOn),
      },
      netPayInWords: amountInWords(p.netPaise),
      lines: lines.map((l) => ({ section: l.section, code: l.code, label: l.label, amount: paiseToRupees(l.amountPaise), explanation: l.explanation as string[] })),
      ytd: {
        grossEarnings: paiseToRupees(ytd.grossPaise),
        totalDeductions: paiseToRupees(ytd.deductionsPaise),
        netPay: paiseToRupees(ytd.netPaise),
        tds: paiseToRupees(ytd.tdsPaise),
        lines: ytd.lines.map((l) => ({ code: l.code, label: l.label, amount: paiseToRupees(l.amountPaise) })),
      },
      tdsExplanation: p.tdsExplanation as string[],
    };
  }

  /**
   * For an employee's tax position: the month the payroll works on next (the open
   * run's month; after a finalized one, the month after it; with no run, `todayMonth`), kept within
   * the financial year, and the stored year-to-date of the finalized months before it.
   */
  async taxYearSoFar({ db: tdb }: TenantScope, userId: string, financialYearStart: number, todayMonth: string): Promise<{ month: string; ytd: repo.StoredYtd | undefined }> {
    const latest = await repo.findLatestRun(tdb);
    let month = latest ? (PUBLISHED.includes(latest.status) ? addMonthsToMonth(latest.month, 1) : latest.month) : todayMonth;
    const first = `${String(financialYearStart)}-04`;
    const last = `${String(financialYearStart + 1)}-03`;
    if (month < first) month = first;
    if (month > last) month = last;
    const ytd = (await repo.findYtdBefore(tdb, [userId], first, month)).get(userId);
    return { month, ytd };
  }
}
