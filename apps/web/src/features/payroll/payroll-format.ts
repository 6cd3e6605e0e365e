import type { PayrollRun, PayrollRunStatus } from '@tankha/contracts';
import { inr } from '../../ui/format';

/** A run's total: a dash while the month has no figures (never processed, or being re-processed), not a misleading 0. */
export function runTotal(run: Pick<PayrollRun, 'processedAt'>, rupees: number): string {
  return run.processedAt === null ? '—' : inr(rupees);
}

/** The colour of a difference: rises green, falls red, none dimmed. */
export function changeColor(rupees: number | null | undefined): string | undefined {
  if (!rupees) return 'dimmed';
  return rupees > 0 ? 'teal.8' : 'red.8';
}

/** Days that may be halves ('27.5'); a dash before processing. */
export function daysText(days: number | null | undefined): string {
  return days === null || days === undefined ? '—' : String(days);
}

export const RUN_STATUS_COLORS: Record<PayrollRunStatus, string> = {
  draft: 'gray',
  processing: 'blue',
  processed: 'indigo',
  finalized: 'teal',
  paid: 'green',
};

/**
 * Draft and processed runs take changes (holds, one-time items, remarks, processing), and so does
 * processing that stopped on an error, so its cause can be fixed and processing resumed; finalized
 * and paid runs never do.
 */
export function isRunEditable(run: Pick<PayrollRun, 'status' | 'lastError'>): boolean {
  return run.status === 'draft' || run.status === 'processed' || isProcessingStopped(run);
}

/** Processing that failed part-way: the employees done are kept; Process Payroll resumes. */
export function isProcessingStopped(run: Pick<PayrollRun, 'status' | 'lastError'>): boolean {
  return run.status === 'processing' && run.lastError !== null;
}

/** Whole percent of done ÷ total (0 when there is nothing to do). */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** Payslip PDFs and e-mails still going out after finalize. */
export function payslipDeliveryPending(run: Pick<PayrollRun, 'status' | 'payslips'>): boolean {
  if (run.status !== 'finalized' && run.status !== 'paid') return false;
  const { total, rendered, emailed } = run.payslips;
  return rendered < total || emailed < total;
}

/**
 * How often a run is polled: every second while it processes (the progress bar), every 3 s while its
 * payslips are still being rendered and e-mailed, otherwise not at all. The state lives on the
 * server, so closing and reopening the page shows the same progress.
 */
export function runPollInterval(run: Pick<PayrollRun, 'status' | 'payslips' | 'finalizedAt'> | undefined, now = Date.now()): number | false {
  if (!run) return false;
  if (run.status === 'processing') return 1000;
  if (!payslipDeliveryPending(run)) return false;
  if (run.payslips.rendered < run.payslips.total) return 3000;
  // Every PDF is rendered; e-mails may never all go (no address, e-mail turned off), so they are
  // watched only for a while after the finalize.
  const finalizedAt = run.finalizedAt === null ? Number.NaN : Date.parse(run.finalizedAt);
  return now - finalizedAt < EMAIL_WATCH_MS ? 3000 : false;
}

/** How long after a finalize the page keeps re-reading e-mail progress once the PDFs are done. */
const EMAIL_WATCH_MS = 15 * 60 * 1000;

/** The start year of the Indian financial year (April–March) a date falls in. */
export function financialYearStartOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
}

/** '2026-27' for 2026. */
export function financialYearLabel(startYear: number): string {
  return `${String(startYear)}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}
