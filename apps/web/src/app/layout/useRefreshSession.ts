import { useQuery } from '@tanstack/react-query';
import { sessionReplySchema } from '@tankha/contracts';
import { api } from '../api';
import { useCurrentUser } from '../current-user';
import { getSessionUser, setSessionUser } from '../session';

/**
 * Once per visit, GET /Account/me refreshes the stored user (plan, features and role may have
 * changed since login). The stored token is kept.
 */
export function useRefreshSession(): void {
  const user = useCurrentUser();
  useQuery({
    queryKey: ['session-refresh', user.tenantId, user.id],
    queryFn: async () => {
      const reply = await api.get('/Account/me', sessionReplySchema, { quiet: true });
      const stored = getSessionUser();
      if (stored && stored.id === reply.data.id) setSessionUser({ ...reply.data, token: stored.token });
      return reply.data.id;
    },
    staleTime: Infinity,
  });
}
