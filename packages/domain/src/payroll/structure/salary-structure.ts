import type Decimal from 'decimal.js';
import { mulDivToRupees, percentToRupees, roundToRupees, toDecimal } from '../../money/arith';
import type { IsoDate } from '../../dates/calendar';
import { buildPfWagePaise, computeEpf, type EpfContribution, type EpfSettings } from '../../statutory/epf';
import { computeEsi, esiRatesFor, type EsiContribution } from '../../statutory/esi';
import { codeWages, isCodeWageEarning, type StatutoryWageBase } from '../../statutory/code-wages';
import { annualProfessionalTax } from '../../statutory/professional-tax';
import { annualLabourWelfareFund } from '../../statutory/labour-welfare-fund';
import type { DeductionCycle, StatutoryGender } from '../../statutory/states';
import { evaluateFormula, FormulaError, parseFormula, type ParsedFormula } from './formula';

/** People spec §5: shown when a salary earning comes out below zero. */
export const SALARY_COMPONENT_AMOUNT_ERROR = "Amount must be greater than zero. Adjust the CTC or any of the component's amount.";

/** Payroll spec §3 calculation types. */
export const SALARY_CALCULATION_TYPE = {
  PercentOfCtc: 1,
  PercentOfBasic: 2,
  Flat: 3,
  CustomFormula: 4,
  PercentOfGross: 5,
} as const;
export type SalaryCalculationType = (typeof SALARY_CALCULATION_TYPE)[keyof typeof SALARY_CALCULATION_TYPE];

/** Names a formula may use besides component codes: monthly CTC, annual CTC, monthly gross. BASIC is the basic component. */
export const FORMULA_RESERVED_NAMES = ['CTC', 'ANNUAL_CTC', 'GROSS'] as const;

export interface SalaryEarningInput {
  id: string;
  name: string;
  /** Identifier used in formulas (BASIC, HRA, …): letters, digits and _, not starting with a digit. */
  code: string;
  calculationType: SalaryCalculationType;
  /** Percent (decimal string or number) for types 1, 2, 5; annual paise for 3; formula text for 4. */
  calculationValue: number | string;
  isBasic?: boolean;
  /** The remainder component; at most one. When none, a 'Fixed Allowance' remainder is added. */
  isFixedAllowance?: boolean;
  isTaxable: boolean;
  isProRata: boolean;
  isPartOfPfWage: boolean;
  isConsideredForEsi: boolean;
  /** HRA never counts towards PF wages; defaults to code === 'HRA'. */
  isHouseRentAllowance?: boolean;
}

export interface SalaryDeductionInput {
  id: string;
  name: string;
  annualPaise: number;
}

export interface SalaryStructureEpfSettings extends EpfSettings {
  /** Platform spec §9 default true: every component except HRA is PF wage. Not read on the codes' base. */
  considerAllSalaryComponents: boolean;
  /**
   * What the PF wage is, the organisation's setting (decision 0217): 'codes' the wages under the labour
   * codes (`codeWages`, as computeEmployeeMonth takes them); absent or 'components' the PF components.
   */
  wageBase?: StatutoryWageBase;
}

export interface SalaryStructureEsiSettings {
  enabled: boolean;
  includeEmployerShareInCtc: boolean;
  /** The employee's forceESICalc flag. */
  forceCalculate: boolean;
  isPersonWithDisability?: boolean;
  /** The contribution wages: 'codes' the codes' wages (coverage stays on the ESI wages), as the month; default 'components'. */
  wageBase?: StatutoryWageBase;
}

export interface EstimateAnnualTaxArgs {
  annualTaxableEarningsPaise: number;
  annualEmployeeEpfPaise: number;
  annualProfessionalTaxPaise: number;
  annualPreTaxDeductionsPaise: number;
  regime: 0 | 1;
}

export interface SalaryStructureInput {
  annualCtcPaise: number;
  /** 0 Old, 1 New (DESIGN §5). */
  regime: 0 | 1;
  earnings: readonly SalaryEarningInput[];
  preTaxDeductions?: readonly SalaryDeductionInput[];
  postTaxDeductions?: readonly SalaryDeductionInput[];
  statutory: {
    epf: SalaryStructureEpfSettings;
    esi: SalaryStructureEsiSettings;
    professionalTaxStateCode: string | null;
    lwfStateCode: string | null;
    gender?: StatutoryGender;
    ageYears?: number;
  };
  asOf: IsoDate;
  /** Annual income tax in paise; wired to the tax engine by the caller. Absent → TDS 0, flagged. */
  estimateAnnualTax?: (args: EstimateAnnualTaxArgs) => number;
}

