import { defineModule, provide } from '../module';
import { PayrollLockService } from './payroll-locks.service';

declare module '../module' {
  interface Services {
    payrollLocks: PayrollLockService;
  }
}

/** Finalized months and stale marks: every input of pay marks the processed month stale (markChanged). */
export const payrollLocksModule = defineModule({
  name: 'payroll-locks',
  services: {
    payrollLocks: provide([], ({ clock }) => new PayrollLockService({ clock })),
  },
});
