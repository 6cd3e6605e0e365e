import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SessionUser, TenantChoice, UserList } from '@tankha/contracts';
import { BACKENDS, createTestApp, multipart, type TestApp } from '../../testing';

/**
 * Several organisations per person: one account, administrator of A and of B
 * (B created with 'Add Organization'), picks one after login and switches; each organisation sees
 * only its own people, and a session of one cannot act in the other.
 */
describe.each(BACKENDS)('one account in two organisations (%s)', (backend) => {
  let t: TestApp;
  let a: SessionUser;
  let bTenantId = '';
  const people = async (user: SessionUser) => ((await t.call('GET', '/Users?pageSize=50', { token: user.token })).json().data as UserList).data.map((u) => u.email).sort();
  const invite = (user: SessionUser, email: string, employeeNumber: string) =>
    t.call('POST', '/Users/invite', {
      token: user.token,
      body: { firstName: 'Person', lastName: 'Test', email, dateOfJoining: '2025-06-01', annualCTC: 600_000, experience: 1, employeeNumber, regimeType: 1 },
    });
  const select = (user: SessionUser, tenantId: string) => t.call('POST', `/Account/select-tenant?tenantId=${tenantId}`, { token: user.token });

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.registerOrganisation({ email: 'uma@tungabhadra.in', organizationName: 'Tungabhadra Agro', password: 'Secret123' });
    const form = multipart({ tenantName: 'Bhima Textiles', address: 'Solapur', pan: 'aabcb1234d' });
    const created = await t.call('POST', '/Tenants', { token: a.token, body: form.body, headers: form.headers });
    expect(created.statusCode, created.body).toBe(201);
    bTenantId = created.json().data.id as string;
    expect((await invite(a, 'anil@tungabhadra.in', 'TA001')).statusCode).toBeLessThan(300);
  });
  afterAll(async () => {
    await t.close();
  });

  it('login says how many organisations the account can work in, and lists them', async () => {
    const user = await t.login('uma@tungabhadra.in', 'Secret123');
    expect(user.tenantCount).toBe(2);
    const list = (await t.call('GET', '/Account/tenants', { token: user.token })).json().data as TenantChoice[];
    expect(list.map((x) => [x.tenantName, x.roleId, x.isCurrent])).toEqual([
      ['Bhima Textiles', 1, false],
      ['Tungabhadra Agro', 1, true],
    ]);
  });

  it('selecting A shows A’s people only; selecting B shows B’s only', async () => {
    const user = await t.login('uma@tungabhadra.in', 'Secret123');
    const inB = (await select(user, bTenantId)).json().data as SessionUser;
    expect(inB).toMatchObject({ tenantName: 'Bhima Textiles', tenantCount: 2 });
    expect((await invite(inB, 'bela@bhima.in', 'BT001')).statusCode).toBeLessThan(300);
    expect(await people(inB)).toEqual(['bela@bhima.in', 'uma@tungabhadra.in']);

    const inA = (await select(inB, a.tenantId)).json().data as SessionUser;
    expect(inA.tenantName).toBe('Tungabhadra Agro');
    expect(await people(inA)).toEqual(['anil@tungabhadra.in', 'uma@tungabhadra.in']);
  });

  it('a session of A cannot act in B', async () => {
    const inA = await t.login('uma@tungabhadra.in', 'Secret123');
    const inB = (await select(await t.login('uma@tungabhadra.in', 'Secret123'), bTenantId)).json().data as SessionUser;
    expect(inA.tenantId).toBe(a.tenantId);
    // B's person, by id, through A's session: not found; the organisation read is A's.
    const bela = ((await t.call('GET', '/Users?pageSize=50', { token: inB.token })).json().data as UserList).data.find((u) => u.email === 'bela@bhima.in');
    expect((await t.call('GET', `/Users/${bela?.id ?? ''}`, { token: inA.token })).statusCode).toBe(404);
    expect((await t.call('GET', '/Tenants', { token: inA.token })).json().data.tenantName).toBe('Tungabhadra Agro');
    // Switching away ends the old session: A's token no longer works at all.
    await select(inA, bTenantId);
    expect((await t.call('GET', '/Users', { token: inA.token })).statusCode).toBe(401);
  });

  it('a pending or deactivated membership gives nothing: not listed, not selectable, not counted', async () => {
    const c = await t.registerOrganisation({ email: 'chandra@cauvery.in', organizationName: 'Cauvery Mills' });
    // C invites Uma: her membership of C is pending until she accepts.
    expect((await invite(c, 'uma@tungabhadra.in', 'CM001')).statusCode).toBeLessThan(300);
    const user = await t.login('uma@tungabhadra.in', 'Secret123');
    expect(user.tenantCount).toBe(2);
    const names = ((await t.call('GET', '/Account/tenants', { token: user.token })).json().data as TenantChoice[]).map((x) => x.tenantName);
    expect(names).not.toContain('Cauvery Mills');
    const pending = await select(user, c.tenantId);
    expect(pending.statusCode).toBe(403);

    // Deactivated in B: B disappears, and the count drops to one.
    await t.globalScope(async ({ global }) => {
      await global.tx.execute(sql`UPDATE users SET status = 2 FROM accounts WHERE users.account_id = accounts.id AND accounts.email = 'uma@tungabhadra.in' AND users.tenant_id = ${bTenantId}`);
    });
    const again = await t.login('uma@tungabhadra.in', 'Secret123');
    expect(again.tenantCount).toBe(1);
    expect(((await t.call('GET', '/Account/tenants', { token: again.token })).json().data as TenantChoice[]).map((x) => x.tenantName)).toEqual(['Tungabhadra Agro']);
    expect((await select(again, bTenantId)).statusCode).toBe(403);
  });
});
