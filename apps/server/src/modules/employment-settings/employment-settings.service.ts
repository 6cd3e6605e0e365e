import {
  EMPLOYMENT_SETTINGS_MSG as MSG,
  SETTINGS_CATALOGUE,
  SETTING_CATEGORIES,
  ErrorCode,
  SettingId,
  type EmploymentTypeOption,
  type EmploymentTypeSetting,
  type SavedSettingValue,
  type SettingCategory,
  type SettingValuesInput,
} from '@tankha/contracts';
import { DEFAULT_NOTICE_PERIOD_DAYS, addDaysToDate } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, conflict } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './employment-settings.repo';

export interface NoticePeriod {
  employmentType: string | null;
  noticePeriodDays: number;
  source: 'settings' | 'probation' | 'default';
}

function toSetting(s: (typeof SETTINGS_CATALOGUE)[number]): EmploymentTypeSetting {
  const category = SETTING_CATEGORIES.find((c) => c.categoryId === s.categoryId) ?? { categoryId: s.categoryId, categoryName: '' };
  return {
    employmentTypeSettingId: s.employmentTypeSettingId,
    name: s.name,
    label: s.label,
    description: s.description,
    dataType: s.dataType,
    category,
    minValue: s.minValue ?? null,
    maxValue: s.maxValue ?? null,
    maxLength: s.maxLength ?? null,
  };
}

/** The value of a setting for an employment type (the row whose types include it), or null. */
function valueFor(rows: readonly repo.SettingValueRow[], settingId: number, employmentTypeId: string): string | null {
  return rows.find((r) => r.settingId === settingId && r.employmentTypeIds.includes(employmentTypeId))?.value ?? null;
}

/**
 * Employment-type settings (platform §2.8, §5, §7.6): the catalogue (product data in
 * @tankha/contracts) and the organisation's values, and the notice period they give an employee.
 */
export class EmploymentSettingsService {
  constructor(private readonly deps: { clock: Clock }) {}

  categories(): SettingCategory[] {
    return SETTING_CATEGORIES.map((c) => ({ ...c, settingCount: SETTINGS_CATALOGUE.filter((s) => s.categoryId === c.categoryId).length }));
  }

  settings(categoryIds: readonly number[] | undefined): EmploymentTypeSetting[] {
    return SETTINGS_CATALOGUE.filter((s) => !categoryIds || categoryIds.includes(s.categoryId)).map(toSetting);
  }

  async employmentTypes(scope: Scope): Promise<EmploymentTypeOption[]> {
    return repo.findEmploymentTypes(scope.db);
  }

  async values(scope: Scope): Promise<SavedSettingValue[]> {
    const known = new Set((await repo.findEmploymentTypes(scope.db)).map((t) => t.id));
    return (await repo.findValues(scope.db)).map((r) => ({
      id: r.id,
      employmentTypeSettingId: r.settingId,
      // An employment type removed since is no longer listed.
      employmentTypeIds: r.employmentTypeIds.filter((id) => known.has(id)).join(','),
      value: r.value,
    }));
  }

  /** POST: the first save, when the organisation has no values yet. */
  async create(scope: Scope, items: SettingValuesInput): Promise<SavedSettingValue[]> {
    // Locked before the check: of two first saves at once, the second finds the first's values.
    await repo.lockValues(scope.db);
    if (await repo.hasValues(scope.db)) throw conflict(MSG.alreadySaved);
    return this.save(scope, items, SETTINGS_CATALOGUE.map((s) => s.employmentTypeSettingId));
  }

