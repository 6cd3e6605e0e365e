import { Role } from '@tankha/contracts';
import { useSession } from '../../app/session';
import { AccessScreen } from './AccessScreen';

/** /access-denied: members see Permission Required, administrators and moderators Premium Plan Required. */
export function AccessDeniedPage() {
  const user = useSession();
  return <AccessScreen variant={user && user.roleId !== Role.Member ? 'premium' : 'permission'} />;
}

/** /no-subscription. */
export function NoSubscriptionPage() {
  return <AccessScreen variant="noSubscription" />;
}
