import {
  computeLopAdjustments,
  earningsInForce,
  lopDaysByDate,
  monthEarningsFromStructure,
  type ArrearsRevision,
  type LopAdjustmentResult,
  type LopMonthInput,
  type MonthAdjustmentInput,
  type MonthEarningInput,
  type PayDayEntry,
  type StatutoryGender,
} from '@tankha/domain';
import type { PendingRevision } from '../salary/salary-revisions.service';
import type { PayStructure, SalarySnapshot } from '../salary/salary.service';
import type { MonthContext } from './payroll-month-context';
import type { LopPaidMonth } from './payroll.repo';

/**
 * Loss of pay that changed after its month was finalized (DESIGN §10, a month's life): the employee's
 * finalized months as they were paid (payslips.lop_by_month) against the attendance and leave now,
 * as the domain's computeLopAdjustments takes them. The lines go into the open month with the salary
 * revision arrears (EmployeeMonthInput.arrears); the payslip keeps `settled` so the month is
 * corrected once.
 */
export interface EmployeeLopInputs {
  /** Finalized months within reach (LOP_CORRECTION_MONTHS), oldest first. */
  months: readonly LopPaidMonth[];
  /** Attendance and leave now over those months' periods (attendance payDayEntries). */
  days: Readonly<Record<string, PayDayEntry>>;
}

/** How far back a late change of loss of pay is corrected: the six finalized months before the open one. */
export const LOP_CORRECTION_MONTHS = 6;

/** The first month within reach of the open month's corrections. */
export function lopCorrectionStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - LOP_CORRECTION_MONTHS;
  return `${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const ADJUSTMENT_CATEGORIES: Record<string, MonthAdjustmentInput['category'] | undefined> = {
  ADJ_BONUS: 'bonus',
  ADJ_INCENTIVE: 'incentive',
  ADJ_OTHER: 'other',
};

export function lopAdjustmentsFor(
  ctx: MonthContext,
  inputs: EmployeeLopInputs,
  employee: { structure: PayStructure; revisions: readonly PendingRevision[]; dateOfJoining: string | null; dateOfLeaving: string | null; gender: StatutoryGender; ageOn: (date: string) => number | null },
): LopAdjustmentResult {
  const options = { considerAllSalaryComponents: ctx.statutory.epf.considerAllSalaryComponents };
  const earningsOf = (s: SalarySnapshot | null): MonthEarningInput[] => (s ? monthEarningsFromStructure(s, ctx.tenantEarnings, options) : []);
  const current = monthEarningsFromStructure(employee.structure.lines, ctx.tenantEarnings, options);
  // A month a pending revision covers is priced at the revised structure, as its arrears are.
  const revisions: ArrearsRevision[] = employee.revisions.map((r) => ({ effectiveFrom: r.effectiveFrom, before: earningsOf(r.previous), after: earningsOf(r.next) }));
  const months: LopMonthInput[] = inputs.months
    .filter((m) => m.month < ctx.month)
    .map((m) => {
      const period = { start: m.periodStart, end: m.periodEnd, days: m.daysInPeriod };
      const byDate: Record<string, PayDayEntry> = {};
      for (const [date, entry] of Object.entries(inputs.days)) if (date >= period.start && date <= period.end) byDate[date] = entry;
      const nowLop = lopDaysByDate({ period, dateOfJoining: employee.dateOfJoining, dateOfLeaving: employee.dateOfLeaving, days: { byDate } });
      const paidLopDays = Object.values(m.paidLop).reduce((s, d) => s + d, 0);
      const has = (codes: readonly string[]) => m.lines.some((l) => codes.includes(l.code) && l.amountPaise > 0);
      const first = revisions[0];
      const earnings = first && m.periodEnd >= first.effectiveFrom ? earningsInForce(revisions, period).earnings : current;
      return {
        month: m.month,
        period,
        // A later month may already have corrected this one: the days it is paid for now.
        payableDays: m.payableDays + m.lopDays - paidLopDays,
        lopDays: paidLopDays,
        paidLop: m.paidLop,
        nowLop,
        earnings,
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
  return computeLopAdjustments(months);
}
