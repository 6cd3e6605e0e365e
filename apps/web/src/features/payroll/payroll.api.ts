import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYROLL_EMPLOYEE_PAGE_SIZE,
  payrollAdjustmentListReplySchema,
  payrollAdjustmentReplySchema,
  payrollEmployeeListReplySchema,
  payrollEmployeeReplySchema,
  payrollRunListReplySchema,
  payrollRunReplySchema,
  payrollVarianceReplySchema,
  payrollWarningListReplySchema,
  type PayrollAdjustment,
  type PayrollAdjustmentInput,
  type PayrollEmployeeRow,
  type PayrollHoldInput,
  type PayrollMarkPaidInput,
  type PayrollRun,
  type PAYROLL_EMPLOYEE_FILTERS,
} from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';
import { payslipDeliveryPending, runPollInterval } from './payroll-format';
import { PAYROLL_KEY } from './payslips.api';

export { PAYROLL_KEY };

const enc = encodeURIComponent;
const runPath = (runId: string) => `/PayrollRuns/${enc(runId)}`;

/** The open month (GET /PayrollRuns/current); a 404 means payroll is not set up yet. */
export function useCurrentRun() {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'run', 'current'],
    queryFn: async ({ signal }): Promise<PayrollRun> => (await api.get('/PayrollRuns/current', payrollRunReplySchema, { quiet: true, signal })).data,
    refetchInterval: (query) => runPollInterval(query.state.data),
  });
}

export function useRun(runId: string) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'run', runId],
    queryFn: async ({ signal }): Promise<PayrollRun> => (await api.get(runPath(runId), payrollRunReplySchema, { quiet: true, signal })).data,
    refetchInterval: (query) => runPollInterval(query.state.data),
  });
}

/** Every run, newest first (history); polled while the newest finalized run's payslips are going out. */
export function useRuns() {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'runs'],
    queryFn: async ({ signal }): Promise<PayrollRun[]> => (await api.get('/PayrollRuns', payrollRunListReplySchema, { quiet: true, signal })).data,
    refetchInterval: (query) => {
      const latest = latestFinalizedRun(query.state.data ?? []);
      return latest && payslipDeliveryPending(latest) ? 3000 : false;
    },
  });
}

/** The newest finalized or paid run of a newest-first list. */
export function latestFinalizedRun(runs: readonly PayrollRun[]): PayrollRun | undefined {
  return runs.find((r) => r.status === 'finalized' || r.status === 'paid');
}

export interface EmployeePage {
  rows: PayrollEmployeeRow[];
  totalRecords: number;
}

export type EmployeeFilter = (typeof PAYROLL_EMPLOYEE_FILTERS)[number];
export interface EmployeeQuery {
  page: number;
  search: string;
  filter: EmployeeFilter;
}

/**
 * The run's employees. The key carries the run's status and processing time: when the polled run
 * finishes processing (this page's or another administrator's), the list is read again rather than
 * keeping rows read while their payslips were being rewritten.
 */
