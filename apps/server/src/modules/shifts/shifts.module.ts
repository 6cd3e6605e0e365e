import { defineModule, provide } from '../module';
import { ShiftService } from './shifts.service';
import { shiftRoutes } from './shifts.routes';

declare module '../module' {
  interface Services {
    shift: ShiftService;
  }
}

/** Shifts and their assignment. */
export const shiftsModule = defineModule({
  name: 'shifts',
  services: {
    shift: provide(['payrollLocks'], ({ clock, payrollLocks }) => new ShiftService({ clock, locks: payrollLocks })),
  },
  routes: [shiftRoutes],
});
