import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/demo';
import { hashPassword } from '../../platform/auth/passwords';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const linkParts = (link: string) => new URL(link).pathname.split('/').slice(2).map(decodeURIComponent) as [string, string];
const ANOTHER = 'Nilgiri2026x';

/**
 * Issue 25 F3: the demo's password is printed in the README and by every `npm start`, so a production
 * server refuses it: no sign-in with it (on any account, existing or not, with one reply) and no
 * account may be given it (register, reset, invitation, change). Outside production the demo uses it.
 */
describe.each(BACKENDS)('the public demo password in production (%s)', (backend) => {
  let t: TestApp;
  let owner: SessionUser;
  const accountCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM accounts`))[0]?.n;
  const sessionCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sessions`))[0]?.n;
  const login = (email: string, password: string) => t.call('POST', '/Account/login', { body: { email, password } });

  beforeAll(async () => {
    // The demo as SEED_DEMO=true would leave it in production: every login with the public password.
    t = await createTestApp(backend, { NODE_ENV: 'production' }, { demo: true });
    owner = await t.registerOrganisation({ email: 'owner@kaveri.in', organizationName: 'Kaveri Traders' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs nobody in: a demo login with it gets 401 with the reason, a made-up address the same reply, and no session opens', async () => {
    const sessions = await sessionCount();
    const demo = await login(DEMO_LOGINS.administrator, DEMO_PASSWORD);
    expect(demo.statusCode).toBe(401);
    expect(demo.json()).toEqual({ statusCode: 401, errorCode: 'PUBLIC_PASSWORD', message: MSG.publicPasswordSignIn });
    const nobody = await login('nobody@kaveri.in', DEMO_PASSWORD);
    expect([nobody.statusCode, nobody.body]).toEqual([demo.statusCode, demo.body]);
    expect(await sessionCount()).toBe(sessions);
    // A wrong password is still the ordinary answer.
    expect((await login(DEMO_LOGINS.administrator, 'Wrong12345')).json().message).toBe(MSG.incorrectLogin);
  });

  it('a demo account that resets its password signs in with the new one', async () => {
    expect((await t.call('POST', '/Account/forgot-password', { body: { email: DEMO_LOGINS.member } })).statusCode).toBe(200);
    const mail = (await t.mailbox(DEMO_LOGINS.member)).find((m) => m.subject === 'Reset your Tankha password');
    const [token, email] = linkParts(mail?.links.find((l) => l.includes('/reset-password/')) ?? '');
    expect((await t.call('POST', '/Account/reset-password', { body: { token, email, password: ANOTHER, confirmPassword: ANOTHER } })).statusCode).toBe(200);
    expect((await login(DEMO_LOGINS.member, ANOTHER)).statusCode).toBe(200);
  });

  it('register refuses it as the password, naming the field, and creates nothing', async () => {
    const before = await accountCount();
    const res = await t.call('POST', '/Account/register', {
      body: { firstName: 'Meena', lastName: 'Kumari', organizationName: 'Kaveri Exports', email: 'meena@kaveri.in', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', message: `password: ${MSG.publicPassword}`, errors: { password: MSG.publicPassword } });
    expect(await accountCount()).toBe(before);
    expect(await t.mailbox('meena@kaveri.in')).toEqual([]);
  });

  it('reset-password refuses it and leaves the link usable for another password', async () => {
    await t.call('POST', '/Account/forgot-password', { body: { email: owner.email } });
    const mail = (await t.mailbox(owner.email)).find((m) => m.subject === 'Reset your Tankha password');
    const [token, email] = linkParts(mail?.links.find((l) => l.includes('/reset-password/')) ?? '');
    const refused = await t.call('POST', '/Account/reset-password', { body: { token, email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ password: MSG.publicPassword });
    expect((await login(owner.email, 'Secret123')).statusCode).toBe(200);
    const reset = await t.call('POST', '/Account/reset-password', { body: { token, email, password: ANOTHER, confirmPassword: ANOTHER } });
    expect(reset.statusCode).toBe(200);
    owner = (await login(owner.email, ANOTHER)).json().data;
  });

  it('update-password refuses it as the new password; the current one keeps working', async () => {
    const res = await t.call('POST', '/Account/update-password', { token: owner.token, body: { currentPassword: ANOTHER, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `newPassword: ${MSG.publicPassword}`, errors: { newPassword: MSG.publicPassword } });
    expect((await login(owner.email, ANOTHER)).statusCode).toBe(200);
  });

  it('accept-invite refuses it as the new password and leaves the invitation usable', async () => {
    const invited = await t.call('POST', '/Users/invite', {
      token: owner.token,
      body: { firstName: 'Kavya', lastName: 'Menon', email: 'kavya@kaveri.in', dateOfJoining: '2025-06-01', annualCTC: 1_200_000, experience: 3, employeeNumber: 'KAV001', regimeType: 1 },
    });
    expect(invited.statusCode).toBeLessThan(300);
    const [mail] = await t.mailbox('kavya@kaveri.in');
    const [token, email] = linkParts(mail?.links.find((l) => l.includes('/accept-invite/')) ?? '');
    const refused = await t.call('POST', '/Account/accept-invite', { body: { token, email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ password: MSG.publicPassword });
    const accepted = await t.call('POST', '/Account/accept-invite', { body: { token, email, password: ANOTHER, confirmPassword: ANOTHER } });
    expect(accepted.json()).toMatchObject({ data: { passwordSet: true } });
    expect((await login('kavya@kaveri.in', ANOTHER)).statusCode).toBe(200);
  });

  it('an account given the password before this rule cannot sign in with it either', async () => {
    await t.database.db.execute(sql`UPDATE accounts SET password_hash = ${await hashPassword(DEMO_PASSWORD)} WHERE email = 'kavya@kaveri.in'`);
    expect((await login('kavya@kaveri.in', DEMO_PASSWORD)).json().errorCode).toBe('PUBLIC_PASSWORD');
  });
});

describe.each(BACKENDS)('the demo password outside production (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs the demo in and may be chosen (the rule is production only)', async () => {
    expect((await t.call('POST', '/Account/login', { body: { email: DEMO_LOGINS.administrator, password: DEMO_PASSWORD } })).statusCode).toBe(200);
    const res = await t.call('POST', '/Account/register', {
      body: { firstName: 'Meena', lastName: 'Kumari', organizationName: 'Kaveri Exports', email: 'meena@kaveri.in', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
  });
});
