import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@tankha/contracts';
import type { SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, multipart, type TestApp } from '../../testing';
import { DEMO_LOGINS } from '../../db/seed/demo';
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
