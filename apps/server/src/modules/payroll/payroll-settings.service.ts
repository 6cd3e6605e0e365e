import {
  ErrorCode,
  MSG,
  NEXT_MONTH_PAY_DAY_MAX,
  PAYROLL_MSG,
  PAY_DAY_LAST_WORKING_DAY,
  PAY_DAY_TYPES,
  PAY_PERIOD_TYPES,
  type PayrollSettings,
  type PayrollSettingsInput,
  type PayrollSetup,
  type PayrollSetupStep,
} from '@tankha/contracts';
import { dateInZone, type PayPeriodSettings } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, fieldError } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './payroll.repo';
import { recordAudit } from '../../platform/audit/record';

/** people spec §3 "Payroll settings" before the first save: days in month, paid on the last working day. */
const DEFAULTS: Omit<repo.SettingsRow, 'tenantId' | 'updatedAt' | 'updatedBy'> = {
  payPeriodType: PAY_PERIOD_TYPES.DaysInMonth,
  payStartDay: null,
  payEndDay: null,
  payDayType: PAY_DAY_TYPES.LastWorkingDay,
  payDay: PAY_DAY_LAST_WORKING_DAY,
  lastPayrollRunMonth: null,
  lastPayrollYear: null,
  salaryComponentsDone: false,
  statutoryComponentsDone: false,
  settingsDone: false,
  isPayrollEnabled: false,
  protectPayslipPdfs: false,
};

type Stored = typeof DEFAULTS;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The stored pay-day type as the wire and the domain read it: 1 day of month, 2 day of the next month, else the last working day. */
function payDayTypeOf(stored: number): 0 | 1 | 2 {
  if (stored === PAY_DAY_TYPES.DayOfMonth) return 1;
  if (stored === PAY_DAY_TYPES.DayOfNextMonth) return 2;
  return 0;
}

/** What the run needs of the settings: the pay-period rules, the month before the first run, and whether payroll is on. */
export interface PayrollCalendar {
  period: PayPeriodSettings;
  /** 'YYYY-MM' of the last payroll run outside Tankha (the first run is the month after), or null. */
  lastPayrollMonth: string | null;
  isEnabled: boolean;
}

function settingsOut(s: Stored): PayrollSettings {
  return {
    payPeriodType: s.payPeriodType === PAY_PERIOD_TYPES.FixedRange ? 2 : 1,
    payStartDay: s.payStartDay,
    payEndDay: s.payEndDay,
    payDayType: payDayTypeOf(s.payDayType),
    payDay: s.payDay,
    lastPayrollRunMonth: s.lastPayrollRunMonth,
    lastPayrollYear: s.lastPayrollYear,
    isSettingEditable: s.lastPayrollRunMonth === null || s.lastPayrollYear === null,
    protectPayslipPdfs: s.protectPayslipPdfs,
  };
}

/**
 * Payroll settings (people spec §2.9, §3, §4, §5) and the setup checklist (platform §2.6): pay
 * period, pay day, the last payroll month (set once, read-only afterwards) and the three steps
 * whose completion enables payroll.
 */
export class PayrollSettingsService {
  constructor(private readonly deps: { clock: Clock }) {}

  private async stored({ db: tdb }: TenantScope): Promise<Stored> {
    return (await repo.findSettings(tdb)) ?? DEFAULTS;
  }

  async get(scope: TenantScope): Promise<PayrollSettings> {
    return settingsOut(await this.stored(scope));
  }

  async status(scope: TenantScope): Promise<{ isEnabled: boolean }> {
    return { isEnabled: (await this.stored(scope)).isPayrollEnabled };
  }

  /** The run's view of the settings (jobs included: no request context needed). */
  async calendar(scope: TenantScope): Promise<PayrollCalendar> {
    const s = await this.stored(scope);
    return {
      period: {
        payPeriodType: s.payPeriodType === PAY_PERIOD_TYPES.FixedRange ? 2 : 1,
        payStartDay: s.payStartDay,
        payEndDay: s.payEndDay,
        payDayType: payDayTypeOf(s.payDayType),
        payDay: s.payDay,
      },
      lastPayrollMonth: s.lastPayrollRunMonth !== null && s.lastPayrollYear !== null ? `${String(s.lastPayrollYear)}-${pad2(s.lastPayrollRunMonth)}` : null,
      isEnabled: s.isPayrollEnabled,
    };
  }

