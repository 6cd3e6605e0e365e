import { Navigate, Outlet } from 'react-router';
import { Role } from '@tankha/contracts';
import { PageLoader } from '../../ui/PageLoader';
import { useCurrentUser } from '../current-user';
import { PATHS } from '../paths';
import { isSetupIncomplete, useCompletionStatus } from '../setup-status';

/** /required-details/*: for an Administrator while setup is incomplete; otherwise home. */
export function RequiredDetailsGuard() {
  const user = useCurrentUser();
  const status = useCompletionStatus();
  if (user.roleId !== Role.Administrator) return <Navigate to={PATHS.home} replace />;
  if (status.isPending) return <PageLoader label="Checking organization setup" />;
  if (!status.data || !isSetupIncomplete(status.data)) return <Navigate to={PATHS.home} replace />;
  return <Outlet />;
}
