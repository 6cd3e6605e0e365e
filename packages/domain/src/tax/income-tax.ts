import type { ExactDecimal } from '../money/arith';
import { percentOfPaise, roundPaise, roundToRupees, toDecimal } from '../money/arith';
import { rupeeText } from '../money/inr';
import { computeHraExemption, type TaxHraInput } from './hra';
import { computeLetOutProperty, type TaxLetOutPropertyInput } from './house-property';
import { checkTaxPaise, TaxInputError, taxRulesFor } from './rules';
import type { TaxAgeBand, TaxEmployerType, TaxFinancialYear, TaxRegimeCode, TaxRegimeRules, TaxSlab, TaxSurchargeSlab, TaxYearRules } from './types';

/**
 * Income-tax of a resident individual on salary, house property and other sources, for one financial
 * year and regime. Rules: shared/reference/india-tax-rules.md ("reference §n"); the numbers are data
 * in years/. Every amount is integer paise; each rounding point is marked "Rounding point".
 */

export interface TaxOtherIncomeInput {
  savingsInterestPaise?: number;
  fdInterestPaise?: number;
  nscInterestPaise?: number;
  otherPaise?: number;
}

export interface TaxPreviousEmploymentInput {
  incomePaise?: number;
  /** TDS by the previous employer (Form 12B): reported for s.192 TDS, not taken off the liability. */
  taxPaidPaise?: number;
  professionalTaxPaise?: number;
  /** Employee EPF with the previous employer: counts towards 80C. */
  epfPaise?: number;
}

export interface TaxSection80DInput {
  /** Self, spouse and dependent children. */
  selfFamilyPaise?: number;
  parentsPaise?: number;
  /** Either parent is a senior citizen (raises the parents' cap). */
  parentsSenior?: boolean;
}

export interface TaxDeductionsInput {
  /** 80C + 80CCC + 80CCD(1): employee EPF, home-loan principal, PPF, ELSS, premiums, fees… */
  sec80CPaise?: number;
  sec80CCD1BPaise?: number;
  /** Employer's NPS contribution. */
  sec80CCD2Paise?: number;
  /** A single figure is the self/spouse/children premium. */
  sec80D?: number | TaxSection80DInput;
  sec80EPaise?: number;
  sec80TTAPaise?: number;
  sec80TTBPaise?: number;
  /**
   * Other Chapter VI-A deductions (80G, 80U, 80DD, 80DDB, 80EEB), each already limited to its own
   * section's cap by the caller (the deduction catalogue's item limits); old regime only.
   */
  otherSectionsPaise?: number;
}

export interface IncomeTaxInput {
  financialYear: TaxFinancialYear;
  regime: TaxRegimeCode;
  /** Default 'below60'. */
  ageBand?: TaxAgeBand;
  /** Salary under s.17 from the current employer for the year, before exemptions. */
  grossSalaryPaise: number;
  /** s.10 exemptions as a figure (besides HRA computed from `hra`). */
  exemptionsPaise?: number;
  /** Annual figures for the HRA exemption, s.10(13A). */
  hra?: TaxHraInput;
  /**
   * The HRA exemption already worked out month by month (computeHraForYear, for a rent paid in part
   * of the year); used instead of `hra`. `text` is its explanation line.
   */
  hraExemption?: { exemptPaise: number; text: string };
  professionalTaxPaise?: number;
  /** Annual basic + DA, the base of the 80CCD(2) cap; gross salary when absent. */
  basicPlusDaPaise?: number;
  /** Default 'other'. */
  employerType?: TaxEmployerType;
  selfOccupiedInterestPaise?: number;
  letOutProperties?: readonly TaxLetOutPropertyInput[];
  otherIncome?: TaxOtherIncomeInput;
  previousEmployment?: TaxPreviousEmploymentInput;
  deductions?: TaxDeductionsInput;
}

/** One line of "how was this computed", in reading order. */
export interface TaxExplanationLine {
  code: string;
  text: string;
  amountPaise?: number;
}

