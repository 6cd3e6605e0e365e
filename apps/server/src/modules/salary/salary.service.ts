import { PEOPLE_MSG, WORK_LOCATION_MSG, can, type STATUTORY_COMPONENT_NAMES, type SalaryStructureView } from '@tankha/contracts';
import {
  computeEmployeeMonth,
  computeSalaryStructure,
  dateInZone,
  financialYearOf,
  INDIAN_STATE_NAMES,
  isIndianStateCode,
  isTaxFinancialYear,
  monthDeductionsFromStructure,
  monthEarningsFromStructure,
  rupeesToPaise,
  salaryDeductionsForYear,
  salaryTaxEstimator,
  type EpfSettings,
  type MonthTenantDeduction,
  type MonthTenantEarning,
  type SalaryCalculationType,
  type SalaryStructure,
  type SalaryEarningInput,
  type SalaryStructureEpfSettings,
  type StatutoryGender,
  type StatutoryWageBase,
  paiseToRupees,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import type { Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import type { WorkLocationService } from '../work-locations/work-locations.service';
import * as repo from './salary.repo';
import type { TenantDeductionRow, TenantEarningRow } from './salary.repo';

/** An earning association as the wire carries it: flat (type 3) values are annual rupees. */
export interface EarningValue {
  tenantEarningId: string;
  calculationValue: number | string;
  calculationType?: number | undefined;
}
export interface DeductionValue {
  tenantDeductionId: string;
  /** Annual rupees. */
  calculationValue: number;
}

/** The inputs of one structure, whether typed into the modal or read from a stored employee. */
export interface StructureRequest {
  annualCTC: number;
  regimeType: 0 | 1;
  earningAssociationValues?: readonly EarningValue[] | undefined;
  deductionAssociationValues?: readonly DeductionValue[] | undefined;
  forceESICalc?: boolean | undefined;
  dateOfBirth?: string | null | undefined;
  gender?: number | undefined;
  /** The employee's work location: its state gives the PT and LWF (the preview's; the run reads the stored one). */
  workLocationId?: string | null | undefined;
}

/** Associations ready to store: flat values in annual paise text, percentages as decimal text. */
export interface ResolvedAssociations {
  earnings: {
    tenantEarningId: string;
    calculationType: number;
    calculationValue: string;
  }[];
  deductions: { tenantDeductionId: string; annualPaise: number }[];
}


export function earningValueOut(row: { calculationType: number; calculationValue: string }): number | string {
  if (row.calculationType === 3) return paiseToRupees(Number(row.calculationValue));
  if (row.calculationType === 4) return row.calculationValue;
  const n = Number(row.calculationValue);
  return Number.isFinite(n) ? n : row.calculationValue;
}

/** A wire value to its stored text, by calculation type; a bad value is a 400 naming the field. */
function storedValue(type: number, value: number | string, name: string): string {
  const field = 'earningAssociations';
  if (type === 4) {
    if (typeof value !== 'string' || value.trim() === '') throw fieldError(field, `'${name}' needs a formula`);
    return value.trim();
  }
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n) || n < 0) throw fieldError(field, `'${name}' needs a non-negative number`);
  if (type === 3) {
    try {
      return String(rupeesToPaise(n));
    } catch {
      throw fieldError(field, `'${name}' can have at most two decimals`);
    }
  }
  if (n > 100) throw fieldError(field, `'${name}' cannot be more than 100%`);
  return String(n);
}

const GENDERS: Record<number, StatutoryGender | undefined> = {
  1: 'Male',
  2: 'Female',
  4: 'Other',
};

/** Whole years from a birth date to a date (both 'YYYY-MM-DD'). */
function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

function settingsOf(rows: repo.StatutoryRow[], component: (typeof STATUTORY_COMPONENT_NAMES)[number]) {
  const row = rows.find((r) => r.component === component);
  return {
    enabled: row?.isEnabled ?? false,
    settings: (row?.settings ?? {}) as Record<string, unknown>,
  };
}

const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

type Statutory = ReturnType<typeof settingsOf>;
const stateOf = (s: Statutory) => (s.enabled && typeof s.settings.stateCode === 'string' && isIndianStateCode(s.settings.stateCode) ? s.settings.stateCode : null);

