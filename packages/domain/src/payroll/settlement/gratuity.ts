import { formatDisplayDate, isIsoDate, type IsoDate } from '../../dates/calendar';
import { addDaysToDate } from '../../attendance/month';
import { mulDivPaise, roundToRupees } from '../../money/arith';
import { formatRupees } from '../../money/inr';

/**
 * Gratuity under the Code on Social Security 2020, Chapter V (in force since 21 November 2025, replacing
 * the Payment of Gratuity Act 1972, whose rules still apply to a last working day before that date):
 *  - s.53(1): payable on termination after not less than five years of continuous service; the five
 *    years are not needed on death or disablement, and a fixed-term employee is paid after one year of
 *    service under the contract (s.53(1) provisos; Industrial Relations Code 2020 s.2(o)(iii)).
 *  - s.53(2): fifteen days' wages per completed year or part in excess of six months, 15/26 of the
 *    monthly wages for a monthly-rated employee, "wages" being the Code's definition (s.2(88): basic +
 *    DA + retaining allowance, with the excluded allowances above one-half of all remuneration added
 *    back; codeWages in statutory/code-wages.ts). Before the codes: the Act's s.2(s) basic + DA.
 * Source: india-tax-rules "Labour codes"; the Act's rules, which the Code keeps, below.
 * The Payment of Gratuity Act 1972 (last working day before 21 November 2025):
 *  - s.4(1): payable on superannuation, retirement, resignation, or death or disablement, after not
 *    less than five years of continuous service; the five years are not needed on death or
 *    disablement (first proviso).
 *  - s.4(2): fifteen days' wages for every completed year of service "or part thereof in excess of
 *    six months", at the last drawn rate; for a monthly-rated employee fifteen days' wages are
 *    15/26 of the monthly wages (explanation to s.4(2)); "wages" are basic + dearness allowance (s.2(s)).
 *  - s.4(3): at most ₹20,00,000 (notification S.O. 1420(E), 29 March 2018).
 *  - s.10(10)(ii): exempt = least of the gratuity received, ₹20,00,000 (less what was exempt before
 *    from any employer) and 15/26 × last drawn salary × years as above.
 */

export const GRATUITY_CEILING_PAISE = 20_00_000_00;
export const GRATUITY_MIN_YEARS = 5;
/** Code on Social Security s.53(1) proviso with Industrial Relations Code s.2(o)(iii): a fixed-term employee after one year. */
export const GRATUITY_MIN_YEARS_FIXED_TERM = 1;
/** The day the labour codes came into force (Government of India, 21 November 2025). */
export const LABOUR_CODES_IN_FORCE_FROM = '2025-11-21';

export type ExitReason = 'resignation' | 'termination' | 'retirement' | 'death' | 'disablement';
export const EXIT_REASONS: readonly ExitReason[] = ['resignation', 'termination', 'retirement', 'death', 'disablement'];

export interface ServicePeriod {
  years: number;
  months: number;
  days: number;
}

function parts(date: IsoDate): [number, number, number] {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return [y, m, d];
}

/** The date `months` calendar months after `date`, on the same day or the month's last day. */
function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Continuous service from the date of joining to the last working day, both included, in whole
 * years, months and days: joining 1 April 2019, leaving 31 October 2026 = 7 years 7 months 0 days.
 */
