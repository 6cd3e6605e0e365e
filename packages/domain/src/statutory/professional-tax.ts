import type { IsoDate } from '../dates/calendar';
import { financialYearMonths, firstDayOfMonth, requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';
import { INDIAN_STATE_NAMES, type DeductionCycle, type IndianStateCode, type StatutoryGender } from './states';

/**
 * Professional tax by state: india-tax-rules §12 and docs/decisions/incoming-h28-ptlwf.md. Max 2,500 a
 * year (Constitution Art. 276(2)).
 *
 * A slab applies when the salary is at least `minPaise`; the last matching slab wins. Because money
 * is whole paise, "more than 7,500" is exactly "at least 7,500.01" (750_001 paise), so inclusive and
 * exclusive boundaries of the published tables are both stated exactly.
 */
export interface PtSlab {
  minPaise: number;
  /** Amount per deduction (per month for monthly cycles, per half year for half-yearly ones). */
  amountPaise: number;
  /** Amount in February instead (Karnataka, Maharashtra: 300 so the year totals 2,500). */
  februaryAmountPaise?: number;
  /**
   * Amount in March, the financial year's last month, instead: the schedules that state a yearly
   * amount and a monthly instalment put the remainder there (Madhya Pradesh 208 × 11 + 212 = 2,500).
   */
  marchAmountPaise?: number;
}

/** Whose income the slabs are stated on: the month's gross, the half year's, or the year's. */
export type PtIncomeBasis = 'Month' | 'HalfYear' | 'Year';

/** People the state's Act exempts, when the employee's facts say so. */
export interface PtExemptions {
  /** Exempt from this age (completed years) on. */
  fromAgeYears?: number;
  /** A permanent disability the Act recognises (typically 40% or more) exempts. */
  disability?: boolean;
  source: string;
}

export interface PtTableRow extends EffectiveDatedRow {
  cycle: DeductionCycle;
  /** Months ('01'–'12') in which the tax is deducted; every month for a monthly cycle. */
  deductionMonths: readonly string[];
  /** Default: the half year's income for half-yearly cycles, the month's gross otherwise. */
  incomeBasis?: PtIncomeBasis;
  slabs: readonly PtSlab[];
  /** Maharashtra's separate table for women. */
  womenSlabs?: readonly PtSlab[];
  exemptions?: PtExemptions;
  confirmed: boolean;
  source: string;
}

const EVERY_MONTH = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
/** Decision: half-yearly PT is deducted in the last month of each half year (September, March). */
const HALF_YEAR_END_MONTHS = ['09', '03'] as const;
/** Puducherry's tax falls due on 30 June and 31 December. */
const JUNE_DECEMBER = ['06', '12'] as const;
/** Whole rupees to paise (fractional amounts such as Meghalaya's 16.50 are written in paise). */
const R = (rupees: number): number => rupees * 100;
/** A published "more than X" (or "X + 1 and above" in a whole-rupee table) boundary: one paisa above X. */
const ABOVE = (rupees: number): number => R(rupees) + 1;
/** Treated as in force from FY 2020-21 (the earliest year we compute) when a source gives no date. */
const UNDATED = '2020-04-01';


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
      exemptions: {
        disability: true,
        source: 'Karnataka PT Act s.29 exemption notification (13 Jul 2023): permanent disability of at least 40%, blind, deaf and dumb (greythr.com/notifications/exemptions-under-karnataka-tax-on-professions…); no age exemption found',
      },
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
      exemptions: {
        disability: true,
        source: 'Karnataka PT Act s.29 exemption notification (13 Jul 2023): permanent disability of at least 40%, blind, deaf and dumb (greythr.com/notifications/exemptions-under-karnataka-tax-on-professions…); no age exemption found',
      },
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
      exemptions: {
        fromAgeYears: 65,
        disability: true,
        source: 'Maharashtra PT Act s.27A: completed 65 years (from 1.4.1995), permanent physical disability (citehr 282252; cakamalg.blogspot 2009); india-tax-rules §12: a 2024 amendment deleted Rule 32 (disability criteria), status unclear',
      },
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
  AS: [
    {
      effectiveFrom: '2014-10-15',
      effectiveTo: '2025-03-31',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      // Up to 10,000 nil; more than 10,000 but less than 15,000: 150; 15,000 or more but less than 25,000: 180; 25,000 and more: 208.
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(10_000), amountPaise: R(150) },
        { minPaise: R(15_000), amountPaise: R(180) },
        { minPaise: R(25_000), amountPaise: R(208) },
      ],
      confirmed: true,
      source: 'Assam Professions, Trades, Callings and Employments Taxation Act 1947, Schedule entry 1 from 15-10-2014: tax.assam.gov.in/AssamTimsInfo/content/professional_tax.html (208 every month: 2,496 a year; 7thpaycommissionnews shows 212 in March, not in the official table)',
    },
    {
      // The 150 slab is removed; the reported table reads "≥15,001" while the Act's wording was
      // "15,000 or more": 15,000 exactly is kept taxable, as in the Act.
      effectiveFrom: '2025-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: R(15_000), amountPaise: R(180) },
        { minPaise: R(25_000), amountPaise: R(208) },
      ],
      confirmed: false,
      source: 'Assam notification eCF No. 169350/124, 1 Apr 2025, as reported by akriviahcm.com (revision-of-assam-professional-tax-rate); the notification itself not read; 15,000 exactly: boundary unclear',
    },
  ],
  BR: [
    {
      // The Act states yearly amounts only; the monthly instalment with the remainder in March is ours
      // (as Madhya Pradesh's schedule does it), so a leaver pays in proportion.
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(300_000), amountPaise: R(83), marchAmountPaise: R(87) },
        { minPaise: ABOVE(500_000), amountPaise: R(166), marchAmountPaise: R(174) },
        { minPaise: ABOVE(1_000_000), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: false,
      source: 'Bihar Tax on Professions, Trades, Callings and Employments Act 2011, Schedule: > 3 lakh 1,000, > 5 lakh 2,000, > 10 lakh 2,500 a year (salestaxindia.com menu=158730; praansconsultech); deduction month(s) not in the Act: one employer deducts once in September (citehr 2081447), 7thpaycommissionnews monthly 83.33/166.67/208.33',
    },
  ],
  JH: [
    {
      effectiveFrom: '2012-02-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      // Yearly 1,200 / 1,800 / 2,100 / 2,500 on the year's gross, deducted 100 / 150 / 175 / 208 (212 in the last month).
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(300_000), amountPaise: R(100) },
        { minPaise: ABOVE(500_000), amountPaise: R(150) },
        { minPaise: ABOVE(800_000), amountPaise: R(175) },
        { minPaise: ABOVE(1_000_000), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: true,
      source: 'Jharkhand Tax on Professions, Trades, Callings and Employments Act 2011, slabs from 01.02.2012 (askbanking.com; citehr 277942; praansconsultech); monthly instalments ihrcgroup.com/pt-jharkhand',
    },
  ],
  MP: [
    {
      effectiveFrom: '2018-04-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(225_000), amountPaise: R(125) },
        { minPaise: ABOVE(300_000), amountPaise: R(166), marchAmountPaise: R(174) },
        { minPaise: ABOVE(400_000), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: true,
      source: 'MP Vritti Kar Adhiniyam 1995, Schedule entry 1 ("166 per month for eleven months and 174 for twelfth", "208 … and 212"): salestaxindia.com menu=15506; in force 01-04-2018 per greythr.freshdesk.com 1060000050178',
    },
  ],
  MN: [
    {
      effectiveFrom: '2012-09-01',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      // Yearly 1,200 / 2,000 / 2,400 / 2,500; 2,000 a year is 166 × 11 + 174 here (greytHR says 167, which would total 2,004).
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(50_000), amountPaise: R(100) },
        { minPaise: ABOVE(75_000), amountPaise: R(166), marchAmountPaise: R(174) },
        { minPaise: ABOVE(100_000), amountPaise: R(200) },
        { minPaise: ABOVE(125_000), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: false,
      source: 'Manipur PTCE Taxation (Eighth Amendment) Act 2012, in force 1 Sep 2012 (greythr.com/wiki/acts/professional-tax-manipur, monthly 100/167/200/208+212); yearly amounts praansconsultech; the 2,000 slab instalment differs',
    },
  ],
  ML: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(4_166), amountPaise: 1_650 },
        { minPaise: ABOVE(6_250), amountPaise: R(25) },
        { minPaise: ABOVE(8_333), amountPaise: 4_150 },
        { minPaise: ABOVE(12_500), amountPaise: 6_250 },
        { minPaise: ABOVE(16_666), amountPaise: 8_333 },
        { minPaise: ABOVE(20_833), amountPaise: 10_416 },
        { minPaise: ABOVE(25_000), amountPaise: R(125) },
        { minPaise: ABOVE(29_166), amountPaise: R(150) },
        { minPaise: ABOVE(33_333), amountPaise: R(175) },
        { minPaise: ABOVE(37_500), amountPaise: R(200) },
        { minPaise: ABOVE(41_666), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: false,
      source: 'karvitt.com/income-tax/other-tax/prof-tax (one secondary table, undated; its "26,167" read as 29,167)',
    },
  ],
  MZ: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(5_000), amountPaise: R(75) },
        { minPaise: ABOVE(8_000), amountPaise: R(120) },
        { minPaise: ABOVE(10_000), amountPaise: R(150) },
        { minPaise: ABOVE(12_000), amountPaise: R(180) },
        { minPaise: ABOVE(15_000), amountPaise: R(208) },
      ],
      exemptions: { fromAgeYears: 65, disability: true, source: 'community.emgage.work professional-tax-mizoram (exemptions list)' },
      confirmed: false,
      source: 'support.greythr.com 360026437631 (Mizoram PTCE Taxation Act 1995); praansconsultech has an extra 15,001–20,000: 195 slab',
    },
  ],
  NL: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(4_000), amountPaise: R(35) },
        { minPaise: ABOVE(5_000), amountPaise: R(75) },
        { minPaise: ABOVE(7_000), amountPaise: R(110) },
        { minPaise: ABOVE(9_000), amountPaise: R(180) },
        { minPaise: ABOVE(12_000), amountPaise: R(208), marchAmountPaise: R(212) },
      ],
      confirmed: false,
      source: 'karvitt.com/income-tax/other-tax/prof-tax (one secondary table, undated); older lists (askbanking 2015) say Nagaland levies none',
    },
  ],
  OD: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      // Up to 1,60,000 a year nil; 1,60,001–3,00,000: 1,500 (125 a month); above 3,00,000: 2,500 (200 a month, 300 in the last).
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(160_000), amountPaise: R(125) },
        { minPaise: ABOVE(300_000), amountPaise: R(200), marchAmountPaise: R(300) },
      ],
      confirmed: true,
      source: 'Odisha State Tax on Professions, Trades, Callings and Employments Act 2000: simpliance.in/professional-tax-detail/odisha; taxmall.in FY 2022-23 (monthly 13,333 / 25,000: 125, 200, last month 300)',
    },
  ],
  PB: [
    {
      // "Income-tax payers": taxable income above the amount not chargeable to income tax. Read as
      // the year's gross above 2,50,000 (the figure caclubindia quotes); the real test is the
      // employee's taxable income, which this table cannot see.
      effectiveFrom: '2018-04-19',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      incomeBasis: 'Year',
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(250_000), amountPaise: R(200) },
      ],
      exemptions: { fromAgeYears: 60, source: 'Punjab State Development Tax Act 2018: senior citizens as per the Income-tax Act (tribuneindia 580634; payrollpedia)' },
      confirmed: false,
      source: 'Punjab State Development Tax Act 2018 (Punjab Act 11 of 2018, gazette 19 Apr 2018; taxguru); 200 a month notified 17 Jan 2019 (avantis.co.in 4905); threshold is the income-tax exemption limit, read as 2,50,000',
    },
  ],
  PY: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Half-Yearly',
      deductionMonths: JUNE_DECEMBER,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: R(100_000), amountPaise: R(250) },
        { minPaise: ABOVE(200_000), amountPaise: R(500) },
        { minPaise: ABOVE(300_000), amountPaise: R(750) },
        { minPaise: ABOVE(400_000), amountPaise: R(1_000) },
        { minPaise: ABOVE(500_000), amountPaise: R(1_250) },
      ],
      exemptions: { fromAgeYears: 65, disability: true, source: 'community.emgage.work professional-tax-puducherry (exemptions list)' },
      confirmed: false,
      source: 'Pondicherry Municipalities (Profession Tax) Rules 1976: simpliance / comply360 / praansconsultech (half-yearly, due 30 June and 31 December); whether the slabs are on half-year or annual income differs between sources: half-year taken (karvitt monthly equivalents 16,666 → 41.66)',
    },
  ],
  SK: [
    {
      effectiveFrom: UNDATED,
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(20_000), amountPaise: R(125) },
        { minPaise: ABOVE(30_000), amountPaise: R(150) },
        { minPaise: ABOVE(40_000), amountPaise: R(200) },
      ],
      confirmed: false,
      source: 'karvitt.com/income-tax/other-tax/prof-tax (one secondary table, undated)',
    },
  ],
  TR: [
    {
      effectiveFrom: '2018-07-25',
      cycle: 'Monthly',
      deductionMonths: EVERY_MONTH,
      slabs: [
        { minPaise: 0, amountPaise: 0 },
        { minPaise: ABOVE(7_500), amountPaise: R(150) },
        { minPaise: ABOVE(15_000), amountPaise: R(208) },
      ],
      confirmed: true,
      source: 'Tripura PTCE Taxation Act 1997 s.3(2) notification of 25 Jul 2018 (quikchex.in tripura-professional-tax-revised-wef-july-2018; praansconsultech; indiaemployerforum)',
    },
  ],
};

