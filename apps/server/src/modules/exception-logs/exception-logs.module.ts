import { defineModule, provide } from '../module';
import { ExceptionLogService } from './exception-logs.service';
import { exceptionLogRoutes } from './exception-logs.routes';

declare module '../module' {
  interface Services {
    exceptionLogs: ExceptionLogService;
  }
}

/** Unexpected errors of an organisation's requests, kept 90 days. */
export const exceptionLogsModule = defineModule({
  name: 'exception-logs',
  services: {
    exceptionLogs: provide([], () => new ExceptionLogService()),
  },
  routes: [exceptionLogRoutes],
  jobs: ({ uow, queue, services, clock, log }) => {
    // Written after the failed request rolled back (app.ts sends the job).
    uow.defineTenantJob(queue, 'exceptionLogs.record', (scope, data) => services.exceptionLogs.record(scope, data), { retryLimit: 3 });
    uow.defineGlobalJob(
      queue,
      'exceptionLogs.purge',
      async (scope) => {
        const deleted = await services.exceptionLogs.purge(scope, clock.now());
        if (deleted > 0) log.info({ deleted }, 'exception logs older than 90 days deleted');
      },
      { cron: { expression: '41 1 * * *', tz: 'UTC' }, retryLimit: 2 },
    );
  },
});
