import { defineModule, provide } from '../module';
import { EmployeeService } from './employees.service';
import { employeeRoutes } from './employees.routes';

declare module '../module' {
  interface Services {
    employee: EmployeeService;
  }
}

/** Employee records. */
export const employeesModule = defineModule({
  name: 'employees',
  services: {
    employee: provide(
      ['salary', 'userSettings', 'payrollLocks'],
      ({ clock, config, salary, userSettings, payrollLocks }) => new EmployeeService({ clock, config, salary, userSettings, locks: payrollLocks }),
    ),
  },
  routes: [employeeRoutes],
});
