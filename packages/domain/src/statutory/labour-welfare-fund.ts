import type { IsoDate } from '../dates/calendar';
import { financialYearMonths, firstDayOfMonth, requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';
import { INDIAN_STATE_NAMES, type DeductionCycle, type IndianStateCode } from './states';

/**
 * Labour Welfare Fund by state: india-tax-rules §13. Amounts are per deduction (per half year for
 * half-yearly states, per year for annual ones). A slab applies when the month's gross is at least
 * `minPaise`; the last matching slab wins.
 */
export interface LwfSlab {
  minPaise: number;
  employeePaise: number;
  employerPaise: number;
}

export interface LwfTableRow extends EffectiveDatedRow {
  cycle: DeductionCycle;
  /** Months ('01'–'12') whose salary carries the deduction. */
  deductionMonths: readonly string[];
  /** When the employer must remit it, for display. */
  dueNote: string;
  slabs: readonly LwfSlab[];
  confirmed: boolean;
  source: string;
}

const JUNE_DECEMBER = ['06', '12'] as const;
const DECEMBER = ['12'] as const;
const FLAT = (employeePaise: number, employerPaise: number): readonly LwfSlab[] => [{ minPaise: 0, employeePaise, employerPaise }];

/** Undated rows in the reference are treated as in force from 1 Jan 2020, the earliest year we compute. */
export const LABOUR_WELFARE_FUND_TABLES: Readonly<Partial<Record<IndianStateCode, readonly LwfTableRow[]>>> = {
  KA: [
    {
      effectiveFrom: '2020-01-01',
      effectiveTo: '2023-12-31',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'on the 31 December roll, due 15 January',
      slabs: FLAT(2_000, 4_000),
      confirmed: true,
      source: 'india-tax-rules §13 ("was 20/40")',
    },
    {
      // The year the 2024 amendment first applies is not in the reference: assumed calendar 2024
      // (the December 2024 roll, remitted by 15 Jan 2025).
      effectiveFrom: '2024-01-01',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'on the 31 December roll, due 15 January',
      slabs: FLAT(5_000, 10_000),
      confirmed: true,
      source: 'KLWF (Amendment) Act 2024, lexplosion.in/?p=142223; india-tax-rules §13',
    },
  ],
  MH: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries',
      // 6/18 if wages ≤ 3,000; 12/36 above: "above" starts one paisa over 3,000.
      slabs: [
        { minPaise: 0, employeePaise: 600, employerPaise: 1_800 },
        { minPaise: 300_001, employeePaise: 1_200, employerPaise: 3_600 },
      ],
      confirmed: true,
      source: 'greytHR LWF table (india-tax-rules §13); later revisions unconfirmed',
    },
  ],
  TN: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'December salary, due 31 January',
      slabs: FLAT(1_000, 2_000),
      confirmed: false,
      source: 'greytHR table 10/20 (india-tax-rules §13: another page says half-yearly; current figures not confirmed)',
    },
  ],
  AP: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'December salary',
      slabs: FLAT(3_000, 7_000),
      confirmed: true,
      source: 'hrdconsultinggroup.com/labour-welfare-fund-state-wise (india-tax-rules §13)',
    },
  ],
  DL: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries',
      slabs: FLAT(75, 225),
      confirmed: true,
      source: 'greytHR table 0.75/2.25 (india-tax-rules §13)',
    },
  ],
  CT: [
    {
      // The reference gives the cycle but not the months: June and December chosen, like the
      // other half-yearly states (half years ending 30 June and 31 December).
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries (months chosen; not in the reference)',
      slabs: FLAT(1_500, 4_500),
      confirmed: true,
      source: 'sequenthr / hrdconsultinggroup 15/45 (india-tax-rules §13)',
    },
  ],
  GJ: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries',
      slabs: FLAT(600, 1_200),
      confirmed: true,
      source: 'sudhahrsolution.com/labour-welfare-fund (india-tax-rules §13)',
    },
  ],
};

export const LWF_STATES: readonly { code: IndianStateCode; name: string }[] = (
  Object.keys(LABOUR_WELFARE_FUND_TABLES) as IndianStateCode[]
).map((code) => ({ code, name: INDIAN_STATE_NAMES[code] }));

export function labourWelfareFundTableFor(stateCode: string, asOf: IsoDate): LwfTableRow | undefined {
  const rows = (LABOUR_WELFARE_FUND_TABLES as Record<string, readonly LwfTableRow[] | undefined>)[stateCode];
  if (rows === undefined) return undefined;
  return requireStatutoryRow(rows, asOf, `labour-welfare-fund table for ${stateCode}`);
}

export interface LabourWelfareFundInput {
  stateCode: string | null;
  month: string;
  monthlyGrossPaise: number;
  asOf: IsoDate;
}

export interface LabourWelfareFundResult {
  employeePaise: number;
  employerPaise: number;
  cycle: DeductionCycle;
  dueThisMonth: boolean;
  applicable: boolean;
}

export function labourWelfareFundFor(input: LabourWelfareFundInput): LabourWelfareFundResult {
  firstDayOfMonth(input.month);
  const table = input.stateCode === null ? undefined : labourWelfareFundTableFor(input.stateCode, input.asOf);
  if (table === undefined) return { employeePaise: 0, employerPaise: 0, cycle: 'Monthly', dueThisMonth: false, applicable: false };
  const dueThisMonth = table.deductionMonths.includes(input.month.slice(5, 7));
  if (!dueThisMonth) return { employeePaise: 0, employerPaise: 0, cycle: table.cycle, dueThisMonth, applicable: true };
  let slab: LwfSlab | undefined;
  for (const s of table.slabs) if (input.monthlyGrossPaise >= s.minPaise) slab = s;
  return {
    employeePaise: slab?.employeePaise ?? 0,
    employerPaise: slab?.employerPaise ?? 0,
    cycle: table.cycle,
    dueThisMonth,
    applicable: true,
  };
}

export interface AnnualLabourWelfareFund {
  employeeAnnualPaise: number;
  employerAnnualPaise: number;
  /** Per deduction (the first due month of the year). */
  employeePerDeductionPaise: number;
  employerPerDeductionPaise: number;
  cycle: DeductionCycle;
  applicable: boolean;
}

/** LWF over the financial year containing `asOf` on a steady monthly salary. */
export function annualLabourWelfareFund(input: { stateCode: string | null; monthlyGrossPaise: number; asOf: IsoDate }): AnnualLabourWelfareFund {
  const months = financialYearMonths(input.asOf).map((month) =>
    labourWelfareFundFor({ stateCode: input.stateCode, month, monthlyGrossPaise: input.monthlyGrossPaise, asOf: firstDayOfMonth(month) }),
  );
  const first = months.find((m) => m.dueThisMonth);
  const current = input.stateCode === null ? undefined : labourWelfareFundTableFor(input.stateCode, input.asOf);
  return {
    employeeAnnualPaise: months.reduce((s, m) => s + m.employeePaise, 0),
    employerAnnualPaise: months.reduce((s, m) => s + m.employerPaise, 0),
    employeePerDeductionPaise: first?.employeePaise ?? 0,
    employerPerDeductionPaise: first?.employerPaise ?? 0,
    cycle: current?.cycle ?? 'Monthly',
    applicable: current !== undefined,
  };
}
