import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salaryRevisionHistoryReplySchema, salaryRevisionReplySchema, type SalaryRevisionBody, type SalaryRevisionHistory } from '@tankha/contracts';
import { api } from '../../app/api';
import { profileKeys } from './profile.api';

const enc = encodeURIComponent;

export const revisionKeys = {
  history: (userId: string) => ['salary-revisions', userId] as const,
};

/** An employee's salary revisions, newest first, with the range a new one's effective date may take. */
export function useSalaryRevisions(userId: string, enabled = true) {
  return useQuery({
    queryKey: revisionKeys.history(userId),
    queryFn: async (): Promise<SalaryRevisionHistory> => (await api.get(`/Users/${enc(userId)}/salary-revisions`, salaryRevisionHistoryReplySchema, { quiet: true })).data,
    enabled,
  });
}

export function useReviseSalary(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SalaryRevisionBody) => api.post(`/Users/${enc(userId)}/salary-revisions`, salaryRevisionReplySchema, body, { quiet: true }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: revisionKeys.history(userId) }),
        client.invalidateQueries({ queryKey: profileKeys.salary(userId) }),
        client.invalidateQueries({ queryKey: profileKeys.employee(userId) }),
        client.invalidateQueries({ queryKey: ['revise-salary', 'employee', userId] }),
      ]);
    },
  });
}