/** States with a professional-tax table, with their names, for pickers. */
export const PT_STATES: readonly { code: IndianStateCode; name: string }[] = (
  Object.keys(PROFESSIONAL_TAX_TABLES) as IndianStateCode[]
).map((code) => ({ code, name: INDIAN_STATE_NAMES[code] }));

/**
 * States and union territories that levy no professional tax on salaries (every code without a
 * table). Chhattisgarh, Goa, Haryana, Delhi, Lakshadweep and the rest: praansconsultech.com and
 * kb.bizproutx.com "not applicable" lists.
 */
export const PT_NOT_LEVIED: readonly IndianStateCode[] = (Object.keys(INDIAN_STATE_NAMES) as IndianStateCode[]).filter(
  (code) => PROFESSIONAL_TAX_TABLES[code] === undefined,
);

/** Whether the state levies professional tax on salaries on `asOf` (false for unknown codes). */
export function leviesProfessionalTax(stateCode: string, asOf: IsoDate): boolean {
  const rows = (PROFESSIONAL_TAX_TABLES as Record<string, readonly PtTableRow[] | undefined>)[stateCode];
  return rows !== undefined && rows.some((r) => r.effectiveFrom <= asOf && (r.effectiveTo === undefined || r.effectiveTo >= asOf));
}