/** The EPF settings the engines take, from the stored component (platform spec §9 defaults). */
function epfSettingsOf(epf: Statutory): SalaryStructureEpfSettings {
  return {
    applicability: epf.enabled ? (num(epf.settings.applicability, 1) === 2 ? 2 : 1) : 0,
    employeeRatePercent: num(epf.settings.employeeRatePercent, 12),
    employerRatePercent: num(epf.settings.employerRatePercent, 12),
    restrictToWageCeiling: bool(epf.settings.restrictToWageCeiling, true),
    proRate: bool(epf.settings.proRate, false),
    includeEmployerShareInCtc: bool(epf.settings.includeEmployerShareInCtc, true),
    includeEdliAndAdminInCtc: bool(epf.settings.includeEdliAndAdminInCtc, false),
    considerAllSalaryComponents: bool(epf.settings.considerAllSalaryComponents, true),
  };
}

/** The PF or ESI wage base as stored; a row from before the choice existed is 'components' (migration 0043). */
function wageBaseOf(s: Statutory): StatutoryWageBase {
  return s.settings.wageBase === 'codes' ? 'codes' : 'components';
}

/** The organisation's statutory components as stored, read once. */
function readStatutory(rows: repo.StatutoryRow[]) {
  return { epf: settingsOf(rows, 'EPF'), esi: settingsOf(rows, 'ESI'), pt: settingsOf(rows, 'ProfessionalTax'), lwf: settingsOf(rows, 'LWF') };
}

interface ComponentRows {
  earningRows: TenantEarningRow[];
  deductionRows: TenantDeductionRow[];
  statutoryRows: repo.StatutoryRow[];
}

/** The organisation's statutory settings as the month calculation takes them (EmployeeMonthInput). */
export interface PayStatutory {
  /** considerAllSalaryComponents (platform spec §9): every earning but HRA is PF wage (monthEarningsFromStructure's option). */
  epf: { enabled: boolean; settings: EpfSettings; considerAllSalaryComponents: boolean; wageBase: StatutoryWageBase };
  /** wageBase: the ESI contribution wages (coverage stays on the ESI gross). */
  esi: { enabled: boolean; wageBase: StatutoryWageBase };
  professionalTax: { enabled: boolean; stateCode: string | null };
  lwf: { enabled: boolean; stateCode: string | null };
}

/**
 * One employee's stored structure as the structure engine computes it (full-month amounts in paise);
 * the run maps it to the month input with the domain's monthEarningsFromStructure and
 * monthDeductionsFromStructure, as the structure preview does.
 */
export interface PayStructure {
  regime: 0 | 1;
  monthlyGrossPaise: number;
  forceEsi: boolean;
  lines: Pick<SalaryStructure, 'earnings' | 'preTaxDeductions' | 'postTaxDeductions'>;
  /** The year's professional tax and employee EPF as the structure projects them (old-regime TDS, as in the preview). */
  annualProfessionalTaxPaise: number;
  annualEmployeeEpfPaise: number;
}

export interface PayStructures {
  statutory: PayStatutory;
  /** The organisation's components with the flags the month takes (monthEarningsFromStructure, monthDeductionsFromStructure). */
  tenantEarnings: MonthTenantEarning[];
  tenantDeductions: MonthTenantDeduction[];
  /**
   * One of the requested employees' structure, computed when asked (the run asks as it reaches each
   * employee, so no chunk-wide map of structures is built first): undefined without a CTC (or not
   * requested), `error` when the engine refuses the stored structure.
   */
  structureOf(userId: string): PayStructure | { error: string } | undefined;
}

function payStatutoryOf(st: ReturnType<typeof readStatutory>): PayStatutory {
  const { considerAllSalaryComponents, ...epf } = epfSettingsOf(st.epf);
  return {
    epf: { enabled: st.epf.enabled, settings: epf, considerAllSalaryComponents, wageBase: wageBaseOf(st.epf) },
    esi: { enabled: st.esi.enabled, wageBase: wageBaseOf(st.esi) },
    professionalTax: { enabled: stateOf(st.pt) !== null, stateCode: stateOf(st.pt) },
    lwf: { enabled: stateOf(st.lwf) !== null, stateCode: stateOf(st.lwf) },
  };
}

