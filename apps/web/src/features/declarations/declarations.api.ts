import { useQuery } from '@tanstack/react-query';
import {
  declarationReplySchema,
  declarationSummaryReplySchema,
  deductionOptionsReplySchema,
  itDeclarationStatusReplySchema,
  type Declaration,
  type DeclarationInput,
} from '@tankha/contracts';
import { api } from '../../app/api';

/** Every declaration query starts with this key: a save refreshes them all. */
export const DECLARATIONS_KEY = 'declarations';

const yearQuery = (financialYearStart: number) => ({ financialYearStart, financialYearEnd: financialYearStart + 1 });

/** GET /ITDeclaration/status: whether the window is open (Released) or Locked, its lock date and switches. */
export function useDeclarationWindow(financialYearStart: number) {
  return useQuery({
    queryKey: [DECLARATIONS_KEY, 'status', financialYearStart],
    queryFn: async ({ signal }) => (await api.get('/ITDeclaration/status', itDeclarationStatusReplySchema, { query: yearQuery(financialYearStart), signal, quiet: true })).data,
  });
}

/** GET /ITDeclaration/deduction-options: 80C, 80D and Other Investments with each item's limit. */
export function useDeductionOptions() {
  return useQuery({
    queryKey: [DECLARATIONS_KEY, 'options'],
    queryFn: async ({ signal }) => (await api.get('/ITDeclaration/deduction-options', deductionOptionsReplySchema, { signal, quiet: true })).data,
    staleTime: Infinity,
  });
}

/** GET /ITDeclaration/declarations: the employee's declaration of the year (own without employeeId), null when none. */
export function useDeclaration(financialYearStart: number, employeeId?: string) {
  return useQuery({
    queryKey: [DECLARATIONS_KEY, 'declaration', employeeId ?? 'me', financialYearStart],
    queryFn: async ({ signal }) =>
      (await api.get('/ITDeclaration/declarations', declarationReplySchema, { query: { ...yearQuery(financialYearStart), employeeId }, signal, quiet: true })).data,
  });
}

/** GET /ITDeclaration/summary: the overall summary with the tax worked out as the payroll run does. */
export function useDeclarationSummary(financialYearStart: number, userId?: string) {
  return useQuery({
    queryKey: [DECLARATIONS_KEY, 'summary', userId ?? 'me', financialYearStart],
    queryFn: async ({ signal }) => (await api.get('/ITDeclaration/summary', declarationSummaryReplySchema, { query: { ...yearQuery(financialYearStart), userId }, signal, quiet: true })).data,
  });
}

/** POST (new) or PUT (update by id); the server's message is the spec's success toast. */
export async function saveDeclaration(declarationId: string | null, input: DeclarationInput): Promise<{ declaration: Declaration | null; message: string }> {
  const reply = declarationId
    ? await api.put(`/ITDeclaration/declarations/${encodeURIComponent(declarationId)}`, declarationReplySchema, input, { quiet: true })
    : await api.post('/ITDeclaration/declarations', declarationReplySchema, input, { quiet: true });
  return { declaration: reply.data, message: reply.message };
}
