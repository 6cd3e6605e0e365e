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
      ['salary', 'userSettings', 'payrollLocks', 'workLocation', 'bankChanges'],
      ({ clock, config, salary, userSettings, payrollLocks, workLocation, bankChanges }) => new EmployeeService({ clock, config, salary, userSettings, locks: payrollLocks, workLocations: workLocation, bankChanges }),
    ),
  },
  routes: [employeeRoutes],
});
