import { useQuery } from '@tanstack/react-query';
import { dashboardReplySchema, type Dashboard } from '@tankha/contracts';
import { api } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';

export function useDashboard() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['dashboard', user.tenantId, user.id],
    queryFn: async (): Promise<Dashboard> => (await api.get('/dashboard', dashboardReplySchema, { quiet: true })).data,
  });
}

/** Greeting by the hour of the viewer's clock. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
