import type { IsoDate } from '../../dates/calendar';
import { isIsoDate } from '../../dates/calendar';
import { mulDivPaise, roundToRupees } from '../../money/arith';
import { rupeeText } from '../../money/inr';
import { computeIncomeTax, type IncomeTaxResult } from '../../tax/income-tax';
import { isTaxFinancialYear } from '../../tax/rules';
import type { TaxAgeBand } from '../../tax/types';
import { computeGratuity, LABOUR_CODES_IN_FORCE_FROM, type ExitReason, type GratuityResult } from './gratuity';
import { codeWages } from '../../statutory/code-wages';

/**
 * Full-and-final settlement of an exiting employee: one pure function from the
 * exit's facts to the statement's lines, each with its explanation. The final month's salary is not
 * part of it: the payroll run pays it, prorated to the last working day.
 *
 * Rules and the bases we chose (docs/decisions/0082-settlement-figures.md):
 *  - Notice period: shortfall = required − served days. On resignation the employee pays for it
 *    (recovered); on termination the employer pays in lieu of notice (taxable, s.17(3)(i)); on
 *    retirement, death or disablement no notice applies. Per-day rate = monthly gross ÷ 30.
 *  - Leave encashment: balance of encashable leave types × (basic + DA) ÷ 30 per day. Exempt u/s
 *    10(10AA)(ii) (non-government employee) up to the least of ₹25,00,000 (CBDT notification 31/2023,
 *    from 1 April 2023, less earlier exemptions), the amount, 10 months' average salary and the cash
 *    equivalent of at most 30 days' leave per completed year of service; on death, paid to the heirs,
 *    it is not salary income at all.
 *  - Gratuity: gratuity.ts (Payment of Gratuity Act s.4; exemption s.10(10)(ii)).
 *  - Pending reimbursements and the loan balance are inputs (their modules pass them).
 *  - TDS (s.192): the year's tax on the salary of the year through the last working day plus the
 *    settlement's taxable part, less the year's tax on the salary alone (which the salary's own TDS
 *    covers), both by the tax engine (computeIncomeTax) the month calculation uses.
 */

export interface SettlementLeaveInput {
  code: string;
  name: string;
  /** Days to credit (halves allowed). */
  balanceDays: number;
}

export interface SettlementInput {
  dateOfJoining: IsoDate;
  lastWorkingDay: IsoDate;
  reason: ExitReason;
  /** Last drawn full-month amounts of the salary structure. */
  monthlyBasicPaise: number;
  monthlyDaPaise: number;
  monthlyGrossPaise: number;
  /**
   * The other last drawn full-month earnings (HRA, allowances): excluded from the labour codes' wages,
   * but added back where they exceed one-half of all remuneration (Code on Social Security s.2(88)).
   * Gratuity is on those wages. Default none: wages = basic + DA.
   */
  monthlyExcludedEarnings?: readonly { name: string; amountPaise: number }[];
  /** A fixed-term employee (the employment type's setting): gratuity after one year under the codes. */
  fixedTerm?: boolean;
  notice: { requiredDays: number; servedDays: number };
  /** Encashable leave types only. */
  leave: readonly SettlementLeaveInput[];
  /** Approved reimbursement claims not paid yet (0 where reimbursements are not connected). */
  pendingReimbursementsPaise: number;
  /** Outstanding balance of the employee's loans and advances, recovered in full. */
  loanBalancePaise: number;
  /** Shown with the loan line: where the balance came from. */
  loanExplanation?: string;
  reimbursementExplanation?: string;
  priorExemptions?: { gratuityPaise?: number; leaveEncashmentPaise?: number };
  tax: {
    enabled: boolean;
    financialYear: string;
    /** 0 Old, 1 New. */
    regime: 0 | 1;
    ageBand: TaxAgeBand;
    /** Taxable salary of the year from this employer through the last working day (finalized months and the final month). */
    salaryForYearPaise: number;
    /** How that figure was reached (printed with the TDS line). */
    salaryExplanation?: readonly string[];
    /** Old regime: professional tax and Chapter VI-A known for the year. */
    deductionsForYearPaise?: number;
  };
}

