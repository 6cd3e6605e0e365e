import { defineModule, provide } from '../module';
import { DashboardService } from './dashboard.service';
import { dashboardRoutes } from './dashboard.routes';

declare module '../module' {
  interface Services {
    dashboard: DashboardService;
  }
}

/** The dashboard. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  services: {
    dashboard: provide([], ({ clock }) => new DashboardService({ clock })),
  },
  routes: [dashboardRoutes],
});