export interface IncomeTaxResult {
  financialYear: TaxFinancialYear;
  regime: TaxRegimeCode;
  ageBand: TaxAgeBand;
  /** Current + previous employment. */
  grossSalaryPaise: number;
  /** Allowed s.10 exemptions, HRA included. */
  exemptionsPaise: number;
  standardDeductionPaise: number;
  professionalTaxPaise: number;
  /** Standard deduction + professional tax. */
  section16Paise: number;
  incomeFromSalaryPaise: number;
  /** Income from house property as set off: negative for a loss, after the s.71(3A) cap. */
  housePropertyPaise: number;
  otherIncomePaise: number;
  grossTotalIncomePaise: number;
  /** Allowed 80C (with 80CCC, 80CCD(1)). */
  section80CPaise: number;
  /** All other allowed Chapter VI-A deductions. */
  otherChapterVIAPaise: number;
  chapterVIAPaise: number;
  /** Total income after s.288A rounding. */
  taxableIncomePaise: number;
  baseTaxPaise: number;
  rebate87APaise: number;
  taxAfterRebatePaise: number;
  /** Surcharge payable, after marginal relief. */
  surchargePaise: number;
  /** Surcharge given up under marginal relief. */
  marginalReliefPaise: number;
  cessPaise: number;
  /** taxAfterRebate + surcharge + cess, to the paisa. */
  totalTaxExactPaise: number;
  /** The liability: totalTaxExactPaise rounded per s.288B. */
  totalTaxPaise: number;
  previousEmploymentTdsPaise: number;
  lines: TaxExplanationLine[];
}

const AGE_BANDS: readonly TaxAgeBand[] = ['below60', '60to80', 'above80'];

/**
 * Rounding point, s.288A (total income) and s.288B (tax payable): paise are ignored, then the amount
 * goes to the nearest multiple of ten rupees, a last digit of 5 or more going up (reference §6).
 */
export function roundTaxToTenRupees(amountPaise: number): number {
  const wholeRupeesPaise = roundToRupees(amountPaise, 1, 'down');
  return roundToRupees(wholeRupeesPaise, 10, 'halfUp');
}

export interface TaxSlabPart {
  slab: TaxSlab;
  /** Upper end of the slab; null for the top slab. */
  toPaise: number | null;
  incomeInSlabPaise: number;
  taxPaise: number;
}

/** Tax on total income by the slabs, part by part. */
export function computeSlabTax(totalIncomePaise: number, slabs: readonly TaxSlab[]): { taxPaise: number; parts: TaxSlabPart[] } {
  const parts: TaxSlabPart[] = [];
  slabs.forEach((slab, i) => {
    const toPaise = slabs[i + 1]?.fromPaise ?? null;
    if (totalIncomePaise <= slab.fromPaise && !(slab.fromPaise === 0 && totalIncomePaise === 0)) return;
    const incomeInSlabPaise = Math.min(totalIncomePaise, toPaise ?? totalIncomePaise) - slab.fromPaise;
    // Rounding point (inert for a s.288A-rounded income): a multiple of ₹10 at a whole-number rate is
    // whole paise; any other income is taken to the paisa, half up.
    parts.push({ slab, toPaise, incomeInSlabPaise, taxPaise: percentOfPaise(incomeInSlabPaise, slab.ratePercent, 'halfUp') });
  });
  return { taxPaise: parts.reduce((sum, p) => sum + p.taxPaise, 0), parts };
}

/** s.87A, the rebate on the slab tax of a total income (reference §4). */
function rebate87A(totalIncomePaise: number, taxPaise: number, regime: TaxRegimeRules): number {
  const rule = regime.rebate87A;
  if (totalIncomePaise <= rule.maxIncomePaise) return Math.min(taxPaise, rule.maxRebatePaise);
  // First proviso (new regime): the tax payable may not exceed the income above the limit.
  if (rule.marginalRelief) return Math.max(0, taxPaise - (totalIncomePaise - rule.maxIncomePaise));
  return 0;
}

/** Surcharge bands of a regime: rates capped at the regime's maximum, bands that add nothing dropped. */
function surchargeBands(rules: TaxYearRules, regime: TaxRegimeRules): TaxSurchargeSlab[] {
  const bands: TaxSurchargeSlab[] = [];
  for (const slab of rules.surchargeSlabs) {
    const ratePercent = Math.min(slab.ratePercent, regime.surchargeCapPercent);
    if (ratePercent > (bands.at(-1)?.ratePercent ?? 0)) bands.push({ aboveIncomePaise: slab.aboveIncomePaise, ratePercent });
  }
  return bands;
}

interface SurchargeWorking {
  band: TaxSurchargeSlab | null;
  /** Surcharge at the band's rate, before marginal relief (exact). */
  grossExact: ExactDecimal;
  /** Tax + surcharge at the threshold + income above it (exact); null without a band. */
  limitExact: ExactDecimal | null;
  /** Surcharge after marginal relief (exact). */
  exact: ExactDecimal;
}