export type SettlementLineCode = 'NOTICE_PAY' | 'LEAVE_ENCASHMENT' | 'GRATUITY' | 'REIMBURSEMENTS' | 'NOTICE_RECOVERY' | 'LOAN_RECOVERY' | 'TDS';

export interface SettlementLine {
  code: SettlementLineCode;
  section: 'payable' | 'recovery';
  label: string;
  amountPaise: number;
  explanation: string[];
}

export interface SettlementResult {
  service: GratuityResult['service'];
  lines: SettlementLine[];
  payablePaise: number;
  recoveriesPaise: number;
  /** payable − recoveries; negative when the employee owes the organisation. */
  netPaise: number;
  /** The settlement's part in total income: notice pay, taxable encashment and gratuity. */
  taxablePaise: number;
  exemptPaise: number;
  tdsPaise: number;
  gratuity: { eligible: boolean; yearsCounted: number; amountPaise: number; exemptPaise: number };
  leaveEncashment: { days: number; amountPaise: number; exemptPaise: number };
  notice: { shortfallDays: number; perDayPaise: number; direction: 'recover' | 'pay' | 'none' };
}

export const LEAVE_ENCASHMENT_EXEMPTION_LIMIT_PAISE = 25_00_000_00;
/** Days in a month for the per-day rates (notice and leave): the calendar-neutral 30 many employers use. */
export const SETTLEMENT_DAY_BASIS = 30;

const rupee = (paise: number) => roundToRupees(paise, 1, 'halfUp');
const dayText = (n: number) => `${String(n)} day${n === 1 ? '' : 's'}`;

function isHalfDays(n: number): boolean {
  return Number.isFinite(n) && n >= 0 && Number.isInteger(n * 2);
}

