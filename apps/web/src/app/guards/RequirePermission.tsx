import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { can, type PermissionAction } from '@tankha/contracts';
import { useCurrentUser } from '../current-user';

interface RequirePermissionProps {
  action: PermissionAction;
  /** Where a user without the permission goes (e.g. /403-Forbidden for /profile). */
  fallback: string;
  children: ReactNode;
}

/** Role gate read from the shared permission table (contracts PERMISSIONS). */
export function RequirePermission({ action, fallback, children }: RequirePermissionProps) {
  const user = useCurrentUser();
  if (!can(user.roleId, action)) return <Navigate to={fallback} replace />;
  return children;
}
