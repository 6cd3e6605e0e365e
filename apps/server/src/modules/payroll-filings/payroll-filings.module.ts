import { defineModule, provide } from '../module';
import { PayrollFilingsService } from './payroll-filings.service';
import { payrollFilingRoutes } from './payroll-filings.routes';
import { TdsChallansService } from './tds-challans.service';
import { tdsChallanRoutes } from './tds-challans.routes';

declare module '../module' {
  interface Services {
    payrollFilings: PayrollFilingsService;
    tdsChallans: TdsChallansService;
  }
}

/** Statutory files and the journal of a finalized month (the formats: formats/index.ts), Form 24Q and its TDS challans, ledger accounts. */
export const payrollFilingsModule = defineModule({
  name: 'payroll-filings',
  services: {
    payrollFilings: provide(
      ['payrollReports', 'salaryComponents', 'declarations', 'form16PartB'],
      ({ clock, payrollReports, salaryComponents, declarations, form16PartB }) =>
        new PayrollFilingsService({ clock, reports: payrollReports, components: salaryComponents, declarations, partB: form16PartB }),
    ),
    tdsChallans: provide([], ({ clock }) => new TdsChallansService({ clock })),
  },
  routes: [payrollFilingRoutes, tdsChallanRoutes],
});