export function computeServicePeriod(dateOfJoining: IsoDate, lastWorkingDay: IsoDate): ServicePeriod {
  if (!isIsoDate(dateOfJoining) || !isIsoDate(lastWorkingDay)) throw new RangeError('dates must be YYYY-MM-DD');
  if (lastWorkingDay < dateOfJoining) throw new RangeError('the last working day is before the date of joining');
  const end = addDaysToDate(lastWorkingDay, 1);
  let months = 0;
  while (addCalendarMonths(dateOfJoining, months + 1) <= end) months += 1;
  const anniversary = addCalendarMonths(dateOfJoining, months);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${anniversary}T00:00:00Z`)) / 86_400_000);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

export function servicePeriodText(p: ServicePeriod): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  return `${unit(p.years, 'year')} ${unit(p.months, 'month')} ${unit(p.days, 'day')}`;
}

/** s.4(2): completed years, plus one for a part year in excess of six months. */
export function gratuityYears(p: ServicePeriod): number {
  const overSixMonths = p.months > 6 || (p.months === 6 && p.days > 0);
  return p.years + (overSixMonths ? 1 : 0);
}

export interface GratuityInput {
  dateOfJoining: IsoDate;
  lastWorkingDay: IsoDate;
  reason: ExitReason;
  /**
   * Last drawn monthly wages: under the Code on Social Security the s.2(88) wages (codeWages), before
   * it the Act's basic + dearness allowance (s.2(s)).
   */
  monthlyWagesPaise: number;
  /** How those wages were reached (codeWages' lines), printed before the formula. */
  wagesExplanation?: readonly string[];
  /** A fixed-term employee: eligible after one year of service under the codes. */
  fixedTerm?: boolean;
  /** Gratuity already exempt u/s 10(10)(ii) in earlier years or from earlier employers (reduces the ₹20 lakh). */
  exemptionUsedBeforePaise?: number;
}

export interface GratuityResult {
  service: ServicePeriod;
  eligible: boolean;
  yearsCounted: number;
  amountPaise: number;
  exemptPaise: number;
  taxablePaise: number;
  explanation: string[];
  exemptionExplanation: string[];
}

export function computeGratuity(input: GratuityInput): GratuityResult {
  const service = computeServicePeriod(input.dateOfJoining, input.lastWorkingDay);
  const wage = input.monthlyWagesPaise;
  if (!Number.isSafeInteger(wage) || wage < 0) throw new RangeError('monthlyWagesPaise must be whole, non-negative paise');
  const underCodes = input.lastWorkingDay >= LABOUR_CODES_IN_FORCE_FROM;
  const law = underCodes ? 'Code on Social Security s.53' : 'Payment of Gratuity Act s.4';
  const fixedTerm = underCodes && input.fixedTerm === true;
  const minYears = fixedTerm ? GRATUITY_MIN_YEARS_FIXED_TERM : GRATUITY_MIN_YEARS;
  const noMinimum = input.reason === 'death' || input.reason === 'disablement';
  const eligible = noMinimum || service.years >= minYears;
  const serviceText = `Continuous service ${servicePeriodText(service)} (${formatDisplayDate(input.dateOfJoining)} to ${formatDisplayDate(input.lastWorkingDay)})`;
  if (!eligible) {
    return {
      service,
      eligible,
      yearsCounted: 0,
      amountPaise: 0,
      exemptPaise: 0,
      taxablePaise: 0,
      explanation: [
        serviceText,
        fixedTerm
          ? `Not payable: a fixed-term employee is paid gratuity after ${String(GRATUITY_MIN_YEARS_FIXED_TERM)} year of service (Code on Social Security s.53(1) proviso)`
          : `Not payable: less than ${String(GRATUITY_MIN_YEARS)} years of continuous service (${law}(1))`,
      ],
      exemptionExplanation: [],
    };
  }
  const years = gratuityYears(service);
  // Rounding point: the gratuity to the rupee, half up (payments are whole rupees).
  const formulaPaise = roundToRupees(mulDivPaise(wage * years, 15, 26), 1, 'halfUp');
  const amountPaise = Math.min(formulaPaise, GRATUITY_CEILING_PAISE);
  const explanation = [serviceText];
  if (noMinimum && service.years < minYears) explanation.push(`On ${input.reason} the ${String(minYears)}-year minimum does not apply (${law}(1), first proviso)`);
  else if (fixedTerm && service.years < GRATUITY_MIN_YEARS) {
    explanation.push(`Fixed-term employee: gratuity after ${String(GRATUITY_MIN_YEARS_FIXED_TERM)} year of service instead of ${String(GRATUITY_MIN_YEARS)} (Code on Social Security s.53(1) proviso)`);
  }
  explanation.push(
    years === service.years
      ? `Years counted: ${String(years)} completed years (a part year of six months or less is not counted, ${law}(2))`
      : `Years counted: ${String(years)} (${String(service.years)} completed years and a part year over six months, which counts as a year, ${law}(2))`,
  );
  if (underCodes) {
    explanation.push(...(input.wagesExplanation ?? []));
    explanation.push(`15/26 × last drawn wages ${formatRupees(wage)} × ${String(years)} years = ${formatRupees(formulaPaise)} (to the rupee)`);
  } else {
    explanation.push(`15/26 × last drawn basic + DA ${formatRupees(wage)} × ${String(years)} years = ${formatRupees(formulaPaise)} (to the rupee)`);
  }
  if (formulaPaise > GRATUITY_CEILING_PAISE) explanation.push(`Limited to the ceiling of ${formatRupees(GRATUITY_CEILING_PAISE)} (${law}(3))`);

  const usedBefore = input.exemptionUsedBeforePaise ?? 0;
  const limitLeft = Math.max(0, GRATUITY_CEILING_PAISE - usedBefore);
  const exemptPaise = Math.min(amountPaise, limitLeft, formulaPaise);
  const exemptionExplanation = [
    `Exempt u/s 10(10)(ii): the least of the gratuity ${formatRupees(amountPaise)}, the limit ${formatRupees(limitLeft)}${usedBefore > 0 ? ` (₹20,00,000 less ${formatRupees(usedBefore)} exempt before)` : ''} and 15/26 × salary × years ${formatRupees(formulaPaise)} = ${formatRupees(exemptPaise)}`,
  ];
  if (input.reason === 'death') exemptionExplanation.push('Paid to the nominee or legal heirs on death: not the employee\'s salary income, no TDS');
  const taxablePaise = input.reason === 'death' ? 0 : amountPaise - exemptPaise;
  exemptionExplanation.push(`Taxable gratuity ${formatRupees(taxablePaise)}`);
  return { service, eligible, yearsCounted: years, amountPaise, exemptPaise: amountPaise - taxablePaise, taxablePaise, explanation, exemptionExplanation };
}