/** Art. 276(2): tax on professions, trades, callings and employments at most 2,500 a year. */
export const PROFESSIONAL_TAX_ANNUAL_CAP_PAISE = 250_000;

export function professionalTaxTableFor(stateCode: string, asOf: IsoDate): PtTableRow | undefined {
  const rows = (PROFESSIONAL_TAX_TABLES as Record<string, readonly PtTableRow[] | undefined>)[stateCode];
  if (rows === undefined) return undefined;
  return requireStatutoryRow(rows, asOf, `professional-tax table for ${stateCode}`);
}

/** The income the table's slabs are stated on. */
export function ptIncomeBasisOf(table: PtTableRow): PtIncomeBasis {
  return table.incomeBasis ?? (table.cycle === 'Half-Yearly' ? 'HalfYear' : 'Month');
}

export interface ProfessionalTaxInput {
  /** ISO code ('KA'); a state without professional tax (or null) gives nil. */
  stateCode: string | null;
  month: string;
  monthlyGrossPaise: number;
  /** Tables on half-year income: the half year's income; default monthly gross × 6. */
  halfYearGrossPaise?: number;
  /** Tables on yearly income (Bihar, Jharkhand, Madhya Pradesh, …): the year's; default monthly gross × 12. */
  annualGrossPaise?: number;
  gender?: StatutoryGender;
  /** Completed years of age in the month; states exempting senior citizens use it. Default: none. */
  ageYears?: number;
  /** A permanent disability the state's Act recognises. Default: no. */
  disabled?: boolean;
  asOf: IsoDate;
}

