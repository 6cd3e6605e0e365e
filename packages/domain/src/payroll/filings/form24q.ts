import type { IsoDate } from '../../dates/calendar';
import type { IncomeTaxResult } from '../../tax/income-tax';
import type { TaxRegimeCode } from '../../tax/types';
import { ddmmyyyy, type FilingIssue, type FilingPerson } from './common';
import { rupeeText } from '../../money/inr';
import { matchChallans, type MonthDeposit, type TdsChallan } from './tds-challans';

/**
 * Form 24Q, the quarterly statement of TDS on salary (s.192, rule 31A; payroll-rules §4) as data an
 * administrator carries into the return preparation utility:
 *
 * - Annexure I, every quarter: one row per employee per month of the quarter — PAN, name, date of
 *   payment (the run's pay date), amount paid (gross), TDS deducted, and the challan it is
 *   reported under with what of it was deposited (tds-challans.ts matches them);
 * - Annexure II, in Q4 only: the full-year salary computation per employee, with the s.115BAC
 *   (new regime) flag.
 *
 * Validation lists what the return would be rejected or penalised for: a missing or malformed PAN
 * (deductions without a PAN are reported as PANNOTAVBL and attract s.206AA) and a negative taxable
 * income. Pure: amounts in paise in, paise out.
 */

export type Form24QQuarter = 1 | 2 | 3 | 4;

/** The months ('YYYY-MM') of a quarter of the financial year starting in April of `financialYearStart`. */
export function quarterMonths(financialYearStart: number, quarter: Form24QQuarter): string[] {
  const first = 4 + (quarter - 1) * 3;
  return [0, 1, 2].map((i) => {
    const m = first + i;
    const year = m > 12 ? financialYearStart + 1 : financialYearStart;
    return `${String(year)}-${String(m > 12 ? m - 12 : m).padStart(2, '0')}`;
  });
}

/** PAN: five letters, four digits, a letter (AAAPA1234A). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** TAN: four letters, five digits, a letter. */
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
/** What the return carries for a deductee without a PAN. */
export const PAN_NOT_AVAILABLE = 'PANNOTAVBL';

/** The PAN as the return carries it, and what is wrong with it. */
export function checkPan(raw: string | null): { pan: string; problem: string | null } {
  const pan = (raw ?? '').trim().toUpperCase();
  if (pan === '') return { pan: PAN_NOT_AVAILABLE, problem: 'PAN is missing: the return reports it as PANNOTAVBL and TDS is due at 20% or more (s.206AA)' };
  if (!PAN_PATTERN.test(pan)) return { pan, problem: `PAN ${pan} is not a valid PAN (five letters, four digits, a letter)` };
  return { pan, problem: null };
}

export interface Form24QPayment extends FilingPerson {
  pan: string | null;
  /** 'YYYY-MM' of the payroll month. */
  month: string;
  payDate: IsoDate;
  grossPaise: number;
  tdsPaise: number;
}

export interface Form24QAnnexureIRow extends FilingPerson {
  month: string;
  pan: string;
  /** dd/mm/yyyy. */
  dateOfPayment: string;
  dateOfDeduction: string;
  amountPaidPaise: number;
  tdsDeductedPaise: number;
  tdsDepositedPaise: number;
  /** The challan the row is reported under, or null when no challan of its month has room. */
  challanId: string | null;
}

export interface Form24QMonthTotal {
  month: string;
  deductees: number;
  amountPaidPaise: number;
  tdsDeductedPaise: number;
  tdsDepositedPaise: number;
}

/** The full-year computation of one employee, as computeTaxPosition gives it, and the TDS of the year's payslips. */
export interface Form24QYearInput extends FilingPerson {
  pan: string | null;
  regime: TaxRegimeCode;
  tax: Pick<IncomeTaxResult, 'grossSalaryPaise' | 'exemptionsPaise' | 'standardDeductionPaise' | 'professionalTaxPaise' | 'incomeFromSalaryPaise' | 'chapterVIAPaise' | 'taxableIncomePaise' | 'baseTaxPaise' | 'rebate87APaise' | 'surchargePaise' | 'cessPaise' | 'totalTaxPaise'>;
  tdsForYearPaise: number;
}

export interface Form24QAnnexureIIRow extends FilingPerson {
  pan: string;
  /** 'Y' when taxed under s.115BAC (new regime). */
  newRegime: 'Y' | 'N';
  grossSalaryPaise: number;
  exemptionsPaise: number;
  standardDeductionPaise: number;
  professionalTaxPaise: number;
  incomeFromSalaryPaise: number;
  chapterVIAPaise: number;
  taxableIncomePaise: number;
  taxPaise: number;
  rebatePaise: number;
  surchargePaise: number;
  cessPaise: number;
  totalTaxPaise: number;
  tdsPaise: number;
  /** Tax payable − TDS: positive is a shortfall, negative an excess. */
  balancePaise: number;
}

export interface Form24QInput {
  financialYearStart: number;
  quarter: Form24QQuarter;
  tan: string | null;
  /** Every finalized payslip of the quarter's months. */
  payments: readonly Form24QPayment[];
  /** The challans depositing the quarter's TDS: "deposited" comes from them. */
  challans: readonly TdsChallan[];
  /** Q4 only: each employee paid in the year. */
  year?: readonly Form24QYearInput[];
}

export interface Form24Q {
  months: string[];
  annexureI: Form24QAnnexureIRow[];
  monthTotals: Form24QMonthTotal[];
  totals: Omit<Form24QMonthTotal, 'month'>;
  annexureII: Form24QAnnexureIIRow[] | null;
  /** Deducted and deposited by month of the quarter, with the shortfall where the challans fall short. */
  deposits: MonthDeposit[];
  /** Organisation-level problems (TAN). */
  organisationErrors: string[];
  errors: FilingIssue[];
}

