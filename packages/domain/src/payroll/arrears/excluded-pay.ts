import type { IsoDate } from '../../dates/calendar';
import type { EpfSettings } from '../../statutory/epf';
import type { StatutoryWageBase } from '../../statutory/code-wages';
import type { StatutoryGender } from '../../statutory/states';
import { computeEmployeeMonth } from '../month/compute-month';
import type { MonthAdjustmentInput, MonthArrearsLine, MonthEarningInput } from '../month/types';
import { arrearsMonthLabel } from './arrears';
import { hasCorrectionWages, type WageCorrection } from './wage-corrections';

/**
 * Pay excluded from processing, brought into a later month (DESIGN §10, a month's life; payroll-rules
 * §1: "Finalized means immutable. Corrections go into a later month as arrears"). An employee whose
 * processing was held when the month was finalized has no payslip for it; when the administrator
 * brings that month into a later open month, the month is computed through the one calculation path
 * (computeEmployeeMonth) with its own period, payable days, structure and one-time items, and each of
 * its lines is paid in the later month as a line of its own, the same way salary revision arrears
 * and late loss-of-pay corrections are (EmployeeMonthInput.arrears):
 *  - earnings: every component of the month as computed (prorated by the month's payable days);
 *  - EPF (employee and employer shares, EPS, EDLI, admin) and ESI: the month's own contributions,
 *    with its wage ceiling and ESI coverage, as deduction and employer lines of the paying month;
 *  - one-time earnings and deductions entered on the excluded month: as they were entered;
 *  - professional tax, LWF and TDS are not computed for the excluded month: they fall on the paying
 *    month's gross and taxable salary, which include these earnings (state PT Acts tax salary paid in
 *    the month; Income-tax Act s.15(b): salary is taxed in the year it is received).
 * Recurring deductions of the structure and loan instalments are not taken for the excluded month.
 * Pure: no I/O, no clock; amounts in paise, each line a whole rupee like the month's own lines.
 */

/** One closed month the employee was excluded from, to be paid in `paidIn`. */
export interface ExcludedPayMonthInput {
  /** 'YYYY-MM' of the excluded month. */
  month: string;
  /** 'YYYY-MM' of the month that pays it (after `month`). */
  paidIn: string;
  /** The processing hold's reason, as the administrator typed it (null: none given). */
  reason: string | null;
  period: { start: IsoDate; end: IsoDate; days: number };
  /** From the month's attendance and leave as they stand (computePayableDays). */
  payableDays: number;
  lopDays: number;
  /** The structure at full-month amounts. */
  earnings: readonly MonthEarningInput[];
  /** One-time items entered for the employee on the excluded month. */
  adjustments: readonly MonthAdjustmentInput[];
  /** wageBase: the organisation's PF wage base (the month input's); default 'components'. */
  epf: { enabled: boolean; settings: EpfSettings; wageBase?: StatutoryWageBase };
  esi: { enabled: boolean; forceCalculate?: boolean; coveredAtPeriodStart?: boolean; wageBase?: StatutoryWageBase };
  ageYears: number | null;
  gender: StatutoryGender;
}

export interface ExcludedPayResult {
  /** Earnings, then deductions, then employer contributions, month by month. */
  lines: MonthArrearsLine[];
  /** Σ earning lines. */
  earningsPaise: number;
  /**
   * Each month's own PF, EPS, EDLI wages (0 where it charged no EPF) and ESI wages (0 where it was
   * not covered), as its EXC_ contribution lines were computed on them: reported in the paying
   * month's ECR and ESIC return (payslips.wages.corrections).
   */
  corrections: WageCorrection[];
}

/** Line code prefix of the lines paying an excluded month (never a structure, arrears or LOP code). */
export const EXCLUDED_PAY_CODE_PREFIX = 'EXC_';

/** "Pay for Oct 2026, excluded from processing (On unpaid sabbatical), paid in Nov 2026". */
export function excludedPayNote(m: Pick<ExcludedPayMonthInput, 'month' | 'paidIn' | 'reason'>): string {
  const reason = m.reason?.trim() ? ` (${m.reason.trim()})` : '';
  return `Pay for ${arrearsMonthLabel(m.month)}, excluded from processing${reason}, paid in ${arrearsMonthLabel(m.paidIn)}`;
}

export function computeExcludedPay(months: readonly ExcludedPayMonthInput[]): ExcludedPayResult {
  const rank = { earning: 0, deduction: 1, employer: 2 } as const;
  const lines: MonthArrearsLine[] = [];
  const corrections: WageCorrection[] = [];
  for (const m of months) {
    if (m.paidIn <= m.month) throw new RangeError(`${m.month}: excluded pay is paid in a later month, not ${m.paidIn}`);
    const result = computeEmployeeMonth({
      month: m.month,
      period: m.period,
      payableDays: m.payableDays,
      lopDays: m.lopDays,
      earnings: m.earnings,
      deductions: [],
      adjustments: m.adjustments,
      epf: m.epf,
      esi: m.esi,
      professionalTax: { enabled: false, stateCode: null },
      lwf: { enabled: false, stateCode: null },
      gender: m.gender,
      ageYears: m.ageYears,
      tds: { enabled: false, financialYear: '', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 },
    });
    const note = excludedPayNote(m);
    const label = arrearsMonthLabel(m.month);
    const taxableOf = (code: string, lineLabel: string): boolean =>
      m.earnings.find((e) => e.code === code)?.taxable ?? m.adjustments.find((a) => a.kind === 'earning' && a.label === lineLabel)?.taxable ?? true;
    const own = result.lines
      .filter((l) => l.amountPaise !== 0)
      .map((l) => ({
        section: l.section,
        code: `${EXCLUDED_PAY_CODE_PREFIX}${l.code}`,
        label: `${l.label} for ${label}`,
        amountPaise: l.amountPaise,
        taxable: l.section === 'earning' ? taxableOf(l.code, l.label) : false,
        explanation: [note, ...l.explanation],
      }))
      .sort((a, b) => rank[a.section] - rank[b.section]);
    lines.push(...own);
    const w = result.wages;
    const correction: WageCorrection = { month: m.month, kind: 'excluded', pfWagePaise: w.pfWagePaise, epsWagePaise: w.epsWagePaise, edliWagePaise: w.edliWagePaise, esiWagePaise: w.esiWagePaise };
    if (hasCorrectionWages(correction)) corrections.push(correction);
  }
  lines.sort((a, b) => rank[a.section] - rank[b.section]);
  return { lines, earningsPaise: lines.filter((l) => l.section === 'earning').reduce((s, l) => s + l.amountPaise, 0), corrections };
}
