import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@tankha/contracts';
import { BACKENDS, DEMO_LOGINS, createPeerApp, createTestApp, type TestApp } from '../../testing/harness';
import { DEMO_PASSWORD } from './passwords';

/*
 * Issue 9 item 6: a remembered session costs no round trip, yet logout, deactivation, a password
 * change and a role change take effect on the very next request — in this process and in another
 * process on the same database (its own memory of the token).
 */
describe.each(BACKENDS)('sessions end at once across two server processes (%s)', (backend) => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    peer = await createPeerApp(t);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  /** Both processes have seen (and remember) the token. */
  async function warm(token: string): Promise<void> {
    for (const call of [t.call, peer.call]) {
      const res = await call('GET', '/orgprofilecompletionstatus', { token });
      expect(res.statusCode).toBe(200);
    }
  }

  it('logout in one process ends the session in both', async () => {
    const session = await t.login(DEMO_LOGINS.member);
    await warm(session.token);
    expect((await t.call('POST', '/Account/logout', { token: session.token })).statusCode).toBe(200);
    for (const call of [peer.call, t.call]) {
      const res = await call('GET', '/orgprofilecompletionstatus', { token: session.token });
      expect(res.statusCode).toBe(401);
    }
  });

  it('deactivation in one process refuses the user at once in the other, with the spec message', async () => {
    const admin = await t.login(DEMO_LOGINS.administrator);
    const member = await t.login(DEMO_LOGINS.manager);
    await warm(member.token);
    const res = await t.call('PUT', `/Users/${member.id}/status`, { token: admin.token, body: { status: 2 } });
    expect(res.statusCode).toBe(200);
    const refused = await peer.call('GET', '/orgprofilecompletionstatus', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { message: string }).message).toBe(MSG.deactivated);
    await t.call('PUT', `/Users/${member.id}/status`, { token: admin.token, body: { status: 1 } });
  });

  it('a password change ends the other sessions in both processes', async () => {
    const first = await t.login(DEMO_LOGINS.moderator);
    const second = await t.login(DEMO_LOGINS.moderator);
    await warm(first.token);
    const changed = await peer.call('POST', '/Account/update-password', {
      token: second.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed@12345', confirmPassword: 'Changed@12345' },
    });
    expect(changed.statusCode).toBe(200);
    for (const call of [t.call, peer.call]) expect((await call('GET', '/orgprofilecompletionstatus', { token: first.token })).statusCode).toBe(401);
    // Put it back for the other tests.
    const again = await t.login(DEMO_LOGINS.moderator, 'Changed@12345');
    await t.call('POST', '/Account/update-password', { token: again.token, body: { currentPassword: 'Changed@12345', newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
  });

  it('a role change applies to the next request in the other process', async () => {
    const admin = await t.login(DEMO_LOGINS.administrator);
    const member = await t.login(DEMO_LOGINS.member);
    await warm(member.token);
    // users.list is for administrators and moderators (contracts' PERMISSIONS).
    expect((await peer.call('GET', '/Users?pageNumber=1&pageSize=10', { token: member.token })).statusCode).toBe(403);
    expect((await t.call('POST', `/Users/roles/${member.id}/2`, { token: admin.token })).statusCode).toBe(200);
    expect((await peer.call('GET', '/Users?pageNumber=1&pageSize=10', { token: member.token })).statusCode).toBe(200);
    expect((await t.call('POST', `/Users/roles/${member.id}/3`, { token: admin.token })).statusCode).toBe(200);
    expect((await peer.call('GET', '/Users?pageNumber=1&pageSize=10', { token: member.token })).statusCode).toBe(403);
  });

  it('the other conditions of the entry hold on the next request too: expiry, the plan’s features, a deleted organisation', async () => {
    const db = t.database.db;
    const admin = await t.login(DEMO_LOGINS.administrator);
    await warm(admin.token);
    // The plan in force loses Payroll: its routes answer the spec's 403 in the other process at once.
    expect((await peer.call('GET', '/PayrollBankSettings', { token: admin.token })).statusCode).toBe(200);
    const plan = sql`(SELECT plan_id FROM subscriptions WHERE tenant_id = ${admin.tenantId} AND status = 'active' ORDER BY is_trial, start_at DESC LIMIT 1)`;
    await db.execute(sql`UPDATE plans SET feature_keys = array_remove(feature_keys, 'Payroll') WHERE id = ${plan}`);
    const denied = await peer.call('GET', '/PayrollBankSettings', { token: admin.token });
    expect(denied.statusCode).toBe(403);
    expect((denied.json() as { message: string }).message).toBe(MSG.featureNotAllowed);
    await db.execute(sql`UPDATE plans SET feature_keys = array_append(feature_keys, 'Payroll') WHERE id = ${plan}`);
    expect((await peer.call('GET', '/PayrollBankSettings', { token: admin.token })).statusCode).toBe(200);
    // The session's row expires.
    const expiring = await t.login(DEMO_LOGINS.administrator);
    await warm(expiring.token);
    await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = (SELECT id FROM sessions WHERE user_id = ${expiring.id} ORDER BY created_at DESC LIMIT 1)`);
    for (const call of [t.call, peer.call]) expect((await call('GET', '/orgprofilecompletionstatus', { token: expiring.token })).statusCode).toBe(401);
    // The organisation is deleted.
    await db.execute(sql`UPDATE tenants SET deleted_at = now() WHERE id = ${admin.tenantId}`);
    try {
      for (const call of [t.call, peer.call]) {
        const gone = await call('GET', '/orgprofilecompletionstatus', { token: admin.token });
        expect(gone.statusCode).toBe(403);
        expect((gone.json() as { message: string }).message).toBe(MSG.noOrganization);
      }
    } finally {
      await db.execute(sql`UPDATE tenants SET deleted_at = NULL WHERE id = ${admin.tenantId}`);
    }
  });
});
