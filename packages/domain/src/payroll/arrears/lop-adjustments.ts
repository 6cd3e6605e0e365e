import { formatDisplayDate, type IsoDate } from '../../dates/calendar';
import { mulDivPaise } from '../../money/arith';
import { rupeeText } from '../../money/inr';
import type { EpfSettings } from '../../statutory/epf';
import type { StatutoryWageBase } from '../../statutory/code-wages';
import type { StatutoryGender } from '../../statutory/states';
import { computeEmployeeMonth } from '../month/compute-month';
import type { EmployeeMonthResult, MonthAdjustmentInput, MonthArrearsLine, MonthEarningInput } from '../month/types';
import { arrearsMonthLabel } from './arrears';
import { hasCorrectionWages, type WageCorrection } from './wage-corrections';

/**
 * Loss of pay that changed after its month was finalized (payroll-rules §1a; DESIGN §10, "a month's
 * life"): a day turned LOP late (leave approved, an absence recorded) was paid but not worked and is
 * recovered; a LOP day taken back (leave cancelled, a regularization approved) was deducted but is
 * owed, and is reversed. Both are paid in the open month as lines of their own, never by editing the
 * finalized month, and the same way as salary revision arrears (computeArrears): the earlier month
 * is computed again through the one calculation path (computeEmployeeMonth) with the same structure
 * and the corrected days, and the difference per component becomes the line. EPF and ESI on the
 * difference are that month's contributions recomputed (its ceiling and coverage kept), given as
 * deduction and employer lines; professional tax and TDS follow the paying month's gross and
 * taxable salary, as for arrears (s.15(b)).
 *
 * Recovery first, then reversal: a month with dates both added and taken back gives two lines, each
 * the difference between two computations (paid days → paid − added → paid − added + removed), so
 * each line is exact to the rupee and the two add up to the month's whole correction.
 * Pure: no I/O, no clock; amounts in paise.
 */

/** One finalized month of the employee: the loss of pay it was paid with and the loss of pay now. */
export interface LopMonthInput {
  /** 'YYYY-MM'. */
  month: string;
  period: { start: IsoDate; end: IsoDate; days: number };
  /** As the month was paid (its payslip). */
  payableDays: number;
  lopDays: number;
  /** LOP per date as the month was paid (its payslip, or the later month that settled it last). */
  paidLop: Readonly<Record<IsoDate, number>>;
  /** LOP per date from today's attendance and leave (lopDaysByDate). */
  nowLop: Readonly<Record<IsoDate, number>>;
  /** The month's structure at full-month amounts (as paid). */
  earnings: readonly MonthEarningInput[];
  /** The month's one-time earnings as paid (ESI wages, so the ESI difference is exact). */
  adjustments: readonly MonthAdjustmentInput[];
  /** wageBase: the organisation's PF wage base (the month input's); default 'components'. */
  epf: { enabled: boolean; settings: EpfSettings; wageBase?: StatutoryWageBase };
  esi: { covered: boolean; wageBase?: StatutoryWageBase };
  ageYears: number | null;
  gender: StatutoryGender;
}

export interface LopAdjustmentResult {
  /** Earnings, then deductions, then employer contributions. */
  lines: MonthArrearsLine[];
  /** The months corrected with their LOP per date as now paid (the paying payslip keeps it). */
  settled: Record<string, Record<IsoDate, number>>;
  /** Σ earning lines (negative: a recovery). */
  earningsPaise: number;
  /**
   * The corrected months' PF, EPS, EDLI and ESI wages now less as paid (each month's ceiling and
   * coverage kept; 0 where the month charged no EPF or ESI). Reported in the paying month's ECR and
   * ESIC return with the LOP_ contribution lines (docs/decisions/0160-lop-corrections-in-the-returns.md).
   */
  wages: LopCorrectionWages;
  /** The same, month by month (a month whose wages did not change is left out): payslips.wages.corrections. */
  corrections: WageCorrection[];
}

/** Wage bases of a LOP correction, in paise (negative: a recovery). */
export interface LopCorrectionWages {
  pfWagePaise: number;
  epsWagePaise: number;
  edliWagePaise: number;
  esiWagePaise: number;
}

export const NO_LOP_CORRECTION_WAGES: LopCorrectionWages = Object.freeze({ pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: 0 });

/** Line code prefix of the LOP adjustment lines (never a structure code, never an arrears code). */
export const LOP_ADJUSTMENT_CODE_PREFIX = 'LOP_';
export const LOP_RECOVERY_CODE = 'LOP_RECOVERY';
export const LOP_REVERSAL_CODE = 'LOP_REVERSAL';

/**
 * The name of a LOP correction as a component across payslips (the journal's and the register's
 * column): each payslip's line names its own dates, so a total over employees takes this one.
 */
export const LOP_COMPONENT_LABELS: Readonly<Record<string, string>> = {
  [LOP_RECOVERY_CODE]: 'Loss of Pay recovered (earlier months)',
  [LOP_REVERSAL_CODE]: 'Loss of Pay reversed (earlier months)',
};

