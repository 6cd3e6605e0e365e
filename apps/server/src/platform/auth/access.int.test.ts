import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@tankha/contracts';
import type { SessionUser } from '@tankha/contracts';
import { BACKENDS, DEMO_LOGINS, createTestApp, multipart, type TestApp } from '../../testing';
import { users } from '../../db/schema';
import { withTenant } from '../unit-of-work';

describe.each(BACKENDS)('access, roles and tenancy (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    outsider = await t.registerOrganisation({ organizationName: 'Outsider Co' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo organisation has an administrator, a moderator and about 40 members in 4 departments', async () => {
    const res = await t.call('GET', '/dashboard', { token: admin.token });
    const data = res.json().data;
    expect(data.counts.activeUsers).toBe(43);
    expect(data.departments.map((d: { name: string }) => d.name).sort()).toEqual(['Engineering', 'Finance', 'Human Resources', 'Sales']);
    expect(admin.roleId).toBe(1);
    expect(moderator.roleId).toBe(2);
    expect(member.roleId).toBe(3);
    const manager = await t.login(DEMO_LOGINS.manager);
    expect(manager.isManager).toBe(true);
    expect(member.isManager).toBe(false);
  });

  it('members see their own dashboard without organisation counts', async () => {
    const res = await t.call('GET', '/dashboard', { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.counts).toBeNull();
    expect(res.json().data.me).toMatchObject({ firstName: 'Aditi', departmentName: 'Engineering', reportingManagerName: 'Rahul Sharma' });
  });

  it('accessableFeatures follow plan and role', () => {
    const keys = (u: SessionUser) => u.accessableFeatures.map((f) => f.key);
    expect(keys(admin)).toContain('Settings');
    expect(keys(member)).not.toContain('Settings');
    expect(keys(member)).toContain('ITDeclaration');
  });

  describe('profile: administrators and moderators only', () => {
    it.each([
      ['administrator', () => admin, 200],
      ['moderator', () => moderator, 200],
      ['member', () => member, 403],
    ])('%s → %i', async (_role, who, status) => {
      const res = await t.call('GET', `/Users/${member.id}`, { token: who().token });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().data).toMatchObject({ firstName: 'Aditi', designation: expect.any(String), pan: expect.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/) });
      else expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', message: MSG.permissionDenied });
    });
  });

  /**
   * Issue 25: the access hook ran after body validation, so an anonymous POST /Departments {} got the
   * body's field messages instead of 401. Access is now checked before the body is read.
   */
  describe('access before the body: 401 and 403 come before any field message', () => {
    const broken: [string, { body?: unknown; payload?: string; contentType?: string }][] = [
      ['an empty object', { body: {} }],
      ['a wrong field', { body: { name: 42 } }],
      ['JSON that does not parse', { payload: '{"name":', contentType: 'application/json' }],
      ['a media type the route does not read', { payload: 'name=x', contentType: 'text/plain' }],
      ['a 2 MB body (over the body limit)', { payload: JSON.stringify({ name: 'a'.repeat(2_000_000) }), contentType: 'application/json' }],
    ];
    const send = (method: string, url: string, input: (typeof broken)[number][1], token?: string) =>
      t.app.inject({
        method: method as 'POST',
        url: `/backend/api${url}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(input.contentType ? { 'content-type': input.contentType } : {}) },
        payload: (input.payload ?? input.body) as string | object,
      });

    it.each(broken)('anonymous POST /Departments with %s: 401 Token not found', async (_label, input) => {
      const res = await send('POST', '/Departments', input);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, errorCode: 'TokenNotFound', message: 'Token not found.' });
    });

    it.each(broken)('a token that is not one, POST /Departments with %s: 401 Token invalid', async (_label, input) => {
      const res = await send('POST', '/Departments', input, 'not.a.token');
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('TokenInvalid');
    });

    it.each(broken)('a member (departments.manage refused), POST /Departments with %s: 403', async (_label, input) => {
      const res = await send('POST', '/Departments', input, member.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', message: MSG.permissionDenied });
    });

    it('anonymous calls of the other access kinds, with broken input: 401 as well', async () => {
      // account level (update-password), signed in (a path parameter that is not an id), a plan feature with a bad query
      expect((await send('POST', '/Account/update-password', { body: {} })).statusCode).toBe(401);
      expect((await send('GET', '/Departments/not-an-id', {})).statusCode).toBe(401);
      expect((await send('GET', '/Users?pageSize=-1&pageNo=abc', {})).statusCode).toBe(401);
    });

    it('the administrator, who may, gets the field message', async () => {
      const res = await send('POST', '/Departments', { body: {} }, admin.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', errors: { name: expect.any(String) } });
      expect((await send('POST', '/Departments', { payload: '{"name":', contentType: 'application/json' }, admin.token)).statusCode).toBe(400);
    });
  });

  it('members cannot change the organisation or its settings', async () => {
    const form = multipart({ tenantName: 'Hacked', address: 'x', pan: 'AAAAA1111A' });
    expect((await t.call('PUT', '/Tenants', { token: member.token, body: form.body, headers: form.headers })).statusCode).toBe(403);
    expect((await t.call('POST', '/settings', { token: member.token, body: { workingHours: 9, weekDaysOff: 'Sunday' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/Tenants', { token: admin.token })).json().data.tenantName).toBe('Nilgiri Software Pvt Ltd');
  });

  describe('another tenant cannot see or change it', () => {
    it('cannot read a user of another organisation', async () => {
      const res = await t.call('GET', `/Users/${member.id}`, { token: outsider.token });
      expect(res.statusCode).toBe(404);
    });

    it('cannot read or write another organisation’s settings through ?tenantId', async () => {
      expect((await t.call('GET', `/settings?tenantId=${admin.tenantId}`, { token: outsider.token })).statusCode).toBe(403);
      const write = await t.call('PUT', `/settings?tenantId=${admin.tenantId}`, { token: outsider.token, body: { workingHours: 6, weekDaysOff: 'Monday' } });
      expect(write.statusCode).toBe(403);
      expect((await t.call('GET', '/settings', { token: admin.token })).json().data.workingHours).toBe(9);
    });

    it('cannot upload a logo for, soft-delete or read the trial of another organisation', async () => {
      const form = multipart({}, { field: 'logo', filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(10) });
      expect((await t.call('POST', `/logos?tenantId=${admin.tenantId}`, { token: outsider.token, body: form.body, headers: form.headers })).statusCode).toBe(403);
      expect((await t.call('DELETE', `/softDelete?tenantId=${admin.tenantId}`, { token: outsider.token })).statusCode).toBe(403);
      expect((await t.call('GET', `/Subscriptions/tenants/${admin.tenantId}/trial`, { token: outsider.token })).statusCode).toBe(403);
      expect((await t.call('GET', '/Tenants', { token: admin.token })).json().data.tenantName).toBe('Nilgiri Software Pvt Ltd');
    });

    it('resend-invite cannot reach another organisation’s user', async () => {
      expect((await t.call('POST', `/Account/resend-invite?userId=${member.id}`, { token: outsider.token })).statusCode).toBe(404);
    });

    it('row-level security hides other tenants even from a query without a tenant filter', async () => {
      const seen = await withTenant(t.database.db, outsider.tenantId, (tdb) => tdb.tx.select({ id: users.id, tenantId: users.tenantId }).from(users));
      expect(seen.length).toBe(1);
      expect(seen.every((u) => u.tenantId === outsider.tenantId)).toBe(true);
      await expect(
        withTenant(t.database.db, outsider.tenantId, (tdb) => tdb.tx.insert(users).values({ tenantId: admin.tenantId, email: 'x@y.in', firstName: 'X', lastName: 'Y', status: 1 })),
      ).rejects.toThrow();
    });
  });

  it('a deactivated user’s open session ends at once with the spec’s message', async () => {
    const target = await t.login('ananya.chatterjee@nilgiri.demo');
    await t.database.db.update(users).set({ status: 2 }).where(eq(users.id, target.id));
    const res = await t.call('GET', '/dashboard', { token: target.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'ACCOUNT_DEACTIVATED', message: MSG.deactivated });
    const relogin = await t.call('POST', '/Account/login', { body: { email: target.email, password: 'Demo@12345' } });
    expect(relogin.json().message).toBe(MSG.deactivated);
    await t.database.db.update(users).set({ status: 1 }).where(eq(users.id, target.id));
    // the session stays ended after re-activation: the person signs in again
    expect((await t.call('GET', '/dashboard', { token: target.token })).statusCode).toBe(401);
  });

  it("an ended trial answers 'No active subscription found' on plan features, but the account still works", async () => {
    t.clock.advance(15 * 86_400_000);
    try {
      const fresh = await t.login(outsider.email, 'Secret123');
      const res = await t.call('GET', '/dashboard', { token: fresh.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'SUBSCRIPTION_REQUIRED', message: MSG.noActiveSubscription });
      expect((await t.call('GET', '/Tenants', { token: fresh.token })).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('moderators cannot create organisations; administrators can', async () => {
    const form = multipart({ tenantName: 'Side Venture', address: 'Pune', pan: 'AAAPL1234C' });
    expect((await t.call('POST', '/Tenants', { token: moderator.token, body: form.body, headers: form.headers })).statusCode).toBe(403);
  });

  it('active-count counts active and restricted users', async () => {
    await t.database.db.execute(sql`UPDATE users SET status = 4 WHERE email = 'aditi.agarwal@nilgiri.demo'`);
    const res = await t.call('GET', '/Users/active-count', { token: admin.token });
    expect(res.json().data.activeUsers).toBe(43);
    await t.database.db.execute(sql`UPDATE users SET status = 1 WHERE email = 'aditi.agarwal@nilgiri.demo'`);
    expect((await t.call('GET', '/Users/active-count', { token: member.token })).statusCode).toBe(403);
  });
});