const person = (p: FilingPerson): FilingPerson => ({ userId: p.userId, employeeNumber: p.employeeNumber, name: p.name });

export function buildForm24Q(input: Form24QInput): Form24Q {
  const months = quarterMonths(input.financialYearStart, input.quarter);
  const errors: FilingIssue[] = [];
  const organisationErrors: string[] = [];
  const tan = (input.tan ?? '').trim().toUpperCase();
  if (tan === '') organisationErrors.push('The organisation has no TAN: add it in Organisation profile');
  else if (!TAN_PATTERN.test(tan)) organisationErrors.push(`TAN ${tan} is not a valid TAN (four letters, five digits, a letter)`);

  const flagged = new Set<string>();
  const flagPan = (p: FilingPerson & { pan: string | null }): string => {
    const { pan, problem } = checkPan(p.pan);
    if (problem && !flagged.has(p.userId)) {
      flagged.add(p.userId);
      errors.push({ ...person(p), field: 'pan', message: problem });
    }
    return pan;
  };

  const inQuarter = new Set(months);
  const annexureI = input.payments
    .filter((p) => inQuarter.has(p.month))
    .map((p) => ({ p, order: months.indexOf(p.month) }))
    .sort((a, b) => a.order - b.order)
    .map(({ p }): Form24QAnnexureIRow => {
      const date = ddmmyyyy(p.payDate);
      return { ...person(p), month: p.month, pan: flagPan(p), dateOfPayment: date, dateOfDeduction: date, amountPaidPaise: p.grossPaise, tdsDeductedPaise: p.tdsPaise, tdsDepositedPaise: 0, challanId: null };
    });
  const matched = matchChallans(
    annexureI.map((r, i) => ({ key: String(i), month: r.month, tdsPaise: r.tdsDeductedPaise })),
    input.challans,
  );
  matched.rows.forEach((m, i) => {
    const row = annexureI[i];
    if (row) Object.assign(row, { challanId: m.challanId, tdsDepositedPaise: m.depositedPaise });
  });
  const deposits = months.map((month) => matched.months.find((d) => d.month === month) ?? { month, deductedPaise: 0, depositedPaise: 0, shortfallPaise: 0 });

  const total = (rows: readonly Form24QAnnexureIRow[]) => ({
    deductees: new Set(rows.map((r) => r.userId)).size,
    amountPaidPaise: rows.reduce((s, r) => s + r.amountPaidPaise, 0),
    tdsDeductedPaise: rows.reduce((s, r) => s + r.tdsDeductedPaise, 0),
    tdsDepositedPaise: rows.reduce((s, r) => s + r.tdsDepositedPaise, 0),
  });
  const monthTotals = months.map((month) => ({ month, ...total(annexureI.filter((r) => r.month === month)) }));

  let annexureII: Form24QAnnexureIIRow[] | null = null;
  if (input.quarter === 4) {
    annexureII = (input.year ?? []).map((y): Form24QAnnexureIIRow => {
      const t = y.tax;
      if (t.taxableIncomePaise < 0) errors.push({ ...person(y), field: 'taxableIncome', message: `Taxable income is negative (${rupeeText(t.taxableIncomePaise)}): check the declaration's deductions and losses` });
      return {
        ...person(y),
        pan: flagPan(y),
        newRegime: y.regime === 1 ? 'Y' : 'N',
        grossSalaryPaise: t.grossSalaryPaise,
        exemptionsPaise: t.exemptionsPaise,
        standardDeductionPaise: t.standardDeductionPaise,
        professionalTaxPaise: t.professionalTaxPaise,
        incomeFromSalaryPaise: t.incomeFromSalaryPaise,
        chapterVIAPaise: t.chapterVIAPaise,
        taxableIncomePaise: t.taxableIncomePaise,
        taxPaise: t.baseTaxPaise,
        rebatePaise: t.rebate87APaise,
        surchargePaise: t.surchargePaise,
        cessPaise: t.cessPaise,
        totalTaxPaise: t.totalTaxPaise,
        tdsPaise: y.tdsForYearPaise,
        balancePaise: t.totalTaxPaise - y.tdsForYearPaise,
      };
    });
  }
  return { months, annexureI, monthTotals, totals: total(annexureI), annexureII, deposits, organisationErrors, errors };
}

/** Annexure I's columns, in order (docs/decisions/0124-form-24q-export.md). */
export const FORM24Q_ANNEXURE_I_HEADERS = [
  'Sl. No.',
  'Month',
  'Employee reference no.',
  'PAN of the employee',
  'Name of the employee',
  'Section code',
  'Date of payment/credit',
  'Date of deduction',
  'Amount paid/credited (₹)',
  'TDS deducted (₹)',
  'TDS deposited (₹)',
] as const;

/** Annexure II's columns, in order. */
export const FORM24Q_ANNEXURE_II_HEADERS = [
  'Sl. No.',
  'Employee reference no.',
  'PAN of the employee',
  'Name of the employee',
  'Taxed under s.115BAC (new regime) Y/N',
  'Gross salary (₹)',
  'Exemptions u/s 10 (₹)',
  'Standard deduction (₹)',
  'Professional tax (₹)',
  'Income chargeable under Salaries (₹)',
  'Chapter VI-A deductions (₹)',
  'Total taxable income (₹)',
  'Tax on total income (₹)',
  'Rebate u/s 87A (₹)',
  'Surcharge (₹)',
  'Health and education cess (₹)',
  'Tax payable (₹)',
  'TDS deducted in the year (₹)',
  'Shortfall (+) / excess (−) (₹)',
] as const;
