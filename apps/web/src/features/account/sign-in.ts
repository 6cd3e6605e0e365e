import type { OAuthProviderId, SessionUser } from '@tankha/contracts';
import type { LoginState } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { oauthAuthorize } from './account.api';

/** Where to go after login: the remembered origin, or home. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from || from.pathname === PATHS.login || from.pathname === PATHS.selectOrganization) return PATHS.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * After a password or Google/Microsoft login: an account that can work in several organisations
 * picks one first (the remembered origin travels along); otherwise straight on.
 */
export function afterSignIn(user: SessionUser, state: unknown): { to: string; state?: LoginState } {
  if (user.tenantCount > 1) return { to: PATHS.selectOrganization, state: (state as LoginState | null) ?? {} };
  return { to: returnPath(state) };
}

const PENDING_KEY = 'tankha.oauthSignIn';

/** What the browser keeps between the sign-in button and /auth/callback/{provider}. */
export interface PendingSignIn {
  provider: OAuthProviderId;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  origin: LoginState;
}

const base64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/**
 * Starts a Google/Microsoft sign-in: a PKCE pair (RFC 7636, S256) whose verifier never leaves this
 * tab until the code is exchanged, the authorize URL (with the server's signed state and nonce),
 * then off to the provider.
 */
export async function startOAuthSignIn(provider: OAuthProviderId, origin: LoginState): Promise<void> {
  const codeVerifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))));
  const { url, state, redirectUri } = await oauthAuthorize(provider, challenge);
  const pending: PendingSignIn = { provider, state, codeVerifier, redirectUri, origin };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(url);
}

/** The pending sign-in of this tab, used up by reading it. */
export function takePendingSignIn(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return null;
  }
}
