import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { MSG } from '@tankha/contracts';
import { BACKENDS, ONCE, createTestApp, type TestApp } from '../../testing';
import { MICROSOFT_CONSUMER_TENANT } from '../../platform/auth/oidc';

/**
 * Google and Microsoft sign-in against two local mock OpenID providers (oauth2-mock-server): the
 * whole authorization-code flow with PKCE, state and nonce, through the app's HTTP routes.
 */
type Claims = Record<string, unknown>;

async function startProvider(): Promise<{ server: OAuth2Server; idClaims: { next: Claims } }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The mock names itself localhost; the app accepts plain http only from 127.0.0.1.
  server.issuer.url = `http://127.0.0.1:${server.address().port.toString()}`;
  const idClaims = { next: {} as Claims };
  // Only the ID token (the access token carries a scope) gets the test's claims.
  server.service.on('beforeTokenSigning', (token: { payload: Claims }) => {
    if ('scope' in token.payload) return;
    Object.assign(token.payload, idClaims.next);
  });
  return { server, idClaims };
}

describe.each(BACKENDS)('Google and Microsoft sign-in (%s)', (backend) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startProvider>>;
  let microsoft: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    google = await startProvider();
    microsoft = await startProvider();
    t = await createTestApp(backend, {
      GOOGLE_CLIENT_ID: 'tankha-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: google.server.issuer.url ?? '',
      MICROSOFT_CLIENT_ID: 'tankha-microsoft',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      MICROSOFT_ISSUER: microsoft.server.issuer.url ?? '',
    });
    await t.registerOrganisation({ email: 'kavya@godavari.in', organizationName: 'Godavari Foods', firstName: 'Kavya', lastName: 'Reddy' });
  });
  afterAll(async () => {
    await t.close();
    await google.server.stop();
    await microsoft.server.stop();
  });
  beforeEach(() => {
    google.idClaims.next = {};
    microsoft.idClaims.next = {};
  });

  /** The browser's part: a PKCE pair, the authorize URL from the app, the provider's redirect back. */
  async function authorize(provider: string) {
    const codeVerifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const start = await t.call('POST', '/Account/oauth-authorize', { body: { provider, codeChallenge } });
    expect(start.statusCode, start.body).toBe(200);
    const { url, state, redirectUri } = start.json().data as { url: string; state: string; redirectUri: string };
    const redirect = await fetch(url, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code') ?? '', state, redirectUri, codeVerifier, provider, authorizeUrl: new URL(url) };
  }

  const validate = (body: Record<string, unknown>) => t.call('POST', '/Account/validate-oauth', { body });

  async function signIn(provider: 'google' | 'microsoft', claims: Claims, tamper: (body: Record<string, unknown>) => void = () => undefined) {
    const flow = await authorize(provider);
    (provider === 'google' ? google : microsoft).idClaims.next = claims;
    const body: Record<string, unknown> = { code: flow.code, provider, redirectUri: flow.redirectUri, state: flow.state, codeVerifier: flow.codeVerifier };
    tamper(body);
    return validate(body);
  }

  it('lists the configured providers, and only those', async () => {
    const res = await t.call('GET', '/Account/oauth-providers');
    expect(res.json().data).toEqual({ providers: ['google', 'microsoft'] });
    const bare = await createTestApp(backend);
    try {
      expect((await bare.call('GET', '/Account/oauth-providers')).json().data).toEqual({ providers: [] });
      const refused = await bare.call('POST', '/Account/validate-oauth', { body: { code: 'x', provider: 'google', redirectUri: 'http://127.0.0.1:3000/auth/callback/google', state: 's', codeVerifier: 'v'.repeat(43) } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Unsupported provider: google');
    } finally {
      await bare.close();
    }
  });

  it('builds the authorize URL with the redirect to /auth/callback/{provider}, PKCE S256, state and nonce', async () => {
    const flow = await authorize('google');
    const q = flow.authorizeUrl.searchParams;
    expect(q.get('redirect_uri')).toBe('http://127.0.0.1:3000/auth/callback/google');
    expect(q.get('client_id')).toBe('tankha-google');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('nonce')?.length).toBeGreaterThan(10);
    expect(q.get('state')).toBe(flow.state);
  });

  it('signs in with a verified Google e-mail and answers the same session as a password login', async () => {
    const res = await signIn('google', { email: 'Kavya@Godavari.in', email_verified: true });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data as { token: string; email: string; tenantName: string; roleId: number; tenantCount: number };
    expect(user).toMatchObject({ email: 'kavya@godavari.in', tenantName: 'Godavari Foods', roleId: 1, tenantCount: 1 });
    const password = await t.login('kavya@godavari.in', 'Secret123');
    expect(Object.keys(user).sort()).toEqual(Object.keys(password).sort());
    expect((await t.call('GET', '/Account/me', { token: user.token })).statusCode).toBe(200);
  });

  it('signs in with Microsoft when the e-mail is verified (xms_edov) or a personal account’s', async () => {
    const work = await signIn('microsoft', { email: 'kavya@godavari.in', tid: '72f988bf-86f1-41af-91ab-2d7cd011db47', xms_edov: true });
    expect(work.statusCode, work.body).toBe(200);
    const personal = await signIn('microsoft', { email: 'kavya@godavari.in', tid: MICROSOFT_CONSUMER_TENANT });
    expect(personal.statusCode, personal.body).toBe(200);
  });

  it.each([
    ['google, email_verified false', 'google', { email: 'kavya@godavari.in', email_verified: false }],
    ['google, email_verified missing', 'google', { email: 'kavya@godavari.in' }],
    ['google, email_verified "true" as text', 'google', { email: 'kavya@godavari.in', email_verified: 'true' }],
    ['microsoft work account without xms_edov', 'microsoft', { email: 'kavya@godavari.in', tid: '72f988bf-86f1-41af-91ab-2d7cd011db47' }],
    ['microsoft without tid', 'microsoft', { email: 'kavya@godavari.in', xms_edov: true }],
  ] as const)('refuses an unverified e-mail (%s)', async (_label, provider, claims) => {
    const res = await signIn(provider, claims);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'OAUTH_EMAIL_NOT_VERIFIED', message: MSG.oauthEmailNotVerified });
  });

  it('refuses an e-mail with no Tankha account and creates nothing', async () => {
    const res = await signIn('google', { email: 'stranger@elsewhere.in', email_verified: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'OAUTH_NO_ACCOUNT', message: MSG.oauthNoAccount });
    const login = await t.call('POST', '/Account/login', { body: { email: 'stranger@elsewhere.in', password: 'Whatever1' } });
    expect(login.statusCode).toBe(401);
    expect((await t.call('POST', '/Account/forgot-password', { body: { email: 'stranger@elsewhere.in' } })).statusCode).toBe(200);
    expect(await t.mailbox('stranger@elsewhere.in')).toHaveLength(0);
  });

  it.each([
    ['a forged state', (b: Record<string, unknown>) => (b.state = `${String(b.state).slice(0, -4)}AAAA`)],
    ['another sign-in’s state', (b: Record<string, unknown>, other: string) => (b.state = other)],
    ['the state of the other provider', 'microsoft-state'],
    ['a redirect that is not ours', (b: Record<string, unknown>) => (b.redirectUri = 'https://evil.example/auth/callback/google')],
    ['the wrong PKCE verifier', (b: Record<string, unknown>) => (b.codeVerifier = randomBytes(32).toString('base64url'))],
  ] as const)('refuses %s', async (_label, tamper) => {
    const other = await authorize('google');
    const ms = await authorize('microsoft');
    const res = await signIn('google', { email: 'kavya@godavari.in', email_verified: true }, (b) => {
      if (tamper === 'microsoft-state') b.state = ms.state;
      else tamper(b, other.state);
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'OAUTH_REFUSED', message: MSG.oauthFailed });
  });

  it('refuses an expired state (10 minutes)', async () => {
    const flow = await authorize('google');
    google.idClaims.next = { email: 'kavya@godavari.in', email_verified: true };
    t.clock.advance(11 * 60_000);
    try {
      const res = await validate({ code: flow.code, provider: 'google', redirectUri: flow.redirectUri, state: flow.state, codeVerifier: flow.codeVerifier });
      expect(res.statusCode).toBe(400);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it.each([
    ['another nonce', { nonce: 'not-the-one-we-sent' }],
    ['another audience', { aud: 'someone-elses-app' }],
    ['another issuer', { iss: 'https://accounts.example.com' }],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 4200 }],
  ])('refuses an ID token with %s', async (_label, claims) => {
    const res = await signIn('google', { email: 'kavya@godavari.in', email_verified: true, ...claims });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'OAUTH_REFUSED', message: MSG.oauthFailed });
  });

  it("answers 'Unsupported provider: {x}' for a provider it does not know", async () => {
    for (const path of ['/Account/oauth-authorize', '/Account/validate-oauth']) {
      const res = await t.call('POST', path, {
        body: { provider: 'github', code: 'x', redirectUri: 'http://127.0.0.1:3000/auth/callback/github', state: 's', codeVerifier: 'v'.repeat(43), codeChallenge: 'c'.repeat(43) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Unsupported provider: github');
    }
  });

  it('a deactivated membership gives nothing, as with a password', async () => {
    const other = await t.registerOrganisation({ email: 'ravi@krishna.in', organizationName: 'Krishna Mills' });
    await t.globalScope(async ({ global }) => {
      const { sql } = await import('drizzle-orm');
      await global.tx.execute(sql`UPDATE users SET status = 2 WHERE id = ${other.id}`);
    });
    const res = await signIn('google', { email: 'ravi@krishna.in', email_verified: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.deactivated);
  });
});

// Once per run, on PGlite (ONCE): rate limits are counted in memory (or Redis), not in the database, so a second database adds nothing.
describe.runIf(ONCE)('validate-oauth is rate-limited like login', () => { // once per run (the PGlite project): it does not depend on the database
  it('answers 429 after RATE_LIMIT_AUTH_MAX attempts in the window', async () => {
    const t = await createTestApp('pglite', { RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await t.call('POST', '/Account/validate-oauth', { body: { code: 'x', provider: 'google', redirectUri: 'x', state: 's', codeVerifier: 'v'.repeat(43) } })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
