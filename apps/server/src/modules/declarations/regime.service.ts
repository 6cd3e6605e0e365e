import { DECLARATION_MSG, REGIME_LABELS, REGIME_MSG, can, type RegimeSwitch, type RegimeSwitchQuery, type RegimeSwitchResult, type TaxComparison, type TaxComparisonQuery } from '@tankha/contracts';
import { compareTaxPositions, dateInZone, financialYearStartOf, isTaxFinancialYear, type TaxRegimeCode, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import type { PayrollRunService } from '../payroll/payroll-run.service';
import type { TaxWindowService, TaxWindowState } from '../tax-declarations/tax-declarations.service';
import type { DeclarationService } from './declarations.service';
import * as repo from './declarations.repo';

const taxYearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;
const regimeOf = (code: number): TaxRegimeCode => (code === 0 ? 0 : 1);

/**
 * Payroll spec §4/§5 "Regime switch": the IT declaration window allows it while released (and not past
 * its lock date) with its allowRegimeSwitch ticked; the POI window likewise, during proofs.
 */
export function regimeSwitchAllowed(state: TaxWindowState): { it: boolean; poi: boolean } {
  return { it: !state.declaration.locked && state.declaration.allowRegimeSwitch, poi: !state.poi.locked && state.poi.allowRegimeSwitch };
}

/**
 * Regime comparison and switch. The comparison runs the employee's salary and
 * declaration for the year through computeTaxPosition in both regimes (DeclarationService.positionOf
 * builds the input, so the column of the employee's regime is the summary's figure and the payroll's).
 * The regime of a year is stored on the year's declaration (`tax_declarations.regime`), which the
 * payroll run reads for TDS before the salary structure's; a switch without a declaration creates an
 * empty draft that carries it. The open run recomputes the employee; finalized months stay as they are.
 */
export class RegimeService {
  constructor(
    private readonly deps: {
      clock: Clock;
      windows: Pick<TaxWindowService, 'windowState'>;
      declarations: Pick<DeclarationService, 'positionOf'>;
      runs: Pick<PayrollRunService, 'refreshEmployeeInOpenRunOfYear'>;
    },
  ) {}

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), scope.ctx.timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : scope.ctx.timeZone);
  }

  /** Own by default; another employee's needs declarations.onBehalf (403 otherwise, 404 when not in the organisation). */
  private async employeeFor(scope: Scope, userId: string | undefined): Promise<repo.EmployeeRow> {
    const id = userId ?? scope.ctx.userId;
    if (id !== scope.ctx.userId && !can(scope.ctx.roleId, 'declarations.onBehalf')) throw forbidden();
    const employee = await repo.findEmployee(scope.db, id);
    if (!employee) throw notFound(DECLARATION_MSG.employeeNotFound);
    return employee;
  }

  private checkYear(financialYearStart: number): void {
    const label = taxYearLabel(financialYearStart);
    if (!isTaxFinancialYear(label)) throw badRequest(DECLARATION_MSG.noTaxRules(label), { financialYearStart: DECLARATION_MSG.noTaxRules(label) });
  }

  /** GET /ITDeclaration/tax-comparison (payroll spec §3 "Tax comparison"). */
  async comparison(scope: Scope, query: TaxComparisonQuery): Promise<TaxComparison> {
    const employee = await this.employeeFor(scope, query.userId);
    const year = query.financialYearStart ?? financialYearStartOf(this.today(scope));
    this.checkYear(year);
    const { input, regime, declaration, salaryBasis } = await this.deps.declarations.positionOf(scope, employee.id, year);
    const state = await this.deps.windows.windowState(scope, year);
    const c = compareTaxPositions(input);
    const allowed = regimeSwitchAllowed(state);
    const changedAt = declaration?.declaration.regimeChangedAt;
    return {
      employeeId: employee.id,
      employeeName: `${employee.firstName} ${employee.lastName}`.trim(),
      financialYearStart: year,
      financialYearEnd: year + 1,
      comparisonItems: c.rows.map((r) => ({ particulars: r.particulars, newRegimeValue: paiseToRupees(r.newRegimePaise), oldRegimeValue: paiseToRupees(r.oldRegimePaise) })),
      currentTaxRegime: regime,
      recommendedRegime: c.recommendedRegime,
      annualSavings: paiseToRupees(c.annualSavingsPaise),
      isAllowedRegimeSwitchIT: allowed.it,
      isAllowedRegimeSwitchPOI: allowed.poi,
      hasDeclaration: declaration !== undefined,
      salaryBasis,
      regimeChangedAt: changedAt ? new Date(changedAt).toISOString() : null,
    };
  }

  /**
   * POST /ITDeclaration/switch-regime (payroll spec §3 "Regime switch payload"): refused with 'Regime
   * switching is not allowed at this time' unless a window allows it — for the employee and for an
   * administrator acting for them alike. Answers the result and the reply's message.
   */
  async switchRegime(scope: Scope, query: RegimeSwitchQuery, body: RegimeSwitch): Promise<{ result: RegimeSwitchResult; message: string }> {
    const employee = await this.employeeFor(scope, query.userId);
    const year = body.financialYearStart;
    this.checkYear(year);
    const allowed = regimeSwitchAllowed(await this.deps.windows.windowState(scope, year));
    if (!allowed.it && !allowed.poi) throw conflict(REGIME_MSG.notAllowed);

    const target = body.newRegimeType;
    const now = this.deps.clock.now();
    const change = { regime: target, regimeChangedAt: now, regimeChangedBy: scope.ctx.userId };
    const existing = await repo.findDeclaration(scope.db, employee.id, year);
    let declarationId: string | null = existing?.declaration.id ?? null;
    const changed = regimeOf(existing ? existing.declaration.regime : employee.regimeType) !== target;
    if (existing && changed) {
      await repo.updateDeclaration(scope.db, existing.declaration.id, change);
    } else if (!existing && changed) {
      // No declaration yet: an empty draft records the year's choice (nothing in a draft counts for tax but its regime).
      declarationId = (await repo.insertDeclaration(scope.db, employee.id, year, { ...change, createdAt: now, updatedAt: now })) ?? null;
      if (!declarationId) throw conflict(DECLARATION_MSG.alreadyExists);
    }
    if (changed) await this.deps.runs.refreshEmployeeInOpenRunOfYear(scope, employee.id, year);
    const label = REGIME_LABELS[target];
    return {
      result: { employeeId: employee.id, declarationId, taxRegime: target, financialYearStart: year, financialYearEnd: year + 1, changed },
      message: changed ? REGIME_MSG.switched(label) : REGIME_MSG.unchanged(label),
    };
  }
}
