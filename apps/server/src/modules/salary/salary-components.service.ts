import {
  DeductionType,
  EARNING_TYPES,
  ErrorCode,
  SALARY_MSG,
  STATUTORY_COMPONENT_NAMES,
  SalaryCalculationType,
  type DeductionInput,
  type EarningInput,
  type EarningType,
  type EpfInput,
  type EsiInput,
  type StateLevyInput,
  type StatutoryComponentName,
  type StatutoryComponentSetting,
  type StatutoryTables,
  type TenantDeductionRow,
  type TenantEarningRow,
} from '@tankha/contracts';
import {
  DEFAULT_EPF_SETTINGS,
  type StatutoryWageBase,
  FORMULA_RESERVED_NAMES,
  LABOUR_WELFARE_FUND_TABLES,
  PROFESSIONAL_TAX_TABLES,
  computeSalaryStructure,
  dateInZone,
  epfRatesFor,
  esiRatesFor,
  INDIAN_STATE_NAMES,
  labourWelfareFundTableFor,
  professionalTaxTableFor,
  rupeesToPaise,
  type IndianStateCode,
  type IsoDate,
  type PtSlab,
  type SalaryCalculationType as EngineCalculationType,
  paiseToRupees,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Scope, TenantDb } from '../../platform/tenancy';
import * as repo from './salary.repo';
import { earningValueOut } from './salary.service';
import { defaultStatutorySettings } from './salary.defaults';
import { recordAudit } from '../../platform/audit/record';

const conflict = (message: string, field?: string) => new AppError(409, ErrorCode.Conflict, message, field ? { [field]: message } : undefined);

const CATEGORY_NAMES: Record<string, string> = { basic: 'Basic', hra: 'HRA', fixedAllowance: 'Fixed Allowance' };
/** Basic, HRA and the fixed allowance exist once: the structure engine gives each a role. */
const SINGLETON_CATEGORIES = new Set(['basic', 'hra', 'fixedAllowance']);
/** Basic and the fixed allowance are in every structure: never deleted or deactivated. */
const SYSTEM_CATEGORIES = new Set(['basic', 'fixedAllowance']);
/** A sample CTC (₹12 lakh) at which the whole set of components must compute after a change. */
const SAMPLE_CTC_PAISE = 120_000_000;

function earningOut(row: repo.TenantEarningRow, employeeCount: number): TenantEarningRow {
  return {
    id: row.id,
    earningName: row.earningName,
    nameInPayslip: row.nameInPayslip,
    code: row.code,
    earningCategory: (['basic', 'hra', 'fixedAllowance'].includes(row.earningCategory) ? row.earningCategory : 'other') as TenantEarningRow['earningCategory'],
    calculationType: row.calculationType,
    calculationValue: row.earningCategory === 'fixedAllowance' ? 0 : earningValueOut(row),
    isFixedPay: row.isFixedPay,
    isPartOfSalaryStructure: row.isPartOfSalaryStructure,
    isTaxableEarning: row.isTaxableEarning,
    isProRateBasis: row.isProRateBasis,
    epfContributionType: row.epfContributionType,
    isConsideredForESI: row.isConsideredForEsi,
    isActive: row.isActive,
    employeeCount,
  };
}

function deductionOut(row: repo.TenantDeductionRow, employeeCount: number): TenantDeductionRow {
  return {
    id: row.id,
    deductionName: row.deductionName,
    description: row.description,
    isRecurring: row.isRecurring,
    deductionType: row.deductionType,
    preTaxDeductionSection: row.preTaxDeductionSection,
    isActive: row.isActive,
    employeeCount,
  };
}

/** The stored text of a validated calculation: percent as decimal text, flat as annual paise, formula as is. */
function storedCalculation(input: EarningInput): string {
  if (input.calculationType === SalaryCalculationType.CustomFormula) return String(input.calculationValue);
  if (input.calculationType === SalaryCalculationType.Flat) return String(rupeesToPaise(Number(input.calculationValue)));
  return String(input.calculationValue);
}

