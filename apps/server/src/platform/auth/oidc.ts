import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Clock } from '../clock';
import { isLocalMockIssuer, type Config } from '../config';
import type { TokenService } from './tokens';

/**
 * Google and Microsoft sign-in (platform §7.2): the authorization-code flow with PKCE, a signed
 * state and a nonce; the ID token is verified by openid-client (signature, issuer, audience,
 * expiry, nonce). The provider round trip happens outside any database transaction.
 */
export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

/** The sign-in stays valid this long between the button and the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** Personal Microsoft accounts (outlook.com, hotmail.com) sign in through this directory. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

interface ProviderSettings {
  id: OAuthProviderId;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface VerifiedIdentity {
  provider: OAuthProviderId;
  subject: string;
  /** Lower-cased; null when the provider does not vouch for it. */
  verifiedEmail: string | null;
}

/** Why a sign-in was refused; the route turns these into the reply. */
export class OAuthRefused extends Error {
  constructor(
    readonly reason: 'state' | 'provider-error' | 'unverified-email',
    message: string,
  ) {
    super(message);
  }
}

export function isOAuthProvider(value: string): value is OAuthProviderId {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

export function providerSettings(config: Config): ProviderSettings[] {
  const list: ProviderSettings[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    list.push({ id: 'google', issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET });
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET)
    list.push({ id: 'microsoft', issuer: config.MICROSOFT_ISSUER, clientId: config.MICROSOFT_CLIENT_ID, clientSecret: config.MICROSOFT_CLIENT_SECRET });
  return list;
}

/**
 * Which e-mail the provider vouches for.
 * Google: `email` with `email_verified: true`.
 * Microsoft: its `email` claim is editable by a directory's administrators, so it counts only with
 * `xms_edov: true` (the domain owner verified it; an optional claim of the app registration) or for
 * a personal Microsoft account (the consumer directory), whose `email` is the address Microsoft
 * itself verified. `tid` is required (it chooses the issuer the token is checked against).
 */
export function verifiedEmailOf(provider: OAuthProviderId, claims: Record<string, unknown>): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@')) return null;
  if (provider === 'google') return claims.email_verified === true ? email : null;
  if (typeof claims.tid !== 'string') return null;
  if (claims.xms_edov === true || claims.xms_edov === 'true' || claims.tid === MICROSOFT_CONSUMER_TENANT) return email;
  return null;
}

export class OidcProviders {
  private readonly settings: Map<OAuthProviderId, ProviderSettings>;
  private readonly discovered = new Map<OAuthProviderId, Promise<oidc.Configuration>>();

  constructor(
    config: Config,
    private readonly deps: { clock: Clock; tokens: TokenService; appUrl: string; fetch?: oidc.CustomFetch },
  ) {
    this.settings = new Map(providerSettings(config).map((s) => [s.id, s]));
  }

  /** The providers with an id and a secret, in a stable order (the login page shows only these). */
  configured(): OAuthProviderId[] {
    return OAUTH_PROVIDERS.filter((id) => this.settings.has(id));
  }

  isConfigured(provider: string): provider is OAuthProviderId {
    return isOAuthProvider(provider) && this.settings.has(provider);
  }

  /** The one redirect registered with the providers: the web's /auth/callback/{provider}. */
  redirectUri(provider: OAuthProviderId): string {
    return `${this.deps.appUrl}/auth/callback/${provider}`;
  }

  private configuration(provider: OAuthProviderId): Promise<oidc.Configuration> {
    const cached = this.discovered.get(provider);
    if (cached) return cached;
    const s = this.settings.get(provider);
    if (!s) throw new Error(`${provider} sign-in is not configured`);
    const execute = isLocalMockIssuer(s.issuer) ? [oidc.allowInsecureRequests] : [];
    const options: oidc.DiscoveryRequestOptions = { execute, timeout: 10 };
    if (this.deps.fetch) options[oidc.customFetch] = this.deps.fetch;
    const pending = oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, options);
    // A failed discovery is tried again on the next sign-in, not remembered.
    pending.catch(() => this.discovered.delete(provider));
    this.discovered.set(provider, pending);
    return pending;
  }

  /** The provider's authorize URL for this browser's PKCE challenge, and the signed state it carries. */
  async authorizationUrl(provider: OAuthProviderId, codeChallenge: string): Promise<{ url: string; state: string }> {
    const config = await this.configuration(provider);
    const now = this.deps.clock.now();
    const redirectUri = this.redirectUri(provider);
    const nonce = randomBytes(16).toString('base64url');
    const state = await this.deps.tokens.signOAuthState({ provider, redirectUri, nonce }, new Date(now.getTime() + OAUTH_STATE_TTL_MS), now);
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    };
    return { url: oidc.buildAuthorizationUrl(config, params).href, state };
  }

  /**
   * Exchanges the code (with the browser's PKCE verifier) and verifies the ID token. The state must
   * be ours, unexpired, for this provider and this redirect; its nonce must be the token's.
   */
  async exchange(provider: OAuthProviderId, input: { code: string; state: string; redirectUri: string; codeVerifier: string }): Promise<VerifiedIdentity> {
    const state = await this.deps.tokens.verifyOAuthState(input.state, this.deps.clock.now());
    if (!state || state.provider !== provider || state.redirectUri !== input.redirectUri || input.redirectUri !== this.redirectUri(provider))
      throw new OAuthRefused('state', 'the sign-in state is missing, altered, expired or for another provider');
    const config = await this.configuration(provider);
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new OAuthRefused('provider-error', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    if (!claims) throw new OAuthRefused('provider-error', 'no ID token');
    return { provider, subject: claims.sub, verifiedEmail: verifiedEmailOf(provider, claims) };
  }
}
