import { defineModule, provide } from '../module';
import { ReimbursementService } from './reimbursements.service';
import { reimbursementRoutes } from './reimbursements.routes';

declare module '../module' {
  interface Services {
    reimbursements: ReimbursementService;
  }
}

/** Reimbursement types, claims with receipts, decisions; claimed by the payroll run. */
export const reimbursementsModule = defineModule({
  name: 'reimbursements',
  services: {
    reimbursements: provide(['payrollLocks'], ({ clock, files, payrollLocks }) => new ReimbursementService({ clock, files, locks: payrollLocks })),
  },
  routes: [reimbursementRoutes],
});
