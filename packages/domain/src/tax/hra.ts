import { roundPaise, toDecimal } from '../money/arith';
import { checkTaxPaise } from './rules';

/**
 * HRA exemption, s.10(13A) with rule 2A (reference §7). The percentages are the rule's, not a
 * budget's, so they live here rather than in the year tables. Whether a city counts as metro is the
 * caller's flag (rule 2A: Delhi, Mumbai, Kolkata, Chennai; the draft Income-tax Rules 2026 would add
 * Bengaluru, Hyderabad, Pune and Ahmedabad, not final).
 */
const RENT_EXCESS_PERCENT = 10;
const METRO_PERCENT = 50;
const NON_METRO_PERCENT = 40;

/** Amounts for the same period (a month or the year). */
export interface TaxHraInput {
  hraReceivedPaise: number;
  /** "Salary" of rule 2A: basic + DA forming part of retirement benefits + turnover commission. */
  basicPlusDaPaise: number;
  rentPaidPaise: number;
  metro: boolean;
}

export interface TaxHraExemption {
  /** The least of the three limits below. */
  exemptPaise: number;
  hraReceivedPaise: number;
  /** Rent paid in excess of 10% of salary (never below 0). */
  rentInExcessPaise: number;
  /** 50% (metro) or 40% of salary. */
  salaryPercentPaise: number;
  salaryPercent: number;
  /** Which limit binds (the first of them on a tie, in the rule's order). */
  limitedBy: 'hraReceived' | 'rentInExcess' | 'salaryPercent';
}

export function computeHraExemption(input: TaxHraInput): TaxHraExemption {
  checkTaxPaise(input.hraReceivedPaise, 'hra.hraReceived');
  checkTaxPaise(input.basicPlusDaPaise, 'hra.basicPlusDa');
  checkTaxPaise(input.rentPaidPaise, 'hra.rentPaid');
  const salary = toDecimal(input.basicPlusDaPaise);
  const salaryPercent = input.metro ? METRO_PERCENT : NON_METRO_PERCENT;
  // Rounding point: both limits are taken down to the paisa, so an exemption never exceeds its limit.
  const rentInExcessPaise = Math.max(0, roundPaise(toDecimal(input.rentPaidPaise).minus(salary.mul(RENT_EXCESS_PERCENT).div(100)), 'down'));
  const salaryPercentPaise = roundPaise(salary.mul(salaryPercent).div(100), 'down');
  const candidates = [
    ['hraReceived', input.hraReceivedPaise],
    ['rentInExcess', rentInExcessPaise],
    ['salaryPercent', salaryPercentPaise],
  ] as const;
  let least: (typeof candidates)[number] = candidates[0];
  for (const candidate of candidates) if (candidate[1] < least[1]) least = candidate;
  return {
    exemptPaise: least[1],
    hraReceivedPaise: input.hraReceivedPaise,
    rentInExcessPaise,
    salaryPercentPaise,
    salaryPercent,
    limitedBy: least[0],
  };
}