/** The year's professional tax and employee EPF of a structure (steady full months), for the old regime's TDS. */
function annualDeductionsOf(s: SalaryStructure): { annualProfessionalTaxPaise: number; annualEmployeeEpfPaise: number } {
  return {
    annualProfessionalTaxPaise: s.statutoryComponents.find((c) => c.name === 'ProfessionalTax')?.employeeAnnualPaise ?? 0,
    annualEmployeeEpfPaise: s.statutoryComponents.find((c) => c.name === 'EPF')?.employeeAnnualPaise ?? 0,
  };
}

/**
 * The structure's month through the one month calculation (DESIGN §10: the preview calls it too): paid
 * in full in April, the first month of its financial year, with nothing paid or deducted before, so
 * its TDS is the year's tax ÷ 12 exactly as the run deducts it in April — the tax of the twelve months
 * the run pays (12 × the monthly amounts), not of the structure's annual figures, whose fixed
 * allowance also carries the CTC's sub-rupee remainder.
 */
function steadyMonth(
  s: SalaryStructure,
  rows: { earningRows: readonly MonthTenantEarning[]; deductionRows: readonly MonthTenantDeduction[] },
  statutory: PayStatutory,
  request: StructureRequest,
  financialYear: string,
  workStateCode: string | null,
) {
  const april = `${financialYear.slice(0, 4)}-04`;
  const fyEnd = `${String(Number(financialYear.slice(0, 4)) + 1)}-03-31`;
  const ageAtFyEnd = request.dateOfBirth ? ageOn(request.dateOfBirth, fyEnd) : undefined;
  const { annualProfessionalTaxPaise, annualEmployeeEpfPaise } = annualDeductionsOf(s);
  return computeEmployeeMonth({
    month: april,
    period: { start: `${april}-01`, end: `${april}-30`, days: 30 },
    payableDays: 30,
    lopDays: 0,
    earnings: monthEarningsFromStructure(s, rows.earningRows, { considerAllSalaryComponents: statutory.epf.considerAllSalaryComponents }),
    deductions: monthDeductionsFromStructure(s, rows.deductionRows),
    adjustments: [],
    epf: { enabled: statutory.epf.enabled, settings: statutory.epf.settings, wageBase: statutory.epf.wageBase },
    esi: { enabled: statutory.esi.enabled, forceCalculate: request.forceESICalc ?? false, wageBase: statutory.esi.wageBase },
    // The employee's work location's state when they have one, as payroll.compute deducts it.
    professionalTax: { ...statutory.professionalTax, stateCode: statutory.professionalTax.enabled ? (workStateCode ?? statutory.professionalTax.stateCode) : null },
    lwf: { ...statutory.lwf, stateCode: statutory.lwf.enabled ? (workStateCode ?? statutory.lwf.stateCode) : null },
    gender: (request.gender === undefined ? undefined : GENDERS[request.gender]) ?? 'Male',
    ageYears: request.dateOfBirth ? ageOn(request.dateOfBirth, `${april}-01`) : null,
    tds: {
      enabled: isTaxFinancialYear(financialYear),
      financialYear,
      regime: s.regime,
      ageBand: ageAtFyEnd === undefined || ageAtFyEnd < 60 ? 'below60' : ageAtFyEnd < 80 ? '60to80' : 'above80',
      grossSoFarPaise: 0,
      tdsSoFarPaise: 0,
      remainingMonths: 12,
      deductionsForYearPaise: salaryDeductionsForYear({ financialYear, regime: s.regime, annualProfessionalTaxPaise, annualEmployeeEpfPaise }),
    },
  });
}

/**
 * A structure as a salary revision keeps it: the engine's earnings and deductions
 * with their full-month amounts, enough for the run to recompute a month (monthEarningsFromStructure)
 * and for the history to show each component before and after.
 */
export interface SalarySnapshot {
  annualCtcPaise: number;
  regimeType: 0 | 1;
  forceEsiCalc: boolean;
  monthlyGrossPaise: number;
  earnings: SalaryStructure['earnings'];
  preTaxDeductions: SalaryStructure['preTaxDeductions'];
  postTaxDeductions: SalaryStructure['postTaxDeductions'];
}

