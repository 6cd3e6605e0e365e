import type { IsoDate } from '../dates/calendar';
import { financialYearMonths, firstDayOfMonth, requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';
import { INDIAN_STATE_NAMES, type DeductionCycle, type IndianStateCode, type StatutoryGender } from './states';

/**
 * Professional tax by state: india-tax-rules §12. Max 2,500 a year (Constitution Art. 276(2)).
 *
 * A slab applies when the salary is at least `minPaise`; the last matching slab wins. Because money
 * is whole paise, "more than 7,500" is exactly "at least 7,500.01" (750_001 paise), so inclusive and
 * exclusive boundaries of the published tables are both stated exactly.
 */
export interface PtSlab {
  minPaise: number;
  amountPaise: number;
  /** Amount in February instead (Karnataka, Maharashtra: 300 so the year totals 2,500). */
  februaryAmountPaise?: number;
}

export interface PtTableRow extends EffectiveDatedRow {
  cycle: DeductionCycle;
  /** Months ('01'–'12') in which the tax is deducted; every month for a monthly cycle. */
  deductionMonths: readonly string[];
  /** Half-yearly tables are on the half-year's income; monthly ones on the month's gross. */
  slabs: readonly PtSlab[];
  /** Maharashtra's separate table for women. */
  womenSlabs?: readonly PtSlab[];
  confirmed: boolean;
  source: string;
}

const EVERY_MONTH = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
/** Decision: half-yearly PT is deducted in the last month of each half year (September, March). */
const HALF_YEAR_END_MONTHS = ['09', '03'] as const;
const R = (rupees: number): number => rupees * 100;
/** A published "more than X" boundary: one paisa above X. */
const ABOVE = (rupees: number): number => rupees * 100 + 1;

export const PROFESSIONAL_TAX_TABLES: Readonly<Partial<Record<IndianStateCode, readonly PtTableRow[]>>> = {
  KA: [
    {
      // Threshold 25,000 since 1 Apr 2023 (gdsnco); 200 every month before the 2025 amendment.
      effectiveFrom: '2023-04-01',
      effectiveTo: '2025-03-31',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: R(25_000), amountPaise: R(200) },
      ],
      confirmed: true,
      source: 'gdsnco.in 2023-03-22, Karnataka Tax on Professions Act amendment (threshold 25,000)',
    },
    {
      // "25,000 and more" per the Act (india-tax-rules §14): exactly 25,000 pays.
      effectiveFrom: '2025-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: R(25_000), amountPaise: R(200), februaryAmountPaise: R(300) },
      ],
      confirmed: true,
      source: 'Karnataka Act 33 of 2025 (taxguru); india-tax-rules §12',
    },
  ],
  MH: [
    {
      effectiveFrom: '2023-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(7_500), amountPaise: R(175) },
        { minPaise: ABOVE(10_000), amountPaise: R(200), februaryAmountPaise: R(300) },
      ],
      womenSlabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(25_000), amountPaise: R(200), februaryAmountPaise: R(300) },
      ],
      confirmed: true,
      source: 'mptinformation.in/showchart.asp?str=mptratsal; india-tax-rules §12',
    },
  ],
  TN: [
    {
      effectiveFrom: '2024-04-01',
      cycle: 'Half-Yearly',
      deductionMonths: HALF_YEAR_END_MONTHS,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(21_000), amountPaise: R(180) },
        { minPaise: ABOVE(30_000), amountPaise: R(425) },
        { minPaise: ABOVE(45_000), amountPaise: R(930) },
        { minPaise: ABOVE(60_000), amountPaise: R(1_025) },
        { minPaise: ABOVE(75_000), amountPaise: R(1_250) },
      ],
      confirmed: true,
      source: 'Greater Chennai Corporation 2024-25 (newindianexpress 2024-12-31; 425 per the final resolution, §14)',
    },
  ],
  WB: [
    {
      // Undated in the reference: treated as in force from FY 2020-21, the earliest year we compute.
      effectiveFrom: '2020-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(10_000), amountPaise: R(110) },
        { minPaise: ABOVE(15_000), amountPaise: R(130) },
        { minPaise: ABOVE(25_000), amountPaise: R(150) },
        { minPaise: ABOVE(40_000), amountPaise: R(200) },
      ],
      confirmed: true,
      source: 'caclubindia forum 539965; india-tax-rules §12',
    },
  ],
  TG: [
    {
      effectiveFrom: '2013-02-04',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(15_000), amountPaise: R(150) },
        { minPaise: ABOVE(20_000), amountPaise: R(200) },
      ],
      confirmed: true,
      source: 'G.O.Ms.No.82, 4 Feb 2013 (tsteachersdiary); india-tax-rules §12',
    },
  ],
  AP: [
    {
      effectiveFrom: '2013-02-04',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(15_000), amountPaise: R(150) },
        { minPaise: ABOVE(20_000), amountPaise: R(200) },
      ],
      confirmed: true,
      source: 'same slabs as Telangana (7thpaycommissionnews); india-tax-rules §12',
    },
  ],
  GJ: [
    {
      effectiveFrom: '2022-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(12_000), amountPaise: R(200) },
      ],
      confirmed: true,
      source: 'taxscan.in 172018 (Gujarat revised rate from 1 Apr 2022); india-tax-rules §12',
    },
  ],
  KL: [
    {
      // UNCONFIRMED (india-tax-rules §12: "current rates unconfirmed"): the widely published
      // half-yearly table; undated, treated as in force from FY 2020-21.
      effectiveFrom: '2020-04-01',
      cycle: 'Half-Yearly',
      deductionMonths: HALF_YEAR_END_MONTHS,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: R(12_000), amountPaise: R(120) },
        { minPaise: R(18_000), amountPaise: R(180) },
        { minPaise: R(30_000), amountPaise: R(300) },
        { minPaise: R(45_000), amountPaise: R(450) },
        { minPaise: R(60_000), amountPaise: R(600) },
        { minPaise: R(75_000), amountPaise: R(750) },
        { minPaise: R(100_000), amountPaise: R(1_000) },
        { minPaise: R(125_000), amountPaise: R(1_250) },
      ],
      confirmed: false,
      source: 'hrcalcy 2024 table (half-yearly on half-year income); rates unconfirmed',
    },
  ],
};

