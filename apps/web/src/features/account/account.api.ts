import { z } from 'zod';
import {
  MSG,
  sessionUserSchema,
  oauthAuthorizeReplySchema,
  oauthProvidersReplySchema,
  sessionReplySchema,
  type Login,
  type OAuthProviderId,
  type Register,
  type ResetPassword,
  type SessionUser,
} from '@tankha/contracts';
import { api } from '../../app/api';

/** The e-mail given at registration, shown on the confirmation page until it is verified (platform §2.9). */
export const REGISTERED_EMAIL_KEY = 'tankha.registeredEmail';

export const readRegisteredEmail = (): string | null => localStorage.getItem(REGISTERED_EMAIL_KEY);
export const storeRegisteredEmail = (email: string): void => localStorage.setItem(REGISTERED_EMAIL_KEY, email);
export const forgetRegisteredEmail = (): void => localStorage.removeItem(REGISTERED_EMAIL_KEY);

// Account forms show their failures inline, so their calls are quiet.
export async function login(values: Login): Promise<SessionUser> {
  return (await api.post('/Account/login', sessionReplySchema, values, { quiet: true })).data;
}

export async function register(values: Register): Promise<void> {
  await api.send('POST', '/Account/register', values, { quiet: true });
}

export async function resendVerification(email: string): Promise<void> {
  await api.send('POST', '/Account/resend-verification', { email }, { quiet: true });
}

export async function verifyUser(token: string, email: string): Promise<void> {
  await api.send('POST', '/Account/verify-user', { token, email }, { quiet: true });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.send('POST', '/Account/forgot-password', { email }, { quiet: true });
}

export async function resetPassword(values: ResetPassword): Promise<void> {
  await api.send('POST', '/Account/reset-password', values, { quiet: true });
}

/** Which sign-in providers the server has (the login page shows buttons for these only). */
export async function oauthProviders(): Promise<OAuthProviderId[]> {
  return (await api.get('/Account/oauth-providers', oauthProvidersReplySchema, { quiet: true })).data.providers;
}

export async function oauthAuthorize(provider: OAuthProviderId, codeChallenge: string): Promise<{ url: string; state: string; redirectUri: string }> {
  return (await api.post('/Account/oauth-authorize', oauthAuthorizeReplySchema, { provider, codeChallenge }, { quiet: true })).data;
}

const anyReplySchema = z.looseObject({ data: z.unknown() });

/** POST /Account/validate-oauth (platform §7.2): a reply without data.token is 'No token received from server'. */
export async function validateOAuth(body: { code: string; provider: string; redirectUri: string; state: string; codeVerifier: string }): Promise<SessionUser> {
  const reply = await api.post('/Account/validate-oauth', anyReplySchema, body, { quiet: true });
  const user = sessionUserSchema.safeParse(reply.data);
  if (!user.success || !user.data.token) throw new Error(MSG.noTokenReceived);
  return user.data;
}