/** A formula code from a name: 'Shift Allowance' → SHIFT_ALLOWANCE, unique in the organisation and never reserved. */
function codeFor(name: string, taken: ReadonlySet<string>): string {
  let base = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  if (base === '' || /^\d/.test(base)) base = `E_${base}`.replace(/_+$/, '');
  const reserved = new Set<string>([...FORMULA_RESERVED_NAMES, 'BASIC', 'HRA', 'FIXED_ALLOWANCE']);
  let code = base;
  for (let n = 2; taken.has(code) || reserved.has(code); n += 1) code = `${base}_${String(n)}`;
  return code;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Settings as stored, with every key the contract's views promise (older rows lack the newer keys). */
function normalisedSettings(component: StatutoryComponentName, stored: Record<string, unknown>): Record<string, unknown> {
  const defaults = defaultStatutorySettings(null).find((d) => d.component === component)?.settings ?? {};
  const extra: Record<StatutoryComponentName, Record<string, unknown>> = {
    // A row from before the wage base was recorded: the components marked for PF and ESI (migration 0043).
    EPF: { epfNumber: null, includeEdliAndAdminInCtc: DEFAULT_EPF_SETTINGS.includeEdliAndAdminInCtc ?? false, wageBase: 'components', wageBaseSince: null },
    ESI: { esiNumber: null, wageBase: 'components', wageBaseSince: null },
    ProfessionalTax: { registrationNumber: null },
    LWF: { registrationNumber: null },
  };
  return { ...defaults, ...extra[component], ...stored };
}

/** Slabs as rupee ranges: each runs to one paisa below the next one's start. */
function slabRanges<S extends { minPaise: number }>(slabs: readonly S[]) {
  return slabs.map((s, i) => {
    const next = slabs[i + 1];
    return { slab: s, from: paiseToRupees(s.minPaise), to: next ? paiseToRupees(next.minPaise - 1) : null };
  });
}

const ptSlabsOut = (slabs: readonly PtSlab[]) =>
  slabRanges(slabs).map(({ slab, from, to }) => ({ from, to, amount: paiseToRupees(slab.amountPaise), februaryAmount: slab.februaryAmountPaise === undefined ? null : paiseToRupees(slab.februaryAmountPaise) }));

/**
 * Salary components and statutory settings (payroll spec §3 "Salary structure", §7):
 * earnings and deductions with their usage, create/edit/activate/delete, earning types, the four
 * statutory components and the read-only statutory tables. After any change to earnings, the whole
 * set must still compute (formulas, % of basic) or the change is refused and rolled back.
 */
export class SalaryComponentsService {
  constructor(private readonly deps: { clock: Clock }) {}

  // ——— Earnings ———

  async earnings({ db: tdb }: Scope): Promise<TenantEarningRow[]> {
    const rows = await repo.listEarnings(tdb);
    const usage = await repo.earningUsage(tdb);
    return rows.map((r) => earningOut(r, usage.get(r.id) ?? 0));
  }

  earningTypes(): EarningType[] {
    return EARNING_TYPES.map((t) => ({ ...t }));
  }

  async createEarning(scope: Scope, input: EarningInput): Promise<TenantEarningRow> {
    const { db: tdb } = scope;
    if (!input.earningType) throw fieldError('earningType', SALARY_MSG.earningTypeRequired);
    const type = EARNING_TYPES.find((t) => t.key === input.earningType);
    if (!type) throw fieldError('earningType', SALARY_MSG.earningTypeRequired);
    await repo.lockComponents(tdb);
    const rows = await repo.listEarnings(tdb);
    if (SINGLETON_CATEGORIES.has(type.category) && rows.some((r) => r.earningCategory === type.category)) {
      throw conflict(SALARY_MSG.singletonExists(CATEGORY_NAMES[type.category] ?? type.name), 'earningType');
    }
    this.checkEarning(type.category, input, rows, null);
    const code = type.code ?? codeFor(input.earningName, new Set(rows.map((r) => r.code)));
    if (rows.some((r) => r.code === code)) throw conflict(SALARY_MSG.singletonExists(type.name), 'earningType');
    // New earnings go after the others but before the fixed allowance, which stays last (it is the remainder).
    const fixed = rows.find((r) => r.earningCategory === 'fixedAllowance');
    const sortOrder = Math.max(0, ...rows.filter((r) => r !== fixed).map((r) => r.sortOrder)) + 1;
    const id = await repo.insertEarning(tdb, { ...this.values(type.category, input), code, earningCategory: type.category, sortOrder });
    if (fixed && type.category !== 'fixedAllowance' && fixed.sortOrder <= sortOrder) await repo.updateEarning(tdb, fixed.id, { sortOrder: sortOrder + 1 });
    await this.assertStructureComputes(tdb, 'calculationValue');
    const created = await this.earningById(tdb, id);
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Create', after: created });
    return created;
  }

  async updateEarning(scope: Scope, id: string, input: EarningInput): Promise<TenantEarningRow> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = await repo.findEarning(tdb, id);
    if (!current) throw notFound(SALARY_MSG.earningNotFound);
    const rows = await repo.listEarnings(tdb);
    this.checkEarning(current.earningCategory, input, rows, id);
    if (!input.isActive && SYSTEM_CATEGORIES.has(current.earningCategory)) throw conflict(SALARY_MSG.systemEarning(current.earningName, 'deactivated'), 'isActive');
    await repo.updateEarning(tdb, id, this.values(current.earningCategory, input, current));
    await this.assertStructureComputes(tdb, 'calculationValue');
    const updated = await this.earningById(tdb, id);
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Update', before: current, after: updated });
    return updated;
  }

  async setEarningStatus(scope: Scope, id: string, isActive: boolean): Promise<TenantEarningRow> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = await repo.findEarning(tdb, id);
    if (!current) throw notFound(SALARY_MSG.earningNotFound);
    if (!isActive && SYSTEM_CATEGORIES.has(current.earningCategory)) throw conflict(SALARY_MSG.systemEarning(current.earningName, 'deactivated'), 'isActive');
    await repo.updateEarning(tdb, id, { isActive });
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Update', before: { isActive: current.isActive }, after: { isActive } });
    await this.assertStructureComputes(tdb, 'isActive', true);
    return this.earningById(tdb, id);
  }

  /** Only an earning no employee's structure holds; basic and the fixed allowance never. */
  async deleteEarning(scope: Scope, id: string): Promise<void> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = await repo.findEarning(tdb, id);
    if (!current) throw notFound(SALARY_MSG.earningNotFound);
    if (SYSTEM_CATEGORIES.has(current.earningCategory)) throw conflict(SALARY_MSG.systemEarning(current.earningName, 'deleted'));
    const used = (await repo.earningUsage(tdb)).get(id) ?? 0;
    if (used > 0) throw conflict(SALARY_MSG.earningInUse(current.earningName, used));
    await repo.deleteEarning(tdb, id);
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Delete', before: current });
    await this.assertStructureComputes(tdb, 'id', true);
  }

  private async earningById(tdb: TenantDb, id: string): Promise<TenantEarningRow> {
    const row = await repo.findEarning(tdb, id);
    const usage = await repo.earningUsage(tdb);
    if (!row) throw notFound(SALARY_MSG.earningNotFound);
    return earningOut(row, usage.get(id) ?? 0);
  }

  /** Rules the contract cannot see: unique names, basic not a percentage of itself. */
  private checkEarning(category: string, input: EarningInput, rows: repo.TenantEarningRow[], id: string | null): void {
    const clash = rows.find((r) => r.id !== id && sameName(r.earningName, input.earningName));
    if (clash) throw conflict(SALARY_MSG.earningNameExists(clash.earningName), 'earningName');
    if (category === 'basic' && input.calculationType === SalaryCalculationType.PercentOfBasic) throw fieldError('calculationType', SALARY_MSG.basicNotPercentOfBasic);
  }

  /** The columns to write; the fixed allowance's calculation stays the remainder (flat 0). */
  private values(category: string, input: EarningInput, current?: repo.TenantEarningRow): repo.EarningValues {
    const remainder = category === 'fixedAllowance';
    return {
      earningName: input.earningName,
      nameInPayslip: input.nameInPayslip,
      calculationType: remainder ? (current?.calculationType ?? SalaryCalculationType.Flat) : input.calculationType,
      calculationValue: remainder ? (current?.calculationValue ?? '0') : storedCalculation(input),
      isFixedPay: input.isFixedPay,
      isPartOfSalaryStructure: remainder ? true : input.isPartOfSalaryStructure,
      isTaxableEarning: input.isTaxableEarning,
      isProRateBasis: input.isProRateBasis,
      epfContributionType: input.epfContributionType,
      isConsideredForEsi: input.isConsideredForESI,
      isActive: input.isActive,
    };
  }

  /**
   * Runs the structure engine over every active earning at a sample CTC: an unknown name in a
   * formula, a cycle, or a percentage of a basic that is gone refuses the change (the transaction
   * rolls back). A negative amount at the sample CTC is about that CTC, not the components.
   */
  private async assertStructureComputes(tdb: TenantDb, field: string, isConflict = false): Promise<void> {
    const rows = (await repo.listEarnings(tdb)).filter((r) => r.isActive);
    const result = computeSalaryStructure({
      annualCtcPaise: SAMPLE_CTC_PAISE,
      regime: 1,
      earnings: rows.map((r) => ({
        id: r.id,
        name: r.earningName,
        code: r.code,
        calculationType: r.calculationType as EngineCalculationType,
        calculationValue: r.calculationType === SalaryCalculationType.Flat ? Number(r.calculationValue) : r.calculationValue,
        isBasic: r.earningCategory === 'basic',
        isFixedAllowance: r.earningCategory === 'fixedAllowance',
        isHouseRentAllowance: r.earningCategory === 'hra',
        isTaxable: r.isTaxableEarning,
        isProRata: r.isProRateBasis,
        isPartOfPfWage: r.epfContributionType !== 0,
        isConsideredForEsi: r.isConsideredForEsi,
      })),
      statutory: {
        epf: { ...DEFAULT_EPF_SETTINGS, applicability: 0, considerAllSalaryComponents: true },
        esi: { enabled: false, includeEmployerShareInCtc: false, forceCalculate: false },
        professionalTaxStateCode: null,
        lwfStateCode: null,
      },
      asOf: await this.today(tdb),
    });
    if (result.ok || result.error.code === 'NegativeAmount') return;
    if (isConflict) throw conflict(result.error.message);
    throw fieldError(field, result.error.message);
  }

  // ——— Deductions ———

  async deductions({ db: tdb }: Scope): Promise<TenantDeductionRow[]> {
    const rows = await repo.listDeductions(tdb);
    const usage = await repo.deductionUsage(tdb);
    return rows.map((r) => deductionOut(r, usage.get(r.id) ?? 0));
  }

  async createDeduction(scope: Scope, input: DeductionInput): Promise<TenantDeductionRow> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    await this.checkDeductionName(tdb, input.deductionName, null);
    const id = await repo.insertDeduction(tdb, this.deductionValues(input));
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Create', after: input });
    return this.deductionById(tdb, id);
  }

  async updateDeduction(scope: Scope, id: string, input: DeductionInput): Promise<TenantDeductionRow> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = await repo.findDeduction(tdb, id);
    if (!current) throw notFound(SALARY_MSG.deductionNotFound);
    await this.checkDeductionName(tdb, input.deductionName, id);
    await repo.updateDeduction(tdb, id, this.deductionValues(input));
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Update', before: current, after: await repo.findDeduction(tdb, id) });
    return this.deductionById(tdb, id);
  }

  async setDeductionStatus(scope: Scope, id: string, isActive: boolean): Promise<TenantDeductionRow> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    if (!(await repo.findDeduction(tdb, id))) throw notFound(SALARY_MSG.deductionNotFound);
    await repo.updateDeduction(tdb, id, { isActive });
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Update', after: { isActive } });
    return this.deductionById(tdb, id);
  }

  async deleteDeduction(scope: Scope, id: string): Promise<void> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = await repo.findDeduction(tdb, id);
    if (!current) throw notFound(SALARY_MSG.deductionNotFound);
    const used = (await repo.deductionUsage(tdb)).get(id) ?? 0;
    if (used > 0) throw conflict(SALARY_MSG.deductionInUse(current.deductionName, used));
    await repo.deleteDeduction(tdb, id);
    await recordAudit(scope, { entity: 'SalaryComponent', entityId: id, action: 'Delete', before: current });
  }

  private async checkDeductionName(tdb: TenantDb, name: string, id: string | null): Promise<void> {
    const clash = (await repo.listDeductions(tdb)).find((r) => r.id !== id && sameName(r.deductionName, name));
    if (clash) throw conflict(SALARY_MSG.deductionNameExists(clash.deductionName), 'deductionName');
  }

  private deductionValues(input: DeductionInput): repo.DeductionValues {
    return {
      deductionName: input.deductionName,
      description: input.description,
      isRecurring: input.isRecurring,
      deductionType: input.deductionType,
      preTaxDeductionSection: input.deductionType === DeductionType.PreTax ? input.preTaxDeductionSection : null,
      isActive: input.isActive,
    };
  }

  private async deductionById(tdb: TenantDb, id: string): Promise<TenantDeductionRow> {
    const row = await repo.findDeduction(tdb, id);
    const usage = await repo.deductionUsage(tdb);
    if (!row) throw notFound(SALARY_MSG.deductionNotFound);
    return deductionOut(row, usage.get(id) ?? 0);
  }

  // ——— Statutory components ———

  async statutory({ db: tdb }: Scope): Promise<StatutoryComponentSetting[]> {
    const rows = await repo.listStatutory(tdb);
    return STATUTORY_COMPONENT_NAMES.map((component) => {
      const row = rows.find((r) => r.component === component);
      return { component, isEnabled: row?.isEnabled ?? false, settings: normalisedSettings(component, (row?.settings ?? {}) as Record<string, unknown>) };
    });
  }

  async statutoryOne(scope: Scope, component: StatutoryComponentName): Promise<StatutoryComponentSetting> {
    const all = await this.statutory(scope);
    const one = all.find((c) => c.component === component);
    if (!one) throw notFound();
    return one;
  }

  async updateEpf(scope: Scope, input: EpfInput): Promise<StatutoryComponentSetting> {
    const { isEnabled, wageBase, ...settings } = input;
    return this.writeStatutory(scope, 'EPF', isEnabled, settings, wageBase);
  }

  async updateEsi(scope: Scope, input: EsiInput): Promise<StatutoryComponentSetting> {
    const { isEnabled, wageBase, ...settings } = input;
    return this.writeStatutory(scope, 'ESI', isEnabled, settings, wageBase);
  }

  /** Professional tax or LWF: the state whose table applies (the organisation's work location). */
  async updateStateLevy(scope: Scope, component: 'ProfessionalTax' | 'LWF', input: StateLevyInput): Promise<StatutoryComponentSetting> {
    const { isEnabled, ...settings } = input;
    return this.writeStatutory(scope, component, isEnabled, settings);
  }

  /** DELETE: the component is switched off; its settings stay for when it is switched on again. */
  async disableStatutory(scope: Scope, component: StatutoryComponentName): Promise<StatutoryComponentSetting> {
    return this.writeStatutory(scope, component, false, {});
  }

  /** wageBase (EPF, ESI): a change records today, in the organisation's zone, as the day it was chosen; the same base keeps its day. */
  private async writeStatutory(scope: Scope, component: StatutoryComponentName, isEnabled: boolean, changes: Record<string, unknown>, wageBase?: StatutoryWageBase): Promise<StatutoryComponentSetting> {
    const { db: tdb } = scope;
    await repo.lockComponents(tdb);
    const current = (await repo.listStatutory(tdb)).find((r) => r.component === component);
    const settings = { ...normalisedSettings(component, (current?.settings ?? {}) as Record<string, unknown>), ...changes };
    if (wageBase !== undefined && settings.wageBase !== wageBase) Object.assign(settings, { wageBase, wageBaseSince: await this.today(tdb) });
    await repo.upsertStatutory(tdb, component, isEnabled, settings);
    await recordAudit(scope, { entity: 'StatutorySettings', entityId: component, action: 'Update', before: current ? { isEnabled: current.isEnabled, ...(current.settings as Record<string, unknown>) } : null, after: { isEnabled, ...settings } });
    return this.statutoryOne(scope, component);
  }

  /** The tables in force today in the organisation's zone: EPF and ESI rates, PT and LWF slabs by state. */
  async tables({ db: tdb }: Scope): Promise<StatutoryTables> {
    const asOf = await this.today(tdb);
    const epf = epfRatesFor(asOf);
    const esi = esiRatesFor(asOf);
    const states = (tables: object) => (Object.keys(tables) as IndianStateCode[]).sort((a, b) => INDIAN_STATE_NAMES[a].localeCompare(INDIAN_STATE_NAMES[b]));
    return {
      asOf,
      epf: {
        wageCeiling: paiseToRupees(epf.wageCeilingPaise),
        epsRatePercent: epf.epsRatePercent,
        epsMax: paiseToRupees(epf.epsMaxPaise),
        edliRatePercent: epf.edliRatePercent,
        edliMax: paiseToRupees(epf.edliMaxPaise),
        adminRatePercent: epf.adminRatePercent,
      },
      esi: {
        employeeRatePercent: esi.employeeRatePercent,
        employerRatePercent: esi.employerRatePercent,
        coverageCeiling: paiseToRupees(esi.coverageCeilingPaise),
        disabledCoverageCeiling: paiseToRupees(esi.disabledCoverageCeilingPaise),
      },
      professionalTax: states(PROFESSIONAL_TAX_TABLES).flatMap((code) => {
        const table = safeTable(() => professionalTaxTableFor(code, asOf));
        if (!table) return [];
        return [
          {
            stateCode: code,
            stateName: INDIAN_STATE_NAMES[code],
            cycle: table.cycle,
            deductionMonths: [...table.deductionMonths],
            slabs: ptSlabsOut(table.slabs),
            womenSlabs: table.womenSlabs ? ptSlabsOut(table.womenSlabs) : null,
          },
        ];
      }),
      labourWelfareFund: states(LABOUR_WELFARE_FUND_TABLES).flatMap((code) => {
        const table = safeTable(() => labourWelfareFundTableFor(code, asOf));
        if (!table) return [];
        return [
          {
            stateCode: code,
            stateName: INDIAN_STATE_NAMES[code],
            cycle: table.cycle,
            deductionMonths: [...table.deductionMonths],
            dueNote: table.dueNote,
            slabs: slabRanges(table.slabs).map(({ slab, from, to }) => ({ from, to, employee: paiseToRupees(slab.employeePaise), employer: paiseToRupees(slab.employerPaise) })),
          },
        ];
      }),
    };
  }

  private async today(tdb: TenantDb): Promise<IsoDate> {
    return dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
  }
}

/** A state whose table starts after today has nothing in force yet: it is left out, not an error. */
function safeTable<T>(read: () => T | undefined): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
