import { defineModule, provide } from '../module';
import { PayrollReportService } from './payroll-reports.service';
import { payrollReportRoutes } from './payroll-reports.routes';

declare module '../module' {
  interface Services {
    payrollReports: PayrollReportService;
  }
}

/** The log of generated payroll outputs. */
export const payrollReportsModule = defineModule({
  name: 'payroll-reports',
  services: {
    payrollReports: provide([], ({ clock }) => new PayrollReportService({ clock })),
  },
  routes: [payrollReportRoutes],
});
