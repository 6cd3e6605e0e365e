import type { PayStructures } from '../salary/salary.service';

/**
 * What every employee of a run shares: the period, the tax year, the statutory settings and the
 * organisation's components. Its own file so payroll-arrears.ts and payroll-lop.ts, which
 * payroll.compute.ts calls, can name it without an import cycle.
 */
export interface MonthContext {
  runId: string;
  month: string;
  period: { start: string; end: string; days: number };
  financialYear: string;
  remainingMonths: number;
  statutory: PayStructures['statutory'];
  tenantEarnings: PayStructures['tenantEarnings'];
  tenantDeductions: PayStructures['tenantDeductions'];
}