export interface SalaryEarningLine {
  id: string;
  name: string;
  code: string;
  calculationType: SalaryCalculationType;
  calculationValue: number | string;
  isBasic: boolean;
  isFixedAllowance: boolean;
  isTaxable: boolean;
  isProRata: boolean;
  monthlyPaise: number;
  annualPaise: number;
}

export type StatutoryComponentName = 'EPF' | 'ESI' | 'ProfessionalTax' | 'LWF';

export interface StatutoryComponentLine {
  name: StatutoryComponentName;
  applicable: boolean;
  /** Per deduction: every month for Monthly; per instalment for Half-Yearly / Annual. */
  employeeMonthlyPaise: number;
  employerMonthlyPaise: number;
  employeeAnnualPaise: number;
  employerAnnualPaise: number;
  /** Percent as decimal text; null for fixed-amount levies (PT, LWF). */
  employeeRatePercent: string | null;
  employerRatePercent: string | null;
  deductionCycle: DeductionCycle;
  /** Employer amount counted inside CTC (monthly). */
  employerInCtcMonthlyPaise: number;
}

export interface SalaryDeductionLine {
  id: string;
  name: string;
  monthlyPaise: number;
  annualPaise: number;
}

export interface SalaryStructure {
  earnings: SalaryEarningLine[];
  statutoryComponents: StatutoryComponentLine[];
  epf: EpfContribution;
  esi: EsiContribution;
  preTaxDeductions: SalaryDeductionLine[];
  postTaxDeductions: SalaryDeductionLine[];
  monthlyGrossPaise: number;
  annualGrossPaise: number;
  /** The whole-rupee monthly CTC the monthly parts add up to: annual CTC ÷ 12, rounded down to the rupee. */
  monthlyCtcPaise: number;
  annualCtcPaise: number;
  /** Fixed allowance annual − 12 × its monthly amount: the CTC's sub-monthly remainder (≥ 0). */
  fixedAllowanceAnnualRemainderPaise: number;
  monthlyTdsPaise: number;
  annualTdsPaise: number;
  tdsEstimated: boolean;
  monthlyNetTakeHomePaise: number;
  annualNetTakeHomePaise: number;
  regime: 0 | 1;
}

export type SalaryStructureErrorCode = 'NegativeAmount' | 'InvalidFormula' | 'FormulaCycle' | 'InvalidInput';

export type SalaryStructureResult =
  | { ok: true; structure: SalaryStructure }
  | { ok: false; error: { code: SalaryStructureErrorCode; message: string; componentId?: string } };

class StructureError extends Error {
  constructor(
    readonly code: SalaryStructureErrorCode,
    message: string,
    readonly componentId?: string,
  ) {
    super(message);
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIXED_ALLOWANCE_ID = 'fixed-allowance';

interface Prepared {
  earnings: SalaryEarningInput[];
  fixed: SalaryEarningInput;
  basic: SalaryEarningInput | undefined;
  order: SalaryEarningInput[];
  formulas: Map<string, ParsedFormula>;
}

/** A component's percentage, checked: a finite non-negative number (or its decimal text), as given. */
function percentOf(value: number | string, component: SalaryEarningInput): number | string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value < 0) throw new StructureError('InvalidInput', `'${component.name}' needs a non-negative percentage`, component.id);
    return value;
  }
  let d: Decimal;
  try {
    d = toDecimal(value);
  } catch {
    throw new StructureError('InvalidInput', `'${component.name}' needs a numeric percentage`, component.id);
  }
  if (d.isNaN() || d.lt(0)) throw new StructureError('InvalidInput', `'${component.name}' needs a non-negative percentage`, component.id);
  return value;
}

