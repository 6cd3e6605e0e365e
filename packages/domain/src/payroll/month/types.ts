import type { IsoDate } from '../../dates/calendar';
import type { EpfContribution, EpfSettings } from '../../statutory/epf';
import type { EsiContribution } from '../../statutory/esi';
import type { CodeWagesResult, StatutoryWageBase } from '../../statutory/code-wages';
import type { StatutoryGender } from '../../statutory/states';
import type { TaxAgeBand } from '../../tax/types';
import type { LoanInstalment, LoanPurpose } from '../loans/schedule';
import type { TaxDeclarationFigures } from '../../tax/tax-position';

/**
 * The one calculation path for pay (DESIGN §10): the input and output of `computeEmployeeMonth`.
 * Everything in paise (integers); days are multiples of 0.5. The run, the payslip, the salary-structure
 * preview, the public calculator and (later) Form 16 Part B all build this input and call that
 * function; nothing else computes pay.
 */

/** A recurring earning of the salary structure, at its full-month amount. */
export interface MonthEarningInput {
  /** Stable code (BASIC, HRA, …), used for variance by component and for the register columns. */
  code: string;
  /** As printed on the payslip ("name in payslip"). */
  name: string;
  /** Full-month amount, before proration. */
  monthlyPaise: number;
  /** Prorated by payable days ÷ period days (isProRateBasis). */
  proRata: boolean;
  /** EPF contribution type: 0 not counted, 1 always counted, 2 counted only while the PF wage is under the ceiling. */
  epfContributionType: 0 | 1 | 2;
  /** Counted in ESI wages (isConsideredForESI). */
  esiWage: boolean;
  /** Counted in taxable salary (isTaxableEarning). */
  taxable: boolean;
  /** Rule 2A's "salary" (basic) or the HRA itself, for the HRA exemption of a declared rent. */
  taxCategory?: 'basic' | 'hra';
  /**
   * Wages under the labour codes (Code on Wages s.2(y)): true for basic pay, dearness allowance and
   * retaining allowance; false (the default) for the excluded allowances. Read only where a wage base is 'codes'.
   */
  codeWage?: boolean;
}

/** A recurring deduction of the structure (e.g. NPS, loan recovery) at its monthly amount. */
export interface MonthDeductionInput {
  code: string;
  name: string;
  monthlyPaise: number;
  /** Pre-tax deductions reduce taxable salary (deductionType 3); post-tax do not. */
  preTax: boolean;
}

/** A one-time earning or deduction for this month only (bonus, incentive, loan recovery, other). */
export interface MonthAdjustmentInput {
  kind: 'earning' | 'deduction';
  category: 'bonus' | 'incentive' | 'loanRecovery' | 'other';
  label: string;
  amountPaise: number;
  /** Earnings: counted in taxable salary (added once to the year's projection, not every month). */
  taxable: boolean;
}

/**
 * An approved reimbursement claim paid with this month's salary. Expenses the employer
 * reimburses are not wages: never PF, ESI, PT or LWF wages; not taxable salary unless the claim's type
 * is marked taxable, and then counted in this month's taxable salary once (not projected).
 */
export interface MonthReimbursementInput {
  /** The claim's type, as printed ("Travel"). */
  typeName: string;
  amountPaise: number;
  /** 'YYYY-MM-DD' the claim was made. */
  claimedOn: string;
  taxable: boolean;
}

/**
 * A loan or advance being repaid: its schedule (computeLoanSchedule) and how many
 * instalments earlier months recovered. The month takes the next instalment when the pay left after
 * statutory deductions, TDS and the other deductions covers it, and defers it whole otherwise.
 */
export interface MonthLoanInput {
  loanId: string;
  /** As printed on the payslip: "Loan recovery", "Salary advance recovery". */
  label: string;
  purpose: LoanPurpose;
  principalPaise: number;
  annualRateBps: number;
  /** SBI's rate on 1 April of the financial year for the same purpose (rule 3(7)(i)); null: not recorded. */
  sbiRateBps: number | null;
  schedule: readonly LoanInstalment[];
  /** Instalments recovered in months before this one. */
  recoveredCount: number;
}

/** What the month did with a loan's instalment. */
export interface MonthLoanOutcome {
  loanId: string;
  instalmentNo: number;
  status: 'recovered' | 'deferred';
  /** 0 when deferred. */
  amountPaise: number;
  principalPaise: number;
  interestPaise: number;
  balanceAfterPaise: number;
  /** This month's taxable value of the loan, s.17(2)(viii) with rule 3(7)(i). */
  perquisitePaise: number;
}

