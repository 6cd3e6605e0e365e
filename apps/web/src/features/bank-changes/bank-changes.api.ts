import { useQuery } from '@tanstack/react-query';
import { bankChangeListReplySchema, bankChangeReplySchema, pendingBankChangeReplySchema, type BankChange } from '@tankha/contracts';
import { api } from '../../app/api';

export const BANK_CHANGES_KEY = 'bank-changes';

/** GET /BankChanges: the organisation's changes awaiting approval (Administrators). */
export function usePendingBankChanges() {
  return useQuery({
    queryKey: [BANK_CHANGES_KEY, 'pending'],
    queryFn: async ({ signal }): Promise<BankChange[]> => (await api.get('/BankChanges', bankChangeListReplySchema, { quiet: true, signal })).data,
    retry: false,
  });
}

/** GET /Users/:id/bank-change (the employee form) or GET /BankChanges/mine (the profile). */
export function usePendingBankChange(userId: string | 'mine') {
  return useQuery({
    queryKey: [BANK_CHANGES_KEY, 'one', userId],
    queryFn: async ({ signal }): Promise<BankChange | null> =>
      (await api.get(userId === 'mine' ? '/BankChanges/mine' : `/Users/${userId}/bank-change`, pendingBankChangeReplySchema, { quiet: true, signal })).data,
    retry: false,
  });
}

export async function approveBankChange(id: string): Promise<BankChange> {
  return (await api.post(`/BankChanges/${id}/approve`, bankChangeReplySchema, undefined, { quiet: true })).data;
}

export async function rejectBankChange(id: string, reason: string): Promise<BankChange> {
  return (await api.post(`/BankChanges/${id}/reject`, bankChangeReplySchema, { reason }, { quiet: true })).data;
}