export type PtExemptionReason = 'Age' | 'Disability';

export interface ProfessionalTaxResult {
  /** Amount deducted this month (0 in months the cycle does not fall due). */
  amountPaise: number;
  cycle: DeductionCycle;
  dueThisMonth: boolean;
  /** False when the state levies none or has no table here. */
  applicable: boolean;
  /** Set when the employee is exempt (the amount is then 0). */
  exemption?: PtExemptionReason;
}

function slabAmount(slabs: readonly PtSlab[], salaryPaise: number, mm: string): number {
  let amount = 0;
  for (const slab of slabs) {
    if (salaryPaise < slab.minPaise) continue;
    if (mm === '02' && slab.februaryAmountPaise !== undefined) amount = slab.februaryAmountPaise;
    else if (mm === '03' && slab.marchAmountPaise !== undefined) amount = slab.marchAmountPaise;
    else amount = slab.amountPaise;
  }
  return amount;
}

function exemptionOf(table: PtTableRow, input: { ageYears?: number; disabled?: boolean }): PtExemptionReason | undefined {
  const e = table.exemptions;
  if (e === undefined) return undefined;
  if (e.fromAgeYears !== undefined && input.ageYears !== undefined && input.ageYears >= e.fromAgeYears) return 'Age';
  if (e.disability === true && input.disabled === true) return 'Disability';
  return undefined;
}