/**
 * The salary structure from CTC through the domain engine (payroll spec §3, §7; people spec §5) and
 * the employee's associations. The components themselves: salary-components.service.ts.
 */
export class SalaryService {
  constructor(private readonly deps: { clock: Clock; workLocations: Pick<WorkLocationService, 'find'> }) {}

  async calculate(scope: Scope, request: StructureRequest): Promise<SalaryStructureView> {
    return this.structureIn(scope, request);
  }

  /** The stored employee's structure (their CTC, regime and associations). */
  async userStructure(scope: Scope, userId: string): Promise<SalaryStructureView> {
    const { db: tdb, ctx } = scope;
    if (ctx.userId !== userId && !can(ctx.roleId, 'users.viewProfile')) throw forbidden();
    const person = await repo.findSalaryPerson(tdb, userId);
    if (!person) throw notFound('User not found');
    if (person.annualCtcPaise === null) return this.emptyStructure(tdb, person.regimeType);
    const earnings = await repo.listUserEarnings(tdb, userId);
    const deductions = await repo.listUserDeductions(tdb, userId);
    return this.structureIn(scope, {
      annualCTC: paiseToRupees(person.annualCtcPaise ?? 0),
      regimeType: person.regimeType === 0 ? 0 : 1,
      earningAssociationValues: earnings.map((e) => ({
        tenantEarningId: e.tenantEarningId,
        calculationType: e.calculationType,
        calculationValue: earningValueOut(e),
      })),
      deductionAssociationValues: deductions.map((d) => ({
        tenantDeductionId: d.tenantDeductionId,
        calculationValue: paiseToRupees(d.annualPaise),
      })),
      forceESICalc: person.forceEsiCalc,
      dateOfBirth: person.dateOfBirth,
      gender: person.gender,
      workLocationId: person.workLocationId,
    });
  }

