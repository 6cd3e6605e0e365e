import { rupeeText } from '../../money/inr';
import { firstDayOfMonth } from '../../statutory/effective-dated';
import { labourWelfareFundTableFor, type LwfSlab } from '../../statutory/labour-welfare-fund';
import { professionalTaxTableFor, ptIncomeBasisOf, type PtSlab } from '../../statutory/professional-tax';
import { INDIAN_STATE_NAMES, isIndianStateCode, type DeductionCycle, type StatutoryGender } from '../../statutory/states';
import type { FilingPerson } from './common';

/**
 * The Professional Tax statement per state and the Labour Welfare Fund statement,
 * from a finalized month's payslips. The slab shown for each employee comes from the state's table
 * in the domain (india-tax-rules §12, §13) for the wage month; the amount is what the payslip
 * deducted, and a difference between the two is pointed out, never corrected.
 */

export function stateNameOf(code: string): string {
  return isIndianStateCode(code) ? INDIAN_STATE_NAMES[code] : code;
}

/**
 * The state a payslip's PT or LWF line was charged for: the month calculation writes it into the
 * line's first explanation ("Professional tax, Karnataka, on …", "Labour Welfare Fund, Karnataka
 * (…)"). Null when the line names none of the states with tables.
 */
export function stateOfLevyLine(explanation: readonly string[], levy: 'pt' | 'lwf'): string | null {
  const prefix = levy === 'pt' ? 'Professional tax, ' : 'Labour Welfare Fund, ';
  const first = explanation.find((e) => e.startsWith(prefix));
  if (!first) return null;
  const rest = first.slice(prefix.length);
  const found = (Object.entries(INDIAN_STATE_NAMES) as [string, string][]).filter(([, name]) => rest.startsWith(name));
  // The longest name wins should one state's name start another's.
  found.sort((a, b) => b[1].length - a[1].length);
  return found[0]?.[0] ?? null;
}

/**
 * A slab's range in words, exact to the boundaries of the published tables: a `minPaise` one paisa
 * over whole rupees is "more than" those rupees (PT tables store "more than 7,500" as 7,500.01).
 */
export function slabRangeLabel(minPaise: number, nextMinPaise: number | null): string {
  const lower =
    minPaise === 0
      ? null
      : minPaise % 100 === 1
        ? { text: `more than ${rupeeText(minPaise - 1)}`, strict: true }
        : { text: `from ${rupeeText(minPaise)}`, strict: false };
  const upper = nextMinPaise === null ? null : nextMinPaise % 100 === 1 ? `up to ${rupeeText(nextMinPaise - 1)}` : `below ${rupeeText(nextMinPaise)}`;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  if (!lower && !upper) return 'Any salary';
  if (!lower) return cap(upper ?? '');
  if (!upper) return lower.strict ? cap(lower.text) : `${rupeeText(minPaise)} and above`;
  return `${cap(lower.text)} ${lower.strict ? '' : 'to '}${upper}`.replace('  ', ' ');
}

// ——— Professional tax ———

export interface PtStatementRowInput extends FilingPerson {
  gender: StatutoryGender;
  /** The state the payslip was charged for (its PT line), else the organisation's PT state. */
  stateCode: string;
  grossPaise: number;
  /** The payslip's PT line (0 when it has none). */
  ptPaise: number;
  /**
   * The PT registration (enrolment) certificate number the employee is filed under: their work
   * location's. Each registration files its own return, so one state can have several statements.
   */
  registrationNumber?: string | null;
}

/** Rows grouped by state and registration number, states by name, registrations in order (none first). */
function byRegistration<R extends { stateCode: string; registrationNumber?: string | null }>(input: readonly R[]): [string, string | null, R[]][] {
  const groups = new Map<string, [string, string | null, R[]]>();
  for (const r of input) {
    const reg = r.registrationNumber ?? null;
    const key = `${r.stateCode}|${reg ?? ''}`;
    const group = groups.get(key);
    if (group) group[2].push(r);
    else groups.set(key, [r.stateCode, reg, [r]]);
  }
  return [...groups.values()].sort((a, b) => stateNameOf(a[0]).localeCompare(stateNameOf(b[0])) || (a[1] ?? '').localeCompare(b[1] ?? ''));
}