export function professionalTaxFor(input: ProfessionalTaxInput): ProfessionalTaxResult {
  firstDayOfMonth(input.month);
  if (input.stateCode === null) return { amountPaise: 0, cycle: 'Monthly', dueThisMonth: false, applicable: false };
  const table = professionalTaxTableFor(input.stateCode, input.asOf);
  if (table === undefined) return { amountPaise: 0, cycle: 'Monthly', dueThisMonth: false, applicable: false };
  const mm = input.month.slice(5, 7);
  const dueThisMonth = table.deductionMonths.includes(mm);
  if (!dueThisMonth) return { amountPaise: 0, cycle: table.cycle, dueThisMonth, applicable: true };
  const exemption = exemptionOf(table, input);
  if (exemption !== undefined) return { amountPaise: 0, cycle: table.cycle, dueThisMonth, applicable: true, exemption };
  const slabs = input.gender === 'Female' && table.womenSlabs !== undefined ? table.womenSlabs : table.slabs;
  const basis = ptIncomeBasisOf(table);
  const salaryPaise =
    basis === 'HalfYear'
      ? (input.halfYearGrossPaise ?? input.monthlyGrossPaise * 6)
      : basis === 'Year'
        ? (input.annualGrossPaise ?? input.monthlyGrossPaise * 12)
        : input.monthlyGrossPaise;
  return { amountPaise: slabAmount(slabs, salaryPaise, mm), cycle: table.cycle, dueThisMonth, applicable: true };
}

export interface AnnualProfessionalTaxInput {
  stateCode: string | null;
  monthlyGrossPaise: number;
  gender?: StatutoryGender;
  ageYears?: number;
  disabled?: boolean;
  /** Any date in the financial year; each month uses the table in force on its first day. */
  asOf: IsoDate;
}

export interface AnnualProfessionalTax {
  annualPaise: number;
  cycle: DeductionCycle;
  /** Per month of the financial year, April first. */
  months: readonly { month: string; amountPaise: number }[];
  /** The amount in an ordinary month it falls due (the first due month that is not February or March). */
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
      ...(input.ageYears !== undefined ? { ageYears: input.ageYears } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      asOf: firstDayOfMonth(month),
    }),
  }));
  const total = months.reduce((sum, m) => sum + m.amountPaise, 0);
  const current = input.stateCode === null ? undefined : professionalTaxTableFor(input.stateCode, input.asOf);
  // Half-yearly tables fall due in March too, and March is then an ordinary deduction.
  const ordinary =
    months.find((m) => m.dueThisMonth && !m.month.endsWith('-02') && !m.month.endsWith('-03')) ?? months.find((m) => m.dueThisMonth && !m.month.endsWith('-02'));
  return {
    annualPaise: Math.min(total, PROFESSIONAL_TAX_ANNUAL_CAP_PAISE),
    cycle: current?.cycle ?? 'Monthly',
    months: months.map((m) => ({ month: m.month, amountPaise: m.amountPaise })),
    perDeductionPaise: ordinary?.amountPaise ?? 0,
    applicable: current !== undefined,
  };
}
