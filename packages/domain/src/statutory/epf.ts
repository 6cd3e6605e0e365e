import { mulDivPaise, percentToRupees } from '../money/arith';
import type { IsoDate } from '../dates/calendar';
import { requireStatutoryRow, type EffectiveDatedRow } from './effective-dated';

/**
 * EPF (EPF Scheme 1952), EPS (1995) and EDLI (1976): india-tax-rules §10.
 * Numbers are data; a notified change is a new row.
 */
export interface EpfRateRow extends EffectiveDatedRow {
  /** Statutory wage ceiling per month; contributions above it are optional (para 26(6)). */
  wageCeilingPaise: number;
  /** EPS share of the employer's contribution, on min(wage, ceiling). */
  epsRatePercent: string;
  /** 8.33% of 15,000 = 1,249.50 → 1,250 (half-up practice, §10). */
  epsMaxPaise: number;
  /** No EPS at or after this age: the whole employer share goes to EPF (§10, antworksmoney). */
  epsAgeLimitYears: number;
  edliRatePercent: string;
  edliMaxPaise: number;
  /** Admin charges on PF wages, from 1 Jun 2018 (Gazette S.O. 2011(E)); EDLI admin nil from 1 Apr 2017. */
  adminRatePercent: string;
  source: string;
}

/**
 * Only the row the reference supports. The 25,000 ceiling "from Sep 2026" is reported by one
 * public codebase with no primary source (§10): deliberately NOT applied; if notified, add a row.
 */
export const EPF_RATE_HISTORY: readonly EpfRateRow[] = [
  {
    effectiveFrom: '2018-06-01',
    wageCeilingPaise: 1_500_000,
    epsRatePercent: '8.33',
    epsMaxPaise: 125_000,
    epsAgeLimitYears: 58,
    edliRatePercent: '0.5',
    edliMaxPaise: 7_500,
    adminRatePercent: '0.5',
    source: 'india-tax-rules §10: EPF Scheme 1952, EPS 1995, EDLI 1976; admin 0.5% Gazette S.O. 2011(E) from 1 Jun 2018',
  },
];

export function epfRatesFor(asOf: IsoDate): EpfRateRow {
  return requireStatutoryRow(EPF_RATE_HISTORY, asOf, 'EPF rates');
}

/** 0 disabled; 1 always; 2 only when the PF wage does not exceed the ceiling (≤ 15,000). */
export type EpfApplicability = 0 | 1 | 2;

export interface EpfSettings {
  applicability: EpfApplicability;
  /** Platform spec §9 default 12. */
  employeeRatePercent: number | string;
  /** Platform spec §9 default 12. */
  employerRatePercent: number | string;
  /** true: contribute on min(wage, ceiling); false: on actual wages (para 26(6) option). */
  restrictToWageCeiling: boolean;
  /** When on, the ceiling used for restriction is prorated by payable days ÷ days in the period. */
  proRate: boolean;
  /** Platform spec §9 default true: the employer's 12% sits inside CTC. */
  includeEmployerShareInCtc: boolean;
  /** EDLI and admin charges inside CTC; default false (they are an establishment cost). */
  includeEdliAndAdminInCtc?: boolean;
}

/** Platform spec §9 "Statutory defaults". */
export const DEFAULT_EPF_SETTINGS: EpfSettings = {
  applicability: 1,
  employeeRatePercent: 12,
  employerRatePercent: 12,
  restrictToWageCeiling: true,
  proRate: false,
  includeEmployerShareInCtc: true,
  includeEdliAndAdminInCtc: false,
};

export interface ComputeEpfInput {
  /** Basic + DA + retaining allowance, or the wage built by `buildPfWagePaise`. Monthly. */
  pfWagePaise: number;
  settings: EpfSettings;
  payableDays?: number;
  periodDays?: number;
  ageYears?: number;
  asOf: IsoDate;
}

export interface EpfContribution {
  applicable: boolean;
  /** The wage the 12% shares are computed on (after restriction / proration). */
  contributionWagePaise: number;
  /** The ceiling used (prorated when proRate is on). */
  ceilingPaise: number;
  employeePaise: number;
  /** Employer's whole share = EPS + employer EPF. */
  employerPaise: number;
  epsPaise: number;
  employerEpfPaise: number;
  edliPaise: number;
  adminChargesPaise: number;
  /** Part of the employer cost that sits inside CTC under the settings. */
  employerInCtcPaise: number;
  employeeRatePercent: string;
  employerRatePercent: string;
}

