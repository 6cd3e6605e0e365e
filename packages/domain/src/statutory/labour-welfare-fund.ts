import type { IsoDate } from '../dates/calendar';
import { financialYearMonths, firstDayOfMonth, requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';
import { INDIAN_STATE_NAMES, type DeductionCycle, type IndianStateCode } from './states';

/**
 * Labour Welfare Fund by state: india-tax-rules §13 and docs/decisions/incoming-h28-ptlwf.md. Amounts are per deduction (per half year for
 * half-yearly states, per year for annual ones). A slab applies when the month's gross is at least
 * `minPaise`; the last matching slab wins.
 */
export interface LwfSlab {
  minPaise: number;
  employeePaise: number;
  employerPaise: number;
  /**
   * Haryana: the employee pays a share of the month's wages (basis points, capped) and the employer a
   * multiple of it; `employeePaise`/`employerPaise` are then the capped amounts.
   */
  shareOfWages?: { employeeBasisPoints: number; employerMultiple: number };
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
const EVERY_MONTH = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
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
      effectiveTo: '2024-05-31',
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
    {
      // 25 from every employee on the register on 30 June and 31 December, whatever the wages; the
      // employer thrice that. The Board applies it from the June 2024 contribution.
      effectiveFrom: '2024-06-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries',
      slabs: FLAT(2_500, 7_500),
      confirmed: true,
      source: 'Maharashtra Labour Welfare Fund (Amendment) Act 2024 (Mah. Act 25, 18 Mar 2024), s.6BB: lexplosion.in; Board public notice, from June 2024 (dcpsol.com; blog.sgcservices.com)',
    },
  ],
  TN: [
    {
      effectiveFrom: '2020-01-01',
      effectiveTo: '2022-11-30',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'December salary, due 31 January',
      slabs: FLAT(1_000, 2_000),
      confirmed: true,
      source: 'The Hindu 2020-01-28 and 2020-12-21: 10 / 20 for 2019 and 2020, due 31 January',
    },
    {
      // The amended rules came into force on 2 Dec 2022 and the Board asked for 20 / 40 for the
      // year 2022: the December 2022 roll already carries it.
      effectiveFrom: '2022-12-01',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'December salary, due 31 January',
      slabs: FLAT(2_000, 4_000),
      confirmed: true,
      source: 'TN Labour Welfare Fund (Amendment) Rules, 2 Dec 2022 (legalitysimplified.com/?p=30711); The Hindu 2022-12-23 and 2024-01-20 (20 / 40, due 31 January)',
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
  CH: [
    {
      // Only employees drawing up to 15,000 a month contribute.
      effectiveFrom: '2020-01-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      dueNote: 'every month; returns by 15 October and 15 April',
      slabs: [
        { minPaise: 0, employeePaise: 500, employerPaise: 2_000 },
        { minPaise: 1_500_001, employeePaise: 0, employerPaise: 0 },
      ],
      confirmed: true,
      source: 'Punjab Labour Welfare Fund Act 1965 as applied to Chandigarh: hrdconsultinggroup.com/labour-welfare-fund-state-wise; sequenthr.in; help.eazework.com',
    },
  ],
  GA: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries, due 31 July and 31 January',
      slabs: FLAT(6_000, 12_000),
      confirmed: false,
      source: 'Goa Labour Welfare Fund Act 1986: community.emgage.work labour-welfare-fund-goa (60 / 120 half-yearly); the greytHR table says annual in December, 120 / 360 ("last amended 6 Aug 2015"): sources conflict',
    },
  ],
  HR: [
    {
      // 0.2% of the month's wages, at most 31; the employer twice the employee's share. Rounded to
      // the paisa (half up).
      effectiveFrom: '2020-01-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      dueNote: 'every month, by the last day',
      slabs: [{ minPaise: 0, employeePaise: 3_100, employerPaise: 6_200, shareOfWages: { employeeBasisPoints: 20, employerMultiple: 2 } }],
      confirmed: false,
      source: 'Punjab LWF Act 1965 as amended for Haryana: cap 31 (lexplosion.in/?p=137473; hrinformative.com); cap was 25 from March 2019 and is indexed to the CPI each 1 January (payrollpedia); simpliance shows 34 / 68',
    },
  ],
  KL: [
    {
      effectiveFrom: '2021-02-09',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries, due 15 July and 15 January',
      slabs: FLAT(4_500, 4_500),
      confirmed: false,
      source: 'Kerala Labour Welfare Fund (Amendment) Ordinance 2021: half-yearly 4 / 8 raised to 45 / 45 (prsindia.org); whether the Ordinance became an Act is not confirmed; greytHR shows 20 / 20 monthly for shops under a different Act',
    },
  ],
  MP: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries',
      slabs: FLAT(1_000, 3_000),
      confirmed: true,
      source: 'MP Shram Kalyan Nidhi Adhiniyam 1982: greythr.com/wiki/acts/madhya-pradesh-labour-welfare-fund-act (10 / 30); June and December per lenvica.com',
    },
  ],
  PB: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      dueNote: 'every month',
      slabs: FLAT(500, 2_000),
      confirmed: false,
      source: 'Punjab Labour Welfare Fund Act 1965: 5 / 20 a month as Chandigarh applies the same Act (hrdconsultinggroup.com); no Punjab-specific table read',
    },
  ],
  OD: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries, due 15 July and 15 January',
      slabs: FLAT(1_000, 2_000),
      confirmed: false,
      source: 'Odisha Labour Welfare Fund Act 2005 s.10(1), Rules 2015 (gazette 27.01.2016): 10 / 20 per greythr.com/wiki/acts/orissa-labour-welfare-fund-act and setindiabiz.com/blog/lwf-odisha; blog.sgcservices.com says 20 / 40: sources conflict',
    },
  ],
  TG: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Annual',
      deductionMonths: DECEMBER,
      dueNote: 'December salary, due 31 January',
      slabs: FLAT(200, 500),
      confirmed: true,
      source: 'Telangana Labour Welfare Fund Act 1987, Rules 1988: greythr.com/wiki/acts/telangana-labour-welfare-fund-act; community.emgage.work; poisepayroll.com (2 / 5, 31 December)',
    },
  ],
  WB: [
    {
      effectiveFrom: '2020-01-01',
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      dueNote: 'June and December salaries, due 15 July and 15 January',
      slabs: FLAT(300, 1_500),
      confirmed: true,
      source: 'West Bengal Labour Welfare Fund Act 1974 s.9, Rules 1976: wblwb.org/html/attention_employers.php and faq.php (the Board: 3 / 15 half-yearly)',
    },
  ],
};

