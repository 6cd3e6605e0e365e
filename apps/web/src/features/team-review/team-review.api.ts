import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TEAM_PAGE_SIZE, statusChangeReplySchema, teamDeclarationReplySchema, teamListReplySchema, type ProofReviewInput, type TeamDeclaration } from '@tankha/contracts';
import { api } from '../../app/api';

export const TEAM_REVIEW_KEY = 'team-review';

export function useTeamDeclarations(params: { page: number; status: number; financialYearStart: number; proofsOnly: boolean }) {
  return useQuery({
    queryKey: [TEAM_REVIEW_KEY, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      api.get('/ITDeclaration/team', teamListReplySchema, {
        signal,
        quiet: true,
        query: { page: params.page, pageSize: TEAM_PAGE_SIZE, fyStart: params.financialYearStart, fyEnd: params.financialYearStart + 1, isSubmitted: true, status: params.status || undefined, poiSubmitted: params.proofsOnly ? true : undefined },
      }),
  });
}

export function useTeamDeclaration(employeeId: string, financialYearStart: number) {
  return useQuery({
    queryKey: [TEAM_REVIEW_KEY, 'detail', employeeId, financialYearStart],
    retry: false,
    queryFn: async ({ signal }) => (await api.get('/ITDeclaration/team/declaration', teamDeclarationReplySchema, { signal, quiet: true, query: { employeeId, financialYearStart, financialYearEnd: financialYearStart + 1 } })).data,
  });
}

export async function changeDeclarationStatus(declarationId: string, status: number): Promise<string> {
  return (await api.put(`/ITDeclaration/team/${encodeURIComponent(declarationId)}/status`, statusChangeReplySchema, { status }, { quiet: true })).message;
}

export async function reviewProofs(declarationId: string, input: ProofReviewInput): Promise<{ detail: TeamDeclaration; message: string }> {
  const reply = await api.put(`/POI/review/${encodeURIComponent(declarationId)}`, teamDeclarationReplySchema, input, { quiet: true });
  return { detail: reply.data, message: reply.message };
}
