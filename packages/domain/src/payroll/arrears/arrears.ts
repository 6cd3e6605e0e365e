import { daysBetweenInclusive } from '../../attendance/month';
import type { IsoDate } from '../../dates/calendar';
import { mulDivPaise } from '../../money/arith';
import { rupeeText } from '../../money/inr';
import type { EpfSettings } from '../../statutory/epf';
import type { StatutoryWageBase } from '../../statutory/code-wages';
import type { StatutoryGender } from '../../statutory/states';
import { computeEmployeeMonth } from '../month/compute-month';
import type { MonthAdjustmentInput, MonthArrearsLine, MonthEarningInput, MonthLine } from '../month/types';

/**
 * Salary revisions with arrears (payroll-rules §1: "Finalized means immutable.
 * Corrections go into a later month as arrears … effective date → per-component difference → tax and
 * statutory on the difference").
 *
 * For each finalized month since a revision's effective date, what the month should have paid is
 * recomputed through the one calculation path (computeEmployeeMonth) with the structure in force on
 * each day of that month and the SAME payable and LOP days as the month's stored payslip; what was
 * paid is the stored payslip's lines. The difference, per component, is paid in the open month as
 * separate arrears lines:
 *  - earnings: the difference of each earning line (a mid-month effective date: the month's
 *    structure is each component's amount weighted by the calendar days it was in force);
 *  - EPF/EPS/EDLI/admin: the difference of that month's contributions, so each month's wage ceiling
 *    holds (EPF Scheme para 26; a raise above ₹15,000 adds contributions only up to the ceiling);
 *  - ESI: the difference of that month's contributions when the employee was covered that month
 *    (the month keeps its coverage: recomputed as covered whatever the new wage; not covered → none);
 *  - professional tax, LWF and TDS are not differenced: PT is due on the month the arrears are paid,
 *    on that month's gross including them (state Acts tax the salary "paid" in the month), and arrears
 *    are salary of the year they are received in (Income-tax Act s.15(b)), so they enter this month's
 *    taxable salary once and are not projected into later months. Relief under s.89 (spreading
 *    arrears over the years they relate to) is the employee's claim in the return (Form 10E): out of
 *    scope here.
 * Pure: no I/O, no clock. Amounts in paise; every difference is a whole rupee because both sides are.
 */

/** A revision of the salary structure: the full-month earnings before and after, from `effectiveFrom`. */
export interface ArrearsRevision {
  effectiveFrom: IsoDate;
  before: readonly MonthEarningInput[];
  after: readonly MonthEarningInput[];
}

/** A stored payslip line of a finalized month. */
export interface ArrearsPaidLine {
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
}

/** One finalized month of the employee, as its payslip stored it. */
export interface ArrearsMonthInput {
  /** 'YYYY-MM'. */
  month: string;
  period: { start: IsoDate; end: IsoDate; days: number };
  payableDays: number;
  lopDays: number;
  /** The stored payslip lines (earnings, deductions, employer contributions). */
  paid: readonly ArrearsPaidLine[];
  /** The month's one-time earnings as paid (they are ESI wages; the recomputation needs them so the ESI difference is exact). */
  adjustments: readonly MonthAdjustmentInput[];
  /** enabled: the employee contributed to EPF that month (an EPF line on the payslip). */
  /** wageBase: the organisation's PF wage base (the month input's); default 'components'. */
  epf: { enabled: boolean; settings: EpfSettings; wageBase?: StatutoryWageBase };
  /** covered: ESI was deducted that month. */
  esi: { covered: boolean; wageBase?: StatutoryWageBase };
  ageYears: number | null;
  gender: StatutoryGender;
}

export interface ArrearsInput {
  /** The revisions whose arrears are not yet paid, oldest effective date first. */
  revisions: readonly ArrearsRevision[];
  /** The finalized months on or after the first revision's effective date, oldest first. */
  months: readonly ArrearsMonthInput[];
}

export interface ArrearsDifference {
  section: ArrearsPaidLine['section'];
  code: string;
  label: string;
  duePaise: number;
  paidPaise: number;
  differencePaise: number;
}

export interface ArrearsMonthResult {
  month: string;
  differences: ArrearsDifference[];
}

export interface ArrearsResult {
  /** The arrears lines for the paying month: earnings, then deductions, then employer contributions. */
  lines: MonthArrearsLine[];
  months: ArrearsMonthResult[];
  /** Σ earning arrears (what the employee's gross gains). */
  earningsPaise: number;
}

/** Line code prefix of every arrears line: the stored month's own lines never carry it. */
export const ARREARS_CODE_PREFIX = 'ARR_';

