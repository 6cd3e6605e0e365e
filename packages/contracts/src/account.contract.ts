import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { MSG } from './messages';
import { FEATURES } from './access';

const email = z
  .string({ error: MSG.validEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MSG.validEmail }).max(254, { error: MSG.validEmail }));

/** At least 8 characters with a letter and a digit (our rule; docs/decisions/). */
export const passwordSchema = z
  .string({ error: MSG.passwordRule })
  .min(8, { error: MSG.passwordRule })
  .max(128, { error: 'Password must be at most 128 characters.' })
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { error: MSG.passwordRule });

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(50, { error: `${label} must be at most 50 characters` })
    .regex(/^[\p{L} -]+$/u, { error: 'Please enter only alphabetic characters' });

export const registerSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    organizationName: z
      .string({ error: 'Organization name is required' })
      .trim()
      .min(2, { error: 'Organization name is required' })
      .max(100, { error: 'Organization name must be at most 100 characters' }),
    email,
    password: passwordSchema,
    confirmPassword: z.string({ error: MSG.passwordsDiffer }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsDiffer, path: ['confirmPassword'] });
export type Register = z.infer<typeof registerSchema>;
export const registerReplySchema = envelope(z.object({ email: z.string() }));

export const loginSchema = z.object({
  email: z.string({ error: MSG.enterEmailPassword }).trim().toLowerCase().min(1, { error: MSG.enterEmailPassword }),
  password: z.string({ error: MSG.enterEmailPassword }).min(1, { error: MSG.enterEmailPassword }),
});
export type Login = z.infer<typeof loginSchema>;

export const accessFeatureSchema = z.object({ key: z.enum(FEATURES) });

/** The local user record of the spec (platform §3), as the login and tenant switch return it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  token: z.string(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isManager: z.boolean(),
  tenantId: z.string(),
  tenantName: z.string(),
  isTenantOnTrial: z.boolean(),
  isTenantOnFreePlan: z.boolean(),
  planName: z.string().nullable(),
  accessableFeatures: z.array(accessFeatureSchema),
  isEmailEnabled: z.boolean(),
  licenseCustomerId: z.string().nullable(),
  hasAdminAccess: z.boolean(),
  tenantCount: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionReplySchema = envelope(sessionUserSchema);

export const verifyUserSchema = z.object({ token: z.string().min(1, { error: MSG.invalidLink }), email });
export const resendVerificationSchema = z.object({ email });

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z
  .object({ token: z.string().min(1, { error: MSG.invalidLink }), email, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsDiffer, path: ['confirmPassword'] });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const updatePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Current password is required' }),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: MSG.passwordsDiffer, path: ['confirmPassword'] });
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

export const tenantChoiceSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isCurrent: z.boolean(),
  logoUrl: z.string().nullable(),
});
export type TenantChoice = z.infer<typeof tenantChoiceSchema>;
export const tenantsReplySchema = listEnvelope(tenantChoiceSchema);

export const selectTenantQuerySchema = z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) });
export const resendInviteQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a valid id' }) });

/** Google and Microsoft sign-in (platform §7.2). The provider is any text so that an unknown one gets the spec's message. */
export const OAUTH_PROVIDER_IDS = ['google', 'microsoft'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];
export const oauthProvidersReplySchema = envelope(z.object({ providers: z.array(z.enum(OAUTH_PROVIDER_IDS)) }));

/** PKCE (RFC 7636): the browser keeps the verifier and sends only its S256 challenge here. */
const pkceValue = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: 'must be a PKCE value (43–128 characters)' });
export const oauthAuthorizeSchema = z.object({ provider: z.string().trim().max(40), codeChallenge: pkceValue });
export const oauthAuthorizeReplySchema = envelope(z.object({ url: z.string(), state: z.string(), redirectUri: z.string() }));

export const validateOAuthSchema = z.object({
  code: z.string().min(1).max(4096),
  provider: z.string().trim().max(40),
  redirectUri: z.string().max(500),
  state: z.string().min(1).max(2048),
  codeVerifier: pkceValue,
});
export type ValidateOAuth = z.infer<typeof validateOAuthSchema>;
