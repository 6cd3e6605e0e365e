import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  createdOrganizationReplySchema,
  logoReplySchema,
  organizationReplySchema,
  organizationSettingsReplySchema,
  type Organization,
  type organizationInputSchema,
} from '@tankha/contracts';
import { normaliseIdentifier } from '@tankha/domain';
import { api, toFormData } from '../../app/api';
import { useSession } from '../../app/session';

/** The organisation fields as the forms hold them: every field of the contract's input, as text. */
export type OrganizationFieldName = keyof z.input<typeof organizationInputSchema>;
export type OrganizationFormValues = Record<OrganizationFieldName, string>;

export const IDENTIFIER_FIELDS = ['pan', 'tan', 'gstNumber', 'cinNumber', 'llpinNumber'] as const satisfies readonly OrganizationFieldName[];

export const organizationKey = (tenantId: string | undefined) => ['organization', tenantId] as const;

/** GET /Tenants. Quiet: each screen shows its own error state. */
export function useOrganization() {
  const user = useSession();
  return useQuery({
    queryKey: organizationKey(user?.tenantId),
    queryFn: async (): Promise<Organization> => (await api.get('/Tenants', organizationReplySchema, { quiet: true })).data,
    enabled: user !== null,
  });
}

export function organizationFormValues(org: Organization | undefined): OrganizationFormValues {
  return {
    tenantName: org?.tenantName ?? '',
    address: org?.address ?? '',
    pan: org?.pan ?? '',
    tan: org?.tan ?? '',
    gstNumber: org?.gstNumber ?? '',
    cinNumber: org?.cinNumber ?? '',
    llpinNumber: org?.llpinNumber ?? '',
    businessType: org?.businessType ?? '',
    legalCompanyName: org?.legalCompanyName ?? '',
    industry: org?.industry ?? '',
    teamSize: org?.teamSize ?? '',
  };
}

/** The multipart body of PUT and POST /Tenants (platform §7.3). */
function organizationFormData(values: OrganizationFormValues, logo: File | null): FormData {
  const fields: Record<string, string | File | null> = { ...values, logoImage: logo };
  for (const key of IDENTIFIER_FIELDS) fields[key] = normaliseIdentifier(values[key]);
  return toFormData(fields);
}

export async function updateOrganization(values: OrganizationFormValues, logo: File | null = null): Promise<Organization> {
  const reply = await api.upload('PUT', '/Tenants', organizationReplySchema, organizationFormData(values, logo), { quiet: true });
  return reply.data;
}

export async function createOrganization(values: OrganizationFormValues, logo: File | null = null): Promise<{ id: string; tenantName: string }> {
  const reply = await api.upload('POST', '/Tenants', createdOrganizationReplySchema, organizationFormData(values, logo), { quiet: true });
  return reply.data;
}

/** Settings as the wire carries them: working hours and comma-joined days off, as text. */
export interface SettingsPayload {
  workingHours: string;
  weekDaysOff: string;
}

export const SETTINGS_TRIES = 2;
export const SETTINGS_RETRY_MS = 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POST /settings[?tenantId], tried up to 2 times 500 ms apart (platform §7.3). */
export async function addOrganizationSettings(settings: SettingsPayload, tenantId?: string): Promise<boolean> {
  for (let attempt = 1; attempt <= SETTINGS_TRIES; attempt += 1) {
    try {
      await api.post('/settings', organizationSettingsReplySchema, settings, { query: { tenantId }, quiet: true });
      return true;
    } catch {
      if (attempt < SETTINGS_TRIES) await wait(SETTINGS_RETRY_MS);
    }
  }
  return false;
}

export async function uploadLogo(file: File): Promise<string | null> {
  const reply = await api.upload('POST', '/logos', logoReplySchema, toFormData({ logo: file }), { quiet: true });
  return reply.data.logoUrl;
}
