import { useQuery } from '@tanstack/react-query';
import {
  exitProposalReplySchema,
  exitRequestListReplySchema,
  exitRequestReplySchema,
  type ExitProposal,
  type ExitRequest,
  type ExitRequestApprove,
  type ExitRequestInput,
  type ExitRequestStatus,
} from '@tankha/contracts';
import { api } from '../../app/api';

/** Every exit-request query starts with this key, so one invalidation refreshes them all. */
export const EXITS_KEY = 'exit-requests';

export function useExitProposal(enabled = true) {
  return useQuery({
    queryKey: [EXITS_KEY, 'proposal'],
    queryFn: async ({ signal }): Promise<ExitProposal> => (await api.get('/ExitRequests/proposal', exitProposalReplySchema, { quiet: true, signal })).data,
    enabled,
  });
}

export function useMyExitRequests() {
  return useQuery({
    queryKey: [EXITS_KEY, 'mine'],
    queryFn: async ({ signal }): Promise<ExitRequest[]> => (await api.get('/ExitRequests/mine', exitRequestListReplySchema, { quiet: true, signal })).data,
  });
}

export function useTeamExitRequests(status: ExitRequestStatus | null) {
  return useQuery({
    queryKey: [EXITS_KEY, 'team', status],
    queryFn: async ({ signal }): Promise<ExitRequest[]> => (await api.get('/ExitRequests/team', exitRequestListReplySchema, { quiet: true, signal, ...(status ? { query: { status } } : {}) })).data,
  });
}

export async function submitResignation(body: ExitRequestInput): Promise<ExitRequest> {
  return (await api.post('/ExitRequests', exitRequestReplySchema, body, { quiet: true })).data;
}

export async function withdrawResignation(id: string): Promise<ExitRequest> {
  return (await api.post(`/ExitRequests/${encodeURIComponent(id)}/withdraw`, exitRequestReplySchema, undefined, { quiet: true })).data;
}

export async function approveExitRequest(id: string, body: ExitRequestApprove): Promise<ExitRequest> {
  return (await api.post(`/ExitRequests/${encodeURIComponent(id)}/approve`, exitRequestReplySchema, body, { quiet: true })).data;
}

export async function rejectExitRequest(id: string, reason: string): Promise<ExitRequest> {
  return (await api.post(`/ExitRequests/${encodeURIComponent(id)}/reject`, exitRequestReplySchema, { reason }, { quiet: true })).data;
}
