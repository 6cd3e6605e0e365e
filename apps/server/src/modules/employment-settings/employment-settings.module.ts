import { defineModule, provide } from '../module';
import { EmploymentSettingsService } from './employment-settings.service';
import { employmentSettingsRoutes } from './employment-settings.routes';

declare module '../module' {
  interface Services {
    employmentSettings: EmploymentSettingsService;
  }
}

/** Employment-type settings (notice periods and the like). */
export const employmentSettingsModule = defineModule({
  name: 'employment-settings',
  services: {
    employmentSettings: provide([], ({ clock }) => new EmploymentSettingsService({ clock })),
  },
  routes: [employmentSettingsRoutes],
});
