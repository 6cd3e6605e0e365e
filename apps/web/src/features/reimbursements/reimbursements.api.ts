import { useQuery } from '@tanstack/react-query';
import {
  reimbursementRequestListReplySchema,
  reimbursementRequestReplySchema,
  reimbursementTypeListReplySchema,
  reimbursementTypeReplySchema,
  type ReimbursementDecisionInput,
  type ReimbursementRequest,
  type ReimbursementType,
  type ReimbursementTypeInput,
} from '@tankha/contracts';
import { api, apiDownload, toFormData } from '../../app/api';

/** Every reimbursement query starts with this key, so one invalidation refreshes lists and types. */
export const REIMBURSEMENTS_KEY = 'reimbursements';

/** Payroll spec §6: the admin page asks with isAdminAccess=true, the request form with false (active types). */
export function useReimbursementTypes(isAdminAccess: boolean, enabled = true) {
  return useQuery({
    queryKey: [REIMBURSEMENTS_KEY, 'types', isAdminAccess],
    queryFn: async ({ signal }): Promise<ReimbursementType[]> => (await api.get('/ReimbursementTypes', reimbursementTypeListReplySchema, { quiet: true, signal, query: { isAdminAccess } })).data,
    enabled,
  });
}

export async function saveReimbursementType(id: string | null, body: ReimbursementTypeInput): Promise<ReimbursementType> {
  return id
    ? (await api.put(`/ReimbursementTypes/${encodeURIComponent(id)}`, reimbursementTypeReplySchema, body, { quiet: true })).data
    : (await api.post('/ReimbursementTypes', reimbursementTypeReplySchema, body, { quiet: true })).data;
}

export async function setReimbursementTypeActive(id: string, isActive: boolean): Promise<void> {
  await api.put(`/ReimbursementTypes/${encodeURIComponent(id)}/status`, reimbursementTypeReplySchema, { isActive }, { quiet: true });
}

export async function deleteReimbursementType(id: string): Promise<void> {
  await api.send('DELETE', `/ReimbursementTypes/${encodeURIComponent(id)}`, undefined, { quiet: true });
}

export function useMyReimbursementRequests(enabled = true) {
  return useQuery({
    queryKey: [REIMBURSEMENTS_KEY, 'my'],
    queryFn: async ({ signal }): Promise<ReimbursementRequest[]> => (await api.get('/ReimbursementRequests/my', reimbursementRequestListReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export async function submitReimbursementRequest(input: { amount: number; reimbursementTypeId: string; reason: string; receipt: File | null }): Promise<ReimbursementRequest> {
  const form = toFormData({ amount: input.amount, reimbursementTypeId: input.reimbursementTypeId, reason: input.reason, status: 1, receipt: input.receipt });
  return (await api.upload('POST', '/ReimbursementRequests', reimbursementRequestReplySchema, form, { quiet: true })).data;
}

export interface RequestFilters {
  page: number;
  pageSize: number;
  status: number | null;
  reportingFilterType: number;
}

export function useAllReimbursementRequests(filters: RequestFilters) {
  return useQuery({
    queryKey: [REIMBURSEMENTS_KEY, 'all', filters],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/ReimbursementRequests', reimbursementRequestListReplySchema, {
        quiet: true,
        signal,
        query: { page: filters.page, pageSize: filters.pageSize, reportingFilterType: filters.reportingFilterType, status: filters.status ?? undefined },
      });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
  });
}

export async function decideReimbursementRequest(id: string, input: ReimbursementDecisionInput): Promise<ReimbursementRequest> {
  return (await api.put(`/ReimbursementRequests/${encodeURIComponent(id)}/status`, reimbursementRequestReplySchema, input, { quiet: true })).data;
}

export function downloadReceipt(id: string): Promise<void> {
  return apiDownload(`/ReimbursementRequests/${encodeURIComponent(id)}/receipt`, `receipt-${id.slice(0, 8)}`);
}

export function downloadReimbursementReport(filters: { status: number | null; reportingFilterType: number }, fileName: string): Promise<void> {
  return apiDownload('/ReimbursementRequests/report.xlsx', fileName, { query: { status: filters.status ?? undefined, reportingFilterType: filters.reportingFilterType } });
}
