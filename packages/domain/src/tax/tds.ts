import { mulDivToRupees } from '../money/arith';
import { financialYearOf, isIsoDate } from '../dates/calendar';
import { checkTaxPaise, TaxInputError, taxRulesFor } from './rules';

/**
 * TDS on salary, s.192 (reference §8): tax is deducted each month at the average rate on the
 * estimated income of the year, i.e. (projected annual tax − TDS already deducted this year,
 * a previous employer's included) ÷ the months left including the current one.
 */

export interface TaxMonthlyTdsInput {
  /** The year's tax by computeIncomeTax on the projected income (totalTaxPaise). */
  projectedAnnualTaxPaise: number;
  /** TDS deducted so far this financial year, including a previous employer's (Form 12B). */
  tdsDeductedSoFarPaise: number;
  /** 12 in April … 1 in March. */
  remainingMonthsIncludingCurrent: number;
}

/**
 * This month's TDS. Never negative: an excess already deducted is refunded through the return, not
 * by the employer. Rounding point: the monthly figure goes to the nearest rupee, half up, because
 * payslip amounts are whole rupees (DESIGN §5) and the next month's recomputation absorbs the
 * difference; the last month (1 remaining) takes the exact remainder, so the year sums to the tax.
 */
export function computeMonthlyTds(input: TaxMonthlyTdsInput): number {
  checkTaxPaise(input.projectedAnnualTaxPaise, 'projectedAnnualTax');
  checkTaxPaise(input.tdsDeductedSoFarPaise, 'tdsDeductedSoFar');
  const months = input.remainingMonthsIncludingCurrent;
  if (!Number.isInteger(months) || months < 1 || months > 12) {
    throw new TaxInputError('remainingMonthsIncludingCurrent', 'remainingMonthsIncludingCurrent must be a whole number from 1 to 12');
  }
  const outstandingPaise = input.projectedAnnualTaxPaise - input.tdsDeductedSoFarPaise;
  if (outstandingPaise <= 0) return 0;
  if (months === 1) return outstandingPaise;
  const monthlyPaise = mulDivToRupees(outstandingPaise, 1, months, 'halfUp');
  return Math.min(monthlyPaise, outstandingPaise);
}

function checkMonth(month: string, field: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const monthNumber = m ? Number(m[2]) : 0;
  if (monthNumber < 1 || monthNumber > 12) throw new TaxInputError(field, `${field} must be a month 'YYYY-MM'`);
  return monthNumber;
}

/** Months from `month` ('YYYY-MM') to March, both included: April 12 … March 1. */
export function remainingMonthsInFinancialYear(month: string): number {
  const monthNumber = checkMonth(month, 'month');
  return monthNumber >= 4 ? 12 - monthNumber + 4 : 4 - monthNumber;
}

export interface TaxSalaryProjectionInput {
  financialYear: string;
  /** The payroll month being processed, 'YYYY-MM'. */
  month: string;
  /** 'YYYY-MM-DD'; months before joining are not projected. */
  dateOfJoining?: string;
  /** Salary paid by this employer in the year before `month`. */
  paidSoFarPaise: number;
  /** Gross for a full month at the current structure. */
  currentMonthlyGrossPaise: number;
}

export interface TaxSalaryProjection {
  projectedAnnualSalaryPaise: number;
  /** Months projected at currentMonthlyGross: from the later of `month` and the joining month to March. */
  monthsProjected: number;
  /** For computeMonthlyTds: months left from `month`, included. */
  remainingMonthsIncludingCurrent: number;
}

/**
 * Estimated salary of the year from this employer (s.192: "estimated income"): paid so far plus the
 * current monthly gross for each month left, counting only months from joining. The joining month is
 * projected at the full monthly gross; a prorated first month belongs to payroll, which reports it in
 * paidSoFar once paid.
 */
export function projectAnnualSalary(input: TaxSalaryProjectionInput): TaxSalaryProjection {
  taxRulesFor(input.financialYear);
  checkMonth(input.month, 'month');
  if (financialYearOf(`${input.month}-01`) !== input.financialYear) {
    throw new TaxInputError('month', `month ${input.month} is not in financial year ${input.financialYear}`);
  }
  checkTaxPaise(input.paidSoFarPaise, 'paidSoFar');
  checkTaxPaise(input.currentMonthlyGrossPaise, 'currentMonthlyGross');
  let startMonth = input.month;
  if (input.dateOfJoining !== undefined) {
    if (!isIsoDate(input.dateOfJoining)) throw new TaxInputError('dateOfJoining', "dateOfJoining must be a date 'YYYY-MM-DD'");
    const joiningMonth = input.dateOfJoining.slice(0, 7);
    if (joiningMonth > startMonth) startMonth = joiningMonth;
  }
  const monthsProjected = financialYearOf(`${startMonth}-01`) === input.financialYear ? remainingMonthsInFinancialYear(startMonth) : 0;
  return {
    projectedAnnualSalaryPaise: input.paidSoFarPaise + input.currentMonthlyGrossPaise * monthsProjected,
    monthsProjected,
    remainingMonthsIncludingCurrent: remainingMonthsInFinancialYear(input.month),
  };
}
