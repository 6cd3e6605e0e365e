import { defineModule, provide } from '../module';
import { UserSettingsService } from './user-settings.service';
import { userSettingsRoutes } from './user-settings.routes';

declare module '../module' {
  interface Services {
    userSettings: UserSettingsService;
  }
}

/** Employee numbering and the default role. */
export const userSettingsModule = defineModule({
  name: 'user-settings',
  services: {
    userSettings: provide([], ({ clock }) => new UserSettingsService({ clock })),
  },
  routes: [userSettingsRoutes],
});
