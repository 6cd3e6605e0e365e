import type { Organization } from '@tankha/contracts';
import { DEFAULT_WEEK_DAYS_OFF, WORKING_HOURS_DEFAULT } from '@tankha/domain';
import { organizationFormValues } from '../organization.api';
import type { WizardValues } from './wizard-rules';

/** Prefills the wizard from the organisation; working hours 9 and Sunday + Saturday by default. */
export function wizardValuesFrom(org: Organization | undefined): WizardValues {
  return {
    ...organizationFormValues(org),
    workingHours: org?.workingHours ?? WORKING_HOURS_DEFAULT,
    weekDaysOff: org && org.weekDaysOff.length > 0 ? [...org.weekDaysOff] : [...DEFAULT_WEEK_DAYS_OFF],
  };
}
