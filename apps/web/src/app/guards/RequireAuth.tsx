import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CurrentUserContext } from '../current-user';
import { isTokenExpired } from '../jwt';
import type { LoginState } from '../navigation';
import { PATHS } from '../paths';
import { clearSession, getSignOutDestination, useSession } from '../session';

function tokenHasExpired(token: string): boolean {
  return isTokenExpired(token, Date.now());
}

/** Platform §2.2: a logged-out visitor goes to /login, with the origin remembered. */
export function RequireAuth() {
  const user = useSession();
  const location = useLocation();
  const expired = user !== null && tokenHasExpired(user.token);
  const destination = user ? null : getSignOutDestination();

  useEffect(() => {
    if (expired) clearSession();
  }, [expired]);

  if (!user || expired) {
    if (destination) return <Navigate to={destination.pathname} replace state={destination.state} />;
    const state: LoginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={PATHS.login} replace state={state} />;
  }
  return (
    <CurrentUserContext value={user}>
      <Outlet />
    </CurrentUserContext>
  );
}
