import {
  computeExcludedPay,
  computePayableDays,
  daysBetweenInclusive,
  earningsInForce,
  monthEarningsFromStructure,
  type ArrearsRevision,
  type ExcludedPayMonthInput,
  type ExcludedPayResult,
  type MonthEarningInput,
  type PayDayEntry,
  type StatutoryGender,
} from '@tankha/domain';
import type { PendingRevision } from '../salary/salary-revisions.service';
import type { PayStructure, SalarySnapshot } from '../salary/salary.service';
import type { MonthContext } from './payroll-month-context';
import type { ExcludedPayMonth } from './payroll.repo';

/**
 * Pay of a closed month the employee was excluded from (a processing hold that finalize kept),
 * brought into the open month by an administrator (payroll_excluded_pay): the excluded months as the
 * domain's computeExcludedPay takes them. Their lines go into the open month with the salary revision
 * arrears and the LOP corrections (EmployeeMonthInput.arrears), so the one calculation pays them:
 * in the paying month's gross (PT on it) and taxable salary (TDS), with each excluded month's own EPF
 * and ESI.
 */
export interface EmployeeExcludedInputs {
  months: readonly (ExcludedPayMonth & { esiCoveredAtStart: boolean })[];
  /** Attendance and leave now over those months' periods (attendance payDayEntries). */
  days: Readonly<Record<string, PayDayEntry>>;
}

export function excludedPayFor(
  ctx: MonthContext,
  inputs: EmployeeExcludedInputs,
  employee: { structure: PayStructure; revisions: readonly PendingRevision[]; dateOfJoining: string | null; dateOfLeaving: string | null; gender: StatutoryGender; ageOn: (date: string) => number | null },
): ExcludedPayResult {
  const options = { considerAllSalaryComponents: ctx.statutory.epf.considerAllSalaryComponents };
  const earningsOf = (s: SalarySnapshot | null): MonthEarningInput[] => (s ? monthEarningsFromStructure(s, ctx.tenantEarnings, options) : []);
  const current = monthEarningsFromStructure(employee.structure.lines, ctx.tenantEarnings, options);
  // A month a pending revision covers is priced at the structure in force on its days, as arrears and LOP corrections are.
  const revisions: ArrearsRevision[] = employee.revisions.map((r) => ({ effectiveFrom: r.effectiveFrom, before: earningsOf(r.previous), after: earningsOf(r.next) }));
  const first = revisions[0];
  const months: ExcludedPayMonthInput[] = inputs.months
    .filter((m) => m.month < ctx.month)
    .map((m) => {
      const period = { start: m.periodStart, end: m.periodEnd, days: daysBetweenInclusive(m.periodStart, m.periodEnd) };
      const byDate: Record<string, PayDayEntry> = {};
      for (const [date, entry] of Object.entries(inputs.days)) if (date >= period.start && date <= period.end) byDate[date] = entry;
      const days = computePayableDays({ period, dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving, days: { byDate } });
      return {
        month: m.month,
        paidIn: ctx.month,
        reason: m.reason,
        period,
        payableDays: days.payableDays,
        lopDays: days.lopDays,
        earnings: first && m.periodEnd >= first.effectiveFrom ? earningsInForce(revisions, period).earnings : current,
        adjustments: m.adjustments.map((a) => ({ kind: a.kind, category: a.category, label: a.label, amountPaise: a.amountPaise, taxable: a.taxable })),
        epf: { enabled: ctx.statutory.epf.enabled, settings: ctx.statutory.epf.settings, wageBase: ctx.statutory.epf.wageBase },
        esi: { enabled: ctx.statutory.esi.enabled, forceCalculate: employee.structure.forceEsi, coveredAtPeriodStart: m.esiCoveredAtStart, wageBase: ctx.statutory.esi.wageBase },
        ageYears: employee.ageOn(m.periodStart),
        gender: employee.gender,
      };
    });
  return computeExcludedPay(months);
}
