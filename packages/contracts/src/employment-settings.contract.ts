import { z } from 'zod';
import { dateProblem } from './dates';
import { envelope, listEnvelope } from './envelope';

/**
 * Employment-type settings (platform §2.8, §3 "Employment settings", §5, §7.6, §8). Base path
 * /EmploymentTypeSettings:
 *
 *   GET  /EmploymentTypeSettings/categories         the categories with their setting counts
 *   GET  /EmploymentTypeSettings?settingCategory=   the settings of a category (all without it)
 *   GET  /EmploymentTypeSettings/tenants            the organisation's saved values
 *   POST /EmploymentTypeSettings/tenants            the first save (none exist yet)
 *   PUT  /EmploymentTypeSettings/tenants?settingCategory=2,3   replaces the saved values of those categories (all without it)
 *   GET  /EmploymentTypeSettings/employment-types   the options of the Employment Type field
 *
 * The catalogue of categories and settings is product data (this file); the values are the
 * organisation's. A setting may be saved more than once with different employment types (notice
 * period days by employment type); an employment type has at most one value per setting.
 */

export const SETTING_DATA_TYPES = ['Boolean', 'Integer', 'Decimal', 'String', 'DateTime'] as const;
export type SettingDataType = (typeof SETTING_DATA_TYPES)[number];

export const EMPLOYMENT_SETTINGS_MSG = {
  // Platform §5 and §8, word for word.
  valueWithoutType: 'Please select at least one employment type when a value is provided.',
  toggleWithoutType: 'Please select at least one employment type when the toggle is enabled.',
  fixErrors: 'Please fix the validation errors before saving.',
  enterValueFirst: 'Please enter a value in the input field to select employment types.',
  saveError: 'Error saving settings. Please try again.',
  noticeSaveError: 'Error saving notice period settings. Please try again.',
  exitSaveError: 'Error saving exit settings. Please try again.',
  emptyCategory: 'No settings available for this category',
  emptyAll: 'No employment type settings found',
  saved: 'Settings saved successfully!',
  noticeSaved: 'Notice period settings saved successfully!',
  exitSaved: 'Exit settings saved successfully!',
  // Ours (the spec does not show them).
  unknownSetting: 'Unknown employment type setting',
  unknownCategory: 'settingCategory must be the ids of known categories',
  unknownEmploymentType: 'Unknown employment type',
  typeTwice: 'An employment type can have only one value for a setting.',
  booleanValue: 'Value must be true or false',
  dateValue: 'Enter a date as YYYY-MM-DD',
  integerValue: (min: number, max: number) => `Enter a whole number from ${String(min)} to ${String(max)}`,
  decimalValue: (min: number, max: number) => `Enter a number from ${String(min)} to ${String(max)} with at most 2 decimals`,
  stringValue: (max: number) => `Enter at most ${String(max)} characters`,
  alreadySaved: 'Settings already exist: save them with PUT',
  tooMany: 'At most 200 values can be saved at a time',
} as const;

export interface SettingCategoryDefinition {
  categoryId: number;
  categoryName: string;
}

export interface SettingDefinition {
  employmentTypeSettingId: number;
  name: string;
  /** What the screen shows as the setting's title. */
  label: string;
  description: string;
  dataType: SettingDataType;
  categoryId: number;
  minValue?: number;
  maxValue?: number;
  maxLength?: number;
  /** The seeded values of a new organisation, by employment type label (salary.defaults EMPLOYMENT_TYPE_OPTIONS). */
  defaults: { value: string; employmentTypes: readonly string[] }[];
}

const ALL_TYPES = ['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant'] as const;
const EMPLOYEES = ['Full Time', 'Part Time', 'Contract'] as const;

/** Platform §2.8: the Notice Period tab shows categories whose name contains NoticePeriod, the Exit tab those containing Exit. */
export const SETTING_CATEGORIES: readonly SettingCategoryDefinition[] = [
  { categoryId: 1, categoryName: 'Probation' },
  { categoryId: 2, categoryName: 'NoticePeriod' },
  { categoryId: 3, categoryName: 'NoticePeriodBuyout' },
  { categoryId: 4, categoryName: 'ExitInterview' },
  { categoryId: 5, categoryName: 'ExitSettlement' },
];

