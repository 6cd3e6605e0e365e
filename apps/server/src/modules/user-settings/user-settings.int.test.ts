import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { USER_SETTINGS_MSG, type SessionUser, type UserSettingsView } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** Users > Settings through HTTP: numbering used by the employee form and creation, the default role, validation, roles, another organisation. */
describe.each(BACKENDS)('user settings (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) =>
    t.call(method, url, {
      token: who.token,
      ...(body === undefined ? {} : { body }),
    });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const newEmployee = (n: number, extra: Record<string, unknown> = {}) => ({
    firstName: 'Numbered',
    lastName: 'Person',
    email: `numbered.${String(n)}@example.in`,
    dateOfJoining: '2026-06-01',
    annualCTC: 600_000,
    experience: 1,
    regimeType: 1,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-10-05T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({
      organizationName: 'Kaveri Traders',
      email: 'owner@kaveri.example.in',
      password: 'Kaveri@12345',
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('before saving, continues the organisation’s own numbering (the form suggests what it did before)', async () => {
    const latest = data<{
      lastEmployeeNumber: string;
      nextEmployeeNumber: string;
    }>(await as(admin)('GET', '/Users/latest-employee-number'));
    const s = data<UserSettingsView>(await as(admin)('GET', '/Users/settings'));
    const match = /^([A-Z]+)(\d+)$/.exec(latest.lastEmployeeNumber);
    expect(match).not.toBeNull();
    expect(s.employeeNumberPrefix).toBe(match?.[1]);
    expect(s.nextEmployeeNumber).toBe(Number(match?.[2]) + 1);
    expect(s.defaultRoleId).toBe(3);
    expect(s.nextEmployeeNumberPreview).toBe(latest.nextEmployeeNumber);
  });

  it('refuses bad settings with each message and saves nothing', async () => {
    const good = {
      employeeNumberPrefix: 'TK-',
      nextEmployeeNumber: 500,
      employeeNumberDigits: 5,
      defaultRoleId: 2,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, employeeNumberPrefix: 'ABCDEFGHIJK' }, `employeeNumberPrefix: ${USER_SETTINGS_MSG.prefixTooLong}`],
      [{ ...good, employeeNumberPrefix: 'A B' }, `employeeNumberPrefix: ${USER_SETTINGS_MSG.prefixCharacters}`],
      [{ ...good, nextEmployeeNumber: 0 }, `nextEmployeeNumber: ${USER_SETTINGS_MSG.nextNumberRange}`],
      [{ ...good, nextEmployeeNumber: 1.5 }, `nextEmployeeNumber: ${USER_SETTINGS_MSG.nextNumberRange}`],
      [{ ...good, employeeNumberDigits: 9 }, `employeeNumberDigits: ${USER_SETTINGS_MSG.digitsRange}`],
      [{ ...good, defaultRoleId: 1 }, `defaultRoleId: ${USER_SETTINGS_MSG.defaultRole}`],
    ];
    for (const [body, message] of cases) {
      const res = await as(admin)('PUT', '/Users/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM user_settings WHERE tenant_id = ${admin.tenantId}`)).toHaveLength(0);
  });

  it('saved numbering is what the form suggests, creation moves it on, and a taken number is skipped', async () => {
    const saved = await as(moderator)('PUT', '/Users/settings', {
      employeeNumberPrefix: 'TK-',
      nextEmployeeNumber: 500,
      employeeNumberDigits: 5,
      defaultRoleId: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(USER_SETTINGS_MSG.saved);
    expect(data<UserSettingsView>(saved).nextEmployeeNumberPreview).toBe('TK-00500');
    expect(data<{ nextEmployeeNumber: string }>(await as(admin)('GET', '/Users/latest-employee-number')).nextEmployeeNumber).toBe('TK-00500');
    // Created with the suggestion and no role: the default role (Moderator) and the next number moves to 501.
    const created = await as(admin)('POST', '/Users/restricted', newEmployee(1, { employeeNumber: 'TK-00500' }));
    expect(created.statusCode, created.body).toBe(200);
    const userId = data<{ userId: string }>(created).userId;
    const [row] = await queryRows<{ role_id: number }>(t.database.db, sql`SELECT role_id FROM users WHERE id = ${userId}`);
    expect(row?.role_id).toBe(2);
    expect(data<UserSettingsView>(await as(admin)('GET', '/Users/settings')).nextEmployeeNumber).toBe(501);
    // Someone typed TK-00502 by hand: it is beyond the next number, so the next moves past it too.
    expect((await as(admin)('POST', '/Users/restricted', newEmployee(2, { employeeNumber: 'TK-00502', roleId: 3 }))).statusCode).toBe(200);
    expect(data<UserSettingsView>(await as(admin)('GET', '/Users/settings')).nextEmployeeNumber).toBe(503);
    // Set back to 501: 501 is free, so it is suggested; then 502 is taken and skipped.
    await as(admin)('PUT', '/Users/settings', {
      employeeNumberPrefix: 'TK-',
      nextEmployeeNumber: 501,
      employeeNumberDigits: 5,
      defaultRoleId: 3,
    });
    expect(data<{ nextEmployeeNumber: string }>(await as(admin)('GET', '/Users/latest-employee-number')).nextEmployeeNumber).toBe('TK-00501');
    await as(admin)('POST', '/Users/restricted', newEmployee(3, { employeeNumber: 'TK-00501' }));
    expect(data<{ nextEmployeeNumber: string }>(await as(admin)('GET', '/Users/latest-employee-number')).nextEmployeeNumber).toBe('TK-00503');
  });

  it('the widest numbering (10-character prefix, 8 digits) fits the form’s 30 characters', async () => {
    const res = await as(admin)('PUT', '/Users/settings', {
      employeeNumberPrefix: 'ABCDEFGHIJ',
      nextEmployeeNumber: 1,
      employeeNumberDigits: 8,
      defaultRoleId: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(data<UserSettingsView>(res).nextEmployeeNumberPreview).toBe('ABCDEFGHIJ00000001');
  });

  it('is for administrators and moderators; members get 403', async () => {
    expect((await as(member)('GET', '/Users/settings')).statusCode).toBe(403);
    expect(
      (
        await as(member)('PUT', '/Users/settings', {
          employeeNumberPrefix: 'X',
          nextEmployeeNumber: 1,
          employeeNumberDigits: 1,
          defaultRoleId: 3,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('another organisation has its own settings and cannot change these', async () => {
    const mine = data<UserSettingsView>(await as(admin)('GET', '/Users/settings'));
    const theirs = data<UserSettingsView>(await as(other)('GET', '/Users/settings'));
    expect(theirs.employeeNumberPrefix).not.toBe(mine.employeeNumberPrefix);
    await as(other)('PUT', '/Users/settings', {
      employeeNumberPrefix: 'KV',
      nextEmployeeNumber: 7,
      employeeNumberDigits: 3,
      defaultRoleId: 3,
    });
    expect(data<UserSettingsView>(await as(admin)('GET', '/Users/settings'))).toEqual(mine);
    expect(data<UserSettingsView>(await as(other)('GET', '/Users/settings')).nextEmployeeNumberPreview).toBe('KV007');
  });
});