/** A line's name as a component summed over payslips: the fixed name of a LOP correction, else its label. */
export function componentLabelOf(line: { code: string; label: string }): string {
  return LOP_COMPONENT_LABELS[line.code] ?? line.label;
}

const STATUTORY_CODES: Readonly<Record<string, 'deduction' | 'employer'>> = {
  EPF_EE: 'deduction',
  ESI_EE: 'deduction',
  EPF_ER: 'employer',
  EPS_ER: 'employer',
  EDLI: 'employer',
  EPF_ADMIN: 'employer',
  ESI_ER: 'employer',
};

function signed(amountPaise: number): string {
  return amountPaise < 0 ? `−${rupeeText(-amountPaise)}` : rupeeText(amountPaise);
}

function daysText(days: number): string {
  return `${String(days)} ${days === 1 || days === 0.5 ? 'day' : 'days'}`;
}

function isHalfDays(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 2);
}

function check(m: LopMonthInput): void {
  for (const [what, map] of [
    ['paidLop', m.paidLop],
    ['nowLop', m.nowLop],
  ] as const) {
    for (const [date, days] of Object.entries(map)) {
      if (date < m.period.start || date > m.period.end) throw new RangeError(`${m.month} ${what}: ${date} is outside the period`);
      if (!isHalfDays(days) || days <= 0 || days > 1) throw new RangeError(`${m.month} ${what}: ${date} must be 0.5 or 1 day`);
    }
  }
}

interface DateChange {
  date: IsoDate;
  days: number;
}

function computeWith(m: LopMonthInput, payableDays: number, lopDays: number): EmployeeMonthResult {
  return computeEmployeeMonth({
    month: m.month,
    period: m.period,
    payableDays,
    lopDays,
    earnings: m.earnings,
    deductions: [],
    adjustments: m.adjustments.filter((a) => a.kind === 'earning'),
    epf: m.epf,
    esi: { enabled: m.esi.covered, coveredAtPeriodStart: true, ...(m.esi.wageBase ? { wageBase: m.esi.wageBase } : {}) },
    professionalTax: { enabled: false, stateCode: null },
    lwf: { enabled: false, stateCode: null },
    gender: m.gender,
    ageYears: m.ageYears,
    tds: { enabled: false, financialYear: '', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 },
  });
}

function amountOf(r: EmployeeMonthResult, section: string, code: string): number {
  return r.lines.filter((l) => l.section === section && l.code === code).reduce((s, l) => s + l.amountPaise, 0);
}

/** "26 Nov 2026" or "12 Nov 2026, 14 Nov 2026 (half day)". */
function datesText(changes: readonly DateChange[]): string {
  return changes.map((c) => `${formatDisplayDate(c.date)}${c.days === 0.5 ? ' (half day)' : ''}`).join(', ');
}

/** The earning line of one step (recovery or reversal): Σ of the structure's differences, explained per component. */
function earningLine(m: LopMonthInput, kind: 'recovered' | 'reversed', changes: readonly DateChange[], before: EmployeeMonthResult, after: EmployeeMonthResult, beforeDays: number, afterDays: number): MonthArrearsLine | null {
  const days = changes.reduce((s, c) => s + c.days, 0);
  const why: string[] = [];
  let amountPaise = 0;
  let taxable = false;
  for (const e of m.earnings) {
    const was = amountOf(before, 'earning', e.code);
    const now = amountOf(after, 'earning', e.code);
    if (now === was) continue;
    amountPaise += now - was;
    if (e.taxable) taxable = true;
    why.push(`${e.name}: ${rupeeText(e.monthlyPaise)} × ${String(afterDays)} of ${String(m.period.days)} payable days = ${rupeeText(now)}, paid for ${String(beforeDays)} days ${rupeeText(was)}: ${signed(now - was)}`);
  }
  if (amountPaise === 0) return null;
  const proRataPaise = m.earnings.filter((e) => e.proRata).reduce((s, e) => s + e.monthlyPaise, 0);
  const perDayPaise = mulDivPaise(proRataPaise, 1, m.period.days, 'halfUp');
  const reason =
    kind === 'recovered'
      ? `${datesText(changes)}: loss of pay after ${arrearsMonthLabel(m.month)} was finalized (paid, not worked)`
      : `${datesText(changes)}: no longer loss of pay (deducted in ${arrearsMonthLabel(m.month)}, now owed)`;
  return {
    section: 'earning',
    code: kind === 'recovered' ? LOP_RECOVERY_CODE : LOP_REVERSAL_CODE,
    label: `Loss of Pay ${datesText(changes)}, ${daysText(days)}, ${kind}`,
    amountPaise,
    taxable,
    explanation: [
      reason,
      `Per-day rate: ${rupeeText(proRataPaise)} a month ÷ ${String(m.period.days)} days = ${rupeeText(perDayPaise)} a day; ${daysText(days)} ${kind === 'recovered' ? 'recovered' : 'repaid'}`,
      ...why,
      `${kind === 'recovered' ? 'Recovered' : 'Reversed'}: ${signed(amountPaise)}`,
    ],
  };
}

