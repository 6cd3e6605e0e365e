import { useQuery } from '@tanstack/react-query';
import { userProfileReplySchema, type UserProfile } from '@tankha/contracts';
import { api } from '../../app/api';

export function useUserProfile(userId: string) {
  return useQuery({
    queryKey: ['user-profile', userId],
    queryFn: async (): Promise<UserProfile> => (await api.get(`/Users/${encodeURIComponent(userId)}`, userProfileReplySchema, { quiet: true })).data,
  });
}

/** PAN shown with only its last four characters. */
export function maskPan(pan: string | null): string {
  if (!pan) return '—';
  const visible = pan.slice(-4);
  return `${'X'.repeat(Math.max(pan.length - 4, 0))}${visible}`;
}
