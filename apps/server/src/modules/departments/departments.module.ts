import { defineModule, provide } from '../module';
import { DepartmentService } from './departments.service';
import { departmentRoutes } from './departments.routes';

declare module '../module' {
  interface Services {
    department: DepartmentService;
  }
}

/** Departments. */
export const departmentsModule = defineModule({
  name: 'departments',
  services: {
    department: provide([], () => new DepartmentService()),
  },
  routes: [departmentRoutes],
});