export function useRunEmployees(run: Pick<PayrollRun, 'id' | 'status' | 'processedAt'>, query: EmployeeQuery) {
  const runId = run.id;
  return useQuery({
    queryKey: [PAYROLL_KEY, 'employees', runId, run.status, run.processedAt, query],
    queryFn: async ({ signal }): Promise<EmployeePage> => {
      const reply = await api.get(`${runPath(runId)}/employees`, payrollEmployeeListReplySchema, {
        query: { pageSize: PAYROLL_EMPLOYEE_PAGE_SIZE, ...query, search: query.search || undefined },
        quiet: true,
        signal,
      });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
}

export function useRunWarnings(runId: string, enabled: boolean) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'warnings', runId],
    queryFn: async ({ signal }) => (await api.get(`${runPath(runId)}/warnings`, payrollWarningListReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useRunVariance(runId: string, enabled: boolean) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'variance', runId],
    queryFn: async ({ signal }) => (await api.get(`${runPath(runId)}/variance`, payrollVarianceReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useAdjustments(runId: string, userId: string) {
  return useQuery({
    queryKey: [PAYROLL_KEY, 'adjustments', runId, userId],
    queryFn: async ({ signal }): Promise<PayrollAdjustment[]> =>
      (await api.get(`${runPath(runId)}/adjustments`, payrollAdjustmentListReplySchema, { query: { userId }, quiet: true, signal })).data,
  });
}

export async function setHold(runId: string, userId: string, body: PayrollHoldInput): Promise<void> {
  await api.send('PUT', `${runPath(runId)}/holds/${enc(userId)}`, body, { quiet: true });
}

export async function releaseHold(runId: string, userId: string): Promise<void> {
  await api.send('DELETE', `${runPath(runId)}/holds/${enc(userId)}`, undefined, { quiet: true });
}

export async function addAdjustment(runId: string, body: PayrollAdjustmentInput): Promise<PayrollAdjustment> {
  return (await api.post(`${runPath(runId)}/adjustments`, payrollAdjustmentReplySchema, body, { quiet: true })).data;
}

export async function deleteAdjustment(runId: string, adjustmentId: string): Promise<void> {
  await api.send('DELETE', `${runPath(runId)}/adjustments/${enc(adjustmentId)}`, undefined, { quiet: true });
}

export async function saveRemark(runId: string, userId: string, remark: string): Promise<void> {
  await api.send('PUT', `${runPath(runId)}/remarks/${enc(userId)}`, { remark }, { quiet: true });
}

/** 202: the work runs as a job; its progress is read from GET /PayrollRuns/:id. */
export async function processRun(runId: string): Promise<void> {
  await api.send('POST', `${runPath(runId)}/process`, undefined, { quiet: true });
}

/** A closed month's pay of an employee excluded from processing, brought into the open month (returns the server's message). */
export async function bringInExcludedPay(runId: string, userId: string): Promise<{ row: PayrollEmployeeRow; message: string }> {
  const reply = await api.post(`${runPath(runId)}/excluded/${enc(userId)}/bring-in`, payrollEmployeeReplySchema, undefined, { quiet: true });
  return { row: reply.data, message: reply.message };
}

/** Undoes a bring-in while the month that pays it is not finalized: the pay is left out again. */
export async function undoBringInExcludedPay(runId: string, userId: string): Promise<void> {
  await api.send('DELETE', `${runPath(runId)}/excluded/${enc(userId)}/bring-in`, undefined, { quiet: true });
}

export async function reprocessEmployee(runId: string, userId: string): Promise<void> {
  await api.send('POST', `${runPath(runId)}/employees/${enc(userId)}/process`, undefined, { quiet: true });
}

export async function finalizeRun(runId: string): Promise<PayrollRun> {
  return (await api.post(`${runPath(runId)}/finalize`, payrollRunReplySchema, undefined, { quiet: true })).data;
}

/**
 * POST /PayrollRuns/:id/process-stale: the employees whose inputs changed after processing, processed
 * again in one request. It stays pending until the run and its lists are read again, so the page
 * shows the new figures when the button comes back. The reply's message says how many were done.
 */
export function useProcessStale(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ run: PayrollRun; message: string }> => {
      const reply = await api.post(`${runPath(runId)}/process-stale`, payrollRunReplySchema, undefined, { quiet: true });
      return { run: reply.data, message: reply.message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] }),
  });
}

export async function markRunPaid(runId: string, body: PayrollMarkPaidInput): Promise<PayrollRun> {
  return (await api.post(`${runPath(runId)}/mark-paid`, payrollRunReplySchema, body, { quiet: true })).data;
}

export async function downloadRegister(run: Pick<PayrollRun, 'id' | 'month'>): Promise<void> {
  await apiDownload(`${runPath(run.id)}/register.xlsx`, `payroll-register-${run.month}.xlsx`, { quiet: true });
}

