import { useQuery } from '@tanstack/react-query';
import {
  exitRequestListReplySchema,
  exitSettlementListReplySchema,
  type ExitRequest,
  exitSettlementReplySchema,
  type ExitSettlement,
  type ExitSettlementInputBody,
  type ExitSettlementSettle,
} from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';
import { PAYROLL_KEY } from './payroll.api';

/** Under the payroll key: approving an exit changes the open run, so one invalidation refreshes both. */
const KEY = [PAYROLL_KEY, 'exits'] as const;
const path = (id: string) => `/ExitSettlements/${encodeURIComponent(id)}`;


/**
 * Resignations approved (or relieved) without a full and final settlement yet: the Exit page offers to
 * start each one's settlement, the Record exit form filled in from it (one path: POST /ExitSettlements).
 */
export function useExitsAwaitingSettlement(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'awaiting'],
    queryFn: async ({ signal }): Promise<ExitRequest[]> => (await api.get('/ExitRequests/awaiting-settlement', exitRequestListReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useExitSettlements() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }): Promise<ExitSettlement[]> => (await api.get('/ExitSettlements', exitSettlementListReplySchema, { quiet: true, signal })).data,
  });
}

export function useExitSettlement(id: string) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: async ({ signal }): Promise<ExitSettlement> => (await api.get(path(id), exitSettlementReplySchema, { quiet: true, signal })).data,
  });
}

export async function recordExit(body: ExitSettlementInputBody): Promise<ExitSettlement> {
  return (await api.post('/ExitSettlements', exitSettlementReplySchema, body, { quiet: true })).data;
}

export async function updateExit(id: string, body: Omit<ExitSettlementInputBody, 'userId'>): Promise<ExitSettlement> {
  return (await api.put(path(id), exitSettlementReplySchema, body, { quiet: true })).data;
}

export async function recomputeExit(id: string): Promise<ExitSettlement> {
  return (await api.post(`${path(id)}/recompute`, exitSettlementReplySchema, undefined, { quiet: true })).data;
}

export async function approveExit(id: string): Promise<ExitSettlement> {
  return (await api.post(`${path(id)}/approve`, exitSettlementReplySchema, undefined, { quiet: true })).data;
}

export async function settleExit(id: string, body: ExitSettlementSettle): Promise<ExitSettlement> {
  return (await api.post(`${path(id)}/mark-settled`, exitSettlementReplySchema, body, { quiet: true })).data;
}

export async function deleteExit(id: string): Promise<void> {
  await api.send('DELETE', path(id), undefined, { quiet: true });
}

export async function downloadSettlementStatement(s: Pick<ExitSettlement, 'id' | 'employeeName' | 'lastWorkingDay'>): Promise<void> {
  const who = s.employeeName.replace(/[^A-Za-z0-9]+/g, '-');
  await apiDownload(`${path(s.id)}/statement.pdf`, `full-and-final-${who}-${s.lastWorkingDay}.pdf`, { quiet: true });
}
