import { defineModule, provide } from '../module';
import { LeaveService } from './leave.service';
import { leaveRoutes } from './leave.routes';

declare module '../module' {
  interface Services {
    leave: LeaveService;
  }
}

/** Leave types, balances, requests, holidays. */
export const leaveModule = defineModule({
  name: 'leave',
  services: {
    leave: provide(['payrollLocks'], ({ clock, payrollLocks }) => new LeaveService({ clock, locks: payrollLocks })),
  },
  routes: [leaveRoutes],
});
