import { defineModule, provide } from '../module';
import { BankChangeService } from './bank-changes.service';
import { bankChangeRoutes } from './bank-changes.routes';

declare module '../module' {
  interface Services {
    bankChanges: BankChangeService;
  }
}

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** The 15-minute schedule (no payload): finds the organisations with a change whose cooling period is over. */
    'bankChanges.apply': Record<string, never>;
    'bankChanges.apply.tenant': Record<string, never>;
  }
}

/** A second person for bank details: pending changes, their approval, rejection and cooling period. */
export const bankChangesModule = defineModule({
  name: 'bank-changes',
  services: {
    bankChanges: provide(['payrollLocks'], ({ clock, config, payrollLocks }) => new BankChangeService({ clock, config, locks: payrollLocks })),
  },
  routes: [bankChangeRoutes],
  jobs: ({ uow, queue, services, clock, log }) => {
    // Every 15 minutes: changes whose 48-hour cooling period is over take effect.
    uow.defineGlobalJob(queue, 'bankChanges.apply', async (scope) => void (await services.bankChanges.scheduleDue(scope, clock.now())), {
      cron: { expression: '*/15 * * * *', tz: 'UTC' },
      retryLimit: 2,
    });
    uow.defineTenantJob(queue, 'bankChanges.apply.tenant', async (scope) => {
      const applied = await services.bankChanges.applyDue(scope);
      if (applied > 0) log.info({ tenantId: scope.tenantId, applied }, 'bank details changes applied after the cooling period');
    });
  },
});