export interface PtStatementRow extends FilingPerson {
  gender: StatutoryGender;
  grossPaise: number;
  /** The salary the slab is read on: the month's gross, the half year's or the year's (× 6 / × 12), as the state's table is stated. */
  basePaise: number;
  slabLabel: string;
  /** What the slab levies this month (0 outside the state's deduction months). */
  slabAmountPaise: number;
  ptPaise: number;
  /** Set when the payslip deducted something other than the slab's amount. */
  note: string | null;
}

export interface PtSlabSummary {
  /** 'Women' for Maharashtra's separate table; null otherwise. */
  table: string | null;
  label: string;
  /** The slab's amount this month. */
  amountPaise: number;
  employees: number;
  ptPaise: number;
}

export interface PtStateStatement {
  stateCode: string;
  stateName: string;
  /** The registration this statement is filed under (null: none recorded). */
  registrationNumber: string | null;
  cycle: DeductionCycle | null;
  dueThisMonth: boolean;
  /** 'Monthly' or the months the tax falls due in. */
  dueText: string;
  rows: PtStatementRow[];
  slabs: PtSlabSummary[];
  totals: { employees: number; grossPaise: number; ptPaise: number };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthsText = (mm: readonly string[]) => mm.map((m) => MONTH_NAMES[Number(m) - 1] ?? m).join(' and ');

function slabIndex<S extends { minPaise: number }>(slabs: readonly S[], basePaise: number): number {
  let index = -1;
  slabs.forEach((s, i) => {
    if (basePaise >= s.minPaise) index = i;
  });
  return index;
}

export function buildProfessionalTaxStatement(month: string, input: readonly PtStatementRowInput[]): PtStateStatement[] {
  const asOf = firstDayOfMonth(month);
  const mm = month.slice(5, 7);
  return byRegistration(input).map(([stateCode, registrationNumber, people]) => {
    const table = professionalTaxTableFor(stateCode, asOf);
    const dueThisMonth = table?.deductionMonths.includes(mm) ?? false;
    const amountOf = (slab: PtSlab | undefined) =>
      !slab || !dueThisMonth
        ? 0
        : mm === '02'
          ? (slab.februaryAmountPaise ?? slab.amountPaise)
          : mm === '03'
            ? (slab.marchAmountPaise ?? slab.amountPaise)
            : slab.amountPaise;
    const basis = table ? ptIncomeBasisOf(table) : 'Month';
    // Slabs stated on the year's income (Bihar, Madhya Pradesh, …) say so in their labels.
    const rangeLabel = (minPaise: number, nextMinPaise: number | null) => `${slabRangeLabel(minPaise, nextMinPaise)}${basis === 'Year' ? ' a year' : ''}`;
    const tables: { name: string | null; slabs: readonly PtSlab[] }[] = table
      ? [{ name: null, slabs: table.slabs }, ...(table.womenSlabs ? [{ name: 'Women', slabs: table.womenSlabs }] : [])]
      : [];
    const summaries = tables.flatMap((t) =>
      t.slabs.map((s, i): PtSlabSummary & { key: string } => ({
        key: `${t.name ?? ''}|${String(i)}`,
        table: t.name,
        label: rangeLabel(s.minPaise, t.slabs[i + 1]?.minPaise ?? null),
        amountPaise: amountOf(s),
        employees: 0,
        ptPaise: 0,
      })),
    );
    const rows = people.map((p): PtStatementRow => {
      const person: FilingPerson = { userId: p.userId, employeeNumber: p.employeeNumber, name: p.name };
      if (!table) {
        return {
          ...person,
          gender: p.gender,
          grossPaise: p.grossPaise,
          basePaise: p.grossPaise,
          slabLabel: `No professional-tax table for ${stateNameOf(stateCode)}`,
          slabAmountPaise: 0,
          ptPaise: p.ptPaise,
          note: null,
        };
      }
      const women = p.gender === 'Female' && table.womenSlabs !== undefined;
      const slabs = women ? (table.womenSlabs ?? table.slabs) : table.slabs;
      const basePaise = basis === 'HalfYear' ? p.grossPaise * 6 : basis === 'Year' ? p.grossPaise * 12 : p.grossPaise;
      const i = slabIndex(slabs, basePaise);
      const slab = slabs[i];
      const expected = amountOf(slab);
      const summary = summaries.find((s) => s.key === `${women ? 'Women' : ''}|${String(i)}`);
      if (summary) {
        summary.employees += 1;
        summary.ptPaise += p.ptPaise;
      }
      const label = `${women ? 'Women: ' : ''}${slab ? rangeLabel(slab.minPaise, slabs[i + 1]?.minPaise ?? null) : 'No slab'}`;
      return {
        ...person,
        gender: p.gender,
        grossPaise: p.grossPaise,
        basePaise,
        slabLabel: label,
        slabAmountPaise: expected,
        ptPaise: p.ptPaise,
        note: p.ptPaise === expected ? null : `Deducted ${rupeeText(p.ptPaise)}; the slab gives ${rupeeText(expected)}`,
      };
    });
    return {
      stateCode,
      stateName: stateNameOf(stateCode),
      registrationNumber,
      cycle: table?.cycle ?? null,
      dueThisMonth,
      dueText: !table ? 'No table' : table.cycle === 'Monthly' ? 'Monthly' : `${table.cycle}, in ${monthsText(table.deductionMonths)}`,
      rows,
      slabs: summaries.map(({ key: _key, ...s }) => s),
      totals: { employees: rows.length, grossPaise: rows.reduce((s, r) => s + r.grossPaise, 0), ptPaise: rows.reduce((s, r) => s + r.ptPaise, 0) },
    };
  });
}

// ——— Labour Welfare Fund ———

export interface LwfStatementRowInput extends FilingPerson {
  stateCode: string;
  grossPaise: number;
  employeePaise: number;
  employerPaise: number;
  /** The LWF registration the employee is filed under: their work location's. */
  registrationNumber?: string | null;
}

export interface LwfStatementRow extends FilingPerson {
  grossPaise: number;
  employeePaise: number;
  employerPaise: number;
  note: string | null;
}

export interface LwfStateStatement {
  stateCode: string;
  stateName: string;
  /** The registration this statement is filed under (null: none recorded). */
  registrationNumber: string | null;
  cycle: DeductionCycle;
  /** "on the 31 December roll, due 15 January". */
  dueNote: string;
  rows: LwfStatementRow[];
  totals: { employees: number; grossPaise: number; employeePaise: number; employerPaise: number };
}

/** The states whose LWF falls due in the month (the others are left out: nothing to remit). */
export function buildLwfStatement(month: string, input: readonly LwfStatementRowInput[]): LwfStateStatement[] {
  const asOf = firstDayOfMonth(month);
  const mm = month.slice(5, 7);
  return byRegistration(input).flatMap(([stateCode, registrationNumber, people]) => {
    const table = labourWelfareFundTableFor(stateCode, asOf);
    if (!table || !table.deductionMonths.includes(mm)) return [];
    const rows = people.map((p): LwfStatementRow => {
      let slab: LwfSlab | undefined;
      for (const s of table.slabs) if (p.grossPaise >= s.minPaise) slab = s;
      const differs = slab !== undefined && (slab.employeePaise !== p.employeePaise || slab.employerPaise !== p.employerPaise);
      return {
        userId: p.userId,
        employeeNumber: p.employeeNumber,
        name: p.name,
        grossPaise: p.grossPaise,
        employeePaise: p.employeePaise,
        employerPaise: p.employerPaise,
        note:
          differs && slab
            ? `Deducted ${rupeeText(p.employeePaise)} / ${rupeeText(p.employerPaise)}; the table gives ${rupeeText(slab.employeePaise)} / ${rupeeText(slab.employerPaise)}`
            : null,
      };
    });
    return [
      {
        stateCode,
        stateName: stateNameOf(stateCode),
        registrationNumber,
        cycle: table.cycle,
        dueNote: table.dueNote,
        rows,
        totals: {
          employees: rows.length,
          grossPaise: rows.reduce((s, r) => s + r.grossPaise, 0),
          employeePaise: rows.reduce((s, r) => s + r.employeePaise, 0),
          employerPaise: rows.reduce((s, r) => s + r.employerPaise, 0),
        },
      },
    ];
  });
}

/** The months LWF falls due in a state ('06', '12'), for messages. */
export function lwfDueText(stateCode: string, month: string): string | null {
  const table = labourWelfareFundTableFor(stateCode, firstDayOfMonth(month));
  return table ? `${table.cycle.toLowerCase()}, ${table.dueNote}` : null;
}
