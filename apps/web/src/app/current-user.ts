import { createContext, useContext } from 'react';
import { Role, type RoleId, type SessionUser } from '@tankha/contracts';

/** The signed-in user inside the authenticated area, provided by RequireAuth. */
export const CurrentUserContext = createContext<SessionUser | null>(null);

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the authenticated area');
  return user;
}

export function isAdminOrModerator(roleId: RoleId): boolean {
  return roleId === Role.Administrator || roleId === Role.Moderator;
}
