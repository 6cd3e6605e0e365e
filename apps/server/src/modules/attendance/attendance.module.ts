import { defineModule, provide } from '../module';
import { AttendanceService } from './attendance.service';
import { attendanceRoutes } from './attendance.routes';

declare module '../module' {
  interface Services {
    attendance: AttendanceService;
  }
}

/** Time logs, day status, the attendance grid. */
export const attendanceModule = defineModule({
  name: 'attendance',
  services: {
    attendance: provide(
      ['payrollLocks', 'attendanceClients'],
      ({ clock, payrollLocks, attendanceClients }) => new AttendanceService({ clock, locks: payrollLocks, sites: attendanceClients }),
    ),
  },
  routes: [attendanceRoutes],
  jobs: ({ uow, queue, services }) => {
    uow.defineTenantJob(queue, 'attendance.recompute', (scope, data) => services.attendance.recompute(scope, data));
  },
});