/** States with a professional-tax table, with their names, for pickers. */
export const PT_STATES: readonly { code: IndianStateCode; name: string }[] = (
  Object.keys(PROFESSIONAL_TAX_TABLES) as IndianStateCode[]
).map((code) => ({ code, name: INDIAN_STATE_NAMES[code] }));

/** Art. 276(2): tax on professions, trades, callings and employments at most 2,500 a year. */
export const PROFESSIONAL_TAX_ANNUAL_CAP_PAISE = 250_000;

export function professionalTaxTableFor(stateCode: string, asOf: IsoDate): PtTableRow | undefined {
  const rows = (PROFESSIONAL_TAX_TABLES as Record<string, readonly PtTableRow[] | undefined>)[stateCode];
  if (rows === undefined) return undefined;
  return requireStatutoryRow(rows, asOf, `professional-tax table for ${stateCode}`);
}

export interface ProfessionalTaxInput {
  /** ISO code ('KA'); a state without professional tax (or null) gives nil. */
  stateCode: string | null;
  month: string;
  monthlyGrossPaise: number;
  /** Half-yearly states: the half year's income; default monthly gross × 6. */
  halfYearGrossPaise?: number;
  gender?: StatutoryGender;
  asOf: IsoDate;
}

export interface ProfessionalTaxResult {
  /** Amount deducted this month (0 in months the cycle does not fall due). */
  amountPaise: number;
  cycle: DeductionCycle;
  dueThisMonth: boolean;
  /** False when the state levies none or has no table here. */
  applicable: boolean;
}

function slabAmount(slabs: readonly PtSlab[], salaryPaise: number, isFebruary: boolean): number {
  let amount = 0;
  for (const slab of slabs) {
    if (salaryPaise >= slab.minPaise) amount = isFebruary ? (slab.februaryAmountPaise ?? slab.amountPaise) : slab.amountPaise;
  }
  return amount;
}

export function professionalTaxFor(input: ProfessionalTaxInput): ProfessionalTaxResult {
  firstDayOfMonth(input.month);
  if (input.stateCode === null) return { amountPaise: 0, cycle: 'Monthly', dueThisMonth: false, applicable: false };
  const table = professionalTaxTableFor(input.stateCode, input.asOf);
  if (table === undefined) return { amountPaise: 0, cycle: 'Monthly', dueThisMonth: false, applicable: false };
  const mm = input.month.slice(5, 7);
  const dueThisMonth = table.deductionMonths.includes(mm);
  if (!dueThisMonth) return { amountPaise: 0, cycle: table.cycle, dueThisMonth, applicable: true };
  const slabs = input.gender === 'Female' && table.womenSlabs !== undefined ? table.womenSlabs : table.slabs;
  const salaryPaise =
    table.cycle === 'Half-Yearly' ? (input.halfYearGrossPaise ?? input.monthlyGrossPaise * 6) : input.monthlyGrossPaise;
  return { amountPaise: slabAmount(slabs, salaryPaise, mm === '02'), cycle: table.cycle, dueThisMonth, applicable: true };
}

export interface AnnualProfessionalTaxInput {
  stateCode: string | null;
  monthlyGrossPaise: number;
  gender?: StatutoryGender;
  /** Any date in the financial year; each month uses the table in force on its first day. */
  asOf: IsoDate;
}

export interface AnnualProfessionalTax {
  annualPaise: number;
  cycle: DeductionCycle;
  /** Per month of the financial year, April first. */
  months: readonly { month: string; amountPaise: number }[];
  /** The amount in an ordinary month it falls due (the first due month that is not February). */
  perDeductionPaise: number;
  applicable: boolean;
}

/** Professional tax for a financial year on a steady monthly salary, never above 2,500 (Art. 276(2)). */
export function annualProfessionalTax(input: AnnualProfessionalTaxInput): AnnualProfessionalTax {
  const months = financialYearMonths(input.asOf).map((month) => ({
    month,
    ...professionalTaxFor({
      stateCode: input.stateCode,
      month,
      monthlyGrossPaise: input.monthlyGrossPaise,
      gender: input.gender,
      asOf: firstDayOfMonth(month),
    }),
  }));
  const total = months.reduce((sum, m) => sum + m.amountPaise, 0);
  const current = input.stateCode === null ? undefined : professionalTaxTableFor(input.stateCode, input.asOf);
  const ordinary = months.find((m) => m.dueThisMonth && !m.month.endsWith('-02'));
  return {
    annualPaise: Math.min(total, PROFESSIONAL_TAX_ANNUAL_CAP_PAISE),
    cycle: current?.cycle ?? 'Monthly',
    months: months.map((m) => ({ month: m.month, amountPaise: m.amountPaise })),
    perDeductionPaise: ordinary?.amountPaise ?? 0,
    applicable: current !== undefined,
  };
}
