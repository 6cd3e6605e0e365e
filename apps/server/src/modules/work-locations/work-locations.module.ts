import { defineModule, provide } from '../module';
import { WorkLocationService } from './work-locations.service';
import { workLocationRoutes } from './work-locations.routes';

declare module '../module' {
  interface Services {
    workLocation: WorkLocationService;
  }
}

/** Work locations: where people work, and so which state's professional tax and LWF they pay. */
export const workLocationsModule = defineModule({
  name: 'work-locations',
  services: {
    workLocation: provide(['payrollLocks'], ({ payrollLocks }) => new WorkLocationService({ locks: payrollLocks })),
  },
  routes: [workLocationRoutes],
});