/**
 * Surcharge on the tax after rebate, with marginal relief (reference §5): tax + surcharge may not
 * exceed the tax + surcharge payable on an income equal to the threshold, plus the income above the
 * threshold. The amount at the threshold is worked out by this same function, so the relief of a
 * lower band carries through if it ever binds there.
 */
function surchargeOn(totalIncomePaise: number, taxPaise: number, bands: readonly TaxSurchargeSlab[], taxAfterRebateAt: (incomePaise: number) => number): SurchargeWorking {
  const band = [...bands].reverse().find((b) => totalIncomePaise > b.aboveIncomePaise) ?? null;
  const zero = toDecimal(0);
  if (!band) return { band: null, grossExact: zero, limitExact: null, exact: zero };
  const grossExact = toDecimal(taxPaise).mul(band.ratePercent).div(100);
  const thresholdTax = taxAfterRebateAt(band.aboveIncomePaise);
  const atThreshold = surchargeOn(band.aboveIncomePaise, thresholdTax, bands, taxAfterRebateAt);
  const limitExact = toDecimal(thresholdTax).plus(atThreshold.exact).plus(totalIncomePaise - band.aboveIncomePaise);
  const headroom = limitExact.minus(taxPaise);
  const exact = headroom.lessThan(grossExact) ? (headroom.isNegative() ? zero : headroom) : grossExact;
  return { band, grossExact, limitExact, exact };
}

function validate(input: IncomeTaxInput): void {
  if (input.regime !== 0 && input.regime !== 1) throw new TaxInputError('regime', 'regime must be 0 (Old) or 1 (New)');
  if (input.ageBand !== undefined && !AGE_BANDS.includes(input.ageBand)) throw new TaxInputError('ageBand', `ageBand must be one of ${AGE_BANDS.join(', ')}`);
  if (input.employerType !== undefined && input.employerType !== 'government' && input.employerType !== 'other') {
    throw new TaxInputError('employerType', "employerType must be 'government' or 'other'");
  }
  if (input.grossSalaryPaise === undefined) throw new TaxInputError('grossSalary', 'grossSalary is required');
  checkTaxPaise(input.grossSalaryPaise, 'grossSalary');
  checkTaxPaise(input.exemptionsPaise, 'exemptions');
  checkTaxPaise(input.professionalTaxPaise, 'professionalTax');
  checkTaxPaise(input.basicPlusDaPaise, 'basicPlusDa');
  checkTaxPaise(input.selfOccupiedInterestPaise, 'selfOccupiedInterest');
  if (input.hra) {
    checkTaxPaise(input.hra.hraReceivedPaise, 'hra.hraReceived');
    checkTaxPaise(input.hra.basicPlusDaPaise, 'hra.basicPlusDa');
    checkTaxPaise(input.hra.rentPaidPaise, 'hra.rentPaid');
  }
  input.letOutProperties?.forEach((p, i) => {
    checkTaxPaise(p.annualRentPaise, `letOutProperties[${String(i)}].annualRent`);
    checkTaxPaise(p.municipalTaxPaise, `letOutProperties[${String(i)}].municipalTax`);
    checkTaxPaise(p.interestPaise, `letOutProperties[${String(i)}].interest`);
  });
  const o = input.otherIncome;
  checkTaxPaise(o?.savingsInterestPaise, 'otherIncome.savingsInterest');
  checkTaxPaise(o?.fdInterestPaise, 'otherIncome.fdInterest');
  checkTaxPaise(o?.nscInterestPaise, 'otherIncome.nscInterest');
  checkTaxPaise(o?.otherPaise, 'otherIncome.other');
  const p = input.previousEmployment;
  checkTaxPaise(p?.incomePaise, 'previousEmployment.income');
  checkTaxPaise(p?.taxPaidPaise, 'previousEmployment.taxPaid');
  checkTaxPaise(p?.professionalTaxPaise, 'previousEmployment.professionalTax');
  checkTaxPaise(p?.epfPaise, 'previousEmployment.epf');
  const d = input.deductions;
  checkTaxPaise(d?.sec80CPaise, 'deductions.80C');
  checkTaxPaise(d?.sec80CCD1BPaise, 'deductions.80CCD1B');
  checkTaxPaise(d?.sec80CCD2Paise, 'deductions.80CCD2');
  if (typeof d?.sec80D === 'object') {
    checkTaxPaise(d.sec80D.selfFamilyPaise, 'deductions.80D.selfFamily');
    checkTaxPaise(d.sec80D.parentsPaise, 'deductions.80D.parents');
  } else {
    checkTaxPaise(d?.sec80D, 'deductions.80D');
  }
  checkTaxPaise(d?.sec80EPaise, 'deductions.80E');
  checkTaxPaise(d?.sec80TTAPaise, 'deductions.80TTA');
  checkTaxPaise(d?.sec80TTBPaise, 'deductions.80TTB');
  checkTaxPaise(d?.otherSectionsPaise, 'deductions.otherSections');
  checkTaxPaise(input.hraExemption?.exemptPaise, 'hraExemption.exempt');
}