const ZERO_EPF = (settings: EpfSettings, ceilingPaise: number): EpfContribution => ({
  applicable: false,
  contributionWagePaise: 0,
  ceilingPaise,
  employeePaise: 0,
  employerPaise: 0,
  epsPaise: 0,
  employerEpfPaise: 0,
  edliPaise: 0,
  adminChargesPaise: 0,
  employerInCtcPaise: 0,
  employeeRatePercent: String(settings.employeeRatePercent),
  employerRatePercent: String(settings.employerRatePercent),
});

/**
 * Rounding point (EPF): each contribution is rounded to the rupee, half up, straight from the exact
 * product (no intermediate paise rounding). India-tax-rules §10: "EPS 15,000 × 8.33% = 1,249.50 →
 * 1,250: half-up rupee rounding is practice".
 */
function epfRupees(wagePaise: number, percent: string): number {
  return percentToRupees(wagePaise, percent, 'halfUp');
}

export function computeEpf(input: ComputeEpfInput): EpfContribution {
  const { settings, pfWagePaise } = input;
  if (!Number.isInteger(pfWagePaise) || pfWagePaise < 0) throw new RangeError('pfWagePaise must be a non-negative integer');
  const rates = epfRatesFor(input.asOf);

  let ceilingPaise = rates.wageCeilingPaise;
  if (settings.proRate && input.payableDays !== undefined && input.periodDays !== undefined) {
    if (input.periodDays <= 0 || input.payableDays < 0) throw new RangeError('payableDays/periodDays out of range');
    // Rounding point: the prorated ceiling is kept to the paisa (half up); it only bounds a wage.
    const days = Math.min(input.payableDays, input.periodDays);
    ceilingPaise = mulDivPaise(rates.wageCeilingPaise, days, input.periodDays, 'halfUp');
  }

  // "Under 15,000": an excluded employee is one whose pay EXCEEDS the ceiling (EPF Scheme para
  // 2(f)(ii)), so a PF wage of exactly 15,000 is still mandatorily covered.
  const applicable =
    settings.applicability === 1 || (settings.applicability === 2 && pfWagePaise <= rates.wageCeilingPaise);
  if (!applicable) return ZERO_EPF(settings, ceilingPaise);

  const contributionWagePaise = settings.restrictToWageCeiling ? Math.min(pfWagePaise, ceilingPaise) : pfWagePaise;
  const employeePaise = epfRupees(contributionWagePaise, String(settings.employeeRatePercent));
  const employerPaise = epfRupees(contributionWagePaise, String(settings.employerRatePercent));

  const statutoryWagePaise = Math.min(contributionWagePaise, rates.wageCeilingPaise);
  const epsEligible = input.ageYears === undefined || input.ageYears < rates.epsAgeLimitYears;
  const epsPaise = epsEligible
    ? Math.min(epfRupees(statutoryWagePaise, rates.epsRatePercent), rates.epsMaxPaise, employerPaise)
    : 0;
  const employerEpfPaise = employerPaise - epsPaise;
  const edliPaise = Math.min(epfRupees(statutoryWagePaise, rates.edliRatePercent), rates.edliMaxPaise);
  // Admin charges are on the wages contributions are paid on (§10 example: capped 15,000 → 75).
  // The 500/month establishment minimum is an establishment-level floor, not per employee.
  const adminChargesPaise = epfRupees(contributionWagePaise, rates.adminRatePercent);

  const employerInCtcPaise =
    (settings.includeEmployerShareInCtc ? employerPaise : 0) +
    (settings.includeEdliAndAdminInCtc === true ? edliPaise + adminChargesPaise : 0);

  return {
    applicable: true,
    contributionWagePaise,
    ceilingPaise,
    employeePaise,
    employerPaise,
    epsPaise,
    employerEpfPaise,
    edliPaise,
    adminChargesPaise,
    employerInCtcPaise,
    employeeRatePercent: String(settings.employeeRatePercent),
    employerRatePercent: String(settings.employerRatePercent),
  };
}

export interface PfWageComponent {
  amountPaise: number;
  /** The component's epfContributionType / "considered for EPF" flag. */
  isPartOfPfWage: boolean;
  /** HRA never counts towards PF wages (EPF Act s.2(b)(ii) excludes house-rent allowance). */
  isHouseRentAllowance?: boolean;
}

/**
 * PF wage from salary components. With "consider all salary components" on (platform spec §9
 * default), every component except HRA counts; otherwise only components flagged as part of the
 * PF wage (basic + DA + retaining allowance in the statute, §10).
 */
export function buildPfWagePaise(
  components: readonly PfWageComponent[],
  options: { considerAllSalaryComponents: boolean },
): number {
  let total = 0;
  for (const c of components) {
    if (c.isHouseRentAllowance === true) continue;
    if (options.considerAllSalaryComponents || c.isPartOfPfWage) total += c.amountPaise;
  }
  return total;
}
