import { defineModule, provide } from '../module';
import { SalaryService } from './salary.service';
import { SalaryComponentsService } from './salary-components.service';
import { SalaryRevisionService } from './salary-revisions.service';
import { salaryRoutes } from './salary.routes';
import { salaryRevisionRoutes } from './salary-revisions.routes';

declare module '../module' {
  interface Services {
    salary: SalaryService;
    salaryComponents: SalaryComponentsService;
    salaryRevisions: SalaryRevisionService;
  }
}

/** Salary components, structures and their revisions. */
export const salaryModule = defineModule({
  name: 'salary',
  services: {
    salary: provide(['workLocation'], ({ clock, workLocation }) => new SalaryService({ clock, workLocations: workLocation })),
    salaryComponents: provide([], ({ clock }) => new SalaryComponentsService({ clock })),
    salaryRevisions: provide(
      ['salary', 'payrollLocks'],
      ({ clock, salary, payrollLocks }) => new SalaryRevisionService({ clock, salary, locks: payrollLocks }),
    ),
  },
  routes: [salaryRoutes, salaryRevisionRoutes],
});