  /**
   * PUT /PayrollSettings (through PayrollRunService.saveSettings, which moves the open month's pay
   * date). A fixed range needs both days, the end day closing the cycle (the day before the start
   * day) so every date falls in one period. A pay day of the next month is the 1st to the 7th (Code on
   * Wages 2019, s.17(1)(iv)). The last payroll month and year are required until they are set, and
   * never change afterwards (people spec §4).
   */
  async save(scope: Scope, input: PayrollSettingsInput): Promise<PayrollSettings> {
    const current = await this.stored(scope);
    const write: repo.SettingsWrite = { payPeriodType: input.payPeriodType, payDayType: input.payDayType, updatedBy: scope.ctx.userId };

    if (input.payPeriodType === PAY_PERIOD_TYPES.FixedRange) {
      const start = input.payStartDay ?? null;
      const end = input.payEndDay ?? null;
      if (start === null) throw fieldError('payStartDay', PAYROLL_MSG.payStartEndRequired);
      if (end === null) throw fieldError('payEndDay', PAYROLL_MSG.payStartEndRequired);
      const expected = start === 1 ? 30 : start - 1;
      if (end !== expected) throw fieldError('payEndDay', `Pay end day must be ${String(expected)}, the day before the pay start day`);
      Object.assign(write, { payStartDay: start, payEndDay: end });
    } else {
      Object.assign(write, { payStartDay: null, payEndDay: null });
    }

    if (input.payDayType === PAY_DAY_TYPES.DayOfMonth || input.payDayType === PAY_DAY_TYPES.DayOfNextMonth) {
      if (input.payDay === undefined || input.payDay === PAY_DAY_LAST_WORKING_DAY) throw fieldError('payDay', PAYROLL_MSG.payDayRequired);
      if (input.payDayType === PAY_DAY_TYPES.DayOfNextMonth && input.payDay > NEXT_MONTH_PAY_DAY_MAX) throw fieldError('payDay', PAYROLL_MSG.payDayNextMonth);
      write.payDay = input.payDay;
    } else {
      write.payDay = PAY_DAY_LAST_WORKING_DAY;
    }

    const month = input.lastPayrollRunMonth ?? null;
    const year = input.lastPayrollYear ?? null;
    if (current.lastPayrollRunMonth !== null && current.lastPayrollYear !== null) {
      const unchanged = (month === null || month === current.lastPayrollRunMonth) && (year === null || year === current.lastPayrollYear);
      if (!unchanged) throw badRequest(PAYROLL_MSG.settingsLocked);
    } else {
      if (month === null || year === null) throw fieldError(month === null ? 'lastPayrollRunMonth' : 'lastPayrollYear', PAYROLL_MSG.lastPayrollRequired);
      const thisMonth = dateInZone(this.deps.clock.now(), scope.ctx.timeZone).slice(0, 7);
      if (`${String(year)}-${pad2(month)}` > thisMonth) throw fieldError('lastPayrollRunMonth', PAYROLL_MSG.lastPayrollInFuture);
      Object.assign(write, { lastPayrollRunMonth: month, lastPayrollYear: year });
    }
    if (input.protectPayslipPdfs !== undefined && input.protectPayslipPdfs !== current.protectPayslipPdfs) {
      write.protectPayslipPdfs = input.protectPayslipPdfs;
      // The stored PDFs of issued months follow the setting: rendered again, with or without the password.
      scope.enqueue('payroll.payslips.reprotect', {});
    }
    const saved = settingsOut(await repo.saveSettings(scope.db, write, this.deps.clock.now()));
    await recordAudit(scope, { entity: 'PayrollSettings', entityId: 'pay-period', action: 'Update', before: settingsOut(current), after: saved });
    return saved;
  }

  async setup(scope: Scope): Promise<PayrollSetup> {
    return this.setupOf(scope, await this.stored(scope));
  }

  private setupOf({ ctx }: Scope, s: Stored): PayrollSetup {
    return {
      salaryComponents: s.salaryComponentsDone,
      // Free plan: the statutory step is hidden (platform §1, §2.6).
      statutoryComponents: ctx.planFeatures.includes('StatutoryComponents') ? s.statutoryComponentsDone : null,
      settings: s.settingsDone,
      isEnabled: s.isPayrollEnabled,
    };
  }

  /** POST /PayrollSettings/mark-completed: the settings step, once the last payroll month is set. */
  async markCompleted(scope: Scope): Promise<PayrollSetup> {
    const s = await this.stored(scope);
    if (s.lastPayrollRunMonth === null || s.lastPayrollYear === null) throw badRequest(PAYROLL_MSG.lastPayrollRequired);
    return this.setupOf(scope, await repo.saveSettings(scope.db, { settingsDone: true, updatedBy: scope.ctx.userId }, this.deps.clock.now()));
  }

  async completeStep(scope: Scope, step: Exclude<PayrollSetupStep, 'settings'>): Promise<PayrollSetup> {
    if (step === 'statutoryComponents' && !scope.ctx.planFeatures.includes('StatutoryComponents')) {
      throw new AppError(403, ErrorCode.FeatureDenied, MSG.featureNotAllowed);
    }
    const write: repo.SettingsWrite = step === 'salaryComponents' ? { salaryComponentsDone: true } : { statutoryComponentsDone: true };
    return this.setupOf(scope, await repo.saveSettings(scope.db, { ...write, updatedBy: scope.ctx.userId }, this.deps.clock.now()));
  }

  /**
   * 'Complete Payroll Setup' (platform §2.6): every step shown to this plan done → payroll enabled.
   * Idempotent. The run service opens the first month's draft in the same unit of work.
   */
  async enable(scope: Scope): Promise<PayrollSetup> {
    const s = await this.stored(scope);
    const setup = this.setupOf(scope, s);
    if (!setup.salaryComponents || setup.statutoryComponents === false || !setup.settings) throw badRequest(PAYROLL_MSG.setupIncomplete);
    if (s.isPayrollEnabled) return setup;
    return this.setupOf(scope, await repo.saveSettings(scope.db, { isPayrollEnabled: true, updatedBy: scope.ctx.userId }, this.deps.clock.now()));
  }
}
