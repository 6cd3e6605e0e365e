import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../ui/PageLoader';
import { isAdminOrModerator, useCurrentUser } from '../current-user';
import { PATHS } from '../paths';

/** The team lookup of platform §2.2: page 1, page size 10; resolves to the number of people found. */
export type TeamLookup = (page: { pageNumber: 1; pageSize: 10 }) => Promise<number>;

interface RequireMyTeamProps {
  lookupTeam: TeamLookup;
  children: ReactNode;
}

/**
 * My-team pages: Administrator or Moderator, a user flagged as manager, or a member whose team
 * lookup returns someone. Everyone else goes home.
 */
export function RequireMyTeam({ lookupTeam, children }: RequireMyTeamProps) {
  const user = useCurrentUser();
  const privileged = isAdminOrModerator(user.roleId) || user.isManager;
  const team = useQuery({
    queryKey: ['my-team-lookup', user.tenantId, user.id],
    queryFn: () => lookupTeam({ pageNumber: 1, pageSize: 10 }),
    enabled: !privileged,
  });
  if (privileged) return children;
  if (team.isPending) return <PageLoader label="Checking your team" />;
  if (team.isError || team.data < 1) return <Navigate to={PATHS.home} replace />;
  return children;
}
