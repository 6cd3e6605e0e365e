import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditListReplySchema, auditVerifyReplySchema, userSearchReplySchema, type AuditEntryView, type AuditVerify } from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';

export interface AuditFilters {
  actorId?: string;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
}

const KEY = 'audit-log';

/** GET /AuditLog: a page of the organisation's entries, newest first. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [KEY, 'list', filters, page],
    queryFn: async ({ signal }): Promise<{ rows: AuditEntryView[]; totalRecords: number }> => {
      const reply = await api.get('/AuditLog', auditListReplySchema, { query: { ...filters, page, pageSize: AUDIT_PAGE_SIZE }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /AuditLog/mine: the history of the signed-in user's own record. */
export function useOwnHistory(page: number) {
  return useQuery({
    queryKey: [KEY, 'mine', page],
    queryFn: async ({ signal }): Promise<{ rows: AuditEntryView[]; totalRecords: number }> => {
      const reply = await api.get('/AuditLog/mine', auditListReplySchema, { query: { page, pageSize: AUDIT_PAGE_SIZE }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /AuditLog/verify: the chain recomputed on the server. */
export async function verifyChain(): Promise<AuditVerify> {
  return (await api.get('/AuditLog/verify', auditVerifyReplySchema, { quiet: true })).data;
}

export function downloadAuditLog(filters: AuditFilters, format: 'xlsx' | 'csv'): Promise<void> {
  return apiDownload('/AuditLog/export', null, { query: { ...filters, format } });
}

/** The person filter: GET /Users/search, first 10 matches. */
export function usePeopleSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'people', search],
    queryFn: async ({ signal }) => (await api.get('/Users/search', userSearchReplySchema, { query: { search, pageSize: 10, pageNo: 1 }, quiet: true, signal })).data.data,
    enabled,
    staleTime: 30_000,
  });
}