/** Setting ids the product reads (exit requests). */
export const SettingId = {
  ProbationPeriodDays: 1,
  NoticePeriodDays: 3,
  ProbationNoticePeriodDays: 4,
  FullAndFinalSettlementDays: 11,
  FixedTermEmployment: 14,
} as const;

export const SETTINGS_CATALOGUE: readonly SettingDefinition[] = [
  {
    employmentTypeSettingId: 1,
    name: 'ProbationPeriodDays',
    label: 'Probation period (days)',
    description: 'Calendar days from the date of joining that an employee of these types is on probation.',
    dataType: 'Integer',
    categoryId: 1,
    minValue: 0,
    maxValue: 730,
    defaults: [
      { value: '180', employmentTypes: ['Full Time'] },
      { value: '90', employmentTypes: ['Part Time', 'Contract'] },
    ],
  },
  {
    employmentTypeSettingId: 2,
    name: 'ConfirmationLetterRequired',
    label: 'Confirmation letter on completing probation',
    description: 'Issue a confirmation letter when the probation period ends.',
    dataType: 'Boolean',
    categoryId: 1,
    defaults: [{ value: 'true', employmentTypes: ['Full Time', 'Part Time'] }],
  },
  {
    employmentTypeSettingId: 3,
    name: 'NoticePeriodDays',
    label: 'Notice period (days)',
    description: 'Calendar days of notice after a resignation, the resignation day included. The last working day is proposed from it.',
    dataType: 'Integer',
    categoryId: 2,
    minValue: 0,
    maxValue: 365,
    defaults: [
      { value: '60', employmentTypes: ['Full Time'] },
      { value: '30', employmentTypes: ['Part Time', 'Contract'] },
      { value: '15', employmentTypes: ['Intern', 'Consultant'] },
    ],
  },
  {
    employmentTypeSettingId: 4,
    name: 'ProbationNoticePeriodDays',
    label: 'Notice period during probation (days)',
    description: 'Used instead of the notice period while the employee is on probation.',
    dataType: 'Integer',
    categoryId: 2,
    minValue: 0,
    maxValue: 365,
    defaults: [{ value: '15', employmentTypes: EMPLOYEES }],
  },
  {
    employmentTypeSettingId: 5,
    name: 'NoticePolicyEffectiveFrom',
    label: 'Notice policy effective from',
    description: 'The date from which these notice periods apply (for the record; resignations use the notice in force today).',
    dataType: 'DateTime',
    categoryId: 2,
    defaults: [],
  },
  {
    employmentTypeSettingId: 6,
    name: 'AllowNoticeBuyout',
    label: 'Allow notice buyout',
    description: 'The employee may pay for the notice not served; it is recovered in the full and final settlement.',
    dataType: 'Boolean',
    categoryId: 3,
    defaults: [{ value: 'true', employmentTypes: EMPLOYEES }],
  },
  {
    employmentTypeSettingId: 7,
    name: 'NoticeBuyoutRateMultiplier',
    label: 'Notice buyout rate (× daily gross)',
    description: 'Multiplier on the per-day gross salary for each day of notice not served.',
    dataType: 'Decimal',
    categoryId: 3,
    minValue: 0,
    maxValue: 10,
    defaults: [{ value: '1.00', employmentTypes: EMPLOYEES }],
  },
  {
    employmentTypeSettingId: 8,
    name: 'ExitInterviewRequired',
    label: 'Exit interview required',
    description: 'Hold an exit interview before the last working day.',
    dataType: 'Boolean',
    categoryId: 4,
    defaults: [{ value: 'true', employmentTypes: EMPLOYEES }],
  },
  {
    employmentTypeSettingId: 9,
    name: 'ExitInterviewDaysBeforeLastDay',
    label: 'Exit interview (days before the last working day)',
    description: 'How many days before the last working day the exit interview is scheduled.',
    dataType: 'Integer',
    categoryId: 4,
    minValue: 0,
    maxValue: 90,
    defaults: [{ value: '7', employmentTypes: EMPLOYEES }],
  },
  {
    employmentTypeSettingId: 10,
    name: 'ExitInterviewer',
    label: 'Exit interview conducted by',
    description: 'The role that holds the exit interview.',
    dataType: 'String',
    categoryId: 4,
    maxLength: 200,
    defaults: [{ value: 'HR Business Partner', employmentTypes: ALL_TYPES }],
  },
  {
    employmentTypeSettingId: 11,
    name: 'FullAndFinalSettlementDays',
    label: 'Full and final settlement within (working days)',
    description: 'Working days after the last working day within which the settlement is paid (Code on Wages, 2019 s.17(2): two working days).',
    dataType: 'Integer',
    categoryId: 5,
    minValue: 0,
    maxValue: 90,
    defaults: [{ value: '2', employmentTypes: ALL_TYPES }],
  },
  {
    employmentTypeSettingId: 12,
    name: 'ExitClearanceRequired',
    label: 'Clearance before relieving',
    description: 'Assets, access and dues are cleared before the relieving letter is issued.',
    dataType: 'Boolean',
    categoryId: 5,
    defaults: [{ value: 'true', employmentTypes: ALL_TYPES }],
  },
  {
    employmentTypeSettingId: 13,
    name: 'RelievingLetterSignatory',
    label: 'Relieving letter signed by',
    description: 'The designation printed as the signatory of the relieving and experience letters.',
    dataType: 'String',
    categoryId: 5,
    maxLength: 200,
    defaults: [{ value: 'Head of Human Resources', employmentTypes: ALL_TYPES }],
  },
  {
    employmentTypeSettingId: 14,
    name: 'FixedTermEmployment',
    label: 'Fixed-term employment (gratuity after one year)',
    description:
      'Employees of these types are on fixed-term contracts: the full and final settlement pays gratuity after one year of service instead of five (Code on Social Security, 2020 s.53(1); Industrial Relations Code, 2020 s.2(o)).',
    dataType: 'Boolean',
    categoryId: 5,
    defaults: [],
  },
];

