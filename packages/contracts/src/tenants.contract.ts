import { z } from 'zod';
import {
  identifierFormatMessage,
  isValidIdentifier,
  normaliseIdentifier,
  isValidWorkingHours,
  parseWeekDaysOff,
  MAX_WEEK_DAYS_OFF,
  WEEK_DAYS,
  type IdentifierKind,
} from '@tankha/domain';
import { envelope } from './envelope';
import { BUSINESS_TYPES, INDUSTRIES, TEAM_SIZES } from './enums';
import { MSG } from './messages';

/** Optional identifier: empty means absent; otherwise upper-cased and checked against its pattern. */
const optionalIdentifier = (kind: IdentifierKind) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? normaliseIdentifier(v) : ''))
    .refine((v) => v === '' || isValidIdentifier(kind, v), { error: identifierFormatMessage(kind) })
    .transform((v) => (v === '' ? null : v));

/** An optional choice from a fixed list; an empty form value means not chosen. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

/**
 * Organisation fields as the wizard and the 'Update Organization Details' form send them
 * (multipart text fields, platform §7.3). Required: tenantName, address, pan.
 */
export const organizationInputSchema = z.object({
  tenantName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, { error: 'Organization name is required' })
    .max(100, { error: 'Organization name must be at most 100 characters' }),
  address: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, { error: 'Address is required' })
    .max(500, { error: 'Address must be at most 500 characters' }),
  pan: z
    .string({ error: MSG.panRequired })
    .transform(normaliseIdentifier)
    .refine((v) => v.length > 0, { error: MSG.panRequired })
    .refine((v) => v.length === 0 || isValidIdentifier('pan', v), { error: identifierFormatMessage('pan') }),
  tan: optionalIdentifier('tan'),
  gstNumber: optionalIdentifier('gst'),
  cinNumber: optionalIdentifier('cin'),
  llpinNumber: optionalIdentifier('llpin'),
  businessType: optionalChoice(BUSINESS_TYPES, 'Please select a business type'),
  legalCompanyName: z.string().trim().max(150, { error: 'Legal company name must be at most 150 characters' }).optional(),
  industry: optionalChoice(INDUSTRIES, 'Please select an industry'),
  teamSize: optionalChoice(TEAM_SIZES, 'Please select a team size'),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  address: z.string().nullable(),
  tan: z.string().nullable(),
  pan: z.string().nullable(),
  gstNumber: z.string().nullable(),
  cinNumber: z.string().nullable(),
  llpinNumber: z.string().nullable(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  legalCompanyName: z.string().nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  teamSize: z.enum(TEAM_SIZES).nullable(),
  workingHours: z.number().int().nullable(),
  weekDaysOff: z.array(z.enum(WEEK_DAYS)),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationReplySchema = envelope(organizationSchema);
export const createdOrganizationReplySchema = envelope(z.object({ id: z.string(), tenantName: z.string() }));

/** Organisation settings as sent by the wizard: working hours and days off as text (platform §7.3). */
export const organizationSettingsInputSchema = z.object({
  workingHours: z.coerce
    .number({ error: MSG.workingHoursRange })
    .refine(isValidWorkingHours, { error: MSG.workingHoursRange }),
  weekDaysOff: z
    .string({ error: 'Please select at least one day off' })
    .refine((v) => parseWeekDaysOff(v).length === v.split(',').filter((d) => d.trim() !== '').length, {
      error: `Week days off must be among ${WEEK_DAYS.join(', ')}`,
    })
    .refine((v) => parseWeekDaysOff(v).length >= 1, { error: 'Please select at least one day off' })
    .refine((v) => new Set(parseWeekDaysOff(v)).size <= MAX_WEEK_DAYS_OFF, { error: MSG.tooManyDaysOff })
    .transform((v) => [...new Set(parseWeekDaysOff(v))]),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsInputSchema>;
export const organizationSettingsSchema = z.object({
  workingHours: z.number().int(),
  weekDaysOff: z.string(),
});
export const organizationSettingsReplySchema = envelope(organizationSettingsSchema.nullable());

export const tenantIdQuerySchema = z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }).optional() });
export const requiredTenantIdQuerySchema = z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) });

export const completionStatusSchema = z.object({ orgDetails: z.boolean(), settings: z.boolean() });
export type CompletionStatus = z.infer<typeof completionStatusSchema>;
export const completionStatusReplySchema = envelope(completionStatusSchema);

export const logoReplySchema = envelope(z.object({ logoUrl: z.string().nullable() }));
