import { MSG, organizationInputSchema, organizationSettingsInputSchema } from '@tankha/contracts';
import { DEFAULT_WEEK_DAYS_OFF, WORKING_HOURS_DEFAULT, joinWeekDaysOff, type WeekDay } from '@tankha/domain';
import { zodFieldErrors } from '../../../ui/zod-form';
import type { OrganizationFieldName, OrganizationFormValues } from '../organization.api';

/** The wizard's side tabs (platform §4 "Organization wizard"), in order. */
export const WIZARD_TABS = [
  { key: 'basicInfo', label: 'Basic Information' },
  { key: 'businessDetails', label: 'Business Details' },
  { key: 'taxRegistration', label: 'Tax Registration' },
  { key: 'settings', label: 'Settings' },
  { key: 'review', label: 'Review & Complete' },
] as const;
export type WizardTabKey = (typeof WIZARD_TABS)[number]['key'];

export interface WizardValues extends OrganizationFormValues {
  workingHours: number | string;
  weekDaysOff: WeekDay[];
}
export type WizardField = OrganizationFieldName | 'workingHours' | 'weekDaysOff';
export type WizardErrors = Partial<Record<WizardField, string>>;

/** Business details has two sub-steps: type and legal name, then industry and team size. */
export const BUSINESS_SUB_STEPS: readonly (readonly WizardField[])[] = [
  ['businessType', 'legalCompanyName'],
  ['industry', 'teamSize'],
];

export const TAB_FIELDS: Record<WizardTabKey, readonly WizardField[]> = {
  basicInfo: ['tenantName', 'address'],
  businessDetails: BUSINESS_SUB_STEPS.flat(),
  taxRegistration: ['pan', 'tan', 'gstNumber', 'cinNumber', 'llpinNumber'],
  settings: ['workingHours', 'weekDaysOff'],
  review: [],
};

/** Fields whose absence gives 'Please fill all required fields before proceeding.'. */
const REQUIRED: readonly WizardField[] = ['tenantName', 'address', 'businessType', 'legalCompanyName', 'industry', 'teamSize', 'pan'];

const WIZARD_REQUIRED_MESSAGES: Partial<Record<WizardField, string>> = {
  businessType: 'Please select a business type',
  legalCompanyName: 'Legal company name is required',
  industry: 'Please select an industry',
  teamSize: 'Please select a team size',
};

export function emptyWizardValues(): WizardValues {
  return {
    tenantName: '',
    address: '',
    pan: '',
    tan: '',
    gstNumber: '',
    cinNumber: '',
    llpinNumber: '',
    businessType: '',
    legalCompanyName: '',
    industry: '',
    teamSize: '',
    workingHours: WORKING_HOURS_DEFAULT,
    weekDaysOff: [...DEFAULT_WEEK_DAYS_OFF],
  };
}

function isBlank(value: WizardValues[WizardField]): boolean {
  return typeof value === 'string' ? value.trim() === '' : false;
}

/**
 * Every field's current problem. Organisation fields use the shared contract schema (so the
 * identifier patterns and 'Format: …' samples are the server's); the wizard also requires the
 * business details, which the API keeps optional.
 */
export function wizardErrors(values: WizardValues): WizardErrors {
  const errors: WizardErrors = zodFieldErrors(organizationInputSchema, values);
  for (const [field, message] of Object.entries(WIZARD_REQUIRED_MESSAGES) as [WizardField, string][]) {
    if (isBlank(values[field])) errors[field] = message;
  }
  const settings = zodFieldErrors(organizationSettingsInputSchema, {
    workingHours: values.workingHours === '' ? Number.NaN : values.workingHours,
    weekDaysOff: joinWeekDaysOff(values.weekDaysOff),
  });
  if (settings.workingHours) errors.workingHours = MSG.workingHoursRange;
  if (settings.weekDaysOff) errors.weekDaysOff = settings.weekDaysOff;
  return errors;
}

export function fieldsHaveErrors(errors: WizardErrors, fields: readonly WizardField[]): boolean {
  return fields.some((field) => errors[field] !== undefined);
}

export function missingRequired(values: WizardValues, fields: readonly WizardField[]): boolean {
  return fields.some((field) => REQUIRED.includes(field) && isBlank(values[field]));
}

export function isTabValid(tab: WizardTabKey, errors: WizardErrors): boolean {
  return !fieldsHaveErrors(errors, TAB_FIELDS[tab]);
}

/**
 * A tab can be opened when it is the current one or an earlier one, or when every earlier tab is
 * completed and visited (platform §4).
 */
export function canOpenTab(
  target: number,
  current: number,
  completed: ReadonlySet<WizardTabKey>,
  visited: ReadonlySet<WizardTabKey>,
): boolean {
  if (target <= current) return true;
  return WIZARD_TABS.slice(0, target).every((tab) => completed.has(tab.key) && visited.has(tab.key));
}
