/**
 * The jobs of the payslip documents, registered by the payroll module's manifest (payroll.module.ts).
 * After the finalize commit, `PayslipDocumentService.startPayslipDocuments` cuts the run's payslips
 * into chunks: each render job stores its chunk's PDFs in one transaction and then enqueues the
 * e-mail job for what it rendered, which sends each payslip's mail once.
 */
declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Render and store the PDFs of these payslips of a finalized run (those not rendered yet). */
    'payroll.payslips.render': { runId: string; payslipIds: string[] };
    /** E-mail these rendered payslips to their employees (those not e-mailed yet). */
    'payroll.payslips.email': { runId: string; payslipIds: string[] };
    /**
     * A held payout was released, or its payment recorded paid, after the PDF was stored: render the
     * payslip again so the stored PDF says held on / released on / paid on. `paid`: also e-mail the
     * employee that the held pay was paid, with the new PDF.
     */
    'payroll.payslips.rerender': { runId: string; payslipId: string; paid?: boolean };
    /**
     * Payslip passwords changed (the setting turned on or off; an employee's PAN or date of birth):
     * render again the stored PDFs of issued months it touches, of these employees or of everyone.
     */
    'payroll.payslips.reprotect': { userIds?: string[] };
  }
}

/** Payslips per job: about 100 × (render + store) ≈ 1–2 s of work, one transaction each. */
export const PAYSLIPS_PER_JOB = 100;

/** Consecutive slices of at most `size` items. */
export function chunksOf<T>(items: readonly T[], size: number = PAYSLIPS_PER_JOB): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
