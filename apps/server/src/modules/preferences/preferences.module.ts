import { defineModule, provide } from '../module';
import { PreferencesService } from './preferences.service';
import { preferencesRoutes } from './preferences.routes';

declare module '../module' {
  interface Services {
    preferences: PreferencesService;
  }
}

/** Sender e-mail preferences. */
export const preferencesModule = defineModule({
  name: 'preferences',
  services: {
    preferences: provide([], ({ clock }) => new PreferencesService({ clock })),
  },
  routes: [preferencesRoutes],
});
