import { sessionReplySchema, type Login, type Register, type ResetPassword, type SessionUser } from '@tankha/contracts';
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