  /** An employee with no CTC yet: nothing to compute, every amount 0. */
  private async emptyStructure(tdb: TenantDb, regimeType: number): Promise<SalaryStructureView> {
    const financialYear = financialYearOf(dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb)));
    return {
      annualCTC: 0,
      monthlyCTC: 0,
      monthlyGross: 0,
      annualGross: 0,
      monthlyTDS: 0,
      annualTDS: 0,
      earnings: [],
      deductions: [],
      statutoryComponents: [],
      monthlyNetTakeHome: 0,
      annualNetTakeHome: 0,
      regimeType,
      isAvailable: false,
      financialYear,
      levyState: { stateCode: null, source: 'organisation', explanation: 'No CTC yet: nothing is deducted.' },
    };
  }

  /**
   * Checks an employee's associations against the tenant's components and converts them for storage.
   * Empty earnings → the organisation's default structure, stored as the employee's own values.
   */
  async resolveAssociations({ db: tdb }: TenantScope, earnings: readonly EarningValue[], deductions: readonly DeductionValue[]): Promise<ResolvedAssociations> {
    const tenantEarnings = await repo.listEarnings(tdb);
    const tenantDeductions = await repo.listDeductions(tdb);
    const chosen = this.chooseEarnings(tenantEarnings, earnings);
    return {
      earnings: chosen.map(({ row, value }) => {
        const type = value?.calculationType ?? row.calculationType;
        return {
          tenantEarningId: row.id,
          calculationType: type,
          calculationValue: value && row.earningCategory !== 'fixedAllowance' ? storedValue(type, value.calculationValue, row.earningName) : row.calculationValue,
        };
      }),
      deductions: deductions.map((d) => {
        // An inactive deduction is not offered for new structures, but one an employee has stays.
        const row = tenantDeductions.find((t) => t.id === d.tenantDeductionId);
        if (!row) throw fieldError('deductionAssociations', 'Unknown deduction');
        return {
          tenantDeductionId: row.id,
          annualPaise: this.paise(d.calculationValue, 'deductionAssociations'),
        };
      }),
    };
  }

  private paise(rupees: number, field: string): number {
    try {
      return rupeesToPaise(rupees);
    } catch {
      throw fieldError(field, 'must have at most two decimals');
    }
  }

  /**
   * The earnings of a structure: with no values given, the organisation's default structure; with
   * values, exactly those components. The fixed allowance (the remainder) is always there.
   */
  private chooseEarnings(rows: TenantEarningRow[], values: readonly EarningValue[] | undefined): { row: TenantEarningRow; value: EarningValue | undefined }[] {
    const active = rows.filter((r) => r.isActive);
    if (!values || values.length === 0) return active.filter((r) => r.isPartOfSalaryStructure).map((row) => ({ row, value: undefined }));
    const chosen: { row: TenantEarningRow; value: EarningValue | undefined }[] = [];
    for (const value of values) {
      // Deactivating a component takes it out of the default structure and the pickers; employees
      // whose structure already has it keep it (docs/decisions/).
      const row = rows.find((r) => r.id === value.tenantEarningId);
      if (!row) throw fieldError('earningAssociations', 'Unknown salary component');
      if (chosen.some((c) => c.row.id === row.id)) throw fieldError('earningAssociations', `'${row.earningName}' is listed twice`);
      chosen.push({ row, value });
    }
    const fixed = active.find((r) => r.earningCategory === 'fixedAllowance');
    if (fixed && !chosen.some((c) => c.row.id === fixed.id)) chosen.push({ row: fixed, value: undefined });
    return chosen.sort((a, b) => a.row.sortOrder - b.row.sortOrder);
  }

  /**
   * The one mapping of the tenant's components, statutory settings and an employee's request to the
   * structure engine: the structure preview (structureIn) and the payroll run (payStructures) share it,
   * so the month pays exactly the structure the employee's profile shows.
   */
  private computeStructure(rows: ComponentRows, request: StructureRequest, asOf: string, financialYear: string, withTax: boolean, workStateCode: string | null = null) {
    const { earningRows, deductionRows, statutoryRows } = rows;
    const chosen = this.chooseEarnings(earningRows, request.earningAssociationValues);

    const earnings: SalaryEarningInput[] = chosen.map(({ row, value }) => {
      const type = (value?.calculationType ?? row.calculationType) as SalaryCalculationType;
      const stored = value && row.earningCategory !== 'fixedAllowance' ? storedValue(type, value.calculationValue, row.earningName) : row.calculationValue;
      return {
        id: row.id,
        name: row.earningName,
        code: row.code,
        calculationType: type,
        calculationValue: type === 3 ? Number(stored) : stored,
        isBasic: row.earningCategory === 'basic',
        isFixedAllowance: row.earningCategory === 'fixedAllowance',
        isHouseRentAllowance: row.earningCategory === 'hra',
        isTaxable: row.isTaxableEarning,
        isProRata: row.isProRateBasis,
        isPartOfPfWage: row.epfContributionType !== 0,
        isConsideredForEsi: row.isConsideredForEsi,
      };
    });

    const deductions = (request.deductionAssociationValues ?? []).map((d) => {
      const row = deductionRows.find((r) => r.id === d.tenantDeductionId);
      if (!row) throw fieldError('deductionAssociationValues', 'Unknown deduction');
      return {
        row,
        annualPaise: this.paise(d.calculationValue, 'deductionAssociationValues'),
      };
    });

    const statutory = readStatutory(statutoryRows);
    const { epf, esi, pt, lwf } = statutory;

    const fyEnd = `${String(Number(financialYear.slice(0, 4)) + 1)}-03-31`;
    const ageAtFyEnd = request.dateOfBirth ? ageOn(request.dateOfBirth, fyEnd) : undefined;
    const ageBand = ageAtFyEnd === undefined || ageAtFyEnd < 60 ? 'below60' : ageAtFyEnd < 80 ? '60to80' : 'above80';

    const result = computeSalaryStructure({
      annualCtcPaise: this.paise(request.annualCTC, 'annualCTC'),
      regime: request.regimeType,
      earnings,
      preTaxDeductions: deductions
        .filter((d) => d.row.deductionType === 3)
        .map((d) => ({
          id: d.row.id,
          name: d.row.deductionName,
          annualPaise: d.annualPaise,
        })),
      postTaxDeductions: deductions
        .filter((d) => d.row.deductionType !== 3)
        .map((d) => ({
          id: d.row.id,
          name: d.row.deductionName,
          annualPaise: d.annualPaise,
        })),
      statutory: {
        // The organisation's PF and ESI wage base, as the month takes it (decision 0217): the employer
        // PF inside CTC is then what the run charges.
        epf: { ...epfSettingsOf(epf), wageBase: wageBaseOf(epf) },
        esi: {
          enabled: esi.enabled,
          includeEmployerShareInCtc: bool(esi.settings.includeEmployerShareInCtc, true),
          forceCalculate: request.forceESICalc ?? false,
          wageBase: wageBaseOf(esi),
        },
        // The employee's work location's state when they have one (issue 28), as the month deducts it.
        professionalTaxStateCode: stateOf(pt) && (workStateCode ?? stateOf(pt)),
        lwfStateCode: stateOf(lwf) && (workStateCode ?? stateOf(lwf)),
        gender: request.gender === undefined ? undefined : GENDERS[request.gender],
        ageYears: request.dateOfBirth ? ageOn(request.dateOfBirth, asOf) : undefined,
      },
      asOf,
      ...(withTax ? { estimateAnnualTax: salaryTaxEstimator({ financialYear, ageBand }) } : {}),
    });
    return { result, chosen, deductions, statutory };
  }

  /**
   * The payroll run's bulk read (DESIGN §10): the structures of many employees as the month
   * calculation takes them, with the organisation's statutory settings, in one query per table; each
   * structure is computed when `structureOf` asks for it.
   */
  async payStructures({ db: tdb }: TenantScope, userIds: readonly string[], asOf: string): Promise<PayStructures> {
    const [earningRows, deductionRows, statutoryRows, people, userEarningRows, userDeductionRows] = [
      await repo.listEarnings(tdb),
      await repo.listDeductions(tdb),
      await repo.listStatutory(tdb),
      await repo.findSalaryPeople(tdb, userIds),
      await repo.listUsersEarnings(tdb, userIds),
      await repo.listUsersDeductions(tdb, userIds),
    ];
    const rows: ComponentRows = { earningRows, deductionRows, statutoryRows };
    const financialYear = financialYearOf(asOf);
    const statutory = payStatutoryOf(readStatutory(statutoryRows));
    const byUser = <T extends { userId: string }>(list: readonly T[]) => {
      const map = new Map<string, T[]>();
      for (const r of list) {
        const mine = map.get(r.userId);
        if (mine) mine.push(r);
        else map.set(r.userId, [r]);
      }
      return map;
    };
    const earningsOf = byUser(userEarningRows);
    const deductionsOf = byUser(userDeductionRows);
    const personOf = new Map(people.map((p) => [p.id, p]));
    const structureOf = (userId: string): PayStructure | { error: string } | undefined => {
      const person = personOf.get(userId);
      if (person?.annualCtcPaise === null || person?.annualCtcPaise === undefined) return undefined;
      const request: StructureRequest = {
        annualCTC: paiseToRupees(person.annualCtcPaise),
        regimeType: person.regimeType === 0 ? 0 : 1,
        earningAssociationValues: (earningsOf.get(person.id) ?? []).map((e) => ({ tenantEarningId: e.tenantEarningId, calculationType: e.calculationType, calculationValue: earningValueOut(e) })),
        deductionAssociationValues: (deductionsOf.get(person.id) ?? []).map((d) => ({ tenantDeductionId: d.tenantDeductionId, calculationValue: paiseToRupees(d.annualPaise) })),
        forceESICalc: person.forceEsiCalc,
        dateOfBirth: person.dateOfBirth,
        gender: person.gender,
      };
      let computed: ReturnType<SalaryService['computeStructure']>;
      try {
        computed = this.computeStructure(rows, request, asOf, financialYear, false, person.workStateCode);
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
      const { result } = computed;
      if (!result.ok) return { error: result.error.code === 'NegativeAmount' ? PEOPLE_MSG.salaryAmountNegative : result.error.message };
      const s = result.structure;
      return {
        regime: s.regime,
        monthlyGrossPaise: s.monthlyGrossPaise,
        forceEsi: person.forceEsiCalc,
        lines: { earnings: s.earnings, preTaxDeductions: s.preTaxDeductions, postTaxDeductions: s.postTaxDeductions },
        ...annualDeductionsOf(s),
      };
    };
    return { statutory, tenantEarnings: earningRows, tenantDeductions: deductionRows, structureOf };
  }

  /** The stored employee's structure as a request (their CTC, regime and associations); null without a CTC. */
  async storedRequest({ db: tdb }: TenantScope, userId: string): Promise<StructureRequest | null> {
    const person = await repo.findSalaryPerson(tdb, userId);
    if (person?.annualCtcPaise === null || person?.annualCtcPaise === undefined) return null;
    const earnings = await repo.listUserEarnings(tdb, userId);
    const deductions = await repo.listUserDeductions(tdb, userId);
    return {
      annualCTC: paiseToRupees(person.annualCtcPaise),
      regimeType: person.regimeType === 0 ? 0 : 1,
      earningAssociationValues: earnings.map((e) => ({ tenantEarningId: e.tenantEarningId, calculationType: e.calculationType, calculationValue: earningValueOut(e) })),
      deductionAssociationValues: deductions.map((d) => ({ tenantDeductionId: d.tenantDeductionId, calculationValue: paiseToRupees(d.annualPaise) })),
      forceESICalc: person.forceEsiCalc,
      dateOfBirth: person.dateOfBirth,
      gender: person.gender,
    };
  }

  /** A structure computed as the preview computes it, kept for a salary revision; refused as structureIn refuses it. */
  async snapshotOf({ db: tdb }: TenantScope, request: StructureRequest): Promise<SalarySnapshot> {
    const { rows, today } = await this.structureBasis(tdb);
    const { result } = this.computeStructure(rows, request, today, financialYearOf(today), false);
    if (!result.ok) {
      if (result.error.code === 'NegativeAmount') throw badRequest(PEOPLE_MSG.salaryAmountNegative);
      throw fieldError('earningAssociations', result.error.message);
    }
    const s = result.structure;
    return {
      annualCtcPaise: s.annualCtcPaise,
      regimeType: s.regime,
      forceEsiCalc: request.forceESICalc ?? false,
      monthlyGrossPaise: s.monthlyGrossPaise,
      earnings: s.earnings,
      preTaxDeductions: s.preTaxDeductions,
      postTaxDeductions: s.postTaxDeductions,
    };
  }

  /** What a structure is computed from: the tenant's components, and today in its time zone. */
  private async structureBasis(tdb: TenantDb): Promise<{ rows: ComponentRows; today: string }> {
    const earningRows = await repo.listEarnings(tdb);
    const deductionRows = await repo.listDeductions(tdb);
    const statutoryRows = await repo.listStatutory(tdb);
    const timeZone = await repo.tenantTimeZone(tdb);
    return { rows: { earningRows, deductionRows, statutoryRows }, today: dateInZone(this.deps.clock.now(), timeZone) };
  }

  /** Maps the tenant's components and the request to the engine, and its result to rupees. */
  async structureIn(scope: TenantScope, request: StructureRequest, isAvailable = true): Promise<SalaryStructureView> {
    const { rows, today } = await this.structureBasis(scope.db);
    const financialYear = financialYearOf(today);
    const location = request.workLocationId ? await this.deps.workLocations.find(scope, request.workLocationId) : undefined;
    if (request.workLocationId && !location) throw fieldError('workLocationId', WORK_LOCATION_MSG.employeeLocationInvalid);
    const workStateCode = location?.stateCode ?? null;
    const { result, chosen, deductions, statutory } = this.computeStructure(rows, request, today, financialYear, true, workStateCode);
    if (!result.ok) {
      if (result.error.code === 'NegativeAmount') throw badRequest(PEOPLE_MSG.salaryAmountNegative);
      throw fieldError('earningAssociations', result.error.message);
    }
    const { epf, esi, pt, lwf } = statutory;
    const s = result.structure;
    const month = steadyMonth(s, rows, payStatutoryOf(statutory), request, financialYear, workStateCode);
    const enabled = {
      EPF: epf.enabled,
      ESI: esi.enabled,
      ProfessionalTax: stateOf(pt) !== null,
      LWF: stateOf(lwf) !== null,
    };
    return {
      annualCTC: paiseToRupees(s.annualCtcPaise),
      monthlyCTC: paiseToRupees(s.monthlyCtcPaise),
      monthlyGross: paiseToRupees(s.monthlyGrossPaise),
      annualGross: paiseToRupees(s.annualGrossPaise),
      // The one month calculation's TDS (DESIGN §10), as the run deducts it in a steady year.
      monthlyTDS: paiseToRupees(month.tdsPaise),
      annualTDS: paiseToRupees(s.annualTdsPaise),
      earnings: s.earnings.map((e) => {
        const row = chosen.find((c) => c.row.id === e.id)?.row;
        return {
          tenantEarningId: e.id,
          earningName: e.name,
          earningCategory: row?.earningCategory ?? 'other',
          calculationType: e.calculationType,
          calculationValue: e.isFixedAllowance
            ? 0
            : e.calculationType === 3
              ? paiseToRupees(Number(e.calculationValue))
              : earningValueOut({
                  calculationType: e.calculationType,
                  calculationValue: String(e.calculationValue),
                }),
          monthlyAmount: paiseToRupees(e.monthlyPaise),
          annualAmount: paiseToRupees(e.annualPaise),
          isFixedAllowance: e.isFixedAllowance,
        };
      }),
      deductions: [...s.preTaxDeductions, ...s.postTaxDeductions].map((d) => {
        const row = deductions.find((x) => x.row.id === d.id)?.row;
        return {
          tenantDeductionId: d.id,
          deductionName: d.name,
          deductionType: row?.deductionType ?? 0,
          calculationValue: paiseToRupees(d.annualPaise),
          monthlyAmount: paiseToRupees(d.monthlyPaise),
          annualAmount: paiseToRupees(d.annualPaise),
        };
      }),
      statutoryComponents: s.statutoryComponents.map((c) => ({
        name: c.name,
        isEnabled: enabled[c.name],
        applicable: c.applicable,
        employeeMonthly: paiseToRupees(c.employeeMonthlyPaise),
        employerMonthly: paiseToRupees(c.employerMonthlyPaise),
        employeeAnnual: paiseToRupees(c.employeeAnnualPaise),
        employerAnnual: paiseToRupees(c.employerAnnualPaise),
        rate: c.employeeRatePercent,
        employerRate: c.employerRatePercent,
        deductionCycle: c.deductionCycle,
        employerInCtcMonthly: paiseToRupees(c.employerInCtcMonthlyPaise),
      })),
      monthlyNetTakeHome: paiseToRupees(s.monthlyNetTakeHomePaise),
      annualNetTakeHome: paiseToRupees(s.annualNetTakeHomePaise),
      regimeType: s.regime,
      isAvailable,
      financialYear,
      levyState: levyStateOf(stateOf(pt), stateOf(lwf), location),
    };
  }
}

const stateName = (code: string): string => (INDIAN_STATE_NAMES as Readonly<Record<string, string | undefined>>)[code] ?? code;

/**
 * Which state's professional tax and LWF a structure used, in words: the work location's state
 * (the month deducts it, payroll.compute), else the organisation's; nothing when neither levy is on.
 */
function levyStateOf(ptState: string | null, lwfState: string | null, location: { name: string; stateCode: string } | undefined): SalaryStructureView['levyState'] {
  const levies = [ptState && 'professional tax', lwfState && 'LWF'].filter(Boolean).join(' and ');
  if (levies === '') return { stateCode: null, source: location ? 'workLocation' : 'organisation', explanation: 'Professional tax and LWF are not enabled for the organisation.' };
  if (location) return { stateCode: location.stateCode, source: 'workLocation', explanation: `The ${levies} of ${stateName(location.stateCode)}, the state of the work location ${location.name}.` };
  const own = ptState ?? lwfState ?? '';
  return { stateCode: own, source: 'organisation', explanation: `The ${levies} of ${stateName(own)}, the organisation's state (no work location chosen).` };
}
