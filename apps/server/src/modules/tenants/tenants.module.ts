import { defineModule, provide } from '../module';
import { TenantService } from './tenants.service';
import { tenantRoutes } from './tenants.routes';

declare module '../module' {
  interface Services {
    tenants: TenantService;
  }
}

/** The organisation: profile, logo, settings. */
export const tenantsModule = defineModule({
  name: 'tenants',
  services: {
    tenants: provide([], ({ clock, files, config }) => new TenantService({ clock, files, config })),
  },
  routes: [tenantRoutes],
});