const BY_ID = new Map(SETTINGS_CATALOGUE.map((s) => [s.employmentTypeSettingId, s]));
export function settingDefinition(id: number): SettingDefinition | undefined {
  return BY_ID.get(id);
}

/** Which tab a category belongs to (platform §2.8). */
export type SettingsTab = 'general' | 'noticePeriod' | 'exit';
export function tabOfCategory(categoryName: string): SettingsTab {
  if (categoryName.includes('NoticePeriod')) return 'noticePeriod';
  if (categoryName.includes('Exit')) return 'exit';
  return 'general';
}

/** The message for a value that does not fit the setting's data type, or null when it fits. An empty value is not checked here. */
export function settingValueError(setting: SettingDefinition, value: string): string | null {
  const v = value.trim();
  switch (setting.dataType) {
    case 'Boolean':
      return v === 'true' || v === 'false' ? null : EMPLOYMENT_SETTINGS_MSG.booleanValue;
    case 'Integer': {
      const min = setting.minValue ?? 0;
      const max = setting.maxValue ?? 100_000;
      return /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? null : EMPLOYMENT_SETTINGS_MSG.integerValue(min, max);
    }
    case 'Decimal': {
      const min = setting.minValue ?? 0;
      const max = setting.maxValue ?? 100_000;
      return /^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= min && Number(v) <= max ? null : EMPLOYMENT_SETTINGS_MSG.decimalValue(min, max);
    }
    case 'String':
      return v.length <= (setting.maxLength ?? 200) ? null : EMPLOYMENT_SETTINGS_MSG.stringValue(setting.maxLength ?? 200);
    case 'DateTime':
      return dateProblem(v, EMPLOYMENT_SETTINGS_MSG.dateValue);
  }
}

export const settingCategorySchema = z.object({ categoryId: z.number().int(), categoryName: z.string(), settingCount: z.number().int() });
export type SettingCategory = z.infer<typeof settingCategorySchema>;
export const settingCategoryListReplySchema = listEnvelope(settingCategorySchema);

export const employmentTypeSettingSchema = z.object({
  employmentTypeSettingId: z.number().int(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  dataType: z.enum(SETTING_DATA_TYPES),
  category: z.object({ categoryId: z.number().int(), categoryName: z.string() }),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  maxLength: z.number().int().nullable(),
});
export type EmploymentTypeSetting = z.infer<typeof employmentTypeSettingSchema>;
export const employmentTypeSettingListReplySchema = listEnvelope(employmentTypeSettingSchema);

/** One or more category ids, comma-separated ('2' or '2,3'). */
const categoryIds = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, { error: EMPLOYMENT_SETTINGS_MSG.unknownCategory })
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((id) => SETTING_CATEGORIES.some((c) => c.categoryId === id)), { error: EMPLOYMENT_SETTINGS_MSG.unknownCategory });
export const employmentSettingsQuerySchema = z.object({ settingCategory: categoryIds.optional() });

