import { MSG } from '@tankha/contracts';
import { api } from './api';
import { navigateTo } from './navigation';
import { PATHS } from './paths';
import { clearSession } from './session';
import { toast } from './toast';

/** Platform §7.2: call logout, then clear local data, then go to /login (cleared even if the call fails). */
export async function logout(): Promise<void> {
  try {
    await api.send('POST', '/Account/logout', undefined, { suppress: true });
  } catch {
    toast.error(MSG.loginFailed);
  } finally {
    // A deliberate logout forgets the page: the next person to sign in starts at home.
    clearSession({ destination: { pathname: PATHS.login } });
    void navigateTo(PATHS.login, { replace: true });
  }
}