export const LWF_STATES: readonly { code: IndianStateCode; name: string }[] = (
  Object.keys(LABOUR_WELFARE_FUND_TABLES) as IndianStateCode[]
).map((code) => ({ code, name: INDIAN_STATE_NAMES[code] }));

/** States and union territories with no Labour Welfare Fund table here (none levied, or none verified: see the decisions file). */
export const LWF_NOT_LEVIED: readonly IndianStateCode[] = (Object.keys(INDIAN_STATE_NAMES) as IndianStateCode[]).filter(
  (code) => LABOUR_WELFARE_FUND_TABLES[code] === undefined,
);

/** Whether a Labour Welfare Fund table is in force for the state on `asOf` (false for unknown codes). */
export function leviesLabourWelfareFund(stateCode: string, asOf: IsoDate): boolean {
  const rows = (LABOUR_WELFARE_FUND_TABLES as Record<string, readonly LwfTableRow[] | undefined>)[stateCode];
  return rows !== undefined && rows.some((r) => r.effectiveFrom <= asOf && (r.effectiveTo === undefined || r.effectiveTo >= asOf));
}

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
  let employeePaise = slab?.employeePaise ?? 0;
  let employerPaise = slab?.employerPaise ?? 0;
  if (slab?.shareOfWages !== undefined) {
    // Integer arithmetic: basis points of paise, rounded half up, then capped.
    const share = Math.floor((input.monthlyGrossPaise * slab.shareOfWages.employeeBasisPoints + 5_000) / 10_000);
    employeePaise = Math.min(share, slab.employeePaise);
    employerPaise = Math.min(employeePaise * slab.shareOfWages.employerMultiple, slab.employerPaise);
  }
  return {
    employeePaise,
    employerPaise,
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