/**
 * The LOP adjustments of the finalized months given (oldest first): only months whose loss of pay
 * changed give lines. Each month's `settled` entry is its LOP per date now paid for.
 */
export function computeLopAdjustments(months: readonly LopMonthInput[]): LopAdjustmentResult {
  const earnings: MonthArrearsLine[] = [];
  const statutory = new Map<string, MonthArrearsLine>();
  const settled: Record<string, Record<IsoDate, number>> = {};
  const wages = { ...NO_LOP_CORRECTION_WAGES };
  const corrections: WageCorrection[] = [];
  for (const m of months) {
    check(m);
    const dates = [...new Set([...Object.keys(m.paidLop), ...Object.keys(m.nowLop)])].sort();
    const added: DateChange[] = [];
    const removed: DateChange[] = [];
    for (const date of dates) {
      const delta = (m.nowLop[date] ?? 0) - (m.paidLop[date] ?? 0);
      if (delta > 0) added.push({ date, days: delta });
      if (delta < 0) removed.push({ date, days: -delta });
    }
    if (added.length === 0 && removed.length === 0) continue;
    const addedDays = added.reduce((s, c) => s + c.days, 0);
    const removedDays = removed.reduce((s, c) => s + c.days, 0);
    const payableAfterRecovery = m.payableDays - addedDays;
    if (payableAfterRecovery < 0) throw new RangeError(`${m.month}: ${String(addedDays)} more LOP days than the ${String(m.payableDays)} days paid`);
    const payableAfterReversal = payableAfterRecovery + removedDays;
    if (payableAfterReversal + m.lopDays + addedDays - removedDays > m.period.days || m.lopDays + addedDays - removedDays < 0) {
      throw new RangeError(`${m.month}: the LOP days taken back (${String(removedDays)}) are more than the month was paid with (${String(m.lopDays)})`);
    }
    const paid = computeWith(m, m.payableDays, m.lopDays);
    const recovered = added.length > 0 ? computeWith(m, payableAfterRecovery, m.lopDays + addedDays) : paid;
    const reversed = removed.length > 0 ? computeWith(m, payableAfterReversal, m.lopDays + addedDays - removedDays) : recovered;
    const r1 = added.length > 0 ? earningLine(m, 'recovered', added, paid, recovered, m.payableDays, payableAfterRecovery) : null;
    const r2 = removed.length > 0 ? earningLine(m, 'reversed', removed, recovered, reversed, payableAfterRecovery, payableAfterReversal) : null;
    if (r1) earnings.push(r1);
    if (r2) earnings.push(r2);
    // EPF and ESI of the month on the corrected days, less what the month paid.
    for (const [code, section] of Object.entries(STATUTORY_CODES)) {
      const was = amountOf(paid, section, code);
      const now = amountOf(reversed, section, code);
      if (now === was) continue;
      const label = reversed.lines.find((l) => l.code === code)?.label ?? paid.lines.find((l) => l.code === code)?.label ?? code;
      const key = `${section}|${code}`;
      const why = `${arrearsMonthLabel(m.month)}: ${label} on the corrected days ${rupeeText(now)} − paid ${rupeeText(was)} = ${signed(now - was)}`;
      const seen = statutory.get(key);
      if (seen) {
        seen.amountPaise += now - was;
        seen.explanation.push(why);
      } else {
        statutory.set(key, { section, code: `${LOP_ADJUSTMENT_CODE_PREFIX}${code}`, label: `${label} on Loss of Pay adjustment`, amountPaise: now - was, taxable: false, explanation: [why] });
      }
    }
    const month: WageCorrection = { month: m.month, kind: 'lop', ...NO_LOP_CORRECTION_WAGES };
    if (m.epf.enabled) {
      month.pfWagePaise = reversed.wages.pfWagePaise - paid.wages.pfWagePaise;
      month.epsWagePaise = reversed.wages.epsWagePaise - paid.wages.epsWagePaise;
      month.edliWagePaise = reversed.wages.edliWagePaise - paid.wages.edliWagePaise;
    }
    if (m.esi.covered) month.esiWagePaise = reversed.wages.esiWagePaise - paid.wages.esiWagePaise;
    if (hasCorrectionWages(month)) corrections.push(month);
    wages.pfWagePaise += month.pfWagePaise;
    wages.epsWagePaise += month.epsWagePaise;
    wages.edliWagePaise += month.edliWagePaise;
    wages.esiWagePaise += month.esiWagePaise;
    settled[m.month] = { ...m.nowLop };
  }
  const rank = { earning: 0, deduction: 1, employer: 2 } as const;
  const lines = [...earnings, ...[...statutory.values()].filter((l) => l.amountPaise !== 0)].sort((a, b) => rank[a.section] - rank[b.section]);
  return { lines, settled, earningsPaise: earnings.reduce((s, l) => s + l.amountPaise, 0), wages, corrections };
}
