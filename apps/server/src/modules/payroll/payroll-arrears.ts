import {
  ARREARS_CODE_PREFIX,
  computeArrears,
  earningsInForce,
  monthEarningsFromStructure,
  type ArrearsMonthInput,
  type ArrearsRevision,
  type MonthAdjustmentInput,
  type MonthArrearsLine,
  type MonthEarningInput,
  type StatutoryGender,
} from '@tankha/domain';
import type { PendingRevision } from '../salary/salary-revisions.service';
import type { SalarySnapshot } from '../salary/salary.service';
import type { MonthContext } from './payroll-month-context';
import type { FinalizedMonth } from './payroll.repo';

/**
 * Salary revision arrears in the run: the employee's pending revisions and their
 * finalized months, as the domain's computeArrears takes them. The arrears lines go into the month's
 * input (EmployeeMonthInput.arrears); a revision effective inside the open period (or after it) also
 * sets the month's own earnings, weighted by the days each structure is in force.
 */
export interface EmployeeArrearsInputs {
  revisions: readonly PendingRevision[];
  /** The employee's finalized payslips from the first pending revision's period on, oldest first. */
  months: readonly FinalizedMonth[];
}

const ADJUSTMENT_CATEGORIES: Record<string, MonthAdjustmentInput['category'] | undefined> = {
  ADJ_BONUS: 'bonus',
  ADJ_INCENTIVE: 'incentive',
  ADJ_OTHER: 'other',
};

export function arrearsFor(
  ctx: MonthContext,
  inputs: EmployeeArrearsInputs,
  employee: { gender: StatutoryGender; ageOn: (date: string) => number | null },
): { lines: MonthArrearsLine[]; currentEarnings: MonthEarningInput[] | null } {
  const earningsOf = (s: SalarySnapshot | null): MonthEarningInput[] =>
    s ? monthEarningsFromStructure(s, ctx.tenantEarnings, { considerAllSalaryComponents: ctx.statutory.epf.considerAllSalaryComponents }) : [];
  const revisions: ArrearsRevision[] = inputs.revisions.map((r) => ({ effectiveFrom: r.effectiveFrom, before: earningsOf(r.previous), after: earningsOf(r.next) }));
  const first = revisions[0];
  if (!first) return { lines: [], currentEarnings: null };
  const months: ArrearsMonthInput[] = inputs.months
    .filter((m) => m.month < ctx.month && m.periodEnd >= first.effectiveFrom)
    .map((m) => {
      const has = (codes: readonly string[]) => m.lines.some((l) => codes.includes(l.code) && l.amountPaise > 0);
      return {
        month: m.month,
        period: { start: m.periodStart, end: m.periodEnd, days: m.daysInPeriod },
        payableDays: m.payableDays,
        lopDays: m.lopDays,
        paid: m.lines.filter((l) => !l.code.startsWith(ARREARS_CODE_PREFIX)),
        adjustments: m.lines.flatMap((l) => {
          const category = l.section === 'earning' ? ADJUSTMENT_CATEGORIES[l.code] : undefined;
          return category ? [{ kind: 'earning' as const, category, label: l.label, amountPaise: l.amountPaise, taxable: true }] : [];
        }),
        // The organisation's wage base today (a month's base is not stored with it).
        epf: { enabled: has(['EPF_EE', 'EPF_ER', 'EPS_ER']), settings: ctx.statutory.epf.settings, wageBase: ctx.statutory.epf.wageBase },
        esi: { covered: has(['ESI_EE', 'ESI_ER']), wageBase: ctx.statutory.esi.wageBase },
        ageYears: employee.ageOn(m.periodStart),
        gender: employee.gender,
      };
    });
  const result = computeArrears({ revisions, months });
  // The open month itself: only when a revision takes effect after its first day is it mixed.
  const mixed = revisions.some((r) => r.effectiveFrom > ctx.period.start);
  return { lines: result.lines, currentEarnings: mixed ? earningsInForce(revisions, ctx.period).earnings : null };
}
