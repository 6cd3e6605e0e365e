import { mulDivPaise, percentOfPaise, percentToRupees, roundToRupees } from '../../money/arith';
import { rupeeText } from '../../money/inr';
import { firstDayOfMonth } from '../../statutory/effective-dated';
import { computeEpf, epfRatesFor, type EpfContribution } from '../../statutory/epf';
import { computeEsi, esiRatesFor, type EsiContribution } from '../../statutory/esi';
import { codeWages, type CodeWageComponent } from '../../statutory/code-wages';
import { labourWelfareFundFor, labourWelfareFundTableFor } from '../../statutory/labour-welfare-fund';
import { professionalTaxFor, professionalTaxTableFor, ptIncomeBasisOf } from '../../statutory/professional-tax';
import { INDIAN_STATE_NAMES, isIndianStateCode } from '../../statutory/states';
import { computeIncomeTax } from '../../tax/income-tax';
import { isTaxFinancialYear } from '../../tax/rules';
import { computeMonthlyTds } from '../../tax/tds';
import { computeLoanPerquisite, isPettyAggregate } from '../loans/perquisite';
import { formatRateBps, nextLoanInstalment } from '../loans/schedule';
import { computeTaxPosition, projectTaxSalaryYear, type TaxPosition } from '../../tax/tax-position';
import { prorateEarning } from '../periods/payable-days';
import { formatDisplayDate } from '../../dates/calendar';
import { REIMBURSEMENT_CODE, TAXABLE_REIMBURSEMENT_CODE, type EmployeeMonthInput, type EmployeeMonthResult, type MonthAdjustmentInput, type MonthLine, type MonthLoanOutcome } from './types';

/** The payslip line of a loan or advance instalment (one per loan; the journal maps the code to its account). */
export const LOAN_RECOVERY_CODE = 'LOAN_RECOVERY';

/**
 * One employee's month (DESIGN §10): the one function the run, the payslip, the
 * salary-structure preview and the public calculator call. Pure; all amounts in paise; every amount
 * it returns is a whole rupee. Rounding points, in order:
 *  - each earning to the rupee, half up (prorated ones by `prorateEarning`, straight from the exact
 *    amount × payable ÷ period days; amounts given with paise are taken to the rupee the same way);
 *  - EPF, EPS, EDLI and admin charges each to the rupee, half up (computeEpf; india-tax-rules §10);
 *  - ESI shares each UP to the next rupee (computeEsi; ESI (Central) Rules r.51, §11);
 *  - professional tax and LWF are whole-rupee slab amounts;
 *  - the year's tax per s.288A/288B (computeIncomeTax) and this month's TDS to the nearest rupee
 *    (computeMonthlyTds);
 *  - recurring and one-time deductions to the rupee, half up; reimbursement lines (Σ claims) likewise;
 *  - loan instalments are whole rupees by their schedule (computeLoanSchedule), and the perquisite
 *    of a concessional loan is rounded to the rupee each month (computeLoanPerquisite).
 * Lines with a zero amount are left out, except TDS, which is always printed while TDS is on so the
 * payslip says why it is nil (e.g. the 87A rebate).
 */

const ZERO = 0;

/** Component amounts to the rupee, half up (DESIGN §5 "component amounts to the rupee"). */
function rupee(amountPaise: number): number {
  return roundToRupees(amountPaise, 1, 'halfUp');
}

/** `base × percent%` shown to the paisa, then the rupee figure the rule rounded it to. */
function rateText(what: string, basePaise: number, percent: string, resultPaise: number, roundedHow: string): string {
  const exactPaise = percentOfPaise(basePaise, percent, 'halfUp');
  const tail = exactPaise === resultPaise ? `= ${rupeeText(resultPaise)}` : `= ${rupeeText(exactPaise)}, ${roundedHow} to ${rupeeText(resultPaise)}`;
  return `${what} ${rupeeText(basePaise)} × ${percent}% ${tail}`;
}

function isHalfDays(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 2);
}

