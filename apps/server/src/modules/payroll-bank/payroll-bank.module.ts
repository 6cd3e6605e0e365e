import { defineModule, provide } from '../module';
import { PayrollBankService } from './payroll-bank.service';
import { payrollBankRoutes } from './payroll-bank.routes';

declare module '../module' {
  interface Services {
    payrollBank: PayrollBankService;
  }
}

/** Bank transfer files, payment attempts, the bank's return file. */
export const payrollBankModule = defineModule({
  name: 'payroll-bank',
  services: {
    payrollBank: provide(['payrollReports', 'bankChanges'], ({ clock, payrollReports, bankChanges }) => new PayrollBankService({ clock, reports: payrollReports, bankChanges })),
  },
  routes: [payrollBankRoutes],
});