function checkPaise(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${field} must be a whole, non-negative number of paise`);
}

function validate(input: SettlementInput): void {
  if (!isIsoDate(input.dateOfJoining) || !isIsoDate(input.lastWorkingDay)) throw new RangeError('dates must be YYYY-MM-DD');
  if (input.lastWorkingDay < input.dateOfJoining) throw new RangeError('the last working day is before the date of joining');
  checkPaise(input.monthlyBasicPaise, 'monthlyBasicPaise');
  checkPaise(input.monthlyDaPaise, 'monthlyDaPaise');
  checkPaise(input.monthlyGrossPaise, 'monthlyGrossPaise');
  input.monthlyExcludedEarnings?.forEach((e, i) => {
    checkPaise(e.amountPaise, `monthlyExcludedEarnings[${String(i)}].amountPaise`);
  });
  checkPaise(input.pendingReimbursementsPaise, 'pendingReimbursementsPaise');
  checkPaise(input.loanBalancePaise, 'loanBalancePaise');
  for (const [k, v] of Object.entries(input.notice)) if (!Number.isInteger(v) || v < 0) throw new RangeError(`notice.${k} must be a whole number of days`);
  input.leave.forEach((l, i) => {
    if (!isHalfDays(l.balanceDays)) throw new RangeError(`leave[${String(i)}].balanceDays must be a non-negative multiple of 0.5`);
  });
  checkPaise(input.tax.salaryForYearPaise, 'tax.salaryForYearPaise');
  if (input.tax.enabled && !isTaxFinancialYear(input.tax.financialYear)) throw new RangeError(`tax.financialYear '${input.tax.financialYear}' has no income-tax rules`);
}

function taxOn(input: SettlementInput, grossSalaryPaise: number): IncomeTaxResult {
  const t = input.tax;
  if (!isTaxFinancialYear(t.financialYear)) throw new RangeError(`tax.financialYear '${t.financialYear}' has no income-tax rules`);
  const known = t.regime === 0 ? (t.deductionsForYearPaise ?? 0) : 0;
  return computeIncomeTax({ financialYear: t.financialYear, regime: t.regime, ageBand: t.ageBand, grossSalaryPaise: Math.max(0, grossSalaryPaise - known) });
}

export function computeSettlement(input: SettlementInput): SettlementResult {
  validate(input);
  const lines: SettlementLine[] = [];
  const basicDaPaise = input.monthlyBasicPaise + input.monthlyDaPaise;
  const basicDaText = `basic ${rupeeText(input.monthlyBasicPaise)}${input.monthlyDaPaise > 0 ? ` + DA ${rupeeText(input.monthlyDaPaise)}` : ''}`;

  // --- notice period ----------------------------------------------------------------------------
  const shortfallDays = Math.max(0, input.notice.requiredDays - input.notice.servedDays);
  const perDayNoticePaise = mulDivPaise(input.monthlyGrossPaise, 1, SETTLEMENT_DAY_BASIS);
  const noticeApplies = input.reason === 'resignation' || input.reason === 'termination';
  const direction: SettlementResult['notice']['direction'] = !noticeApplies || shortfallDays === 0 ? 'none' : input.reason === 'resignation' ? 'recover' : 'pay';
  const noticeAmountPaise = direction === 'none' ? 0 : rupee(mulDivPaise(input.monthlyGrossPaise, shortfallDays, SETTLEMENT_DAY_BASIS));
  const noticeBase = [
    `Notice period required ${dayText(input.notice.requiredDays)}, served ${dayText(input.notice.servedDays)}: shortfall ${dayText(shortfallDays)}`,
    `Per-day rate: monthly gross ${rupeeText(input.monthlyGrossPaise)} ÷ ${String(SETTLEMENT_DAY_BASIS)} = ${rupeeText(perDayNoticePaise)}`,
    `${rupeeText(input.monthlyGrossPaise)} × ${String(shortfallDays)} ÷ ${String(SETTLEMENT_DAY_BASIS)} = ${rupeeText(noticeAmountPaise)} (to the rupee)`,
  ];
  if (direction === 'pay') {
    lines.push({ code: 'NOTICE_PAY', section: 'payable', label: 'Pay in lieu of notice', amountPaise: noticeAmountPaise, explanation: [...noticeBase, 'Employment ended by the employer before the notice ran out: paid to the employee; taxable as profits in lieu of salary (s.17(3))'] });
  }

  // --- leave encashment ---------------------------------------------------------------------------
  const encashDays = input.leave.reduce((sum, l) => sum + l.balanceDays, 0);
  const encashPaise = rupee(mulDivPaise(basicDaPaise, encashDays * 2, SETTLEMENT_DAY_BASIS * 2));
  // Gratuity on the last drawn wages: the codes' wages from the last working day they are in force, else basic + DA.
  const wages = codeWages([
    { name: 'Basic', amountPaise: input.monthlyBasicPaise, kind: 'wage' },
    ...(input.monthlyDaPaise > 0 ? [{ name: 'DA', amountPaise: input.monthlyDaPaise, kind: 'wage' as const }] : []),
    ...(input.monthlyExcludedEarnings ?? []).map((e) => ({ name: e.name, amountPaise: e.amountPaise, kind: 'excluded' as const })),
  ]);
  const underCodes = input.lastWorkingDay >= LABOUR_CODES_IN_FORCE_FROM;
  const service = computeGratuity({
    dateOfJoining: input.dateOfJoining,
    lastWorkingDay: input.lastWorkingDay,
    reason: input.reason,
    monthlyWagesPaise: underCodes ? wages.wagesPaise : basicDaPaise,
    ...(underCodes ? { wagesExplanation: wages.explanation } : {}),
    ...(input.fixedTerm !== undefined ? { fixedTerm: input.fixedTerm } : {}),
    exemptionUsedBeforePaise: input.priorExemptions?.gratuityPaise ?? 0,
  });
  let encashExemptPaise = 0;
  const encashExplanation = [
    ...input.leave.map((l) => `${l.name} (${l.code}): ${String(l.balanceDays)} days to credit`),
    `Per-day rate: ${input.monthlyDaPaise > 0 ? `${basicDaText} = ${rupeeText(basicDaPaise)}` : basicDaText} ÷ ${String(SETTLEMENT_DAY_BASIS)} = ${rupeeText(mulDivPaise(basicDaPaise, 1, SETTLEMENT_DAY_BASIS))}`,
    `${rupeeText(basicDaPaise)} × ${String(encashDays)} days ÷ ${String(SETTLEMENT_DAY_BASIS)} = ${rupeeText(encashPaise)} (to the rupee)`,
  ];
  if (input.leave.length === 0) encashExplanation.unshift('No encashable leave type has a balance');
  if (encashPaise > 0) {
    if (input.reason === 'death') {
      encashExemptPaise = encashPaise;
      encashExplanation.push('Paid to the legal heirs on death: not the employee\'s salary income, no TDS');
    } else {
      const usedBefore = input.priorExemptions?.leaveEncashmentPaise ?? 0;
      const limitPaise = Math.max(0, LEAVE_ENCASHMENT_EXEMPTION_LIMIT_PAISE - usedBefore);
      const tenMonthsPaise = basicDaPaise * 10;
      const creditCapDays = Math.min(encashDays, 30 * service.service.years);
      const creditCapPaise = rupee(mulDivPaise(basicDaPaise, creditCapDays * 2, SETTLEMENT_DAY_BASIS * 2));
      encashExemptPaise = Math.min(encashPaise, limitPaise, tenMonthsPaise, creditCapPaise);
      encashExplanation.push(
        `Exempt u/s 10(10AA)(ii): the least of the amount ${rupeeText(encashPaise)}, the limit ${rupeeText(limitPaise)}, 10 months' average salary (basic + DA) ${rupeeText(tenMonthsPaise)} and ${String(creditCapDays)} days' leave at most 30 per completed year of service (${String(service.service.years)} years) ${rupeeText(creditCapPaise)} = ${rupeeText(encashExemptPaise)}`,
        `Taxable leave encashment ${rupeeText(encashPaise - encashExemptPaise)}`,
      );
    }
    lines.push({ code: 'LEAVE_ENCASHMENT', section: 'payable', label: 'Leave encashment', amountPaise: encashPaise, explanation: encashExplanation });
  }

  // --- gratuity -----------------------------------------------------------------------------------
  const gratuity = service;
  if (gratuity.amountPaise > 0) {
    lines.push({ code: 'GRATUITY', section: 'payable', label: 'Gratuity', amountPaise: gratuity.amountPaise, explanation: [...gratuity.explanation, ...gratuity.exemptionExplanation] });
  }

  // --- reimbursements -----------------------------------------------------------------------------
  lines.push({
    code: 'REIMBURSEMENTS',
    section: 'payable',
    label: 'Pending reimbursements',
    amountPaise: input.pendingReimbursementsPaise,
    explanation: [input.reimbursementExplanation ?? `Approved claims not yet paid ${rupeeText(input.pendingReimbursementsPaise)}`, 'Reimbursement of expenses: not income'],
  });

  // --- recoveries ---------------------------------------------------------------------------------
  if (direction === 'recover') {
    lines.push({ code: 'NOTICE_RECOVERY', section: 'recovery', label: 'Notice period shortfall recovery', amountPaise: noticeAmountPaise, explanation: [...noticeBase, 'The employee resigned without serving the full notice: recovered from the settlement (it does not reduce taxable salary)'] });
  }
  lines.push({
    code: 'LOAN_RECOVERY',
    section: 'recovery',
    label: 'Loan and advance balance',
    amountPaise: input.loanBalancePaise,
    explanation: [input.loanExplanation ?? `Outstanding balance recovered in full ${rupeeText(input.loanBalancePaise)}`],
  });

  // --- TDS, s.192 ---------------------------------------------------------------------------------
  const noticePayTaxable = direction === 'pay' ? noticeAmountPaise : 0;
  const taxablePaise = noticePayTaxable + (encashPaise - encashExemptPaise) + gratuity.taxablePaise;
  const exemptPaise = encashExemptPaise + gratuity.exemptPaise;
  const payableBeforeTds = lines.filter((l) => l.section === 'payable').reduce((s, l) => s + l.amountPaise, 0);
  const otherRecoveries = lines.filter((l) => l.section === 'recovery').reduce((s, l) => s + l.amountPaise, 0);
  let tdsPaise = 0;
  const t = input.tax;
  if (t.enabled) {
    const salary = t.salaryForYearPaise;
    const without = taxOn(input, salary);
    const withSettlement = taxOn(input, salary + taxablePaise);
    const duePaise = Math.max(0, withSettlement.totalTaxPaise - without.totalTaxPaise);
    const availablePaise = Math.max(0, payableBeforeTds - otherRecoveries);
    tdsPaise = Math.min(duePaise, roundToRupees(availablePaise, 1, 'down'));
    const regimeText = t.regime === 0 ? 'old regime' : 'new regime';
    const explanation = [
      `FY ${t.financialYear}, ${regimeText}: the year's tax with the settlement less the year's tax on the salary alone (s.192)`,
      ...(t.salaryExplanation ?? []),
      `Taxable salary of the year through the last working day ${rupeeText(salary)}`,
      `Taxable part of the settlement ${rupeeText(taxablePaise)} (pay in lieu of notice ${rupeeText(noticePayTaxable)}, leave encashment ${rupeeText(encashPaise - encashExemptPaise)}, gratuity ${rupeeText(gratuity.taxablePaise)}); exempt ${rupeeText(exemptPaise)}`,
    ];
    if (t.regime === 0 && (t.deductionsForYearPaise ?? 0) > 0) explanation.push(`Less deductions known for the year (professional tax, Chapter VI-A) ${rupeeText(t.deductionsForYearPaise ?? 0)}`);
    explanation.push(
      `Tax for the year on the salary alone: taxable income ${rupeeText(without.taxableIncomePaise)}, tax ${rupeeText(without.totalTaxPaise)}`,
      `Tax for the year with the settlement: taxable income ${rupeeText(withSettlement.taxableIncomePaise)}, tax ${rupeeText(withSettlement.totalTaxPaise)}`,
      `TDS on the settlement ${rupeeText(withSettlement.totalTaxPaise)} − ${rupeeText(without.totalTaxPaise)} = ${rupeeText(duePaise)}`,
    );
    if (tdsPaise < duePaise) explanation.push(`Limited to the amount left to pay, ${rupeeText(tdsPaise)}`);
    lines.push({ code: 'TDS', section: 'recovery', label: 'Income Tax (TDS)', amountPaise: tdsPaise, explanation });
  }

  const payablePaise = payableBeforeTds;
  const recoveriesPaise = otherRecoveries + tdsPaise;
  return {
    service: gratuity.service,
    lines,
    payablePaise,
    recoveriesPaise,
    netPaise: payablePaise - recoveriesPaise,
    taxablePaise,
    exemptPaise,
    tdsPaise,
    gratuity: { eligible: gratuity.eligible, yearsCounted: gratuity.yearsCounted, amountPaise: gratuity.amountPaise, exemptPaise: gratuity.exemptPaise },
    leaveEncashment: { days: encashDays, amountPaise: encashPaise, exemptPaise: encashExemptPaise },
    notice: { shortfallDays, perDayPaise: perDayNoticePaise, direction },
  };
}
