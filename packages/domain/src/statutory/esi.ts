import { percentToRupees } from '../money/arith';
import { isIsoDate, type IsoDate } from '../dates/calendar';
import { requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';

/** ESI (ESI Act 1948): india-tax-rules §11. */
export interface EsiRateRow extends EffectiveDatedRow {
  employeeRatePercent: string;
  employerRatePercent: string;
  /** Coverage: wages at most this per month. */
  coverageCeilingPaise: number;
  /** Coverage for persons with disability. */
  disabledCoverageCeilingPaise: number;
  /** Daily average wage at or below this: no employee share, the employer still pays. */
  employeeExemptDailyWagePaise: number;
  source: string;
}

export const ESI_RATE_HISTORY: readonly EsiRateRow[] = [
  {
    // Superseded rates kept so earlier periods recompute; the end date is the day before the cut.
    effectiveFrom: '2017-01-01',
    effectiveTo: '2019-06-30',
    employeeRatePercent: '1.75',
    employerRatePercent: '4.75',
    coverageCeilingPaise: 2_100_000,
    disabledCoverageCeilingPaise: 2_500_000,
    // Not in the reference: the pre-2019 exemption limit of 137/day (raised to 176 with the 2019 revision).
    employeeExemptDailyWagePaise: 13_700,
    source: 'india-tax-rules §11 ("down from 1.75/4.75"); 21,000 ceiling from 1 Jan 2017; 137/day not in the reference',
  },
  {
    effectiveFrom: '2019-07-01',
    employeeRatePercent: '0.75',
    employerRatePercent: '3.25',
    coverageCeilingPaise: 2_100_000,
    disabledCoverageCeilingPaise: 2_500_000,
    employeeExemptDailyWagePaise: 17_600,
    source: 'india-tax-rules §11: mypayroll.in (rates from 1 Jul 2019); greytHR "What ESI Rule" (176/day)',
  },
];

export function esiRatesFor(asOf: IsoDate): EsiRateRow {
  return requireStatutoryRow(ESI_RATE_HISTORY, asOf, 'ESI rates');
}

export interface ComputeEsiInput {
  /** Monthly contribution wages: everything paid, overtime included (§11, citehr). */
  grossWagesPaise: number;
  /** Wages for the coverage test: overtime left out. Defaults to grossWagesPaise. */
  coverageWagesPaise?: number;
  /** The employee's forceESICalc flag (people spec §3): contribute whatever the wage. */
  forceCalculate?: boolean;
  /** Covered at the start of the contribution period: stays covered to its end (§11, greytHR). */
  coveredAtPeriodStart?: boolean;
  isPersonWithDisability?: boolean;
  dailyAverageWagePaise?: number;
  asOf: IsoDate;
}

export interface EsiContribution {
  applicable: boolean;
  employeePaise: number;
  employerPaise: number;
  employeeRatePercent: string;
  employerRatePercent: string;
  /** Why the employee share is nil although ESI applies (daily average wage at or below 176). */
  employeeShareExempt: boolean;
}

/**
 * Rounding point (ESI): each share is rounded UP to the next whole rupee from the exact product.
 * The reference (§11) marks this "not confirmed, believed to be up to the next rupee"; we choose
 * it because it never under-pays ESIC. Example: 23,000 × 0.75% = 172.50 → 173; × 3.25% = 747.50 → 748.
 */
function esiRupees(wagePaise: number, percent: string): number {
  return percentToRupees(wagePaise, percent, 'up');
}

export function computeEsi(input: ComputeEsiInput): EsiContribution {
  const rates = esiRatesFor(input.asOf);
  const gross = input.grossWagesPaise;
  if (!Number.isInteger(gross) || gross < 0) throw new RangeError('grossWagesPaise must be a non-negative integer');
  const coverageWages = input.coverageWagesPaise ?? gross;
  const ceiling = input.isPersonWithDisability === true ? rates.disabledCoverageCeilingPaise : rates.coverageCeilingPaise;
  // "ESI applies automatically when gross earnings are at most 21,000 unless force calculate is on"
  // (people spec §9): at exactly 21,000 the employee is covered.
  const applicable = input.forceCalculate === true || input.coveredAtPeriodStart === true || coverageWages <= ceiling;
  const base = {
    employeeRatePercent: rates.employeeRatePercent,
    employerRatePercent: rates.employerRatePercent,
  };
  if (!applicable) return { applicable: false, employeePaise: 0, employerPaise: 0, employeeShareExempt: false, ...base };
  const employeeShareExempt =
    input.dailyAverageWagePaise !== undefined && input.dailyAverageWagePaise <= rates.employeeExemptDailyWagePaise;
  return {
    applicable: true,
    employeePaise: employeeShareExempt ? 0 : esiRupees(gross, rates.employeeRatePercent),
    employerPaise: esiRupees(gross, rates.employerRatePercent),
    employeeShareExempt,
    ...base,
  };
}

export interface EsiContributionPeriod {
  /** First day of the contribution period (1 Apr or 1 Oct). */
  startDate: IsoDate;
  /** Last day (30 Sep or 31 Mar). */
  endDate: IsoDate;
  /** The matching benefit period: Jan–Jun or Jul–Dec of the following year (§11). */
  benefitStartDate: IsoDate;
  benefitEndDate: IsoDate;
}

/** ESI contribution periods run April–September and October–March (§11). */
export function esiContributionPeriodOf(date: IsoDate): EsiContributionPeriod {
  if (!isIsoDate(date)) throw new RangeError(`date must be 'YYYY-MM-DD', got '${date}'`);
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (m >= 4 && m <= 9) {
    return { startDate: `${y}-04-01`, endDate: `${y}-09-30`, benefitStartDate: `${y + 1}-01-01`, benefitEndDate: `${y + 1}-06-30` };
  }
  const start = m >= 10 ? y : y - 1;
  return {
    startDate: `${start}-10-01`,
    endDate: `${start + 1}-03-31`,
    benefitStartDate: `${start + 1}-07-01`,
    benefitEndDate: `${start + 1}-12-31`,
  };
}
