import { useQuery } from '@tanstack/react-query';
import { loanListReplySchema, loanReplySchema, type Loan, type LoanInputBody, type LoanUpdateBody } from '@tankha/contracts';
import { api } from '../../app/api';
import { PAYROLL_KEY } from './payroll.api';

/** Under the payroll key: a loan recorded or changed recomputes the open month, so one invalidation refreshes both. */
export const LOANS_KEY = [PAYROLL_KEY, 'loans'] as const;
const path = (id: string) => `/Loans/${encodeURIComponent(id)}`;

export function useLoans() {
  return useQuery({
    queryKey: LOANS_KEY,
    queryFn: async ({ signal }): Promise<Loan[]> => (await api.get('/Loans', loanListReplySchema, { quiet: true, signal })).data,
  });
}

export function useMyLoans() {
  return useQuery({
    queryKey: [...LOANS_KEY, 'mine'],
    queryFn: async ({ signal }): Promise<Loan[]> => (await api.get('/Loans/mine', loanListReplySchema, { quiet: true, signal })).data,
  });
}

export async function recordLoan(body: LoanInputBody): Promise<Loan> {
  return (await api.post('/Loans', loanReplySchema, body, { quiet: true })).data;
}

export async function updateLoan(id: string, body: LoanUpdateBody): Promise<Loan> {
  return (await api.put(path(id), loanReplySchema, body, { quiet: true })).data;
}

export async function cancelLoan(id: string): Promise<Loan> {
  return (await api.post(`${path(id)}/cancel`, loanReplySchema, undefined, { quiet: true })).data;
}