  /** PUT: the values of the given categories (all without) become `items`; a setting of those categories left out has no value after. */
  async replace(scope: Scope, items: SettingValuesInput, categoryIds: readonly number[] | undefined): Promise<SavedSettingValue[]> {
    await repo.lockValues(scope.db);
    const settingIds = SETTINGS_CATALOGUE.filter((s) => !categoryIds || categoryIds.includes(s.categoryId)).map((s) => s.employmentTypeSettingId);
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      if (!settingIds.includes(item.employmentTypeSettingId)) errors[`${String(i)}.employmentTypeSettingId`] = 'The setting is not in the categories being saved';
    });
    const first = Object.entries(errors)[0];
    if (first) throw new AppError(400, ErrorCode.Validation, `${first[0]}: ${first[1]}`, errors);
    return this.save(scope, items, settingIds);
  }

  private async save(scope: Scope, items: SettingValuesInput, settingIds: readonly number[]): Promise<SavedSettingValue[]> {
    const known = new Set((await repo.findEmploymentTypes(scope.db)).map((t) => t.id.toLowerCase()));
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      if (item.employmentTypeIds.some((id) => !known.has(id.toLowerCase()))) errors[`${String(i)}.employmentTypeIds`] = MSG.unknownEmploymentType;
    });
    const first = Object.entries(errors)[0];
    if (first) throw new AppError(400, ErrorCode.Validation, `${first[0]}: ${first[1]}`, errors);
    const order = new Map<number, number>();
    const rows = items.map((item) => {
      const sortOrder = order.get(item.employmentTypeSettingId) ?? 0;
      order.set(item.employmentTypeSettingId, sortOrder + 1);
      return { settingId: item.employmentTypeSettingId, employmentTypeIds: item.employmentTypeIds.map((id) => id.toLowerCase()), value: item.value, sortOrder };
    });
    await repo.replaceValues(scope.db, settingIds, rows, scope.ctx.userId, this.deps.clock.now());
    return this.values(scope);
  }

  /** Whether the employee's employment type is marked fixed-term (gratuity after one year, Code on Social Security s.53(1)). */
  async isFixedTerm(scope: TenantScope, userId: string): Promise<boolean> {
    const typeId = (await repo.findEmployeeEmployment(scope.db, userId))?.employmentTypeId;
    if (!typeId) return false;
    const rows = await repo.findValues(scope.db, [SettingId.FixedTermEmployment]);
    return valueFor(rows, SettingId.FixedTermEmployment, typeId) === 'true';
  }

  /**
   * The notice period of an employee resigning on `resignationDate` (docs/decisions/0143-exit-requests.md): the probation notice while on probation (joining date + probation days, both read
   * for the employee's type), else the notice period of the type, else 30 days.
   */
  async noticePeriodFor(scope: TenantScope, userId: string, resignationDate: string): Promise<NoticePeriod> {
    const employment = await repo.findEmployeeEmployment(scope.db, userId);
    const employmentType = employment?.employmentType ?? null;
    const typeId = employment?.employmentTypeId;
    if (!typeId) return { employmentType, noticePeriodDays: DEFAULT_NOTICE_PERIOD_DAYS, source: 'default' };
    const rows = await repo.findValues(scope.db, [SettingId.ProbationPeriodDays, SettingId.NoticePeriodDays, SettingId.ProbationNoticePeriodDays]);
    const probationDays = valueFor(rows, SettingId.ProbationPeriodDays, typeId);
    const probationNotice = valueFor(rows, SettingId.ProbationNoticePeriodDays, typeId);
    if (probationDays !== null && probationNotice !== null && employment.dateOfJoining) {
      // On probation through the day before joining + probation days.
      const confirmedOn = addDaysToDate(employment.dateOfJoining, Number(probationDays));
      if (resignationDate < confirmedOn) return { employmentType, noticePeriodDays: Number(probationNotice), source: 'probation' };
    }
    const notice = valueFor(rows, SettingId.NoticePeriodDays, typeId);
    if (notice !== null) return { employmentType, noticePeriodDays: Number(notice), source: 'settings' };
    return { employmentType, noticePeriodDays: DEFAULT_NOTICE_PERIOD_DAYS, source: 'default' };
  }
}

