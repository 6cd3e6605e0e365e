import { roundToRupees, toDecimal } from '../../money/arith';

/**
 * Loans and advances to employees: the repayment schedule. Pure; amounts in
 * paise, the annual interest rate in basis points (850 = 8.50% a year), never a binary float.
 *
 * Rounding points, named:
 *  - the EMI to the rupee, half up (from the reducing-balance formula, or principal ÷ instalments
 *    when no interest is charged);
 *  - each month's interest to the rupee, half up, on the balance before the instalment;
 *  - the last instalment takes what is left, so Σ principal parts = the principal exactly.
 */

export const LOAN_KINDS = ['loan', 'advance'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** Purpose decides the SBI rate that values a concessional loan (rule 3(7)(i): "loans for the same purpose"). */
export const LOAN_PURPOSES = ['personal', 'vehicle', 'housing', 'education', 'medical', 'other'] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];

/** At most 20 years of monthly instalments. */
export const MAX_LOAN_INSTALMENTS = 240;
/** Rates from 0% to 50% a year, in basis points. */
export const MAX_LOAN_RATE_BPS = 5000;

export interface LoanInstalment {
  /** 1-based. */
  no: number;
  openingPaise: number;
  interestPaise: number;
  principalPaise: number;
  /** interest + principal: what the month deducts. */
  amountPaise: number;
  closingPaise: number;
}

export interface LoanTerms {
  principalPaise: number;
  annualRateBps: number;
  /** Number of monthly instalments; or give `emiPaise` and the schedule runs until the loan is repaid. */
  instalments?: number | undefined;
  emiPaise?: number | undefined;
}

function checkTerms(t: LoanTerms): void {
  if (!Number.isSafeInteger(t.principalPaise) || t.principalPaise <= 0) throw new RangeError('principalPaise must be a positive whole number of paise');
  if (!Number.isInteger(t.annualRateBps) || t.annualRateBps < 0 || t.annualRateBps > MAX_LOAN_RATE_BPS) throw new RangeError(`annualRateBps must be a whole number from 0 to ${String(MAX_LOAN_RATE_BPS)}`);
  const hasN = t.instalments !== undefined;
  const hasEmi = t.emiPaise !== undefined;
  if (hasN === hasEmi) throw new RangeError('give either instalments or emiPaise');
  if (hasN && (!Number.isInteger(t.instalments) || (t.instalments ?? 0) < 1 || (t.instalments ?? 0) > MAX_LOAN_INSTALMENTS)) {
    throw new RangeError(`instalments must be a whole number from 1 to ${String(MAX_LOAN_INSTALMENTS)}`);
  }
  if (hasEmi && (!Number.isSafeInteger(t.emiPaise) || (t.emiPaise ?? 0) <= 0)) throw new RangeError('emiPaise must be a positive whole number of paise');
}

/** Monthly rate as a decimal fraction: bps ÷ 10,000 ÷ 12. */
function monthlyRate(annualRateBps: number) {
  return toDecimal(annualRateBps).div(120_000);
}

/**
 * EMI = P·r·(1+r)^N ÷ ((1+r)^N − 1), r the monthly rate (interest on the reducing balance); P ÷ N when
 * no interest is charged. Rounded to the rupee, half up.
 */
export function computeEmi(principalPaise: number, annualRateBps: number, instalments: number): number {
  checkTerms({ principalPaise, annualRateBps, instalments });
  const r = monthlyRate(annualRateBps);
  const exact = r.isZero() ? toDecimal(principalPaise).div(instalments) : toDecimal(principalPaise).mul(r).mul(r.plus(1).pow(instalments)).div(r.plus(1).pow(instalments).minus(1));
  const emi = roundToRupees(exact, 1, 'halfUp');
  if (emi <= 0) throw new RangeError('the instalment comes to less than a rupee');
  return emi;
}

/**
 * The whole schedule: with `instalments`, the EMI from the formula and the N-th instalment taking
 * what is left (it may end a month early when the rupee rounding has repaid the loan already); with
 * `emiPaise`, that EMI every month until the loan is repaid, the last instalment smaller. An EMI that
 * does not cover the first month's interest never repays the loan and is refused.
 */
export function computeLoanSchedule(terms: LoanTerms): LoanInstalment[] {
  checkTerms(terms);
  const r = monthlyRate(terms.annualRateBps);
  const n = terms.instalments;
  const emi = terms.emiPaise ?? computeEmi(terms.principalPaise, terms.annualRateBps, n ?? 1);
  const rows: LoanInstalment[] = [];
  let balance = terms.principalPaise;
  for (let no = 1; ; no++) {
    if (no > MAX_LOAN_INSTALMENTS) throw new RangeError(`the EMI does not repay the loan within ${String(MAX_LOAN_INSTALMENTS)} instalments`);
    const interest = roundToRupees(toDecimal(balance).mul(r), 1, 'halfUp');
    if (no === n || balance + interest <= emi) {
      rows.push({ no, openingPaise: balance, interestPaise: interest, principalPaise: balance, amountPaise: balance + interest, closingPaise: 0 });
      return rows;
    }
    const principal = emi - interest;
    if (principal <= 0) throw new RangeError('the EMI does not cover the interest: the loan would never be repaid');
    rows.push({ no, openingPaise: balance, interestPaise: interest, principalPaise: principal, amountPaise: emi, closingPaise: balance - principal });
    balance -= principal;
  }
}

/** The instalment due after `recoveredCount` recoveries, or null when the loan is repaid. */
export function nextLoanInstalment(schedule: readonly LoanInstalment[], recoveredCount: number): LoanInstalment | null {
  if (!Number.isInteger(recoveredCount) || recoveredCount < 0) throw new RangeError('recoveredCount must be a whole number');
  return schedule[recoveredCount] ?? null;
}

/** Balance outstanding after `recoveredCount` recoveries. */
export function loanBalanceAfter(principalPaise: number, schedule: readonly LoanInstalment[], recoveredCount: number): number {
  if (recoveredCount <= 0) return principalPaise;
  return schedule[Math.min(recoveredCount, schedule.length) - 1]?.closingPaise ?? principalPaise;
}

/** 850 → "8.50%". */
export function formatRateBps(bps: number): string {
  return `${String(Math.trunc(bps / 100))}.${String(bps % 100).padStart(2, '0')}%`;
}

/** A rate in percent as entered (8.5) to basis points (850), exactly; more than two decimals is refused. */
export function percentToBps(percent: number): number {
  const bps = toDecimal(percent).mul(100);
  if (!bps.isInteger()) throw new RangeError('more than two decimal places');
  return bps.toNumber();
}

export function isPercentRate(percent: number): boolean {
  try {
    const bps = percentToBps(percent);
    return bps >= 0 && bps <= MAX_LOAN_RATE_BPS;
  } catch {
    return false;
  }
}