function prepare(input: SalaryStructureInput): Prepared {
  if (!Number.isInteger(input.annualCtcPaise) || input.annualCtcPaise < 0) {
    throw new StructureError('InvalidInput', 'Annual CTC must be a whole, non-negative number of paise');
  }
  const fixedOnes = input.earnings.filter((e) => e.isFixedAllowance === true);
  if (fixedOnes.length > 1) throw new StructureError('InvalidInput', 'Only one component can be the fixed allowance (the remainder)');
  const fixed: SalaryEarningInput = fixedOnes[0] ?? {
    id: FIXED_ALLOWANCE_ID,
    name: 'Fixed Allowance',
    code: 'FIXED_ALLOWANCE',
    calculationType: SALARY_CALCULATION_TYPE.Flat,
    calculationValue: 0,
    isFixedAllowance: true,
    isTaxable: true,
    isProRata: true,
    isPartOfPfWage: false,
    isConsideredForEsi: true,
  };
  const earnings = fixedOnes.length === 1 ? [...input.earnings] : [...input.earnings, fixed];

  const codes = new Map<string, SalaryEarningInput>();
  for (const e of earnings) {
    if (!IDENTIFIER.test(e.code)) throw new StructureError('InvalidInput', `Code '${e.code}' of '${e.name}' must be letters, digits and _`, e.id);
    if ((FORMULA_RESERVED_NAMES as readonly string[]).includes(e.code)) {
      throw new StructureError('InvalidInput', `Code '${e.code}' of '${e.name}' is reserved`, e.id);
    }
    if (codes.has(e.code)) throw new StructureError('InvalidInput', `Two components share the code '${e.code}'`, e.id);
    codes.set(e.code, e);
  }
  const basics = earnings.filter((e) => e.isBasic === true);
  if (basics.length > 1) throw new StructureError('InvalidInput', 'Only one component can be the basic');
  const basic = basics[0] ?? codes.get('BASIC');
  if (basic !== undefined && basic === fixed) throw new StructureError('InvalidInput', 'The basic cannot be the fixed allowance');
  if (basic === undefined && codes.has('BASIC')) throw new StructureError('InvalidInput', "Code 'BASIC' is reserved for the basic");

  // Dependencies: which components each one reads. GROSS is solved for, not a component.
  const formulas = new Map<string, ParsedFormula>();
  const deps = new Map<SalaryEarningInput, SalaryEarningInput[]>();
  for (const e of earnings) {
    if (e === fixed) continue;
    const list: SalaryEarningInput[] = [];
    if (e.calculationType === SALARY_CALCULATION_TYPE.PercentOfBasic) {
      if (basic === undefined) throw new StructureError('InvalidInput', `'${e.name}' is a percentage of basic, but no component is the basic`, e.id);
      list.push(basic);
    } else if (e.calculationType === SALARY_CALCULATION_TYPE.CustomFormula) {
      let parsed: ParsedFormula;
      try {
        parsed = parseFormula(String(e.calculationValue));
      } catch (err) {
        throw new StructureError('InvalidFormula', `Formula of '${e.name}': ${(err as Error).message}`, e.id);
      }
      formulas.set(e.id, parsed);
      for (const name of parsed.identifiers) {
        if ((FORMULA_RESERVED_NAMES as readonly string[]).includes(name)) continue;
        const target = name === 'BASIC' ? basic : codes.get(name);
        if (target === undefined) throw new StructureError('InvalidFormula', `Formula of '${e.name}' uses unknown name '${name}'`, e.id);
        if (target === fixed) {
          throw new StructureError('InvalidFormula', `Formula of '${e.name}' cannot use '${name}': the fixed allowance is the remainder`, e.id);
        }
        list.push(target);
      }
    } else if (
      e.calculationType !== SALARY_CALCULATION_TYPE.PercentOfCtc &&
      e.calculationType !== SALARY_CALCULATION_TYPE.Flat &&
      e.calculationType !== SALARY_CALCULATION_TYPE.PercentOfGross
    ) {
      throw new StructureError('InvalidInput', `'${e.name}' has an unknown calculation type`, e.id);
    }
    deps.set(e, list);
  }

  // Depth-first topological order; a back edge is a cycle, reported by component names.
  const order: SalaryEarningInput[] = [];
  const state = new Map<SalaryEarningInput, 'visiting' | 'done'>();
  const visit = (e: SalaryEarningInput, path: SalaryEarningInput[]): void => {
    const s = state.get(e);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...path.slice(path.indexOf(e)), e].map((c) => c.code).join(' → ');
      throw new StructureError('FormulaCycle', `Formula of '${e.name}' depends on itself: ${cycle}`, e.id);
    }
    state.set(e, 'visiting');
    for (const d of deps.get(e) ?? []) visit(d, [...path, e]);
    state.set(e, 'done');
    order.push(e);
  };
  for (const e of earnings) if (e !== fixed) visit(e, []);
  return { earnings, fixed, basic, order, formulas };
}

