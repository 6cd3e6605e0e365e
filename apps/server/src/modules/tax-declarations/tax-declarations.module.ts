import { defineModule, provide } from '../module';
import { TaxWindowService } from './tax-declarations.service';
import { taxDeclarationRoutes } from './tax-declarations.routes';

declare module '../module' {
  interface Services {
    taxWindows: TaxWindowService;
  }
}

/** The IT declaration and POI windows: release, lock, reminders. */
export const taxDeclarationsModule = defineModule({
  name: 'tax-declarations',
  services: {
    taxWindows: provide(['preferences'], ({ clock, config, preferences }) => new TaxWindowService({ clock, config, preferences })),
  },
  routes: [taxDeclarationRoutes],
  jobs: ({ uow, queue, services, clock, log }) => {
    // The 06:00 run per organisation (lock windows past their lock date, send the reminders due
    // today) and the release / lock notices.
    uow.defineGlobalJob(queue, 'taxWindows.schedule', async (scope) => void (await services.taxWindows.scheduleWindows(scope, clock.now())), {
      cron: { expression: '*/15 * * * *', tz: 'UTC' },
      retryLimit: 2,
    });
    uow.defineTenantJob(queue, 'taxWindows.tenant', async (scope, data) => {
      const done = await services.taxWindows.runTenantSchedule(scope, new Date(data.now));
      if (done.locked + done.sent > 0) log.info({ tenantId: scope.tenantId, ...done }, 'tax windows: locked and reminded');
    });
    uow.defineTenantJob(queue, 'taxWindows.notice', async (scope, data) => void (await services.taxWindows.sendNotice(scope, data)));
  },
});