function checkPaise(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${field} must be a whole, non-negative number of paise`);
}

function validate(input: EmployeeMonthInput): void {
  firstDayOfMonth(input.month);
  const { days } = input.period;
  if (!Number.isInteger(days) || days <= 0) throw new RangeError('period.days must be a positive whole number');
  if (!isHalfDays(input.payableDays) || input.payableDays < 0 || input.payableDays > days) {
    throw new RangeError('payableDays must be a multiple of 0.5 from 0 to the period days');
  }
  if (!isHalfDays(input.lopDays) || input.lopDays < 0 || input.payableDays + input.lopDays > days) {
    throw new RangeError('lopDays must be a multiple of 0.5, and payable + LOP days at most the period days');
  }
  input.earnings.forEach((e, i) => {
    checkPaise(e.monthlyPaise, `earnings[${String(i)}].monthlyPaise`);
  });
  input.deductions.forEach((d, i) => {
    checkPaise(d.monthlyPaise, `deductions[${String(i)}].monthlyPaise`);
  });
  input.adjustments.forEach((a, i) => {
    checkPaise(a.amountPaise, `adjustments[${String(i)}].amountPaise`);
  });
  if (input.ageYears !== null && (!Number.isInteger(input.ageYears) || input.ageYears < 0)) throw new RangeError('ageYears must be a whole number or null');
  input.arrears?.forEach((a, i) => {
    // A revision downwards gives negative arrears (a recovery); any amount is a whole number of paise.
    if (!Number.isSafeInteger(a.amountPaise)) throw new RangeError(`arrears[${String(i)}].amountPaise must be a whole number of paise`);
  });
  input.reimbursements?.forEach((r, i) => {
    checkPaise(r.amountPaise, `reimbursements[${String(i)}].amountPaise`);
  });
  const loanIds = new Set<string>();
  input.loans?.forEach((l, i) => {
    if (loanIds.has(l.loanId)) throw new RangeError(`loans[${String(i)}]: loan ${l.loanId} given twice`);
    loanIds.add(l.loanId);
    checkPaise(l.principalPaise, `loans[${String(i)}].principalPaise`);
    if (!Number.isInteger(l.recoveredCount) || l.recoveredCount < 0) throw new RangeError(`loans[${String(i)}].recoveredCount must be a whole number`);
  });
  if (input.professionalTax.halfYearGrossPaise !== undefined) checkPaise(input.professionalTax.halfYearGrossPaise, 'professionalTax.halfYearGrossPaise');
  const t = input.tds;
  if (t.enabled) {
    if (!isTaxFinancialYear(t.financialYear)) throw new RangeError(`tds.financialYear '${t.financialYear}' has no income-tax rules`);
    if (t.regime !== 0 && t.regime !== 1) throw new RangeError('tds.regime must be 0 (Old) or 1 (New)');
    if (!Number.isInteger(t.remainingMonths) || t.remainingMonths < 1 || t.remainingMonths > 12) {
      throw new RangeError('tds.remainingMonths must be a whole number from 1 to 12');
    }
    checkPaise(t.grossSoFarPaise, 'tds.grossSoFarPaise');
    checkPaise(t.tdsSoFarPaise, 'tds.tdsSoFarPaise');
    if (t.deductionsForYearPaise !== undefined) checkPaise(t.deductionsForYearPaise, 'tds.deductionsForYearPaise');
  }
}

const ADJUSTMENT_CODES: Record<MonthAdjustmentInput['kind'], Record<MonthAdjustmentInput['category'], string>> = {
  earning: { bonus: 'ADJ_BONUS', incentive: 'ADJ_INCENTIVE', loanRecovery: 'ADJ_LOAN_RECOVERY', other: 'ADJ_OTHER' },
  deduction: { bonus: 'ADJ_BONUS_DEDUCTION', incentive: 'ADJ_INCENTIVE_DEDUCTION', loanRecovery: 'ADJ_LOAN_RECOVERY', other: 'ADJ_OTHER_DEDUCTION' },
};

/**
 * One-time earnings that are ESI wages. ESI Act 1948 s.2(22): "wages" are all remuneration paid in
 * cash, including "other additional remuneration, if any, paid at intervals not exceeding two
 * months", and exclude (a) employer PF/pension/ESI contributions, (b) travelling allowance, (c) sums
 * for special expenses of the employment and (d) gratuity on discharge. A monthly incentive or other
 * one-time pay is such additional remuneration; a bonus (Payment of Bonus Act, paid yearly, i.e. at
 * an interval of more than two months) is not.
 */
function isEsiWageAdjustment(a: MonthAdjustmentInput): boolean {
  return a.kind === 'earning' && (a.category === 'incentive' || a.category === 'other');
}

function stateName(code: string): string {
  return isIndianStateCode(code) ? INDIAN_STATE_NAMES[code] : code;
}

export function computeEmployeeMonth(input: EmployeeMonthInput): EmployeeMonthResult {
  validate(input);
  // Statutory rows are picked for the wage month (the ECR and ESIC returns are by wage month).
  const asOf = firstDayOfMonth(input.month);
  const periodDays = input.period.days;
  const { payableDays } = input;
  const earningLines: MonthLine[] = [];
  const deductionLines: MonthLine[] = [];
  const employerLines: MonthLine[] = [];
  const add = (lines: MonthLine[], line: MonthLine): void => {
    if (line.amountPaise !== ZERO) lines.push(line);
  };

  // --- Earnings -----------------------------------------------------------------------------
  let pfAlwaysPaise = 0;
  let pfConditionalPaise = 0;
  let esiWagesPaise = 0;
  let esiCoverageWagesPaise = 0;
  let taxableThisMonthPaise = 0;
  let taxableFullMonthPaise = 0;
  // Rule 2A's salary (basic) and the HRA, this month as paid and at the full month (declared rent).
  const rule2A = { basicPaise: 0, hraPaise: 0, fullBasicPaise: 0, fullHraPaise: 0 };
  const pfParts: string[] = [];
  // The recurring earnings as paid, for the wages under the labour codes (s.2(y) / s.2(88)).
  const codeParts: CodeWageComponent[] = [];
  for (const e of input.earnings) {
    const fullPaise = rupee(e.monthlyPaise);
    const amountPaise = e.proRata ? prorateEarning({ amountPaise: e.monthlyPaise, isProRata: true, payableDays, periodDays }) : fullPaise;
    const explanation = e.proRata
      ? `${e.name} ${rupeeText(e.monthlyPaise)} × ${String(payableDays)} of ${String(periodDays)} payable days = ${rupeeText(amountPaise)}`
      : `${e.name} ${rupeeText(fullPaise)}, paid in full (not prorated by payable days)`;
    add(earningLines, { section: 'earning', code: e.code, label: e.name, amountPaise, explanation: [explanation] });
    codeParts.push({ name: e.name, amountPaise, kind: e.codeWage === true ? 'wage' : 'excluded' });
    if (e.epfContributionType === 1) pfAlwaysPaise += amountPaise;
    if (e.epfContributionType === 2) pfConditionalPaise += amountPaise;
    if (e.epfContributionType !== 0 && amountPaise > 0) pfParts.push(`${e.name} ${rupeeText(amountPaise)}${e.epfContributionType === 2 ? ' while under the ceiling' : ''}`);
    if (e.esiWage) {
      esiWagesPaise += amountPaise;
      esiCoverageWagesPaise += fullPaise;
    }
    if (e.taxable) {
      taxableThisMonthPaise += amountPaise;
      taxableFullMonthPaise += fullPaise;
    }
    if (e.taxCategory === 'basic') {
      rule2A.basicPaise += amountPaise;
      rule2A.fullBasicPaise += fullPaise;
    } else if (e.taxCategory === 'hra') {
      rule2A.hraPaise += amountPaise;
      rule2A.fullHraPaise += fullPaise;
    }
  }
  for (const a of input.adjustments) {
    if (a.kind !== 'earning') continue;
    const amountPaise = rupee(a.amountPaise);
    const notes: string[] = [`${a.label} ${rupeeText(amountPaise)}: one-time ${a.category === 'other' ? 'earning' : a.category} for this month, paid in full`];
    if (!a.taxable) notes.push('Not taxable salary');
    add(earningLines, { section: 'earning', code: ADJUSTMENT_CODES.earning[a.category], label: a.label, amountPaise, explanation: notes });
    if (isEsiWageAdjustment(a)) esiWagesPaise += amountPaise;
    if (a.taxable) taxableThisMonthPaise += amountPaise;
  }
  // Arrears of a salary revision (computeArrears): gross and, when taxable, this month's taxable salary.
  for (const a of input.arrears ?? []) {
    if (a.section !== 'earning') continue;
    add(earningLines, { section: 'earning', code: a.code, label: a.label, amountPaise: a.amountPaise, explanation: [...a.explanation] });
    if (a.taxable) taxableThisMonthPaise += a.amountPaise;
  }
  // Approved reimbursement claims: paid with the salary, never PF/ESI/PT/LWF wages (expenses
  // of the employment, not remuneration: ESI Act s.2(22)(c)); taxable only when the type says so.
  let reimbursedPaise = 0;
  for (const taxable of [false, true]) {
    const claims = (input.reimbursements ?? []).filter((r) => r.taxable === taxable);
    if (claims.length === 0) continue;
    const claimedPaise = claims.reduce((sum, r) => sum + r.amountPaise, 0);
    // The line to the rupee like every component (DESIGN §5); claims are entered to the paisa.
    const amountPaise = rupee(claimedPaise);
    reimbursedPaise += amountPaise;
    if (taxable) taxableThisMonthPaise += amountPaise;
    add(earningLines, {
      section: 'earning',
      code: taxable ? TAXABLE_REIMBURSEMENT_CODE : REIMBURSEMENT_CODE,
      label: taxable ? 'Reimbursements (taxable)' : 'Reimbursements',
      amountPaise,
      explanation: [
        ...claims.map((r) => `${r.typeName} ${rupeeText(r.amountPaise)}, claimed on ${formatDisplayDate(r.claimedOn)}, approved`),
        ...(claimedPaise === amountPaise ? [] : [`Claims ${rupeeText(claimedPaise)} paid to the rupee: ${rupeeText(amountPaise)}`]),
        taxable
          ? 'Approved claims paid with this salary: the claim type is taxable, so they count in this month\'s taxable salary'
          : 'Approved claims paid with this salary: reimbursement of expenses, not taxable salary',
      ],
    });
  }
  const grossPaise = earningLines.reduce((sum, l) => sum + l.amountPaise, 0);
  // Professional tax and LWF are levied on salary; reimbursed expenses are not salary.
  const wageGrossPaise = grossPaise - reimbursedPaise;

  // Wages under the labour codes: the recurring earnings as paid this month. One-time pay (bonus,
  // incentive), arrears and reimbursements are left out: statutory bonus and commission are excluded
  // items (s.2(y)(a), (i)), arrears carry their own PF and ESI lines, reimbursements are expenses (e).
  const codes = codeWages(codeParts);

  // --- EPF, EPS, EDLI (india-tax-rules §10) ---------------------------------------------------
  const epfRates = epfRatesFor(asOf);
  const pfOnCodes = input.epf.wageBase === 'codes';
  // epfContributionType 2 counts only while the PF wage of the type-1 components is under the
  // ceiling, and then only up to it (the component tops the wage up to the statutory 15,000).
  let pfWagePaise = pfAlwaysPaise;
  if (pfConditionalPaise > 0 && pfAlwaysPaise < epfRates.wageCeilingPaise) {
    pfWagePaise = Math.min(epfRates.wageCeilingPaise, pfAlwaysPaise + pfConditionalPaise);
  }
  // The codes' base: the EPF Act's "basic wages" read as the Code on Social Security's wages (s.2(88)).
  if (pfOnCodes) pfWagePaise = codes.wagesPaise;
  const pfPartsText = !pfOnCodes && pfParts.length > 0 ? ` (${pfParts.join(' + ')})` : '';
  const pfBaseLines = pfOnCodes
    ? ['PF wage base: wages under the labour codes (Code on Social Security s.2(88)), the organisation\'s setting', ...codes.explanation]
    : ['PF wage base: the salary components counted for PF, the organisation\'s setting'];
  let epf: EpfContribution | null = null;
  const wages = { pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: 0 };
  if (input.epf.enabled) {
    epf = computeEpf({
      pfWagePaise,
      settings: input.epf.settings,
      payableDays,
      periodDays,
      ...(input.ageYears !== null ? { ageYears: input.ageYears } : {}),
      asOf,
    });
    if (epf.applicable) {
      const w = epf.contributionWagePaise;
      const statutoryWagePaise = Math.min(w, epfRates.wageCeilingPaise);
      const epsStopped = input.ageYears !== null && input.ageYears >= epfRates.epsAgeLimitYears;
      // The ECR reports wages in whole rupees; a prorated ceiling (kept to the paisa by computeEpf)
      // is the only way a contribution wage gets paise, and it goes to the rupee half up here.
      wages.pfWagePaise = rupee(w);
      wages.edliWagePaise = rupee(statutoryWagePaise);
      wages.epsWagePaise = epsStopped ? 0 : rupee(statutoryWagePaise);
      const wageWhy =
        pfWagePaise === w
          ? `PF wage ${rupeeText(w)}${pfPartsText}`
          : `PF wage ${rupeeText(pfWagePaise)}${pfPartsText}, restricted to the ${rupeeText(epf.ceilingPaise)} ceiling: ${rupeeText(w)}`;
      add(deductionLines, {
        section: 'deduction',
        code: 'EPF_EE',
        label: 'Provident Fund (EPF)',
        amountPaise: epf.employeePaise,
        explanation: [...pfBaseLines, wageWhy, rateText('Employee share', w, epf.employeeRatePercent, epf.employeePaise, 'rounded half up')],
      });
      add(employerLines, {
        section: 'employer',
        code: 'EPF_ER',
        label: 'EPF (employer)',
        amountPaise: epf.employerEpfPaise,
        explanation: [
          rateText('Employer share', w, epf.employerRatePercent, epf.employerPaise, 'rounded half up'),
          epsStopped
            ? `No EPS from age ${String(epfRates.epsAgeLimitYears)}: the whole employer share goes to EPF, ${rupeeText(epf.employerEpfPaise)}`
            : `Less EPS ${rupeeText(epf.epsPaise)}: to EPF ${rupeeText(epf.employerEpfPaise)}`,
        ],
      });
      // What 8.33% comes to before the EPS limits (1,250 a month; never above the employer share).
      const epsRoundedPaise = percentToRupees(statutoryWagePaise, epfRates.epsRatePercent, 'halfUp');
      const epsText = rateText('Pension (EPS) on', statutoryWagePaise, epfRates.epsRatePercent, epsRoundedPaise, 'rounded half up');
      add(employerLines, {
        section: 'employer',
        code: 'EPS_ER',
        label: 'EPS (employer)',
        amountPaise: epf.epsPaise,
        explanation: [epf.epsPaise < epsRoundedPaise ? `${epsText}, limited to ${rupeeText(epf.epsPaise)}` : epsText],
      });
      add(employerLines, {
        section: 'employer',
        code: 'EDLI',
        label: 'EDLI',
        amountPaise: epf.edliPaise,
        explanation: [rateText('EDLI on', statutoryWagePaise, epfRates.edliRatePercent, epf.edliPaise, 'rounded half up')],
      });
      add(employerLines, {
        section: 'employer',
        code: 'EPF_ADMIN',
        label: 'EPF admin charges',
        amountPaise: epf.adminChargesPaise,
        explanation: [rateText('Admin charges on', w, epfRates.adminRatePercent, epf.adminChargesPaise, 'rounded half up')],
      });
    }
  }

  // --- ESI (india-tax-rules §11) ----------------------------------------------------------------
  // Coverage is tested on the full-month ESI wages of the structure (recurring, unprorated: a short
  // month does not bring someone into ESI); the contribution is charged on the wages actually paid.
  // With the codes' base the contributions are on the month's wages under s.2(88); the coverage test
  // stays on the full-month ESI gross (ESI Act s.2(22) and the ₹21,000 notification, reference §11).
  const esiOnCodes = input.esi.wageBase === 'codes';
  const esiContributionWagesPaise = esiOnCodes ? codes.wagesPaise : esiWagesPaise;
  let esi: EsiContribution | null = null;
  if (input.esi.enabled) {
    esi = computeEsi({
      grossWagesPaise: esiContributionWagesPaise,
      coverageWagesPaise: esiCoverageWagesPaise,
      ...(input.esi.forceCalculate !== undefined ? { forceCalculate: input.esi.forceCalculate } : {}),
      ...(input.esi.coveredAtPeriodStart !== undefined ? { coveredAtPeriodStart: input.esi.coveredAtPeriodStart } : {}),
      // Average daily wage for the 176/day exemption of the employee share; taken up to the paisa so
      // exactly 176.00 stays exempt and anything above it does not.
      ...(payableDays > 0 ? { dailyAverageWagePaise: mulDivPaise(esiContributionWagesPaise, 1, payableDays, 'up') } : {}),
      asOf,
    });
    if (esi.applicable) {
      wages.esiWagePaise = esiContributionWagesPaise;
      const ceilingPaise = esiRatesFor(asOf).coverageCeilingPaise;
      const why =
        input.esi.forceCalculate === true
          ? 'ESI calculated for this employee whatever the wage'
          : input.esi.coveredAtPeriodStart === true
            ? 'Covered at the start of the contribution period: stays covered to its end'
            : `Covered: full-month ESI wages ${rupeeText(esiCoverageWagesPaise)} are within the ${rupeeText(ceilingPaise)} ceiling`;
      add(deductionLines, {
        section: 'deduction',
        code: 'ESI_EE',
        label: 'ESI',
        amountPaise: esi.employeePaise,
        explanation: [
          why,
          ...(esiOnCodes
            ? ['ESI wage base: wages under the labour codes (Code on Social Security s.2(88)), the organisation\'s setting', ...codes.explanation]
            : ['ESI wage base: the salary components counted for ESI, the organisation\'s setting']),
          rateText('ESI wages', esiContributionWagesPaise, esi.employeeRatePercent, esi.employeePaise, 'rounded up'),
        ],
      });
      add(employerLines, {
        section: 'employer',
        code: 'ESI_ER',
        label: 'ESI (employer)',
        amountPaise: esi.employerPaise,
        explanation: [
          rateText('ESI wages', esiContributionWagesPaise, esi.employerRatePercent, esi.employerPaise, 'rounded up'),
          ...(esi.employeeShareExempt ? ['Average daily wage at most ₹176: no employee share, the employer still pays'] : []),
        ],
      });
    }
  }

  // The EPF and ESI differences of the arrears months (each month's ceiling and coverage kept).
  for (const a of input.arrears ?? []) {
    if (a.section === 'earning') continue;
    add(a.section === 'deduction' ? deductionLines : employerLines, { section: a.section, code: a.code, label: a.label, amountPaise: a.amountPaise, explanation: [...a.explanation] });
  }

  // --- Professional tax and LWF, by state and month, on the month's gross ------------------------
  let professionalTaxPaise = 0;
  const ptState = input.professionalTax.stateCode;
  if (input.professionalTax.enabled && ptState !== null) {
    const pt = professionalTaxFor({
      stateCode: ptState,
      month: input.month,
      monthlyGrossPaise: wageGrossPaise,
      ...(input.professionalTax.halfYearGrossPaise !== undefined ? { halfYearGrossPaise: input.professionalTax.halfYearGrossPaise } : {}),
      gender: input.gender,
      // States exempting senior citizens (Maharashtra 65, Punjab 60, …) read the age.
      ...(input.ageYears !== null ? { ageYears: input.ageYears } : {}),
      asOf,
    });
    professionalTaxPaise = pt.amountPaise;
    const ptTable = professionalTaxTableFor(ptState, asOf);
    const basis = ptTable ? ptIncomeBasisOf(ptTable) : 'Month';
    const base =
      basis === 'HalfYear'
        ? `the half year's income ${rupeeText(input.professionalTax.halfYearGrossPaise ?? wageGrossPaise * 6)}`
        : basis === 'Year'
          ? `the year's income ${rupeeText(wageGrossPaise * 12)} (this month's gross × 12)`
          : `the month's gross ${rupeeText(wageGrossPaise)}${reimbursedPaise > 0 ? ' (reimbursements left out)' : ''}`;
    add(deductionLines, {
      section: 'deduction',
      code: 'PT',
      label: 'Professional Tax',
      amountPaise: pt.amountPaise,
      explanation: [`Professional tax, ${stateName(ptState)}, on ${base}: ${rupeeText(pt.amountPaise)}${input.month.endsWith('-02') && pt.cycle === 'Monthly' ? ' (February)' : ''}`],
    });
  }
  let lwfEmployeePaise = 0;
  let lwfEmployerPaise = 0;
  const lwfState = input.lwf.stateCode;
  if (input.lwf.enabled && lwfState !== null) {
    const lwf = labourWelfareFundFor({ stateCode: lwfState, month: input.month, monthlyGrossPaise: wageGrossPaise, asOf });
    lwfEmployeePaise = lwf.employeePaise;
    lwfEmployerPaise = lwf.employerPaise;
    const when = labourWelfareFundTableFor(lwfState, asOf)?.dueNote ?? '';
    const text = `Labour Welfare Fund, ${stateName(lwfState)} (${when}): employee ${rupeeText(lwf.employeePaise)}, employer ${rupeeText(lwf.employerPaise)}`;
    add(deductionLines, { section: 'deduction', code: 'LWF_EE', label: 'Labour Welfare Fund', amountPaise: lwf.employeePaise, explanation: [text] });
    add(employerLines, { section: 'employer', code: 'LWF_ER', label: 'LWF (employer)', amountPaise: lwf.employerPaise, explanation: [text] });
  }

  // --- Recurring deductions (not prorated) and one-time deductions -------------------------------
  let preTaxPaise = 0;
  const otherDeductionLines: MonthLine[] = [];
  for (const d of input.deductions) {
    const amountPaise = rupee(d.monthlyPaise);
    if (d.preTax) preTaxPaise += amountPaise;
    add(otherDeductionLines, {
      section: 'deduction',
      code: d.code,
      label: d.name,
      amountPaise,
      explanation: [`${d.name} ${rupeeText(amountPaise)} a month${d.preTax ? ', before tax (reduces taxable salary)' : ''}`],
    });
  }
  for (const a of input.adjustments) {
    if (a.kind !== 'deduction') continue;
    const amountPaise = rupee(a.amountPaise);
    add(otherDeductionLines, {
      section: 'deduction',
      code: ADJUSTMENT_CODES.deduction[a.category],
      label: a.label,
      amountPaise,
      explanation: [`${a.label} ${rupeeText(amountPaise)}: one-time ${a.category === 'loanRecovery' ? 'loan recovery' : 'deduction'} for this month`],
    });
  }

  // --- Loans and advances: the instalment due and the perquisite value -----------
  const t = input.tds;
  const tdsOn = t.enabled && isTaxFinancialYear(t.financialYear);
  const laterMonths = tdsOn ? t.remainingMonths - 1 : 0;
  const loansDue = (input.loans ?? []).flatMap((loan) => {
    const due = nextLoanInstalment(loan.schedule, loan.recoveredCount);
    return due ? [{ loan, due }] : [];
  });
  const petty = isPettyAggregate(loansDue.map((l) => l.loan));
  /** Each loan's perquisite this month and, for the TDS projection, in the year's later months as scheduled. */
  const perquisitesOf = (deferred: ReadonlySet<string>) =>
    loansDue.map(({ loan, due }) => {
      const recovered = !deferred.has(loan.loanId);
      const value = (i: { closingPaise: number; interestPaise: number } | undefined, taken: boolean) =>
        computeLoanPerquisite(
          { purpose: loan.purpose, principalPaise: loan.principalPaise, sbiRateBps: loan.sbiRateBps, balanceEndPaise: taken ? (i?.closingPaise ?? 0) : due.openingPaise, interestChargedPaise: taken ? (i?.interestPaise ?? 0) : 0 },
          petty,
        );
      const thisMonth = value(due, recovered);
      let laterPaise = 0;
      const nextIndex = loan.recoveredCount + (recovered ? 1 : 0);
      for (let j = 0; j < laterMonths; j++) {
        const scheduled = loan.schedule[nextIndex + j];
        if (!scheduled) break;
        laterPaise += value(scheduled, true).perquisitePaise;
      }
      return { thisMonth, laterPaise };
    });

  // --- TDS, s.192 (india-tax-rules §8) ---------------------------------------------------------
  const taxableSalaryPaise = Math.max(0, taxableThisMonthPaise - preTaxPaise);
  const statutoryPaise = deductionLines.reduce((sum, l) => sum + l.amountPaise, 0);
  const tdsFor = (perquisiteThisMonthPaise: number, perquisiteLaterPaise: number): { tdsPaise: number; explanation: string[] } => {
    const tdsExplanation: string[] = [];
    const financialYear = t.financialYear;
    if (!tdsOn || !isTaxFinancialYear(financialYear)) return { tdsPaise: 0, explanation: tdsExplanation };
    const months = t.remainingMonths;
    const later = months - 1;
    const projectedSalaryPaise = t.grossSoFarPaise + taxableThisMonthPaise + later * taxableFullMonthPaise + perquisiteThisMonthPaise + perquisiteLaterPaise;
    const projectedPreTaxPaise = preTaxPaise + later * preTaxPaise;
    const decl = t.declaration;
    const knownPaise = t.regime === 0 && !decl ? (t.deductionsForYearPaise ?? 0) : 0;
    const salaryForTaxPaise = Math.max(0, projectedSalaryPaise - projectedPreTaxPaise - knownPaise);
    // With a declaration: the one path the declaration summary uses (computeTaxPosition on projectTaxSalaryYear).
    let position: TaxPosition | null = null;
    if (decl) {
      const salaryYear = projectTaxSalaryYear({
        month: input.month,
        remainingMonths: months,
        // The concessional loans' perquisite (this month and as scheduled later) is salary of the year (s.17(2)(viii)).
        grossSoFarPaise: t.grossSoFarPaise + perquisiteThisMonthPaise + perquisiteLaterPaise,
        basicSoFarPaise: decl.basicSoFarPaise,
        hraSoFarPaise: decl.hraSoFarPaise,
        paidMonths: decl.paidMonths,
        thisMonth: { taxablePaise: taxableThisMonthPaise, basicPlusDaPaise: rule2A.basicPaise, hraPaise: rule2A.hraPaise },
        fullMonth: { taxablePaise: taxableFullMonthPaise, basicPlusDaPaise: rule2A.fullBasicPaise, hraPaise: rule2A.fullHraPaise },
        preTaxMonthlyPaise: preTaxPaise,
        professionalTaxForYearPaise: decl.professionalTaxForYearPaise,
        employeeEpfForYearPaise: decl.employeeEpfForYearPaise,
      });
      position = computeTaxPosition({ financialYear, regime: t.regime, ageBand: t.ageBand, salary: salaryYear, declaration: decl.figures, useAllowed: decl.useAllowed });
    }
    const tax = position ? position.tax : computeIncomeTax({ financialYear, regime: t.regime, ageBand: t.ageBand, grossSalaryPaise: salaryForTaxPaise });
    // s.192(2): a previous employer's TDS of the year counts as deducted (Form 12B).
    const previousTdsPaise = tax.previousEmploymentTdsPaise;
    const deductedSoFarPaise = t.tdsSoFarPaise + previousTdsPaise;
    const dueTdsPaise = rupee(computeMonthlyTds({ projectedAnnualTaxPaise: tax.totalTaxPaise, tdsDeductedSoFarPaise: deductedSoFarPaise, remainingMonthsIncludingCurrent: months }));
    // Tax is deducted from the salary paid (s.192(1)): never more than what is left of this month's
    // pay after the statutory deductions. What is not deducted stays outstanding and the next month's
    // recomputation (annual tax − TDS so far) picks it up.
    const availablePaise = roundToRupees(Math.max(0, grossPaise - statutoryPaise), 1, 'down');
    const tdsPaise = Math.min(dueTdsPaise, availablePaise);

    const regimeText = t.regime === 0 ? 'old regime' : 'new regime';
    tdsExplanation.push(`FY ${t.financialYear}, ${regimeText}: tax on the projected salary of the year, spread over the ${String(months)} month${months === 1 ? '' : 's'} left including this one (s.192)`);
    tdsExplanation.push(`Taxable salary paid so far this year ${rupeeText(t.grossSoFarPaise)}`);
    tdsExplanation.push(`This month's taxable salary ${rupeeText(taxableThisMonthPaise)}`);
    if (later > 0) {
      tdsExplanation.push(`${String(later)} later month${later === 1 ? '' : 's'} at the full-month taxable salary ${rupeeText(taxableFullMonthPaise)} × ${String(later)} = ${rupeeText(later * taxableFullMonthPaise)}`);
    }
    if (perquisiteThisMonthPaise > 0) tdsExplanation.push(`Perquisite of concessional loans this month (s.17(2)(viii), rule 3(7)(i)) ${rupeeText(perquisiteThisMonthPaise)}`);
    if (perquisiteLaterPaise > 0) tdsExplanation.push(`Perquisite of concessional loans in the later months, as the loans are scheduled ${rupeeText(perquisiteLaterPaise)}`);
    if (projectedPreTaxPaise > 0) {
      tdsExplanation.push(`Less pre-tax deductions ${rupeeText(preTaxPaise)} × ${String(months)} month${months === 1 ? '' : 's'} = ${rupeeText(projectedPreTaxPaise)}`);
    }
    tdsExplanation.push(`Projected taxable salary for the year ${rupeeText(Math.max(0, projectedSalaryPaise - projectedPreTaxPaise))}`);
    if (knownPaise > 0) tdsExplanation.push(`Less deductions known for the year (professional tax, Chapter VI-A) ${rupeeText(knownPaise)}`);
    if (t.regime === 1 && !decl && (t.deductionsForYearPaise ?? 0) > 0) {
      tdsExplanation.push(`Deductions of ${rupeeText(t.deductionsForYearPaise ?? 0)} not allowed in the new regime (s.115BAC(2))`);
    }
    if (decl && position) {
      tdsExplanation.push(decl.figures ? `IT declaration for FY ${t.financialYear} (${decl.statusText}) used` : `Regime from the IT declaration for FY ${t.financialYear} (${decl.statusText}); its amounts are not used`);
      tdsExplanation.push(...position.declarationLines);
      if (tax.exemptionsPaise > 0) tdsExplanation.push(`Less exemptions under s.10 (HRA) ${rupeeText(tax.exemptionsPaise)}`);
      if (tax.professionalTaxPaise > 0) tdsExplanation.push(`Less professional tax (s.16(iii)) ${rupeeText(tax.professionalTaxPaise)}`);
      if (tax.housePropertyPaise !== 0) tdsExplanation.push(`Income from house property ${rupeeText(tax.housePropertyPaise)}`);
      if (tax.otherIncomePaise > 0) tdsExplanation.push(`Plus income from other sources ${rupeeText(tax.otherIncomePaise)}`);
      if (tax.chapterVIAPaise > 0) tdsExplanation.push(`Less Chapter VI-A deductions (80C ${rupeeText(tax.section80CPaise)}, others ${rupeeText(tax.otherChapterVIAPaise)}) ${rupeeText(tax.chapterVIAPaise)}`);
    }
    tdsExplanation.push(`Less standard deduction (s.16(ia)) ${rupeeText(tax.standardDeductionPaise)}`);
    tdsExplanation.push(
      tax.taxableIncomePaise === tax.grossTotalIncomePaise - tax.chapterVIAPaise
        ? `Taxable income ${rupeeText(tax.taxableIncomePaise)}`
        : `Taxable income ${rupeeText(tax.grossTotalIncomePaise - tax.chapterVIAPaise)} rounded to ${rupeeText(tax.taxableIncomePaise)} (s.288A)`,
    );
    const parts = [`tax at the slab rates ${rupeeText(tax.baseTaxPaise)}`];
    if (tax.rebate87APaise > 0) parts.push(`less 87A rebate ${rupeeText(tax.rebate87APaise)}`);
    if (tax.surchargePaise > 0) parts.push(`plus surcharge ${rupeeText(tax.surchargePaise)}`);
    parts.push(`plus cess ${rupeeText(tax.cessPaise)}`);
    tdsExplanation.push(`Tax for the year: ${parts.join(', ')} = ${rupeeText(tax.totalTaxPaise)}${tax.totalTaxExactPaise === tax.totalTaxPaise ? '' : ' (s.288B)'}`);
    tdsExplanation.push(`Less TDS already deducted this year ${rupeeText(t.tdsSoFarPaise)}`);
    if (previousTdsPaise > 0) tdsExplanation.push(`Less TDS by the previous employer (Form 12B) ${rupeeText(previousTdsPaise)}`);
    const outstandingPaise = tax.totalTaxPaise - deductedSoFarPaise;
    tdsExplanation.push(
      outstandingPaise <= 0
        ? `Nothing left to deduct: TDS this month ${rupeeText(0)}`
        : months === 1
          ? `Last month of the year (or of the employment): the remaining ${rupeeText(outstandingPaise)} = ${rupeeText(dueTdsPaise)}`
          : `${rupeeText(outstandingPaise)} ÷ ${String(months)} months = ${rupeeText(dueTdsPaise)} this month (to the nearest rupee)`,
    );
    if (tdsPaise < dueTdsPaise) tdsExplanation.push(`Limited to the pay left after the statutory deductions, ${rupeeText(tdsPaise)}; the rest stays due for later months`);
    return { tdsPaise, explanation: tdsExplanation };
  };

  // Instalments come after statutory deductions, TDS and the other deductions: one that the pay left
  // does not cover is deferred whole to the next month (never lost, never split). Deferring raises
  // the month-end balance and so the perquisite and TDS; the loop settles in at most one pass per loan.
  const otherPaise = otherDeductionLines.reduce((sum, l) => sum + l.amountPaise, 0);
  const deferred = new Set<string>();
  let perquisites: ReturnType<typeof perquisitesOf>;
  let tds: ReturnType<typeof tdsFor>;
  for (;;) {
    perquisites = perquisitesOf(deferred);
    tds = tdsFor(
      perquisites.reduce((s, p) => s + p.thisMonth.perquisitePaise, 0),
      perquisites.reduce((s, p) => s + p.laterPaise, 0),
    );
    let leftPaise = grossPaise - statutoryPaise - tds.tdsPaise - otherPaise;
    let changed = false;
    for (const { loan, due } of loansDue) {
      if (deferred.has(loan.loanId)) continue;
      if (due.amountPaise <= leftPaise) leftPaise -= due.amountPaise;
      else {
        deferred.add(loan.loanId);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const perquisitesPaise = perquisites.reduce((s, p) => s + p.thisMonth.perquisitePaise, 0);
  const tdsPaise = tds.tdsPaise;
  const tdsExplanation = tds.explanation;
  const taxableGrossPaise = taxableSalaryPaise + perquisitesPaise;
  if (tdsOn) deductionLines.push({ section: 'deduction', code: 'TDS', label: 'Income Tax (TDS)', amountPaise: tdsPaise, explanation: [...tdsExplanation] });
  deductionLines.push(...otherDeductionLines);

  const loanOutcomes: MonthLoanOutcome[] = [];
  let payLeftPaise = grossPaise - statutoryPaise - tdsPaise - otherPaise;
  loansDue.forEach(({ loan, due }, i) => {
    const perquisite = perquisites[i]?.thisMonth ?? { perquisitePaise: 0, explanation: '' };
    const of = `Instalment ${String(due.no)} of ${String(loan.schedule.length)}`;
    if (deferred.has(loan.loanId)) {
      // Printed at ₹0 so the payslip says why nothing was recovered.
      deductionLines.push({
        section: 'deduction',
        code: LOAN_RECOVERY_CODE,
        label: loan.label,
        amountPaise: 0,
        explanation: [
          `${of}, ${rupeeText(due.amountPaise)}, deferred: the pay left after statutory deductions, TDS and other deductions (${rupeeText(Math.max(0, payLeftPaise))}) does not cover it`,
          `Taken next month instead, nothing is lost; balance ${rupeeText(due.openingPaise)}`,
          ...(perquisite.perquisitePaise > 0 ? [perquisite.explanation] : []),
        ],
      });
      loanOutcomes.push({ loanId: loan.loanId, instalmentNo: due.no, status: 'deferred', amountPaise: 0, principalPaise: 0, interestPaise: 0, balanceAfterPaise: due.openingPaise, perquisitePaise: perquisite.perquisitePaise });
      return;
    }
    payLeftPaise -= due.amountPaise;
    deductionLines.push({
      section: 'deduction',
      code: LOAN_RECOVERY_CODE,
      label: loan.label,
      amountPaise: due.amountPaise,
      explanation: [
        due.interestPaise > 0
          ? `${of}: principal ${rupeeText(due.principalPaise)} + interest ${rupeeText(due.interestPaise)} at ${formatRateBps(loan.annualRateBps)} a year on ${rupeeText(due.openingPaise)} = ${rupeeText(due.amountPaise)}`
          : `${of}: principal ${rupeeText(due.principalPaise)}, no interest`,
        `Balance after this instalment ${rupeeText(due.closingPaise)}`,
        ...(perquisite.perquisitePaise > 0 ? [perquisite.explanation] : []),
      ],
    });
    loanOutcomes.push({
      loanId: loan.loanId,
      instalmentNo: due.no,
      status: 'recovered',
      amountPaise: due.amountPaise,
      principalPaise: due.principalPaise,
      interestPaise: due.interestPaise,
      balanceAfterPaise: due.closingPaise,
      perquisitePaise: perquisite.perquisitePaise,
    });
  });

  const totalDeductionsPaise = deductionLines.reduce((sum, l) => sum + l.amountPaise, 0);
  const employerPaise = employerLines.reduce((sum, l) => sum + l.amountPaise, 0);
  return {
    periodDays,
    payableDays,
    lopDays: input.lopDays,
    grossPaise,
    totalDeductionsPaise,
    netPaise: grossPaise - totalDeductionsPaise,
    employerCostPaise: grossPaise + employerPaise,
    taxableGrossPaise,
    tdsPaise,
    professionalTaxPaise,
    lwfEmployeePaise,
    lwfEmployerPaise,
    wages,
    codeWages: codes,
    epf,
    esi,
    lines: [...earningLines, ...deductionLines, ...employerLines],
    tdsExplanation,
    loans: loanOutcomes,
    perquisitesPaise,
  };
}
