import { defineModule, provide } from '../module';
import { RequestService } from './requests.service';
import { requestRoutes } from './requests.routes';

declare module '../module' {
  interface Services {
    request: RequestService;
  }
}

/** Regularization and other requests. */
export const requestsModule = defineModule({
  name: 'requests',
  services: {
    request: provide(['payrollLocks'], ({ clock, payrollLocks }) => new RequestService({ clock, locks: payrollLocks })),
  },
  routes: [requestRoutes],
});
