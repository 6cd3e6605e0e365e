import { defineModule, provide } from '../module';
import { ExitRequestService } from './exit-requests.service';
import { exitRequestRoutes } from './exit-requests.routes';

declare module '../module' {
  interface Services {
    exitRequests: ExitRequestService;
  }
}

/** Exit requests and relieving. */
export const exitsModule = defineModule({
  name: 'exits',
  services: {
    exitRequests: provide(
      ['employmentSettings', 'notification'],
      ({ clock, employmentSettings, notification }) => new ExitRequestService({ clock, settings: employmentSettings, notifications: notification }),
    ),
  },
  routes: [exitRequestRoutes],
  jobs: ({ uow, queue, services, clock, log }) => {
    // At 06:00 IST every day, approved exits whose last working day has passed become relieved.
    uow.defineGlobalJob(queue, 'exits.relieve', async (scope) => void (await services.exitRequests.scheduleRelief(scope, clock.now())), {
      cron: { expression: '30 0 * * *', tz: 'UTC' },
      retryLimit: 2,
    });
    uow.defineTenantJob(queue, 'exits.relieve.tenant', async (scope, data) => {
      const relieved = await services.exitRequests.relieveDue(scope, data.today);
      if (relieved > 0) log.info({ tenantId: scope.tenantId, relieved }, 'exits relieved');
    });
  },
});