/**
 * Rounding point (components): every monthly component amount is rounded to the whole rupee, half
 * up, once, from the exact value (DESIGN §5 "component amounts to the rupee").
 */
function rupee(amountPaise: Decimal): number {
  return roundToRupees(amountPaise, 1, 'halfUp');
}

function componentAmounts(p: Prepared, input: SalaryStructureInput, grossPaise: number): Map<SalaryEarningInput, number> {
  const amounts = new Map<SalaryEarningInput, number>();
  for (const e of p.order) {
    let amount: number;
    switch (e.calculationType) {
      case SALARY_CALCULATION_TYPE.PercentOfCtc:
        // (annual CTC ÷ 12) × percent ÷ 100, rounded once.
        amount = mulDivToRupees(input.annualCtcPaise, percentOf(e.calculationValue, e), 1200);
        break;
      case SALARY_CALCULATION_TYPE.PercentOfBasic:
        // A percentage of basic is of the basic actually paid (its rounded monthly amount).
        amount = percentToRupees(amounts.get(p.basic as SalaryEarningInput) ?? 0, percentOf(e.calculationValue, e));
        break;
      case SALARY_CALCULATION_TYPE.Flat: {
        const value = e.calculationValue;
        if (typeof value === 'number' && Number.isSafeInteger(value)) {
          amount = mulDivToRupees(value, 1, 12);
          break;
        }
        const annual = toDecimal(value);
        if (!annual.isInteger()) throw new StructureError('InvalidInput', `'${e.name}' flat amount must be whole paise`, e.id);
        amount = rupee(annual.div(12));
        break;
      }
      case SALARY_CALCULATION_TYPE.PercentOfGross:
        amount = percentToRupees(grossPaise, percentOf(e.calculationValue, e));
        break;
      default: {
        // Formulas work in monthly rupees: component codes, BASIC, CTC (annual ÷ 12), ANNUAL_CTC, GROSS.
        const vars = new Map<string, Decimal>();
        for (const [c, v] of amounts) vars.set(c.code, toDecimal(v).div(100));
        if (p.basic !== undefined && amounts.has(p.basic)) vars.set('BASIC', toDecimal(amounts.get(p.basic) ?? 0).div(100));
        vars.set('CTC', toDecimal(input.annualCtcPaise).div(12).div(100));
        vars.set('ANNUAL_CTC', toDecimal(input.annualCtcPaise).div(100));
        vars.set('GROSS', toDecimal(grossPaise).div(100));
        let rupees: Decimal;
        try {
          rupees = evaluateFormula(p.formulas.get(e.id) as ParsedFormula, vars);
        } catch (err) {
          if (err instanceof FormulaError) throw new StructureError('InvalidFormula', `Formula of '${e.name}': ${err.message}`, e.id);
          throw err;
        }
        amount = rupee(rupees.mul(100));
      }
    }
    amounts.set(e, amount);
  }
  let others = 0;
  for (const v of amounts.values()) others += v;
  amounts.set(p.fixed, grossPaise - others);
  return amounts;
}

interface Evaluation {
  grossPaise: number;
  amounts: Map<SalaryEarningInput, number>;
  epf: EpfContribution;
  esi: EsiContribution;
  /** Employer contributions inside CTC under the settings, monthly. */
  employerInCtcPaise: number;
}

function ESI_OFF(asOf: IsoDate): EsiContribution {
  const rates = esiRatesFor(asOf);
  return {
    applicable: false,
    employeePaise: 0,
    employerPaise: 0,
    employeeRatePercent: rates.employeeRatePercent,
    employerRatePercent: rates.employerRatePercent,
    employeeShareExempt: false,
  };
}

