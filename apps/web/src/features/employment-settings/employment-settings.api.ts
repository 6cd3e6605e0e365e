import { useQuery } from '@tanstack/react-query';
import {
  employmentTypeListReplySchema,
  employmentTypeSettingListReplySchema,
  savedSettingValueListReplySchema,
  settingCategoryListReplySchema,
  settingValuesReplySchema,
  type EmploymentTypeOption,
  type EmploymentTypeSetting,
  type SavedSettingValue,
  type SettingCategory,
  type SettingValuesInputRaw,
} from '@tankha/contracts';
import { api } from '../../app/api';

export const EMPLOYMENT_SETTINGS_KEY = 'employment-settings';

/** Platform §7.6: the categories, the settings, the organisation's values and the employment types. */
export function useSettingCategories() {
  return useQuery({
    queryKey: [EMPLOYMENT_SETTINGS_KEY, 'categories'],
    queryFn: async ({ signal }): Promise<SettingCategory[]> => (await api.get('/EmploymentTypeSettings/categories', settingCategoryListReplySchema, { quiet: true, signal })).data,
  });
}

export function useEmploymentTypeSettings() {
  return useQuery({
    queryKey: [EMPLOYMENT_SETTINGS_KEY, 'settings'],
    queryFn: async ({ signal }): Promise<EmploymentTypeSetting[]> => (await api.get('/EmploymentTypeSettings', employmentTypeSettingListReplySchema, { quiet: true, signal })).data,
  });
}

export function useSavedSettingValues() {
  return useQuery({
    queryKey: [EMPLOYMENT_SETTINGS_KEY, 'values'],
    queryFn: async ({ signal }): Promise<SavedSettingValue[]> => (await api.get('/EmploymentTypeSettings/tenants', savedSettingValueListReplySchema, { quiet: true, signal })).data,
  });
}

export function useEmploymentTypes() {
  return useQuery({
    queryKey: [EMPLOYMENT_SETTINGS_KEY, 'types'],
    queryFn: async ({ signal }): Promise<EmploymentTypeOption[]> => (await api.get('/EmploymentTypeSettings/employment-types', employmentTypeListReplySchema, { quiet: true, signal })).data,
  });
}

/** Platform §7.6: POST when none exist yet, PUT when they exist (the PUT replaces the values of the tab's categories). */
export async function saveSettingValues(items: SettingValuesInputRaw, options: { exists: boolean; categoryIds: number[] }): Promise<SavedSettingValue[]> {
  return options.exists
    ? (await api.put('/EmploymentTypeSettings/tenants', settingValuesReplySchema, items, { quiet: true, query: { settingCategory: options.categoryIds.join(',') } })).data
    : (await api.post('/EmploymentTypeSettings/tenants', settingValuesReplySchema, items, { quiet: true })).data;
}
