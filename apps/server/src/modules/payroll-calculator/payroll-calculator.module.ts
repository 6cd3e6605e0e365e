import { defineModule, provide } from '../module';
import { PayrollCalculatorService } from './payroll-calculator.service';
import { payrollCalculatorRoutes } from './payroll-calculator.routes';

declare module '../module' {
  interface Services {
    payrollCalculator: PayrollCalculatorService;
  }
}

/** The public salary calculator (no login, no database). */
export const payrollCalculatorModule = defineModule({
  name: 'payroll-calculator',
  services: {
    payrollCalculator: provide([], () => new PayrollCalculatorService()),
  },
  routes: [payrollCalculatorRoutes],
});