export const employmentTypeOptionSchema = z.object({ id: z.string(), name: z.string() });
export type EmploymentTypeOption = z.infer<typeof employmentTypeOptionSchema>;
export const employmentTypeListReplySchema = listEnvelope(employmentTypeOptionSchema);

export const savedSettingValueSchema = z.object({
  id: z.string(),
  employmentTypeSettingId: z.number().int(),
  /** Comma list of employment type ids (platform §3). */
  employmentTypeIds: z.string(),
  value: z.string(),
});
export type SavedSettingValue = z.infer<typeof savedSettingValueSchema>;
export const savedSettingValueListReplySchema = listEnvelope(savedSettingValueSchema);

const idList = z
  .string()
  .trim()
  .transform((s) => (s === '' ? [] : s.split(',').map((x) => x.trim())))
  .refine((ids) => ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)), { error: EMPLOYMENT_SETTINGS_MSG.unknownEmploymentType });

const settingValueInputSchema = z.object({
  employmentTypeSettingId: z.number({ error: EMPLOYMENT_SETTINGS_MSG.unknownSetting }).int({ error: EMPLOYMENT_SETTINGS_MSG.unknownSetting }),
  employmentTypeIds: idList,
  value: z.string().max(1000).nullish(),
});

/**
 * The saved list (platform §7.6). Each item is checked against its setting (§5): a value of the
 * setting's type; a non-Boolean value needs an employment type; an enabled Boolean needs one; an
 * employment type at most once per setting. A non-Boolean item without a value is dropped (§5
 * "Clearing a non-Boolean value drops that setting"); an empty Boolean is saved as false.
 */
export const settingValuesInputSchema = z
  .array(settingValueInputSchema)
  .max(200, { error: EMPLOYMENT_SETTINGS_MSG.tooMany })
  .superRefine((items, ctx) => {
    const seen = new Map<number, Set<string>>();
    items.forEach((item, i) => {
      const setting = settingDefinition(item.employmentTypeSettingId);
      if (!setting) {
        ctx.addIssue({ code: 'custom', path: [i, 'employmentTypeSettingId'], message: EMPLOYMENT_SETTINGS_MSG.unknownSetting });
        return;
      }
      const value = (item.value ?? '').trim();
      if (setting.dataType !== 'Boolean' && value === '') return;
      if (value !== '') {
        const error = settingValueError(setting, value);
        if (error) {
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: error });
          return;
        }
      }
      if (item.employmentTypeIds.length === 0) {
        if (setting.dataType !== 'Boolean') ctx.addIssue({ code: 'custom', path: [i, 'employmentTypeIds'], message: EMPLOYMENT_SETTINGS_MSG.valueWithoutType });
        else if (value === 'true') ctx.addIssue({ code: 'custom', path: [i, 'employmentTypeIds'], message: EMPLOYMENT_SETTINGS_MSG.toggleWithoutType });
        return;
      }
      const used = seen.get(setting.employmentTypeSettingId) ?? new Set<string>();
      for (const id of item.employmentTypeIds) {
        if (used.has(id.toLowerCase())) ctx.addIssue({ code: 'custom', path: [i, 'employmentTypeIds'], message: EMPLOYMENT_SETTINGS_MSG.typeTwice });
        used.add(id.toLowerCase());
      }
      seen.set(setting.employmentTypeSettingId, used);
    });
  })
  .transform((items) =>
    items
      .map((item) => {
        const setting = settingDefinition(item.employmentTypeSettingId);
        const value = (item.value ?? '').trim();
        return { employmentTypeSettingId: item.employmentTypeSettingId, employmentTypeIds: item.employmentTypeIds, value: setting?.dataType === 'Boolean' && value === '' ? 'false' : value };
      })
      .filter((item) => item.value !== ''),
  );
export type SettingValuesInput = z.infer<typeof settingValuesInputSchema>;
export type SettingValuesInputRaw = z.input<typeof settingValuesInputSchema>;
export const settingValuesReplySchema = envelope(z.array(savedSettingValueSchema));
