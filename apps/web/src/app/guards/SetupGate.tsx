import { Navigate, Outlet } from 'react-router';
import { Role } from '@tankha/contracts';
import { PageLoader } from '../../ui/PageLoader';
import { useCurrentUser } from '../current-user';
import { PATHS } from '../paths';
import { isSetupDeferred, isSetupIncomplete, useCompletionStatus } from '../setup-status';

/**
 * Entering the authenticated area: an Administrator whose organisation setup is incomplete goes to
 * the welcome screen, unless they pressed Cancel there in this browser session.
 */
export function SetupGate() {
  const user = useCurrentUser();
  const status = useCompletionStatus();
  if (user.roleId !== Role.Administrator) return <Outlet />;
  if (status.isPending) return <PageLoader label="Checking organization setup" />;
  if (status.data && isSetupIncomplete(status.data) && !isSetupDeferred()) return <Navigate to={PATHS.requiredDetails} replace />;
  return <Outlet />;
}
