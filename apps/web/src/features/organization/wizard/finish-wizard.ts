import { MSG } from '@tankha/contracts';
import { joinWeekDaysOff } from '@tankha/domain';
import { toast } from '../../../app/toast';
import { addOrganizationSettings, createOrganization, updateOrganization, type OrganizationFormValues } from '../organization.api';
import type { WizardValues } from './wizard-rules';
import { toastUnlessHandled } from '../../../ui/kit/api-error-toast';

export type WizardMode = 'update' | 'create';

export interface FinishResult {
  ok: boolean;
  /** The new organisation (create mode). */
  tenantId?: string;
}

function organizationValues({ workingHours: _h, weekDaysOff: _d, ...rest }: WizardValues): OrganizationFormValues {
  return rest;
}

function reportFailure(error: unknown, message: string): void {
  toastUnlessHandled(error, message);
}

/** Settings are sent after the organisation; two tries 500 ms apart (platform §7.3). */
async function sendSettings(values: WizardValues, tenantId?: string): Promise<void> {
  const ok = await addOrganizationSettings(
    { workingHours: String(values.workingHours), weekDaysOff: joinWeekDaysOff(values.weekDaysOff) },
    tenantId,
  );
  if (ok) toast.success(MSG.orgSettingsAdded);
  else toast.error(MSG.orgCreatedSettingsFailed);
}

/**
 * Finish: update mode sends PUT /Tenants then POST /settings; create mode sends POST /Tenants then
 * POST /settings?tenantId= for the new organisation.
 */
export async function finishWizard(mode: WizardMode, values: WizardValues, logo: File | null): Promise<FinishResult> {
  const fields = organizationValues(values);
  if (mode === 'update') {
    try {
      await updateOrganization(fields, logo);
    } catch (error) {
      reportFailure(error, MSG.failedUpdateOrg);
      return { ok: false };
    }
    toast.success(MSG.orgUpdated);
    await sendSettings(values);
    return { ok: true };
  }
  let created: { id: string; tenantName: string };
  try {
    created = await createOrganization(fields, logo);
  } catch (error) {
    reportFailure(error, MSG.failedCreateOrg);
    return { ok: false };
  }
  if (!created.id) {
    toast.warning(MSG.orgCreatedSettingsSkipped);
    return { ok: true };
  }
  await sendSettings(values, created.id);
  return { ok: true, tenantId: created.id };
}