export interface EmployeeMonthInput {
  /** 'YYYY-MM'. */
  month: string;
  /** The pay period (from payPeriodFor): both ends included; `days` is the proration base. */
  period: { start: IsoDate; end: IsoDate; days: number };
  /** From computePayableDays: payable + LOP + not-employed days = period days. */
  payableDays: number;
  lopDays: number;
  earnings: readonly MonthEarningInput[];
  deductions: readonly MonthDeductionInput[];
  adjustments: readonly MonthAdjustmentInput[];
  /**
   * Arrears of salary revisions for earlier, finalized months (computeArrears): paid in this month as
   * separate lines. Earnings count in this month's gross (so professional tax is on the gross
   * including them) and, when taxable, in this month's taxable salary once (s.15(b): salary of the
   * year received; not projected into later months); they are not this month's PF or ESI wages, whose
   * contributions on the arrears are the per-month differences given as deduction and employer lines.
   */
  arrears?: readonly MonthArrearsLine[];
  /** Approved claims not paid yet (reimbursements module): one line per taxability, each claim explained. */
  reimbursements?: readonly MonthReimbursementInput[];
  /** Loans and advances being repaid (their instalments and perquisite values). Default none. */
  loans?: readonly MonthLoanInput[];
  /** wageBase: what the PF wage is (the organisation's setting); default 'components'. */
  epf: { enabled: boolean; settings: EpfSettings; wageBase?: StatutoryWageBase };
  /**
   * forceCalculate: the employee's forceESICalc; coveredAtPeriodStart: covered at the start of the contribution period;
   * wageBase: what the contribution wages are (the organisation's setting; coverage is always tested on the ESI gross); default 'components'.
   */
  esi: { enabled: boolean; forceCalculate?: boolean; coveredAtPeriodStart?: boolean; wageBase?: StatutoryWageBase };
  /**
   * halfYearGrossPaise: half-yearly states (Tamil Nadu, Kerala) levy on the half year's income; the
   * caller passes it in the month the tax falls due. Default: this month's gross × 6.
   */
  professionalTax: { enabled: boolean; stateCode: string | null; halfYearGrossPaise?: number };
  lwf: { enabled: boolean; stateCode: string | null };
  gender: StatutoryGender;
  /** Age on the first day of the period (EPS stops at 58); null when unknown. */
  ageYears: number | null;
  tds: {
    enabled: boolean;
    /** '2026-27'. */
    financialYear: string;
    /** 0 Old, 1 New (DESIGN §5). */
    regime: 0 | 1;
    ageBand: TaxAgeBand;
    /**
     * Taxable salary already paid this financial year (finalized months before this one, a previous
     * employer's included): the Σ of earlier months' `taxableGrossPaise`, so already net of their
     * pre-tax deductions.
     */
    grossSoFarPaise: number;
    /** TDS already deducted this financial year. */
    tdsSoFarPaise: number;
    /** Months from this month to March, this month included (12 in April … 1 in March). */
    remainingMonths: number;
    /** Old regime only: professional tax for the year and Chapter VI-A deductions already known. Default 0. */
    deductionsForYearPaise?: number;
    /**
     * The employee's IT declaration for the year. When given, the year's tax is
     * computeTaxPosition on projectTaxSalaryYear (the path the declaration summary uses) and
     * `deductionsForYearPaise` is not used: professional tax and EPF come from here.
     */
    declaration?: MonthTdsDeclaration;
  };
}

export interface MonthTdsDeclaration {
  /** null: a declaration whose amounts do not count (a draft, a rejected one): its regime alone applies. */
  figures: TaxDeclarationFigures | null;
  /** Reviewed (allowed) amounts replace the declared ones. */
  useAllowed: boolean;
  /** Σ of the basic and HRA earnings paid this year so far, and the months they were paid in. */
  basicSoFarPaise: number;
  hraSoFarPaise: number;
  paidMonths: readonly string[];
  professionalTaxForYearPaise: number;
  employeeEpfForYearPaise: number;
  /** 'submitted', 'approved', … for the explanation. */
  statusText: string;
}

/** The payslip lines that pay approved reimbursement claims: expenses of the employment, not wages. */
export const REIMBURSEMENT_CODE = 'REIMBURSEMENT';
export const TAXABLE_REIMBURSEMENT_CODE = 'REIMBURSEMENT_TAXABLE';
export const REIMBURSEMENT_LINE_CODES: readonly string[] = [REIMBURSEMENT_CODE, TAXABLE_REIMBURSEMENT_CODE];

/** One printed line of the payslip with the lines that show how it was computed. */
export interface MonthLine {
  section: 'earning' | 'deduction' | 'employer';
  /** BASIC, HRA, …, EPF_EE, ESI_EE, PT, LWF_EE, TDS, EPF_ER, EPS_ER, EDLI, EPF_ADMIN, ESI_ER, LWF_ER, ADJ_…, DED_…, REIMBURSEMENT, REIMBURSEMENT_TAXABLE */
  code: string;
  label: string;
  amountPaise: number;
  /** e.g. ["Basic ₹30,000 × 28 of 30 payable days = ₹28,000"]. */
  explanation: string[];
}

/** An arrears line computed by computeArrears; `taxable` matters for earnings only. */
export interface MonthArrearsLine extends MonthLine {
  taxable: boolean;
}

export interface EmployeeMonthResult {
  periodDays: number;
  payableDays: number;
  lopDays: number;
  /** Σ earning lines (recurring prorated + one-time). */
  grossPaise: number;
  /** Σ deduction lines. */
  totalDeductionsPaise: number;
  /** gross − deductions. */
  netPaise: number;
  /** gross + Σ employer lines. */
  employerCostPaise: number;
  /**
   * Taxable salary of this month (what the next month adds to grossSoFar): the taxable earnings,
   * recurring and one-time, less this month's pre-tax deductions, never below 0, plus the month's
   * perquisite value of concessional loans.
   */
  taxableGrossPaise: number;
  tdsPaise: number;
  professionalTaxPaise: number;
  lwfEmployeePaise: number;
  lwfEmployerPaise: number;
  /** Wage bases the statutory returns need (ECR, ESIC). */
  wages: { pfWagePaise: number; epsWagePaise: number; edliWagePaise: number; esiWagePaise: number };
  /** This month's wages under the labour codes (recurring earnings as paid), whichever base PF and ESI use. */
  codeWages: CodeWagesResult;
  epf: EpfContribution | null;
  esi: EsiContribution | null;
  /** Earnings, then deductions, then employer contributions, in print order. */
  lines: MonthLine[];
  /** How this month's TDS was reached: projection, taxable income, annual tax, ÷ remaining months. */
  tdsExplanation: string[];
  /** Each loan's instalment this month (recovered or deferred). */
  loans: MonthLoanOutcome[];
  /** Σ this month's perquisite value of concessional loans (in taxableGrossPaise, not in gross pay). */
  perquisitesPaise: number;
}
