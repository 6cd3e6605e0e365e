import { defineModule, provide } from '../module';
import { DeclarationService } from './declarations.service';
import { RegimeService } from './regime.service';
import { declarationRoutes } from './declarations.routes';
import { regimeRoutes } from './regime.routes';

declare module '../module' {
  interface Services {
    declarations: DeclarationService;
    regime: RegimeService;
  }
}

/** The employee's IT declaration, its summary, the tax position and the regime comparison. */
export const declarationsModule = defineModule({
  name: 'declarations',
  services: {
    declarations: provide(['taxWindows', 'salary', 'payslip'], ({ clock, taxWindows, salary, payslip }) => {
      const declarations = new DeclarationService({ clock, windows: taxWindows, salary, payslips: payslip });
      // Reminders go only to employees who have not submitted (tax-declarations/declaration-status.ts).
      taxWindows.connectDeclarationStatus(declarations);
      return declarations;
    }),
    regime: provide(
      ['taxWindows', 'declarations', 'payrollRun'],
      ({ clock, taxWindows, declarations, payrollRun }) => new RegimeService({ clock, windows: taxWindows, declarations, runs: payrollRun }),
    ),
  },
  routes: [declarationRoutes, regimeRoutes],
});
