import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import type { CustomFetch } from 'openid-client';
import { loadConfig } from '../config';
import { TestClock } from '../clock';
import { OAuthRefused, OidcProviders } from './oidc';
import { TokenService } from './tokens';

/**
 * Microsoft's multi-tenant endpoint (the default MICROSOFT_ISSUER): its discovery document names the
 * issuer https://login.microsoftonline.com/{tenantid}/v2.0, and each ID token must come from the
 * directory its `tid` claim names. The real URLs are kept; a fetch stand-in answers them from a
 * local mock provider, so this is openid-client's own Entra ID check that is exercised.
 */
const ENTRA = 'https://login.microsoftonline.com';
const TID = '72f988bf-86f1-41af-91ab-2d7cd011db47';

describe('Microsoft multi-tenant issuers by tid', () => {
  let mock: OAuth2Server;
  let next: Record<string, unknown> = {};
  let providers: OidcProviders;

  beforeAll(async () => {
    mock = new OAuth2Server();
    await mock.issuer.keys.generate('RS256');
    await mock.start(0, '127.0.0.1');
    const local = `http://127.0.0.1:${mock.address().port.toString()}`;
    mock.issuer.url = local;
    mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      if (!('scope' in token.payload)) Object.assign(token.payload, next);
    });
    // https://login.microsoftonline.com/<anything> → the mock; the discovery document as Entra ID words it.
    const fetchStandIn: CustomFetch = async (url, options) => {
      const target = new URL(url);
      if (target.pathname === '/common/v2.0/.well-known/openid-configuration') {
        const doc = (await (await fetch(`${local}/.well-known/openid-configuration`)).json()) as Record<string, string>;
        return Response.json({
          ...doc,
          issuer: `${ENTRA}/{tenantid}/v2.0`,
          authorization_endpoint: `${ENTRA}/common/oauth2/v2.0/authorize`,
          token_endpoint: `${ENTRA}/common/oauth2/v2.0/token`,
          jwks_uri: `${ENTRA}/common/discovery/v2.0/keys`,
        });
      }
      const path = { '/common/oauth2/v2.0/token': '/token', '/common/discovery/v2.0/keys': '/jwks' }[target.pathname];
      if (!path) return new Response('not found', { status: 404 });
      return fetch(`${local}${path}`, options as RequestInit);
    };
    const config = loadConfig({ NODE_ENV: 'test', MICROSOFT_CLIENT_ID: 'tankha-microsoft', MICROSOFT_CLIENT_SECRET: 's', APP_URL: 'http://127.0.0.1:3000' });
    providers = new OidcProviders(config, { clock: new TestClock(), tokens: new TokenService('k'.repeat(40)), appUrl: config.appUrl, fetch: fetchStandIn });
  });
  afterAll(async () => {
    await mock.stop();
  });

  async function signIn(claims: Record<string, unknown>) {
    const codeVerifier = randomBytes(32).toString('base64url');
    const { url, state } = await providers.authorizationUrl('microsoft', createHash('sha256').update(codeVerifier).digest('base64url'));
    expect(url.startsWith(`${ENTRA}/common/oauth2/v2.0/authorize?`)).toBe(true);
    // The browser would go to Microsoft; the mock's authorize endpoint issues the code instead.
    const local = new URL(url);
    const redirect = await fetch(`${mock.issuer.url ?? ''}/authorize${local.search}`, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    next = claims;
    return providers.exchange('microsoft', { code, state, redirectUri: providers.redirectUri('microsoft'), codeVerifier });
  }

  it('accepts a token whose issuer is the directory its tid names', async () => {
    const identity = await signIn({ iss: `${ENTRA}/${TID}/v2.0`, tid: TID, email: 'Kavya@Godavari.in', xms_edov: true });
    expect(identity).toMatchObject({ provider: 'microsoft', verifiedEmail: 'kavya@godavari.in' });
  });

  it('refuses a token from another directory than its tid', async () => {
    await expect(signIn({ iss: `${ENTRA}/00000000-0000-0000-0000-000000000001/v2.0`, tid: TID, email: 'kavya@godavari.in', xms_edov: true })).rejects.toThrow(OAuthRefused);
    await expect(signIn({ iss: `${ENTRA}/00000000-0000-0000-0000-000000000001/v2.0`, tid: TID, email: 'kavya@godavari.in', xms_edov: true })).rejects.toThrow(/unexpected JWT claim value/);
  });
});