function evaluateAt(p: Prepared, input: SalaryStructureInput, grossPaise: number, esiInCtc: boolean): Evaluation {
  const amounts = componentAmounts(p, input, grossPaise);
  const { epf: epfSettings, esi: esiSettings } = input.statutory;
  // The codes' wages through the one function the month uses (code-wages.ts): basic and DA are
  // wages, every other earning excluded, the excess over half of the remuneration added back.
  const codes = codeWages(p.earnings.map((e) => ({ name: e.name, amountPaise: Math.max(0, amounts.get(e) ?? 0), kind: isCodeWageEarning(e) ? 'wage' : 'excluded' })));
  const pfWagePaise =
    epfSettings.wageBase === 'codes'
      ? codes.wagesPaise
      : buildPfWagePaise(
          p.earnings.map((e) => ({
            amountPaise: Math.max(0, amounts.get(e) ?? 0),
            isPartOfPfWage: e.isPartOfPfWage,
            isHouseRentAllowance: e.isHouseRentAllowance ?? e.code.toUpperCase() === 'HRA',
          })),
          { considerAllSalaryComponents: epfSettings.considerAllSalaryComponents },
        );
  const epf = computeEpf({ pfWagePaise, settings: epfSettings, ageYears: input.statutory.ageYears, asOf: input.asOf });
  let esiWagePaise = 0;
  for (const e of p.earnings) if (e.isConsideredForEsi) esiWagePaise += Math.max(0, amounts.get(e) ?? 0);
  // Coverage is tested on the ESI wages (the components counted for ESI), not the whole gross: the
  // Act's "wages" (s.2(22)) leave out e.g. travelling allowance, and computeEmployeeMonth tests the
  // same full-month ESI wages, so the preview and the month agree.
  const esi = esiSettings.enabled
    ? computeEsi({
        grossWagesPaise: esiSettings.wageBase === 'codes' ? codes.wagesPaise : esiWagePaise,
        coverageWagesPaise: esiWagePaise,
        forceCalculate: esiSettings.forceCalculate,
        isPersonWithDisability: esiSettings.isPersonWithDisability,
        asOf: input.asOf,
      })
    : ESI_OFF(input.asOf);
  const employerInCtcPaise = epf.employerInCtcPaise + (esiInCtc && esi.applicable ? esi.employerPaise : 0);
  return { grossPaise, amounts, epf, esi, employerInCtcPaise };
}

/**
 * Solves gross = monthly CTC − employer contributions(gross). The contributions depend on gross
 * (ESI is 3.25% of it; the PF wage may include the fixed allowance or % of gross components), so
 * this is a fixed point. Every value is whole rupees in [−∞, M], the iteration
 * g ← M − E(g) is run from g = M; since E grows by at most ~15¼ paise per rupee of gross it is a
 * contraction and settles in a few steps. It stops at a fixed point, or at the first repeated value
 * (a rounding 2-cycle), or after 64 steps — so it always terminates. Without an exact fixed point
 * it takes the largest visited gross whose parts do not exceed M; the fixed allowance's annual
 * figure then absorbs the shortfall so the annual parts still add up to the CTC exactly.
 */
function solveGross(p: Prepared, input: SalaryStructureInput, monthlyTargetPaise: number, esiInCtc: boolean): Evaluation {
  const visited: Evaluation[] = [];
  const seen = new Set<number>();
  let g = monthlyTargetPaise;
  for (let step = 0; step < 64; step += 1) {
    const ev = evaluateAt(p, input, g, esiInCtc);
    if (ev.grossPaise + ev.employerInCtcPaise === monthlyTargetPaise) return ev;
    visited.push(ev);
    seen.add(g);
    const next = monthlyTargetPaise - ev.employerInCtcPaise;
    if (seen.has(next)) break;
    g = next;
  }
  const fitting = visited.filter((ev) => ev.grossPaise + ev.employerInCtcPaise <= monthlyTargetPaise);
  const pool = fitting.length > 0 ? fitting : visited;
  return pool.reduce((best, ev) =>
    fitting.length > 0 ? (ev.grossPaise > best.grossPaise ? ev : best) : ev.grossPaise < best.grossPaise ? ev : best,
  );
}

