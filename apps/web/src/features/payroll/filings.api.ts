import { useQuery } from '@tanstack/react-query';
import {
  ecrCheckReplySchema,
  form24QCheckReplySchema,
  type Form24QCheck,
  tdsChallanListReplySchema,
  tdsChallanReplySchema,
  type TdsChallan,
  type TdsChallanInput,
  esicCheckReplySchema,
  ledgerAccountListReplySchema,
  payrollFilingsReplySchema,
  type EcrCheck,
  type EsicCheck,
  type LedgerAccountRow,
  type LedgerAccountsInput,
  type PayrollFilingDownload,
  type PayrollFilings,
} from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';
import { PAYROLL_KEY } from './payroll.api';

/**
 * Statutory files of a finalized month and the ledger accounts of its journal.
 * Under the payroll key, so one invalidation after a change refreshes them with the run.
 */
const enc = encodeURIComponent;
const filingsPath = (runId: string) => `/PayrollRuns/${enc(runId)}/filings`;

export function useFilings(runId: string, enabled: boolean) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'filings', runId],
    queryFn: async ({ signal }): Promise<PayrollFilings> => (await api.get(filingsPath(runId), payrollFilingsReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useEcrCheck(runId: string) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'filings', runId, 'ecr'],
    queryFn: async ({ signal }): Promise<EcrCheck> => (await api.get(`${filingsPath(runId)}/ecr`, ecrCheckReplySchema, { quiet: true, signal })).data,
  });
}

export function useEsicCheck(runId: string) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'filings', runId, 'esic'],
    queryFn: async ({ signal }): Promise<EsicCheck> => (await api.get(`${filingsPath(runId)}/esic`, esicCheckReplySchema, { quiet: true, signal })).data,
  });
}

/** A format's file at the path the server's registry gives it (the overview's `downloads`). */
export async function downloadFiling(runId: string, download: Pick<PayrollFilingDownload, 'path' | 'fileName'>, options: { validOnly?: boolean } = {}): Promise<void> {
  await apiDownload(`${filingsPath(runId)}/${enc(download.path)}`, download.fileName, { quiet: true, ...(options.validOnly ? { query: { validOnly: 'true' } } : {}) });
}

export const LEDGER_KEY = [PAYROLL_KEY, 'ledger-accounts'] as const;

export function useLedgerAccounts(runId: string | null) {
  return useQuery({
    queryKey: [...LEDGER_KEY, runId],
    queryFn: async ({ signal }): Promise<LedgerAccountRow[]> =>
      (await api.get('/PayrollLedgerAccounts', ledgerAccountListReplySchema, { quiet: true, signal, ...(runId ? { query: { runId } } : {}) })).data,
  });
}

export async function saveLedgerAccounts(input: LedgerAccountsInput): Promise<LedgerAccountRow[]> {
  return (await api.put('/PayrollLedgerAccounts', ledgerAccountListReplySchema, input, { quiet: true })).data;
}

// ——— Form 24Q ———

export function useForm24QCheck(financialYear: string, quarter: number) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'form24q', financialYear, quarter],
    queryFn: async ({ signal }): Promise<Form24QCheck> =>
      (await api.get('/PayrollFilings/Form24Q/check', form24QCheckReplySchema, { quiet: true, signal, query: { financialYear, quarter: String(quarter) } })).data,
    retry: false,
  });
}

export async function downloadForm24Q(financialYear: string, quarter: number, fileName: string): Promise<void> {
  await apiDownload('/PayrollFilings/Form24Q/annexure.xlsx', fileName, { quiet: true, query: { financialYear, quarter: String(quarter) } });
}

// ——— TDS challans and the FVU text file ———

export function useTdsChallans(financialYear: string, quarter: number) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'tds-challans', financialYear, quarter],
    queryFn: async ({ signal }): Promise<TdsChallan[]> => (await api.get('/TdsChallans', tdsChallanListReplySchema, { quiet: true, signal, query: { financialYear, quarter: String(quarter) } })).data,
  });
}

export async function saveTdsChallan(id: string | null, input: TdsChallanInput): Promise<TdsChallan> {
  const reply = id ? await api.put(`/TdsChallans/${id}`, tdsChallanReplySchema, input, { quiet: true }) : await api.post('/TdsChallans', tdsChallanReplySchema, input, { quiet: true });
  return reply.data;
}

export async function deleteTdsChallan(id: string): Promise<void> {
  await api.send('DELETE', `/TdsChallans/${id}`, undefined, { quiet: true });
}

/** The batch header's answers the organisation profile does not hold (form24QFvuRequestSchema). */
export interface Form24QFvuAnswers {
  stateCode: string;
  pin: string;
  deductorType: string;
  responsibleName: string;
  responsibleDesignation: string;
  responsiblePan: string;
  responsibleMobile: string;
  earlierStatementFiled: boolean;
}

export async function downloadForm24QFvu(financialYear: string, quarter: number, answers: Form24QFvuAnswers): Promise<void> {
  await apiDownload('/PayrollFilings/Form24Q/fvu.txt', `Form24Q-Q${String(quarter)}-${financialYear}.txt`, { quiet: true, body: { financialYear, quarter, ...answers } });
}