/** Statutory contributions recomputed per month (the differences paid as arrears). */
const STATUTORY_CODES: Readonly<Record<string, 'deduction' | 'employer'>> = {
  EPF_EE: 'deduction',
  ESI_EE: 'deduction',
  EPF_ER: 'employer',
  EPS_ER: 'employer',
  EDLI: 'employer',
  EPF_ADMIN: 'employer',
  ESI_ER: 'employer',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Apr 2026'. */
export function arrearsMonthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

function dayBefore(date: IsoDate): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function displayDay(date: IsoDate): string {
  return `${String(Number(date.slice(8, 10)))} ${arrearsMonthLabel(date.slice(0, 7)).slice(0, 3)}`;
}

/** A part of a period with one structure in force. */
interface Segment {
  from: IsoDate;
  to: IsoDate;
  days: number;
  earnings: readonly MonthEarningInput[];
}

function segmentsOf(revisions: readonly ArrearsRevision[], period: { start: IsoDate; end: IsoDate }): Segment[] {
  const first = revisions[0];
  if (!first) return [];
  // The structure on a day: the latest revision effective by then; before the first, what it replaced.
  const inForce = (day: IsoDate): readonly MonthEarningInput[] => {
    let earnings = first.before;
    for (const r of revisions) if (r.effectiveFrom <= day) earnings = r.after;
    return earnings;
  };
  const cuts = revisions.map((r) => r.effectiveFrom).filter((d) => d > period.start && d <= period.end);
  const starts = [period.start, ...[...new Set(cuts)].sort()];
  return starts.map((from, i) => {
    const next = starts[i + 1];
    const to = next ? dayBefore(next) : period.end;
    return { from, to, days: daysBetweenInclusive(from, to), earnings: inForce(from) };
  });
}

/**
 * The full-month earnings in force over a period: with one structure the whole period, that
 * structure; across an effective date, each component's amount weighted by the calendar days of the
 * period it was in force (amount × days ÷ period days, to the paisa, half up), with a note.
 */
export function earningsInForce(revisions: readonly ArrearsRevision[], period: { start: IsoDate; end: IsoDate; days: number }): { earnings: MonthEarningInput[]; notes: Map<string, string> } {
  const segments = segmentsOf(revisions, period);
  const notes = new Map<string, string>();
  if (segments.length === 0) return { earnings: [], notes };
  if (segments.length === 1) return { earnings: [...(segments[0]?.earnings ?? [])], notes };
  const codes: string[] = [];
  const byCode = new Map<string, MonthEarningInput>();
  for (const s of segments) {
    for (const e of s.earnings) {
      if (!byCode.has(e.code)) codes.push(e.code);
      byCode.set(e.code, e); // the latest segment's flags and name
    }
  }
  const earnings = codes.map((code) => {
    const base = byCode.get(code) as MonthEarningInput;
    let weighted = 0;
    const parts: string[] = [];
    for (const s of segments) {
      const amount = s.earnings.find((e) => e.code === code)?.monthlyPaise ?? 0;
      weighted += amount * s.days;
      parts.push(`${rupeeText(amount)} a month ${displayDay(s.from)}–${displayDay(s.to)} (${String(s.days)} days)`);
    }
    const monthlyPaise = mulDivPaise(weighted, 1, period.days, 'halfUp');
    notes.set(code, `${base.name}: ${parts.join(', ')} of ${String(period.days)} = ${rupeeText(monthlyPaise)} for the month`);
    return { ...base, monthlyPaise };
  });
  return { earnings, notes };
}

function check(input: ArrearsInput): void {
  for (let i = 1; i < input.revisions.length; i += 1) {
    if ((input.revisions[i]?.effectiveFrom ?? '') < (input.revisions[i - 1]?.effectiveFrom ?? '')) throw new RangeError('revisions must be in order of effective date');
  }
}

/** The label of a code's arrears line: "Basic arrears Apr 2026 – Jun 2026". */
function rangeLabel(name: string, months: readonly string[]): string {
  const first = months[0] ?? '';
  const last = months[months.length - 1] ?? '';
  const range = first === last ? arrearsMonthLabel(first) : `${arrearsMonthLabel(first)} – ${arrearsMonthLabel(last)}`;
  return `${name} arrears ${range}`;
}

/**
 * The arrears of the revisions not yet paid, over the finalized months given. Months before the
 * first revision's effective date (or with no payslip) are the caller's to leave out; a month whose
 * structure did not change gives no difference.
 */
export function computeArrears(input: ArrearsInput): ArrearsResult {
  check(input);
  const first = input.revisions[0];
  const months: ArrearsMonthResult[] = [];
  // code → per-month rows, in first-seen order per section
  const order: string[] = [];
  const rows = new Map<string, { section: ArrearsPaidLine['section']; name: string; taxable: boolean; perMonth: { month: string; difference: ArrearsDifference; why: string[] }[] }>();
  if (!first) return { lines: [], months, earningsPaise: 0 };
  const structureCodes = new Set(input.revisions.flatMap((r) => [...r.before, ...r.after].map((e) => e.code)).filter((c) => !c.startsWith(ARREARS_CODE_PREFIX)));

  for (const m of input.months) {
    if (m.period.end < first.effectiveFrom) continue;
    const { earnings, notes } = earningsInForce(input.revisions, m.period);
    const due = computeEmployeeMonth({
      month: m.month,
      period: m.period,
      payableDays: m.payableDays,
      lopDays: m.lopDays,
      earnings,
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
    // Only the structure's components and the statutory contributions are differenced: one-time
    // items, earlier arrears and any other line of the stored month stay as they were paid.
    const counted = (l: { section: string; code: string }): boolean => (l.section === 'earning' ? structureCodes.has(l.code) : STATUTORY_CODES[l.code] === l.section);
    const keyOf = (l: { section: string; code: string }) => `${l.section}|${l.code}`;
    const dueBy = new Map<string, MonthLine>(due.lines.filter(counted).map((l) => [keyOf(l), l]));
    const paidBy = new Map<string, ArrearsPaidLine>();
    for (const l of m.paid.filter(counted)) {
      const k = keyOf(l);
      const seen = paidBy.get(k);
      paidBy.set(k, seen ? { ...seen, amountPaise: seen.amountPaise + l.amountPaise } : l);
    }
    const keys = [...dueBy.keys(), ...[...paidBy.keys()].filter((k) => !dueBy.has(k))];
    const differences: ArrearsDifference[] = [];
    for (const k of keys) {
      const d = dueBy.get(k);
      const p = paidBy.get(k);
      const duePaise = d?.amountPaise ?? 0;
      const paidPaise = p?.amountPaise ?? 0;
      const differencePaise = duePaise - paidPaise;
      if (differencePaise === 0) continue;
      const section = (d?.section ?? p?.section) as ArrearsPaidLine['section'];
      const code = (d?.code ?? p?.code) as string;
      const label = d?.label ?? p?.label ?? code;
      const difference: ArrearsDifference = { section, code, label, duePaise, paidPaise, differencePaise };
      differences.push(difference);
      const why = [
        `${arrearsMonthLabel(m.month)}: due ${rupeeText(duePaise)} − paid ${rupeeText(paidPaise)} = ${rupeeText(differencePaise)}`,
        ...(section === 'earning' && notes.has(code) ? [`  ${notes.get(code) ?? ''}`] : []),
        ...(d ? d.explanation.map((e) => `  ${e}`) : [`  ${label} is no longer part of the structure`]),
      ];
      let row = rows.get(k);
      if (!row) {
        const taxable = section === 'earning' ? (earnings.find((e) => e.code === code)?.taxable ?? true) : false;
        row = { section, name: label, taxable, perMonth: [] };
        rows.set(k, row);
        order.push(k);
      }
      row.perMonth.push({ month: m.month, difference, why });
    }
    months.push({ month: m.month, differences });
  }

  const sectionRank = { earning: 0, deduction: 1, employer: 2 } as const;
  const lines: MonthArrearsLine[] = order
    .map((k) => rows.get(k))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .map((r) => {
      const amountPaise = r.perMonth.reduce((s, x) => s + x.difference.differencePaise, 0);
      const code = `${ARREARS_CODE_PREFIX}${r.perMonth[0]?.difference.code ?? ''}`;
      const monthsOf = r.perMonth.map((x) => x.month);
      return {
        section: r.section,
        code,
        label: rangeLabel(r.name, monthsOf),
        amountPaise,
        taxable: r.taxable,
        explanation: [
          ...r.perMonth.flatMap((x) => x.why),
          r.perMonth.length > 1 ? `Arrears ${r.perMonth.map((x) => rupeeText(x.difference.differencePaise)).join(' + ')} = ${rupeeText(amountPaise)}` : `Arrears ${rupeeText(amountPaise)}`,
        ],
      };
    })
    .filter((l) => l.amountPaise !== 0)
    .sort((a, b) => sectionRank[a.section] - sectionRank[b.section]);
  return { lines, months, earningsPaise: lines.filter((l) => l.section === 'earning').reduce((s, l) => s + l.amountPaise, 0) };
}