/** Income-tax for one year and regime, explained line by line. Throws TaxInputError on bad input. */
export function computeIncomeTax(input: IncomeTaxInput): IncomeTaxResult {
  const rules = taxRulesFor(input.financialYear);
  validate(input);
  const regime = rules.regimes[input.regime];
  const allows = regime.allows;
  const caps = rules.caps;
  const ageBand = input.ageBand ?? 'below60';
  const senior = ageBand !== 'below60';
  const lines: TaxExplanationLine[] = [];
  const say = (code: string, text: string, amountPaise?: number): void => {
    lines.push(amountPaise === undefined ? { code, text } : { code, text, amountPaise });
  };
  const disallowed = (code: string, what: string, amountPaise: number): void => {
    if (amountPaise > 0) say(code, `Not allowed in the ${regime.label.toLowerCase()} (${regime.disallowedBy}): ${what} ${rupeeText(amountPaise)}`, 0);
  };
  say('regime', `FY ${rules.financialYear}, ${regime.label}, resident individual, age ${ageBand === 'below60' ? 'below 60' : ageBand === '60to80' ? '60 to 80' : '80 or above'}`);

  // --- Salaries -------------------------------------------------------------------------------
  const prev = input.previousEmployment ?? {};
  const grossSalaryPaise = input.grossSalaryPaise + (prev.incomePaise ?? 0);
  say(
    'salary.gross',
    prev.incomePaise ? `Gross salary (s.17): ${rupeeText(input.grossSalaryPaise)} + previous employment ${rupeeText(prev.incomePaise)}` : 'Gross salary (s.17)',
    grossSalaryPaise,
  );

  let declaredExemptionsPaise = input.exemptionsPaise ?? 0;
  let hraExemptPaise = 0;
  if (input.hraExemption) {
    hraExemptPaise = input.hraExemption.exemptPaise;
    if (allows.section10Exemptions) say('exemption.hra', input.hraExemption.text, hraExemptPaise);
    else disallowed('exemption.hra', 'HRA exemption, s.10(13A)', hraExemptPaise);
  } else if (input.hra) {
    const hra = computeHraExemption(input.hra);
    hraExemptPaise = hra.exemptPaise;
    if (allows.section10Exemptions) {
      say(
        'exemption.hra',
        `HRA exempt, s.10(13A) and rule 2A, least of: HRA received ${rupeeText(hra.hraReceivedPaise)}; rent over 10% of salary ${rupeeText(hra.rentInExcessPaise)}; ${String(hra.salaryPercent)}% of salary ${rupeeText(hra.salaryPercentPaise)}`,
        hra.exemptPaise,
      );
    } else {
      disallowed('exemption.hra', 'HRA exemption, s.10(13A)', hra.exemptPaise);
    }
  }
  if (allows.section10Exemptions) {
    if (declaredExemptionsPaise > 0) say('exemption.other', 'Other s.10 exemptions declared', declaredExemptionsPaise);
  } else {
    disallowed('exemption.other', 's.10 exemptions', declaredExemptionsPaise);
    declaredExemptionsPaise = 0;
  }
  declaredExemptionsPaise += allows.section10Exemptions ? hraExemptPaise : 0;
  // An exemption cannot exceed the salary it exempts.
  const exemptionsPaise = Math.min(declaredExemptionsPaise, grossSalaryPaise);
  if (exemptionsPaise < declaredExemptionsPaise) say('exemption.limit', `s.10 exemptions limited to the gross salary ${rupeeText(grossSalaryPaise)}`, exemptionsPaise);
  const salaryAfterExemptionsPaise = grossSalaryPaise - exemptionsPaise;

  // s.16(ia): the regime's amount or the salary, whichever is less (reference §3).
  const standardDeductionPaise = Math.min(regime.standardDeductionPaise, salaryAfterExemptionsPaise);
  say(
    'sec16.standard',
    standardDeductionPaise < regime.standardDeductionPaise
      ? `Standard deduction, s.16(ia): ${rupeeText(regime.standardDeductionPaise)} limited to the salary`
      : `Standard deduction, s.16(ia): ${rupeeText(regime.standardDeductionPaise)}`,
    standardDeductionPaise,
  );
  const declaredPtPaise = (input.professionalTaxPaise ?? 0) + (prev.professionalTaxPaise ?? 0);
  let professionalTaxPaise = 0;
  if (allows.professionalTax) {
    professionalTaxPaise = Math.min(declaredPtPaise, salaryAfterExemptionsPaise - standardDeductionPaise);
    if (declaredPtPaise > 0) say('sec16.professionalTax', prev.professionalTaxPaise ? 'Professional tax, s.16(iii), with the previous employment' : 'Professional tax, s.16(iii)', professionalTaxPaise);
  } else {
    disallowed('sec16.professionalTax', 'professional tax, s.16(iii)', declaredPtPaise);
  }
  const section16Paise = standardDeductionPaise + professionalTaxPaise;
  const incomeFromSalaryPaise = salaryAfterExemptionsPaise - section16Paise;
  say('salary.income', 'Income from salary', incomeFromSalaryPaise);

  // --- Other sources (both regimes) -----------------------------------------------------------
  const other = input.otherIncome ?? {};
  const otherIncomePaise = (other.savingsInterestPaise ?? 0) + (other.fdInterestPaise ?? 0) + (other.nscInterestPaise ?? 0) + (other.otherPaise ?? 0);

  // --- House property ---------------------------------------------------------------------------
  let housePropertyHeadPaise = 0;
  (input.letOutProperties ?? []).forEach((property, i) => {
    const r = computeLetOutProperty(property, `letOutProperties[${String(i)}]`);
    housePropertyHeadPaise += r.netIncomePaise;
    say(
      'houseProperty.letOut',
      `Let-out property ${String(i + 1)}: net annual value ${rupeeText(r.netAnnualValuePaise)} − 30% ${rupeeText(r.standardDeductionPaise)} (s.24(a)) − interest ${rupeeText(r.interestPaise)} (s.24(b))`,
      r.netIncomePaise,
    );
  });
  const selfOccupiedDeclaredPaise = input.selfOccupiedInterestPaise ?? 0;
  if (allows.selfOccupiedInterest) {
    if (selfOccupiedDeclaredPaise > 0) {
      const allowedPaise = Math.min(selfOccupiedDeclaredPaise, caps.selfOccupiedInterestPaise);
      housePropertyHeadPaise -= allowedPaise;
      say(
        'houseProperty.selfOccupied',
        allowedPaise < selfOccupiedDeclaredPaise
          ? `Self-occupied home-loan interest: declared ${rupeeText(selfOccupiedDeclaredPaise)}, capped at ${rupeeText(caps.selfOccupiedInterestPaise)} (s.24(b))`
          : 'Self-occupied home-loan interest (s.24(b))',
        -allowedPaise,
      );
    }
  } else {
    disallowed('houseProperty.selfOccupied', 'self-occupied home-loan interest, s.24(b)', selfOccupiedDeclaredPaise);
  }
  let housePropertyPaise = housePropertyHeadPaise;
  if (housePropertyHeadPaise < 0) {
    const lossPaise = -housePropertyHeadPaise;
    const setOffCapPaise = allows.housePropertyLossSetOff ? caps.housePropertyLossSetOffPaise : 0;
    // A loss is set off only against income under other heads; the rest is carried forward (s.71B).
    const setOffPaise = Math.min(lossPaise, setOffCapPaise, incomeFromSalaryPaise + otherIncomePaise);
    housePropertyPaise = setOffPaise === 0 ? 0 : -setOffPaise; // never -0
    if (!allows.housePropertyLossSetOff) {
      say('houseProperty.setOff', `Not allowed in the ${regime.label.toLowerCase()} (${regime.disallowedBy}): set-off of the house-property loss ${rupeeText(lossPaise)} against other heads`, 0);
    } else if (setOffPaise < lossPaise) {
      say(
        'houseProperty.setOff',
        setOffPaise === setOffCapPaise
          ? `House-property loss ${rupeeText(lossPaise)} set off up to ${rupeeText(setOffCapPaise)} (s.71(3A)); ${rupeeText(lossPaise - setOffPaise)} carried forward (s.71B)`
          : `House-property loss ${rupeeText(lossPaise)} set off up to the income under other heads; ${rupeeText(lossPaise - setOffPaise)} carried forward (s.71B)`,
        housePropertyPaise,
      );
    }
  }
  if ((input.letOutProperties?.length ?? 0) > 0 || housePropertyPaise !== 0) say('houseProperty.income', 'Income from house property', housePropertyPaise);
  if (otherIncomePaise > 0) say('otherSources.income', 'Income from other sources (interest and other income)', otherIncomePaise);

  const grossTotalIncomePaise = incomeFromSalaryPaise + housePropertyPaise + otherIncomePaise;
  say('grossTotalIncome', 'Gross total income', grossTotalIncomePaise);

  // --- Chapter VI-A -----------------------------------------------------------------------------
  const d = input.deductions ?? {};
  const declared80CPaise = (d.sec80CPaise ?? 0) + (prev.epfPaise ?? 0);
  let section80CPaise = 0;
  if (allows.sec80C) {
    section80CPaise = Math.min(declared80CPaise, caps.sec80CPaise);
    if (declared80CPaise > 0) {
      const what = prev.epfPaise ? `declared ${rupeeText(declared80CPaise)} including previous-employment EPF ${rupeeText(prev.epfPaise)}` : `declared ${rupeeText(declared80CPaise)}`;
      say('deduction.80C', section80CPaise < declared80CPaise ? `80C: ${what}, capped at ${rupeeText(caps.sec80CPaise)} (s.80C/80CCE)` : `80C: ${what} (s.80C/80CCE)`, section80CPaise);
    }
  } else {
    disallowed('deduction.80C', '80C/80CCC/80CCD(1)', declared80CPaise);
  }

  const capped = (code: string, name: string, allowed: boolean, declaredPaise: number, capPaise: number, citation: string): number => {
    if (declaredPaise === 0) return 0;
    if (!allowed) {
      disallowed(code, name, declaredPaise);
      return 0;
    }
    const allowedPaise = Math.min(declaredPaise, capPaise);
    say(code, allowedPaise < declaredPaise ? `${name}: declared ${rupeeText(declaredPaise)}, capped at ${rupeeText(capPaise)} (${citation})` : `${name} (${citation})`, allowedPaise);
    return allowedPaise;
  };

  const sec80CCD1BPaise = capped('deduction.80CCD1B', '80CCD(1B) own NPS', allows.sec80CCD1B, d.sec80CCD1BPaise ?? 0, caps.sec80CCD1BPaise, 's.80CCD(1B)');

  let sec80CCD2Paise = 0;
  if ((d.sec80CCD2Paise ?? 0) > 0) {
    const employerType = input.employerType ?? 'other';
    const percent = regime.employerNpsPercent[employerType];
    const basePaise = input.basicPlusDaPaise ?? grossSalaryPaise;
    if (input.basicPlusDaPaise === undefined) say('deduction.80CCD2.base', `80CCD(2): basic + DA not given, so the cap is worked on the gross salary ${rupeeText(grossSalaryPaise)}`);
    // Rounding point: the % cap is taken down to the paisa so it never exceeds the percentage.
    const capPaise = percentOfPaise(basePaise, percent, 'down');
    sec80CCD2Paise = capped('deduction.80CCD2', '80CCD(2) employer NPS', allows.sec80CCD2, d.sec80CCD2Paise ?? 0, capPaise, `${String(percent)}% of ${rupeeText(basePaise)}, s.80CCD(2)`);
  }

  let sec80DPaise = 0;
  if (d.sec80D !== undefined) {
    const d80 = typeof d.sec80D === 'number' ? { selfFamilyPaise: d.sec80D } : d.sec80D;
    const selfCapPaise = senior ? caps.sec80DSelfSeniorPaise : caps.sec80DSelfPaise;
    const parentsCapPaise = d80.parentsSenior ? caps.sec80DParentsSeniorPaise : caps.sec80DParentsPaise;
    const self = capped('deduction.80D.self', '80D self, spouse and children', allows.sec80D, d80.selfFamilyPaise ?? 0, selfCapPaise, senior ? 's.80D, senior citizen' : 's.80D');
    const parents = capped('deduction.80D.parents', '80D parents', allows.sec80D, d80.parentsPaise ?? 0, parentsCapPaise, d80.parentsSenior ? 's.80D, senior parent' : 's.80D');
    sec80DPaise = Math.min(self + parents, caps.sec80DTotalPaise);
  }

  const sec80EPaise = capped('deduction.80E', '80E education-loan interest', allows.sec80E, d.sec80EPaise ?? 0, Number.MAX_SAFE_INTEGER, 's.80E, no cap');

  // 80TTA / 80TTB deduct interest included in gross total income, so they are also limited to it.
  const savingsInterestPaise = other.savingsInterestPaise ?? 0;
  const depositInterestPaise = savingsInterestPaise + (other.fdInterestPaise ?? 0);
  let sec80TTAPaise = 0;
  if ((d.sec80TTAPaise ?? 0) > 0 && allows.sec80TTA && senior) {
    say('deduction.80TTA', `80TTA is not available to a senior citizen (s.80TTA(2)); 80TTB applies instead: ${rupeeText(d.sec80TTAPaise ?? 0)}`, 0);
  } else {
    const capPaise = Math.min(caps.sec80TTAPaise, savingsInterestPaise);
    sec80TTAPaise = capped('deduction.80TTA', '80TTA savings interest', allows.sec80TTA, d.sec80TTAPaise ?? 0, capPaise, `${rupeeText(caps.sec80TTAPaise)} or the savings interest ${rupeeText(savingsInterestPaise)} if less, s.80TTA`);
  }
  let sec80TTBPaise = 0;
  if ((d.sec80TTBPaise ?? 0) > 0 && allows.sec80TTB && !senior) {
    say('deduction.80TTB', `80TTB is for senior citizens only (s.80TTB): ${rupeeText(d.sec80TTBPaise ?? 0)}`, 0);
  } else {
    const capPaise = Math.min(caps.sec80TTBPaise, depositInterestPaise);
    sec80TTBPaise = capped('deduction.80TTB', '80TTB deposit interest', allows.sec80TTB, d.sec80TTBPaise ?? 0, capPaise, `${rupeeText(caps.sec80TTBPaise)} or the deposit interest ${rupeeText(depositInterestPaise)} if less, s.80TTB`);
  }

  const otherSectionsPaise = capped('deduction.other', 'Other Chapter VI-A deductions (80G, 80U, 80DD, 80DDB, 80EEB)', allows.otherChapterVIA, d.otherSectionsPaise ?? 0, Number.MAX_SAFE_INTEGER, 'each within its section');

  let otherChapterVIAPaise = sec80CCD1BPaise + sec80CCD2Paise + sec80DPaise + sec80EPaise + sec80TTAPaise + sec80TTBPaise + otherSectionsPaise;
  // s.80A(2): the deductions together cannot exceed the gross total income. 80C keeps its place; the
  // rest is reduced first.
  if (section80CPaise + otherChapterVIAPaise > grossTotalIncomePaise) {
    const declaredTotalPaise = section80CPaise + otherChapterVIAPaise;
    section80CPaise = Math.min(section80CPaise, grossTotalIncomePaise);
    otherChapterVIAPaise = grossTotalIncomePaise - section80CPaise;
    say('deduction.limit', `Chapter VI-A deductions ${rupeeText(declaredTotalPaise)} limited to the gross total income (s.80A(2))`, grossTotalIncomePaise);
  }
  const chapterVIAPaise = section80CPaise + otherChapterVIAPaise;
  if (chapterVIAPaise > 0) say('deduction.total', 'Chapter VI-A deductions', chapterVIAPaise);

  // --- Total income and tax ---------------------------------------------------------------------
  const totalIncomePaise = grossTotalIncomePaise - chapterVIAPaise;
  const taxableIncomePaise = roundTaxToTenRupees(totalIncomePaise);
  say(
    'totalIncome',
    taxableIncomePaise === totalIncomePaise ? 'Total income' : `Total income ${rupeeText(totalIncomePaise)} rounded to the nearest ₹10 (s.288A)`,
    taxableIncomePaise,
  );

  const slabs = regime.slabs[ageBand];
  const { taxPaise: baseTaxPaise, parts } = computeSlabTax(taxableIncomePaise, slabs);
  for (const part of parts) {
    const range = part.toPaise === null ? `above ${rupeeText(part.slab.fromPaise)}` : `${rupeeText(part.slab.fromPaise)}–${rupeeText(part.toPaise)}`;
    const rate = part.slab.ratePercent === 0 ? 'nil' : `${String(part.slab.ratePercent)}%`;
    say('slab', `Slab ${range} at ${rate}: ${rupeeText(part.incomeInSlabPaise)} taxed ${rupeeText(part.taxPaise)}`, part.taxPaise);
  }
  say('tax.base', 'Tax on total income at the slab rates', baseTaxPaise);

  const rebate87APaise = rebate87A(taxableIncomePaise, baseTaxPaise, regime);
  const rule87A = regime.rebate87A;
  if (rebate87APaise > 0) {
    say(
      'rebate87A',
      taxableIncomePaise <= rule87A.maxIncomePaise
        ? `87A rebate: total income up to ${rupeeText(rule87A.maxIncomePaise)}, rebate up to ${rupeeText(rule87A.maxRebatePaise)}`
        : `87A rebate with marginal relief: tax limited to the income above ${rupeeText(rule87A.maxIncomePaise)}, i.e. ${rupeeText(taxableIncomePaise - rule87A.maxIncomePaise)}`,
      rebate87APaise,
    );
  } else if (baseTaxPaise > 0) {
    say(
      'rebate87A',
      rule87A.marginalRelief
        ? `No 87A rebate: total income exceeds ${rupeeText(rule87A.maxIncomePaise)} and the tax is below the income above it`
        : `No 87A rebate: total income exceeds ${rupeeText(rule87A.maxIncomePaise)} (no marginal relief in the ${regime.label.toLowerCase()})`,
      0,
    );
  }
  const taxAfterRebatePaise = baseTaxPaise - rebate87APaise;

  const bands = surchargeBands(rules, regime);
  const taxAfterRebateAt = (incomePaise: number): number => {
    const tax = computeSlabTax(incomePaise, slabs).taxPaise;
    return tax - rebate87A(incomePaise, tax, regime);
  };
  const surcharge = surchargeOn(taxableIncomePaise, taxAfterRebatePaise, bands, taxAfterRebateAt);
  // Rounding point: surcharge (before and after relief) to the paisa, half up.
  const grossSurchargePaise = roundPaise(surcharge.grossExact, 'halfUp');
  const surchargePaise = roundPaise(surcharge.exact, 'halfUp');
  const marginalReliefPaise = grossSurchargePaise - surchargePaise;
  if (surcharge.band) {
    const b = surcharge.band;
    say('surcharge', `Surcharge ${String(b.ratePercent)}% (total income above ${rupeeText(b.aboveIncomePaise)}) on ${rupeeText(taxAfterRebatePaise)}`, grossSurchargePaise);
    if (marginalReliefPaise > 0 && surcharge.limitExact) {
      say(
        'surcharge.marginalRelief',
        `Marginal relief: tax + surcharge limited to ${rupeeText(roundPaise(surcharge.limitExact, 'halfUp'))} (tax + surcharge at ${rupeeText(b.aboveIncomePaise)} plus the income above it)`,
        -marginalReliefPaise,
      );
    }
  }

  // Rounding point: cess to the paisa, half up.
  const cessPaise = percentOfPaise(taxAfterRebatePaise + surchargePaise, rules.cessPercent, 'halfUp');
  say('cess', `Health and education cess ${String(rules.cessPercent)}% of ${rupeeText(taxAfterRebatePaise + surchargePaise)}`, cessPaise);
  const totalTaxExactPaise = taxAfterRebatePaise + surchargePaise + cessPaise;
  const totalTaxPaise = roundTaxToTenRupees(totalTaxExactPaise);
  say('total', totalTaxPaise === totalTaxExactPaise ? 'Total tax' : `Total tax ${rupeeText(totalTaxExactPaise)} rounded to the nearest ₹10 (s.288B)`, totalTaxPaise);

  const previousEmploymentTdsPaise = prev.taxPaidPaise ?? 0;
  if (previousEmploymentTdsPaise > 0) say('tds.previousEmployment', 'TDS by the previous employer (credited in TDS, not in this liability)', previousEmploymentTdsPaise);

  return {
    financialYear: rules.financialYear,
    regime: input.regime,
    ageBand,
    grossSalaryPaise,
    exemptionsPaise,
    standardDeductionPaise,
    professionalTaxPaise,
    section16Paise,
    incomeFromSalaryPaise,
    housePropertyPaise,
    otherIncomePaise,
    grossTotalIncomePaise,
    section80CPaise,
    otherChapterVIAPaise,
    chapterVIAPaise,
    taxableIncomePaise,
    baseTaxPaise,
    rebate87APaise,
    taxAfterRebatePaise,
    surchargePaise,
    marginalReliefPaise,
    cessPaise,
    totalTaxExactPaise,
    totalTaxPaise,
    previousEmploymentTdsPaise,
    lines,
  };
}
