import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { payslipListReplySchema, payslipReplySchema, type Payslip, type PayslipSummary } from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';

/**
 * Every payroll query starts with this key, so one invalidation refreshes the run, its lists and payslips.
 * The employee's own payslips are read from this module, not payroll.api: the payslips page then loads
 * none of the administrator's mutations.
 */
export const PAYROLL_KEY = 'payroll';

const enc = encodeURIComponent;

/** A finalized payslip whose PDF the after-finalize job has not rendered yet. */
function pdfPending(payslip: Pick<PayslipSummary, 'status' | 'hasPdf'>): boolean {
  return !payslip.hasPdf && (payslip.status === 'finalized' || payslip.status === 'paid');
}

/** While a PDF is being rendered the payslip is asked for again, so 'Download PDF' enables itself. */
const PDF_POLL_MS = 3000;

/** The signed-in user's payslips, or one financial year's (start year) of them. */
export function usePayslips(year: number | null) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'payslips', year],
    queryFn: async ({ signal }): Promise<PayslipSummary[]> =>
      (await api.get('/Payslips', payslipListReplySchema, { query: { year: year ?? undefined }, quiet: true, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data ?? []).some(pdfPending) ? PDF_POLL_MS : false),
  });
}

export function usePayslip(id: string) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'payslip', id],
    queryFn: async ({ signal }): Promise<Payslip> => (await api.get(`/Payslips/${enc(id)}`, payslipReplySchema, { quiet: true, signal })).data,
    refetchInterval: (query) => (query.state.data && pdfPending(query.state.data) ? PDF_POLL_MS : false),
  });
}

export async function downloadPayslipPdf(payslip: Pick<PayslipSummary, 'id' | 'month'>, employeeName?: string): Promise<void> {
  const who = employeeName ? `-${employeeName.trim().replace(/[^A-Za-z0-9]+/g, '-')}` : '';
  await apiDownload(`/Payslips/${enc(payslip.id)}/pdf`, `payslip-${payslip.month}${who}.pdf`, { quiet: true });
}