function deductionLines(list: readonly SalaryDeductionInput[] | undefined): SalaryDeductionLine[] {
  return (list ?? []).map((d) => {
    if (!Number.isInteger(d.annualPaise) || d.annualPaise < 0) {
      throw new StructureError('InvalidInput', `Deduction '${d.name}' must be a whole, non-negative number of paise`, d.id);
    }
    // Rounding point: a deduction's monthly amount is its annual ÷ 12 to the rupee, half up.
    return { id: d.id, name: d.name, annualPaise: d.annualPaise, monthlyPaise: mulDivToRupees(d.annualPaise, 1, 12) };
  });
}

export function computeSalaryStructure(input: SalaryStructureInput): SalaryStructureResult {
  try {
    return { ok: true, structure: build(input) };
  } catch (err) {
    if (err instanceof StructureError) {
      return { ok: false, error: { code: err.code, message: err.message, ...(err.componentId !== undefined ? { componentId: err.componentId } : {}) } };
    }
    throw err;
  }
}

function build(input: SalaryStructureInput): SalaryStructure {
  const p = prepare(input);
  const esiSettings = input.statutory.esi;
  // The monthly CTC the monthly parts add up to: annual ÷ 12 rounded DOWN to the rupee, so the
  // remainder the fixed allowance carries in its annual figure is never negative.
  const monthlyTargetPaise = mulDivToRupees(input.annualCtcPaise, 1, 12, 'down');

  // First without ESI inside CTC. If ESI applies at that gross and its employer share sits inside
  // CTC, solve again with it; the result is the largest self-consistent gross (a CTC just above the
  // coverage line stays uncovered rather than being pushed under it by its own ESI).
  let ev = solveGross(p, input, monthlyTargetPaise, false);
  if (esiSettings.enabled && esiSettings.includeEmployerShareInCtc && ev.esi.applicable) {
    const withEsi = solveGross(p, input, monthlyTargetPaise, true);
    if (withEsi.esi.applicable) ev = withEsi;
  }

  const preTaxDeductions = deductionLines(input.preTaxDeductions);
  const postTaxDeductions = deductionLines(input.postTaxDeductions);

  for (const e of p.earnings) {
    if ((ev.amounts.get(e) ?? 0) < 0) throw new StructureError('NegativeAmount', SALARY_COMPONENT_AMOUNT_ERROR, e.id);
  }

  const esiInCtcMonthly = esiSettings.includeEmployerShareInCtc && ev.esi.applicable ? ev.esi.employerPaise : 0;
  // Annual = monthly × 12 for every part but the fixed allowance, which takes the exact remainder.
  let annualOthers = 12 * ev.employerInCtcPaise;
  for (const e of p.earnings) if (e !== p.fixed) annualOthers += 12 * (ev.amounts.get(e) ?? 0);
  const fixedAnnual = input.annualCtcPaise - annualOthers;
  const fixedMonthly = ev.amounts.get(p.fixed) ?? 0;
  if (fixedAnnual < 0) throw new StructureError('NegativeAmount', SALARY_COMPONENT_AMOUNT_ERROR, p.fixed.id);

  const earnings: SalaryEarningLine[] = p.earnings.map((e) => {
    const monthlyPaise = ev.amounts.get(e) ?? 0;
    return {
      id: e.id,
      name: e.name,
      code: e.code,
      calculationType: e.calculationType,
      calculationValue: e.calculationValue,
      isBasic: e === p.basic,
      isFixedAllowance: e === p.fixed,
      isTaxable: e.isTaxable,
      isProRata: e.isProRata,
      monthlyPaise,
      annualPaise: e === p.fixed ? fixedAnnual : monthlyPaise * 12,
    };
  });
  const annualGrossPaise = earnings.reduce((s, e) => s + e.annualPaise, 0);

  const pt = annualProfessionalTax({
    stateCode: input.statutory.professionalTaxStateCode,
    monthlyGrossPaise: ev.grossPaise,
    gender: input.statutory.gender,
    ...(input.statutory.ageYears !== undefined ? { ageYears: input.statutory.ageYears } : {}),
    asOf: input.asOf,
  });
  const lwf = annualLabourWelfareFund({ stateCode: input.statutory.lwfStateCode, monthlyGrossPaise: ev.grossPaise, asOf: input.asOf });

  const statutoryComponents: StatutoryComponentLine[] = [
    {
      name: 'EPF',
      applicable: ev.epf.applicable,
      employeeMonthlyPaise: ev.epf.employeePaise,
      employerMonthlyPaise: ev.epf.employerPaise,
      employeeAnnualPaise: ev.epf.employeePaise * 12,
      employerAnnualPaise: ev.epf.employerPaise * 12,
      employeeRatePercent: ev.epf.employeeRatePercent,
      employerRatePercent: ev.epf.employerRatePercent,
      deductionCycle: 'Monthly',
      employerInCtcMonthlyPaise: ev.epf.employerInCtcPaise,
    },
    {
      name: 'ESI',
      applicable: ev.esi.applicable,
      employeeMonthlyPaise: ev.esi.employeePaise,
      employerMonthlyPaise: ev.esi.employerPaise,
      employeeAnnualPaise: ev.esi.employeePaise * 12,
      employerAnnualPaise: ev.esi.employerPaise * 12,
      employeeRatePercent: ev.esi.employeeRatePercent,
      employerRatePercent: ev.esi.employerRatePercent,
      deductionCycle: 'Monthly',
      employerInCtcMonthlyPaise: esiInCtcMonthly,
    },
    {
      name: 'ProfessionalTax',
      applicable: pt.applicable,
      employeeMonthlyPaise: pt.perDeductionPaise,
      employerMonthlyPaise: 0,
      employeeAnnualPaise: pt.annualPaise,
      employerAnnualPaise: 0,
      employeeRatePercent: null,
      employerRatePercent: null,
      deductionCycle: pt.cycle,
      employerInCtcMonthlyPaise: 0,
    },
    {
      name: 'LWF',
      applicable: lwf.applicable,
      employeeMonthlyPaise: lwf.employeePerDeductionPaise,
      employerMonthlyPaise: lwf.employerPerDeductionPaise,
      employeeAnnualPaise: lwf.employeeAnnualPaise,
      employerAnnualPaise: lwf.employerAnnualPaise,
      employeeRatePercent: null,
      employerRatePercent: null,
      deductionCycle: lwf.cycle,
      employerInCtcMonthlyPaise: 0,
    },
  ];

  const annualPreTax = preTaxDeductions.reduce((s, d) => s + d.annualPaise, 0);
  const annualPostTax = postTaxDeductions.reduce((s, d) => s + d.annualPaise, 0);
  let annualTdsPaise = 0;
  const tdsEstimated = input.estimateAnnualTax !== undefined;
  if (input.estimateAnnualTax !== undefined) {
    const tax = input.estimateAnnualTax({
      annualTaxableEarningsPaise: earnings.filter((e) => e.isTaxable).reduce((s, e) => s + e.annualPaise, 0),
      annualEmployeeEpfPaise: ev.epf.employeePaise * 12,
      annualProfessionalTaxPaise: pt.annualPaise,
      annualPreTaxDeductionsPaise: annualPreTax,
      regime: input.regime,
    });
    if (!Number.isInteger(tax) || tax < 0) throw new StructureError('InvalidInput', 'The tax estimate must be whole, non-negative paise');
    annualTdsPaise = tax;
  }
  // Rounding point: monthly TDS is the annual estimate ÷ 12 to the rupee, half up (s.192 averaging).
  const monthlyTdsPaise = mulDivToRupees(annualTdsPaise, 1, 12);

  const annualNetTakeHomePaise =
    annualGrossPaise -
    ev.epf.employeePaise * 12 -
    ev.esi.employeePaise * 12 -
    pt.annualPaise -
    lwf.employeeAnnualPaise -
    annualPreTax -
    annualPostTax -
    annualTdsPaise;

  return {
    earnings,
    statutoryComponents,
    epf: ev.epf,
    esi: ev.esi,
    preTaxDeductions,
    postTaxDeductions,
    monthlyGrossPaise: ev.grossPaise,
    annualGrossPaise,
    monthlyCtcPaise: monthlyTargetPaise,
    annualCtcPaise: input.annualCtcPaise,
    fixedAllowanceAnnualRemainderPaise: fixedAnnual - 12 * fixedMonthly,
    monthlyTdsPaise,
    annualTdsPaise,
    tdsEstimated,
    // Rounding point: take-home for an average month, annual net ÷ 12 to the rupee, half up.
    monthlyNetTakeHomePaise: mulDivToRupees(annualNetTakeHomePaise, 1, 12),
    annualNetTakeHomePaise,
    regime: input.regime,
  };
}
