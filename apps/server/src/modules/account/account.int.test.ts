import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tankha/contracts';
import { BACKENDS, ONCE, createTestApp, type TestApp } from '../../testing';

const linkParts = (link: string) => new URL(link).pathname.split('/').slice(2).map(decodeURIComponent) as [string, string];

describe.each(BACKENDS)('accounts over HTTP (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: Record<string, unknown>) =>
    t.call('POST', '/Account/register', {
      body: { firstName: 'Meena', lastName: 'Kumari', organizationName: 'Kaveri Traders', email: 'meena@kaveri.in', password: 'Secret123', confirmPassword: 'Secret123', ...body },
    });

  describe('register', () => {
    it('creates the account, mails a 48-hour link and refuses login until verified', async () => {
      const res = await register({ email: 'Meena@Kaveri.in' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ statusCode: 201, data: { email: 'meena@kaveri.in' } });
      const [mail] = await t.mailbox('meena@kaveri.in');
      expect(mail?.subject).toBe('Verify your email address for Tankha');
      expect(mail?.text).toContain('expires in 48 hours');
      expect(mail?.links.some((l) => l.startsWith('http://127.0.0.1:3000/verify-user/'))).toBe(true);
      const login = await t.call('POST', '/Account/login', { body: { email: 'meena@kaveri.in', password: 'Secret123' } });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe(MSG.emailNotVerified);
    });

    it('refuses a second account for the same e-mail with 409', async () => {
      const res = await register({ email: 'MEENA@kaveri.in' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'CONFLICT', message: MSG.emailTaken });
    });

    it.each([
      [{ email: 'not-an-email' }, 'email', MSG.validEmail],
      [{ password: 'short1', confirmPassword: 'short1' }, 'password', MSG.passwordRule],
      [{ password: 'lettersonly', confirmPassword: 'lettersonly' }, 'password', MSG.passwordRule],
      [{ confirmPassword: 'Different123' }, 'confirmPassword', MSG.passwordsDiffer],
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: 'D4s' }, 'lastName', 'Please enter only alphabetic characters'],
      [{ organizationName: '' }, 'organizationName', 'Organization name is required'],
    ])('rejects %j with a message naming %s and writes nothing', async (override, field, message) => {
      const res = await register({ email: `v${field}@kaveri.in`, ...override });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('VALIDATION_ERROR');
      expect(body.errors[field]).toBe(message);
      expect(body.message).toBe(`${field}: ${message}`);
      expect(await t.mailbox(`v${field}@kaveri.in`)).toHaveLength(0);
    });
  });

  describe('verify-user', () => {
    it('activates the administrator, then says the link was used', async () => {
      const [mail] = await t.mailbox('meena@kaveri.in');
      const [token, email] = linkParts(mail?.links[0] ?? '');
      const ok = await t.call('POST', '/Account/verify-user', { body: { token, email } });
      expect(ok.statusCode).toBe(200);
      const again = await t.call('POST', '/Account/verify-user', { body: { token, email } });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(MSG.verificationNotRequired);
      const user = await t.login('meena@kaveri.in', 'Secret123');
      expect(user).toMatchObject({ roleId: 1, tenantName: 'Kaveri Traders', isTenantOnTrial: true, planName: 'Trial', hasAdminAccess: true });
      expect(user.accessableFeatures.map((f) => f.key)).toContain('Settings');
    });

    it("answers 'Token expired.' once 48 hours have passed", async () => {
      await register({ email: 'late@kaveri.in', organizationName: 'Late Ltd' });
      const [mail] = await t.mailbox('late@kaveri.in');
      const [token, email] = linkParts(mail?.links[0] ?? '');
      t.clock.advance(48 * 3_600_000 + 1000);
      const res = await t.call('POST', '/Account/verify-user', { body: { token, email } });
      t.clock.set(new Date());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.tokenExpired);
    });

    it('answers /verify-user/abc/x@y.z with the e-mail rule on its field (the web shows the sentence alone)', async () => {
      const res = await t.call('POST', '/Account/verify-user', { body: { token: 'abc', email: 'x@y.z' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: `email: ${MSG.validEmail}`, errors: { email: MSG.validEmail } });
    });

    it('rejects a forged token or a link for another address', async () => {
      const [mail] = await t.mailbox('late@kaveri.in');
      const [token] = linkParts(mail?.links[0] ?? '');
      for (const body of [{ token: 'forged', email: 'late@kaveri.in' }, { token, email: 'other@kaveri.in' }]) {
        const res = await t.call('POST', '/Account/verify-user', { body });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MSG.invalidLink);
      }
    });

    it('resend-verification mails a fresh link and answers the same for unknown addresses', async () => {
      const before = (await t.mailbox('late@kaveri.in')).length;
      const known = await t.call('POST', '/Account/resend-verification', { body: { email: 'late@kaveri.in' } });
      const unknown = await t.call('POST', '/Account/resend-verification', { body: { email: 'nobody@kaveri.in' } });
      expect(known.statusCode).toBe(200);
      expect(unknown.json().message).toBe(known.json().message);
      expect(await t.mailbox('late@kaveri.in')).toHaveLength(before + 1);
    });
  });

  describe('login and logout', () => {
    it.each([
      [{ email: 'meena@kaveri.in', password: 'Wrong123' }],
      [{ email: 'nobody@kaveri.in', password: 'Secret123' }],
    ])("answers 401 'Incorrect login details. Try again.' for %j", async (body) => {
      const res = await t.call('POST', '/Account/login', { body });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.incorrectLogin);
    });

    it("asks for both fields with 'Please enter your email/password'", async () => {
      const res = await t.call('POST', '/Account/login', { body: { email: '', password: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.email).toBe(MSG.enterEmailPassword);
    });

    it('logout ends the session at once', async () => {
      const user = await t.login('meena@kaveri.in', 'Secret123');
      expect((await t.call('GET', '/Account/me', { token: user.token })).statusCode).toBe(200);
      expect((await t.call('POST', '/Account/logout', { token: user.token })).statusCode).toBe(200);
      const after = await t.call('GET', '/Account/me', { token: user.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().errorCode).toBe('TokenInvalid');
    });

    it('refuses a missing, forged or expired token', async () => {
      expect((await t.call('GET', '/Account/me')).json().errorCode).toBe('TokenNotFound');
      expect((await t.call('GET', '/Account/me', { token: 'abc.def.ghi' })).json().errorCode).toBe('TokenInvalid');
      const user = await t.login('meena@kaveri.in', 'Secret123');
      t.clock.advance(13 * 3_600_000);
      const expired = await t.call('GET', '/Account/me', { token: user.token });
      t.clock.set(new Date());
      expect(expired.statusCode).toBe(401);
    });
  });

  describe('passwords', () => {
    it('forgot → mailed link → reset: old sessions end, the new password works, the link is single-use', async () => {
      const session = await t.login('meena@kaveri.in', 'Secret123');
      const res = await t.call('POST', '/Account/forgot-password', { body: { email: 'meena@kaveri.in' } });
      expect(res.statusCode).toBe(200);
      const unknown = await t.call('POST', '/Account/forgot-password', { body: { email: 'ghost@kaveri.in' } });
      expect(unknown.json().message).toBe(res.json().message);
      const mail = (await t.mailbox('meena@kaveri.in')).find((m) => m.subject === 'Reset your Tankha password');
      const link = mail?.links.find((l) => l.includes('/reset-password/')) ?? '';
      const [token, email] = linkParts(link);
      const mismatch = await t.call('POST', '/Account/reset-password', { body: { token, email, password: 'Newpass123', confirmPassword: 'Newpass124' } });
      expect(mismatch.json().errors.confirmPassword).toBe(MSG.passwordsDiffer);
      const reset = await t.call('POST', '/Account/reset-password', { body: { token, email, password: 'Newpass123', confirmPassword: 'Newpass123' } });
      expect(reset.statusCode).toBe(200);
      expect((await t.call('GET', '/Account/me', { token: session.token })).statusCode).toBe(401);
      const reuse = await t.call('POST', '/Account/reset-password', { body: { token, email, password: 'Other1234', confirmPassword: 'Other1234' } });
      expect(reuse.json().message).toBe(MSG.invalidLink);
      await t.login('meena@kaveri.in', 'Newpass123');
    });

    it('update-password checks the current one and ends the other sessions only', async () => {
      const a = await t.login('meena@kaveri.in', 'Newpass123');
      const b = await t.login('meena@kaveri.in', 'Newpass123');
      const wrong = await t.call('POST', '/Account/update-password', { token: a.token, body: { currentPassword: 'nope', newPassword: 'Fresh1234', confirmPassword: 'Fresh1234' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.currentPassword).toBe(MSG.currentPasswordWrong);
      const ok = await t.call('POST', '/Account/update-password', { token: a.token, body: { currentPassword: 'Newpass123', newPassword: 'Fresh1234', confirmPassword: 'Fresh1234' } });
      expect(ok.statusCode).toBe(200);
      expect((await t.call('GET', '/Account/me', { token: a.token })).statusCode).toBe(200);
      expect((await t.call('GET', '/Account/me', { token: b.token })).statusCode).toBe(401);
      await t.login('meena@kaveri.in', 'Fresh1234');
    });
  });

  describe('organisations of one account', () => {
    it('lists tenants and switches to another with a new token', async () => {
      const admin = await t.login('meena@kaveri.in', 'Fresh1234');
      const form = (await import('../../testing')).multipart({ tenantName: 'Kaveri Exports', address: 'Chennai', pan: 'aabck1234d' });
      const created = await t.call('POST', '/Tenants', { token: admin.token, body: form.body, headers: form.headers });
      expect(created.statusCode).toBe(201);
      const list = await t.call('GET', '/Account/tenants', { token: admin.token });
      expect(list.json().totalRecords).toBe(2);
      expect(list.json().data.find((x: { isCurrent: boolean }) => x.isCurrent).tenantName).toBe('Kaveri Traders');
      const switched = await t.call('POST', `/Account/select-tenant?tenantId=${created.json().data.id as string}`, { token: admin.token });
      expect(switched.statusCode).toBe(200);
      expect(switched.json().data).toMatchObject({ tenantName: 'Kaveri Exports', roleId: 1, tenantCount: 2 });
      expect((await t.call('GET', '/Account/me', { token: admin.token })).statusCode).toBe(401);
      const org = await t.call('GET', '/Tenants', { token: switched.json().data.token as string });
      expect(org.json().data).toMatchObject({ tenantName: 'Kaveri Exports', pan: 'AABCK1234D' });
    });

    it('cannot select an organisation it does not belong to', async () => {
      const other = await t.registerOrganisation();
      const admin = await t.login('meena@kaveri.in', 'Fresh1234');
      const res = await t.call('POST', `/Account/select-tenant?tenantId=${other.tenantId}`, { token: admin.token });
      expect(res.statusCode).toBe(403);
      const bad = await t.call('POST', '/Account/select-tenant?tenantId=nope', { token: admin.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('tenantId');
    });
  });
});

/**
 * Issue 25 F9: forgot-password was limited per client IP only, so every address behind a proxy (or
 * any number of clients) could send one person RATE_LIMIT_AUTH_MAX reset mails a minute each.
 */
describe.each(BACKENDS)('reset mails per address (PASSWORD_RESET_MAILS_PER_HOUR) (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Two requests per IP a minute, three mails per address an hour.
    t = await createTestApp(backend, { RATE_LIMIT_AUTH_MAX: '2', PASSWORD_RESET_MAILS_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** forgot-password from a client of its own (the TCP peer: no proxy, no header to believe). */
  const forgot = async (email: string, remoteAddress: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/backend/api/Account/forgot-password', remoteAddress, payload: { email } });
    await t.drainJobs();
    return res;
  };
  const resetMails = async (email: string) => (await t.mailbox(email)).filter((m) => m.subject === 'Reset your Tankha password');

  it('sends an address 3 links an hour however many clients ask, answering each the same as an unknown address', async () => {
    const victim = await t.registerOrganisation({ email: 'victim@kaveri.in' });
    const unknown = await forgot('nobody@kaveri.in', '198.51.100.1');
    const replies: Awaited<ReturnType<typeof forgot>>[] = [];
    for (let client = 1; client <= 4; client += 1) {
      for (let i = 0; i < 2; i += 1) replies.push(await forgot(victim.email, `203.0.113.${client.toString()}`));
    }
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body))).toEqual(new Set([unknown.body]));
    expect(await resetMails(victim.email)).toHaveLength(3);
    // The per-IP limit still stands beside it.
    expect((await forgot(victim.email, '203.0.113.1')).statusCode).toBe(429);
  });

  it('is per address: another account still gets its link, and the newest link sent is the one that works', async () => {
    const other = await t.registerOrganisation({ email: 'bystander@kaveri.in' });
    expect((await forgot(other.email, '203.0.113.9')).statusCode).toBe(200);
    const [mail] = await resetMails(other.email);
    const [token, email] = linkParts(mail?.links.find((l) => l.includes('/reset-password/')) ?? '');
    expect((await t.call('POST', '/Account/reset-password', { body: { token, email, password: 'Newpass123', confirmPassword: 'Newpass123' } })).statusCode).toBe(200);
  });

  it('the hour is counted from the mails sent: an hour after the first, the address gets a link again', async () => {
    t.clock.advance(3_600_001);
    try {
      expect((await forgot('victim@kaveri.in', '203.0.113.20')).statusCode).toBe(200);
      expect(await resetMails('victim@kaveri.in')).toHaveLength(4);
      expect((await forgot('victim@kaveri.in', '203.0.113.21')).statusCode).toBe(200);
      expect((await forgot('victim@kaveri.in', '203.0.113.22')).statusCode).toBe(200);
      expect((await forgot('victim@kaveri.in', '203.0.113.23')).statusCode).toBe(200);
      expect(await resetMails('victim@kaveri.in')).toHaveLength(6);
    } finally {
      t.clock.set(new Date());
    }
  });
});

// Once per run, on PGlite (ONCE): rate limits are counted in memory (or Redis), not in the database, so a second database adds nothing.
describe.runIf(ONCE)('rate limits on sign-in routes', () => { // once per run (the PGlite project): it does not depend on the database
  it('answers 429 after RATE_LIMIT_AUTH_MAX attempts in the window', async () => {
    const t = await createTestApp('pglite', { RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await t.call('POST', '/Account/login', { body: { email: 'x@y.in', password: 'whatever1' } })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await t.call('POST', '/Account/forgot-password', { body: { email: 'x@y.in' } });
      expect(limited.statusCode).toBe(200); // each route has its own budget
    } finally {
      await t.close();
    }
  });
});

// Once per run, on PGlite (ONCE): rate limits are counted in memory (or Redis), not in the database, so a second database adds nothing.
describe.runIf(ONCE)('the per-IP limit and proxies (TRUST_PROXY)', () => { // once per run (the PGlite project): it does not depend on the database
  const login = (t: TestApp, email: string, forwardedFor: string, password = 'whatever1') =>
    t.call('POST', '/Account/login', { body: { email, password }, headers: { 'x-forwarded-for': forwardedFor } });

  it('without TRUST_PROXY a made-up X-Forwarded-For does not buy a fresh budget', async () => {
    const t = await createTestApp('pglite', { RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await login(t, `spoof${i.toString()}@y.in`, `203.0.113.${i.toString()}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client has its own budget', async () => {
    // fastify.inject connects from 127.0.0.1, which plays the proxy here.
    const t = await createTestApp('pglite', { RATE_LIMIT_AUTH_MAX: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const spread: number[] = [];
      for (let i = 0; i < 5; i += 1) spread.push((await login(t, `client${i.toString()}@y.in`, `203.0.113.${i.toString()}`)).statusCode);
      expect(spread).toEqual([401, 401, 401, 401, 401]);
      const one: number[] = [];
      for (let i = 0; i < 4; i += 1) one.push((await login(t, `same${i.toString()}@y.in`, '198.51.100.7')).statusCode);
      expect(one).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

// Once per run, on PGlite (ONCE): rate limits are counted in memory (or Redis), not in the database, so a second database adds nothing.
describe.runIf(ONCE)('failed logins per account (LOGIN_MAX_FAILURES)', () => { // once per run (the PGlite project): it does not depend on the database
  let t: TestApp;
  let ip = 0;
  /** Every attempt from a different address, so only the per-account limit can bite. */
  const login = (email: string, password: string) => {
    ip += 1;
    return t.call('POST', '/Account/login', { body: { email, password }, headers: { 'x-forwarded-for': `192.0.2.${ip.toString()}` } });
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW_MS: '600000', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('after 3 failures from 3 addresses even the right password gets 429, other accounts do not, and the window ends it', async () => {
    const victim = await t.registerOrganisation();
    const bystander = await t.registerOrganisation();
    const failures: number[] = [];
    for (let i = 0; i < 3; i += 1) failures.push((await login(victim.email, 'Wrong12345')).statusCode);
    expect(failures).toEqual([401, 401, 401]);
    const blocked = await login(victim.email, 'Secret123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ errorCode: 'RATE_LIMITED', message: MSG.tooManyLoginFailures });
    expect((await login(bystander.email, 'Secret123')).statusCode).toBe(200);
    t.clock.advance(600_001);
    expect((await login(victim.email, 'Secret123')).statusCode).toBe(200);
  });

  it('counts an unknown address the same way, so the 429 does not reveal whether an account exists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await login('nobody@nowhere.in', 'Wrong12345')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a successful login starts the count again', async () => {
    const user = await t.registerOrganisation();
    const statuses: number[] = [];
    for (const password of ['Wrong12345', 'Wrong12345', 'Secret123', 'Wrong12345', 'Wrong12345', 'Wrong12345', 'Secret123']) {
      statuses.push((await login(user.email, password)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 200, 401, 401, 401, 429]);
  });
});

// Runs only with TEST_REDIS_URL (.ci/run sets it when Redis answers), once per run (ONCE: no database changes its subject): sharing counters between two processes needs a Redis to share them through.
describe.runIf(ONCE && process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => { // once per run and only with TEST_REDIS_URL: it needs a real Redis
  it('two server processes share one budget per client', async () => {
    const env = { RATE_LIMIT_AUTH_MAX: '3', REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: `tankha-test-${Date.now().toString(36)}:` };
    const a = await createTestApp('pglite', env);
    const b = await createTestApp('pglite', env);
    try {
      const statuses: number[] = [];
      for (const app of [a, b, a, b]) statuses.push((await app.call('POST', '/Account/login', { body: { email: 'x@y.in', password: 'whatever1' } })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two server processes share the failed-login count of an account', async () => {
    const env = { LOGIN_MAX_FAILURES: '3', TRUST_PROXY: '127.0.0.1', REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: `tankha-test-${Date.now().toString(36)}-acct:` };
    const a = await createTestApp('pglite', env);
    const b = await createTestApp('pglite', env);
    try {
      const statuses: number[] = [];
      let ip = 0;
      for (const app of [a, b, a, b]) {
        ip += 1;
        const res = await app.call('POST', '/Account/login', { body: { email: 'shared@y.in', password: 'whatever1' }, headers: { 'x-forwarded-for': `192.0.2.${ip.toString()}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const user = await a.registerOrganisation();
      for (const app of [a, b, a]) await app.call('POST', '/Account/login', { body: { email: user.email, password: 'Wrong12345' }, headers: { 'x-forwarded-for': '192.0.2.99' } });
      expect((await b.call('POST', '/Account/login', { body: { email: user.email, password: 'Secret123' }, headers: { 'x-forwarded-for': '192.0.2.100' } })).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
