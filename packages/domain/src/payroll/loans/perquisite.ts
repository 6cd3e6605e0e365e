import { roundToRupees, toDecimal } from '../../money/arith';
import { formatRupees } from '../../money/inr';
import { formatRateBps, type LoanPurpose } from './schedule';

/**
 * The taxable value of an interest-free or concessional loan, s.17(2)(viii) read with rule 3(7)(i) of
 * the Income-tax Rules, for one month:
 *   interest at the rate State Bank of India charged on 1 April of the financial year for loans of
 *   the same purpose, on the maximum outstanding monthly balance (the balance on the month's last
 *   day), less the interest actually charged to the employee that month.
 * No value when the loans "do not exceed in the aggregate ₹20,000" (taken here as the original
 * amounts of the employee's loans outstanding in the month), nor for a loan for medical treatment
 * of the diseases in rule 3A. Rounded to the rupee, half up, each month.
 */

/** Rule 3(7)(i): petty loans up to this aggregate carry no perquisite. */
export const PETTY_LOANS_AGGREGATE_PAISE = 20_000_00;

export interface LoanPerquisiteInput {
  purpose: LoanPurpose;
  principalPaise: number;
  /** The SBI rate on 1 April of the year for the same purpose; null: none recorded. */
  sbiRateBps: number | null;
  /** Balance on the last day of the month (after this month's instalment, if recovered). */
  balanceEndPaise: number;
  /** Interest charged to the employee in the month (0 for an interest-free loan, or a deferred instalment). */
  interestChargedPaise: number;
}

export interface LoanPerquisite {
  perquisitePaise: number;
  explanation: string;
}

/** Whether the employee's loans, taken together, are petty (no perquisite on any of them). */
export function isPettyAggregate(loans: readonly { principalPaise: number }[]): boolean {
  return loans.reduce((s, l) => s + l.principalPaise, 0) <= PETTY_LOANS_AGGREGATE_PAISE;
}

/** One loan's value for one month, given whether the employee's loans are petty in aggregate. */
export function computeLoanPerquisite(loan: LoanPerquisiteInput, pettyAggregate: boolean): LoanPerquisite {
  if (pettyAggregate) return { perquisitePaise: 0, explanation: `Loans not above ${formatRupees(PETTY_LOANS_AGGREGATE_PAISE)} in aggregate: no perquisite (rule 3(7)(i))` };
  if (loan.purpose === 'medical') return { perquisitePaise: 0, explanation: 'Loan for medical treatment (diseases in rule 3A): no perquisite (rule 3(7)(i))' };
  if (loan.sbiRateBps === null) return { perquisitePaise: 0, explanation: 'No SBI rate recorded on the loan: perquisite not valued' };
  if (loan.balanceEndPaise <= 0) return { perquisitePaise: 0, explanation: 'Nothing outstanding at the month\'s end: no perquisite' };
  const notional = toDecimal(loan.balanceEndPaise).mul(loan.sbiRateBps).div(120_000);
  const value = Math.max(0, roundToRupees(notional.minus(loan.interestChargedPaise), 1, 'halfUp'));
  const notionalText = formatRupees(roundToRupees(notional, 1, 'halfUp'));
  const less = loan.interestChargedPaise > 0 ? `, less interest charged ${formatRupees(loan.interestChargedPaise)} = ${formatRupees(value)}` : '';
  return {
    perquisitePaise: value,
    explanation: `Perquisite s.17(2)(viii), rule 3(7)(i): balance ${formatRupees(loan.balanceEndPaise, { showPaise: 'auto' })} at the month's end × SBI rate ${formatRateBps(loan.sbiRateBps)} ÷ 12 = ${notionalText}${less}`,
  };
}
