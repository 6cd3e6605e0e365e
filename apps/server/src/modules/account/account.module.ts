import { defineModule, provide } from '../module';
import { AccountService } from './account.service';
import { OidcProviders } from '../../platform/auth/oidc';
import { accountRoutes } from './account.routes';

declare module '../module' {
  interface Services {
    account: AccountService;
    /** Google and Microsoft sign-in: the provider round trip (no database). */
    oidc: OidcProviders;
  }
}

/** Sign-up, sign-in, sessions and Google/Microsoft sign-in. */
export const accountModule = defineModule({
  name: 'account',
  services: {
    account: provide(
      ['tenants', 'users', 'employee'],
      ({ clock, tokens, config, tenants, users, employee, loginThrottle }) =>
        new AccountService({ clock, tokens, config, tenants, users, employees: employee, loginThrottle }),
    ),
    oidc: provide([], ({ config, clock, tokens }) => new OidcProviders(config, { clock, tokens, appUrl: config.appUrl })),
  },
  routes: [accountRoutes],
});
