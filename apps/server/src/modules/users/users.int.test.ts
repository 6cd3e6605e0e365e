import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, MSG, PEOPLE_MSG, USER_LIFECYCLE_MSG, type SessionUser, type UserList, type UserListItem } from '@tankha/contracts';
import { queryRows, type Db } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { LocalFileStorage } from '../../platform/files/file-storage';
import { withTenant } from '../../platform/unit-of-work';
import { containsPattern } from './users.repo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The demo seed has 43 Active users (NSP001–NSP043): Engineering 17, Sales 11, Finance 7, Human
 * Resources 8; Anita Rao is the Administrator, Vikram Nair the Moderator. The fixtures below add
 * two Restricted Login, two Pending and two Deactivated users numbered NSP101–NSP106.
 */
const FIXTURES = [
  {
    key: 'r1',
    firstName: 'Aabha',
    lastName: 'Kumar',
    employeeNumber: 'NSP101',
    status: 4,
    account: false,
    department: 'Engineering',
    dateOfJoining: '2024-02-01',
  },
  {
    key: 'p1',
    firstName: 'Zubin',
    lastName: 'Wadia',
    employeeNumber: 'NSP102',
    status: 3,
    account: true,
    department: null,
    dateOfJoining: '2025-01-15',
  },
  {
    key: 'p2',
    firstName: 'Pallavi',
    lastName: 'Rane',
    employeeNumber: 'NSP103',
    status: 3,
    account: true,
    department: null,
    dateOfJoining: '2025-03-10',
  },
  {
    key: 'd1',
    firstName: 'Dhruv',
    lastName: 'Kohli',
    employeeNumber: 'NSP104',
    status: 2,
    account: true,
    department: null,
    dateOfJoining: '2020-07-01',
  },
  {
    key: 'd2',
    firstName: 'Esha',
    lastName: 'Menon',
    employeeNumber: 'NSP105',
    status: 2,
    account: true,
    department: null,
    dateOfJoining: '2021-08-01',
  },
  {
    key: 'r2',
    firstName: 'Ritu',
    lastName: 'Sen',
    employeeNumber: 'NSP106',
    status: 4,
    account: false,
    department: null,
    dateOfJoining: '2023-05-05',
  },
] as const;

describe.each(BACKENDS)('user management over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let tenantId: string;
  const ids: Record<string, string> = {};
  const depts: Record<string, string> = {};

  const list = async (query: string, token = admin.token): Promise<UserList> => {
    const res = await t.call('GET', `/Users?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: UserList }).data;
  };
  const idOf = async (email: string) => {
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE email = ${email}`);
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    // A second apart, so that the last-login order is known.
    admin = await t.login(DEMO_LOGINS.administrator);
    t.clock.advance(1000);
    moderator = await t.login(DEMO_LOGINS.moderator);
    t.clock.advance(1000);
    member = await t.login(DEMO_LOGINS.member);
    tenantId = admin.tenantId;
    for (const d of await queryRows<{ id: string; name: string }>(t.database.db, sql`SELECT id, name FROM departments WHERE tenant_id = ${tenantId}`)) depts[d.name] = d.id;
    for (const f of FIXTURES) {
      const email = `${f.firstName}.${f.lastName}@nilgiri.demo`.toLowerCase();
      let accountId: string | null = null;
      if (f.account) {
        const [a] = await queryRows<{ id: string }>(t.database.db, sql`INSERT INTO accounts (email, first_name, last_name) VALUES (${email}, ${f.firstName}, ${f.lastName}) RETURNING id`);
        accountId = a?.id ?? null;
      }
      const [u] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO users (tenant_id, account_id, email, employee_number, first_name, last_name, role_id, status, date_of_joining, department_id, designation)
            VALUES (${tenantId}, ${accountId}, ${email}, ${f.employeeNumber}, ${f.firstName}, ${f.lastName}, 3, ${f.status}, ${f.dateOfJoining}, ${f.department ? (depts[f.department] ?? null) : null}, 'Payroll Trainee')
            RETURNING id`,
      );
      if (u) ids[f.key] = u.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /Users (the list)', () => {
    it('gives the Active tab 10 per page with every tab count; restricted users count as Active', async () => {
      const page = await list('userStatus=1');
      expect(page.records).toBe(10);
      expect(page.data).toHaveLength(10);
      expect(page.totalRecords).toBe(45);
      expect(page).toMatchObject({
        activeUsersCount: 45,
        pendingUsersCount: 2,
        inactiveUsersCount: 2,
        restrictedUsersCount: 2,
      });
      expect(page.data.every((u) => u.status === 1 || u.status === 4)).toBe(true);
    });

    it('gives the Pending and Inactive tabs their own users', async () => {
      const pending = await list('userStatus=3');
      expect(pending.data.map((u) => u.employeeNumber).sort()).toEqual(['NSP102', 'NSP103']);
      expect(pending.totalRecords).toBe(2);
      const inactive = await list('userStatus=2');
      expect(inactive.data.map((u) => u.employeeNumber).sort()).toEqual(['NSP104', 'NSP105']);
      const restricted = await list('userStatus=4');
      expect(restricted.data.map((u) => u.employeeNumber).sort()).toEqual(['NSP101', 'NSP106']);
      const everyone = await list('pageSize=100');
      expect(everyone.totalRecords).toBe(49);
    });

    it('pages: 45 active users at 10 a page leave 5 on page 5 and none on page 6', async () => {
      expect((await list('userStatus=1&pageSize=10&pageNo=5')).records).toBe(5);
      const beyond = await list('userStatus=1&pageSize=10&pageNo=6');
      expect(beyond.records).toBe(0);
      expect(beyond.totalRecords).toBe(45);
    });

    it('orders stably: pages of 7 sorted by a column full of ties add up to the single page', async () => {
      const whole = (await list('userStatus=1&pageSize=100&sortBy=status')).data.map((u) => u.id);
      const paged: string[] = [];
      for (let pageNo = 1; pageNo <= 7; pageNo += 1) paged.push(...(await list(`userStatus=1&pageSize=7&pageNo=${pageNo.toString()}&sortBy=status`)).data.map((u) => u.id));
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(45);
    });

    it('sorts by name both ways', async () => {
      expect((await list('userStatus=1&sortBy=name&orderBy=asc')).data[0]).toMatchObject({ firstName: 'Aabha', lastName: 'Kumar' });
      expect((await list('userStatus=1&sortBy=name&orderBy=desc')).data[0]).toMatchObject({ firstName: 'Vikram', lastName: 'Nair' });
      expect((await list('userStatus=3&sortBy=name&orderBy=0')).data.map((u) => u.firstName)).toEqual(['Zubin', 'Pallavi']);
      // The default order is by name.
      expect((await list('userStatus=3')).data.map((u) => u.firstName)).toEqual(['Pallavi', 'Zubin']);
    });

    it.each([
      ['dateOfJoining', (u: UserListItem) => u.dateOfJoining ?? ''],
      ['roleId', (u: UserListItem) => String(u.roleId)],
      ['status', (u: UserListItem) => String(u.status)],
    ] as const)('sorts by %s in the database, ascending and descending', async (column, key) => {
      const asc = (await list(`pageSize=100&sortBy=${column}&orderBy=asc`)).data.map(key);
      const desc = (await list(`pageSize=100&sortBy=${column}&orderBy=desc`)).data.map(key);
      expect(asc).toEqual([...asc].sort());
      expect(desc).toEqual([...asc].sort().reverse());
    });

    it('sorts by e-mail, designation and last login', async () => {
      expect((await list('userStatus=2&sortBy=email')).data.map((u) => u.email)).toEqual(['dhruv.kohli@nilgiri.demo', 'esha.menon@nilgiri.demo']);
      expect((await list('userStatus=2&sortBy=email&orderBy=desc')).data.map((u) => u.email)).toEqual(['esha.menon@nilgiri.demo', 'dhruv.kohli@nilgiri.demo']);
      const byDesignation = (await list('userStatus=1&pageSize=100&sortBy=designation')).data;
      expect(byDesignation[0]?.designation).toBe('Account Manager');
      // Anita, Vikram and Aditi have signed in; the latest sign-in comes first in descending order.
      const byLogin = (await list('userStatus=1&pageSize=3&sortBy=lastLogin&orderBy=desc')).data;
      expect(byLogin.every((u) => u.lastLogin === null)).toBe(true); // PostgreSQL puts NULLs first when descending
      const loggedIn = (await list('userStatus=1&pageSize=100&sortBy=lastLogin&orderBy=asc')).data.filter((u) => u.lastLogin !== null);
      expect(loggedIn.map((u) => u.email)).toEqual([DEMO_LOGINS.administrator, DEMO_LOGINS.moderator, DEMO_LOGINS.member]);
    });

    it('reports who cannot log in and who has not logged in yet', async () => {
      const rows = (await list('pageSize=100&search=nsp10')).data;
      const r1 = rows.find((u) => u.id === ids.r1);
      expect(r1).toMatchObject({
        canLogin: false,
        lastLogin: null,
        departmentName: 'Engineering',
        employeeNumber: 'NSP101',
      });
      expect(rows.find((u) => u.id === ids.p1)).toMatchObject({
        canLogin: true,
        lastLogin: null,
      });
      const anita = (await list('search=anita')).data[0];
      expect(anita).toMatchObject({
        canLogin: true,
        roleId: 1,
        employeeNumber: 'NSP001',
        departmentName: 'Human Resources',
        designation: 'Chief Executive Officer',
      });
      expect(anita?.lastLogin).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(anita?.dateOfJoining).toBe('2016-' + (anita?.dateOfJoining ?? '').slice(5));
    });

    it('searches name, full name, e-mail and employee number, case-insensitively, and the counts follow', async () => {
      const byNumber = await list('search=nsp10');
      expect(byNumber).toMatchObject({
        totalRecords: 6,
        activeUsersCount: 2,
        pendingUsersCount: 2,
        inactiveUsersCount: 2,
      });
      expect((await list('search=ANITA')).totalRecords).toBe(1);
      expect((await list('search=anita%20rao')).data.map((u) => u.email)).toEqual([DEMO_LOGINS.administrator]);
      expect((await list('search=vikram.nair@')).totalRecords).toBe(1);
      expect((await list('search=nilgiri.demo&pageSize=100')).totalRecords).toBe(49);
      expect((await list('search=%25')).totalRecords).toBe(0); // a literal '%', not a wildcard
      expect((await list('search=nobody-by-this-name')).data).toEqual([]);
    });

    it('filters by department, designation (contains) and role', async () => {
      expect((await list(`departmentId=${depts.Finance ?? ''}`)).totalRecords).toBe(7);
      expect((await list(`departmentId=${depts.Engineering ?? ''}`)).totalRecords).toBe(18);
      expect((await list(`departmentId=${depts.Finance ?? ''}&designation=accountant`)).totalRecords).toBe(4);
      expect((await list(`departmentId=${depts.Finance ?? ''}&designation=accountant&roleId=3`)).totalRecords).toBe(4);
      expect((await list('roleId=1')).data.map((u) => u.email)).toEqual([DEMO_LOGINS.administrator]);
      expect((await list('roleId=2')).data.map((u) => u.email)).toEqual([DEMO_LOGINS.moderator]);
      const trainees = await list('designation=payroll%20trainee');
      expect(trainees).toMatchObject({
        totalRecords: 6,
        activeUsersCount: 2,
        pendingUsersCount: 2,
        inactiveUsersCount: 2,
      });
    });

    it.each([
      ['pageSize=0', 'pageSize', 'pageSize must be between 1 and 100'],
      ['pageSize=101', 'pageSize', 'pageSize must be between 1 and 100'],
      ['pageNo=0', 'pageNo', 'pageNo must be at least 1'],
      ['userStatus=9', 'userStatus', 'userStatus must be 1, 2, 3 or 4'],
      ['sortBy=phoneNumber', 'sortBy', 'sortBy must be one of name, email, roleId, designation, status, dateOfJoining, lastLogin'],
      ['orderBy=sideways', 'orderBy', 'orderBy must be asc or desc'],
      ['departmentId=abc', 'departmentId', 'departmentId must be a valid id'],
      ['roleId=4', 'roleId', 'roleId must be 1, 2 or 3'],
    ])('refuses %s', async (query, field, message) => {
      const res = await t.call('GET', `/Users?${query}`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('is open to the moderator', async () => {
      expect((await list('userStatus=1', moderator.token)).totalRecords).toBe(45);
    });
  });

  describe('GET /Users/:id, /Users/search and the employee numbers', () => {
    it('returns the full employee record', async () => {
      const vikram = await idOf(DEMO_LOGINS.moderator);
      const res = await t.call('GET', `/Users/${vikram}`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: vikram,
        employeeNumber: 'NSP002',
        firstName: 'Vikram',
        lastName: 'Nair',
        roleId: 2,
        status: 1,
        departmentName: 'Human Resources',
        designation: 'HR Manager',
        reportingManagerName: 'Anita Rao',
        forceESICalc: false,
      });
      const data = res.json().data as Record<string, unknown>;
      for (const key of ['userFieldValues', 'earningAssociations', 'deductionAssociations']) expect(Array.isArray(data[key])).toBe(true);
    });

    it('the member’s own record and the administrator’s view name the same employment type', async () => {
      const memberId = await idOf(DEMO_LOGINS.member);
      // Saved by the web form: the option chosen, no free text (fieldValue null), as the Edit User modal sends it.
      const [option] = await queryRows<{ id: string; user_field_id: string; label: string }>(
        t.database.db,
        sql`SELECT o.id, o.user_field_id, o.label FROM user_field_options o JOIN user_fields f ON f.id = o.user_field_id
             WHERE o.tenant_id = ${admin.tenantId} AND f.name = 'Employment Type' ORDER BY o.label DESC LIMIT 1`,
      );
      if (!option) throw new Error('no Employment Type option');
      await t.database.db.execute(sql`DELETE FROM user_field_values WHERE user_id = ${memberId}`);
      await t.database.db.execute(
        sql`INSERT INTO user_field_values (tenant_id, user_id, user_field_id, option_id, field_value) VALUES (${admin.tenantId}, ${memberId}, ${option.user_field_id}, ${option.id}, NULL)`,
      );
      const own = await t.login(DEMO_LOGINS.member);
      const mine = (await t.call('GET', '/Users/me', { token: own.token })).json().data;
      const theirs = (await t.call('GET', `/Users/${memberId}`, { token: admin.token })).json().data;
      expect(mine.userFieldValues).toEqual([expect.objectContaining({ optionId: option.id, optionLabel: option.label, fieldValue: null })]);
      expect(theirs.userFieldValues).toEqual(mine.userFieldValues);
    });

    it('lets a moderator view an administrator', async () => {
      expect((await t.call('GET', `/Users/${await idOf(DEMO_LOGINS.administrator)}`, { token: moderator.token })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect(
        (
          await t.call('GET', '/Users/8b0c8f8e-2f4e-4c61-9d43-3f7c7b1e0a11', {
            token: admin.token,
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.call('GET', '/Users/nope', { token: admin.token })).statusCode).toBe(400);
    });

    it('searches Active and Restricted Login users for pickers', async () => {
      const res = await t.call('GET', '/Users/search?search=nsp10', {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.totalRecords).toBe(2);
      expect(res.json().data.data.map((u: { name: string }) => u.name)).toEqual(['Aabha Kumar', 'Ritu Sen']);
      const firstFive = await t.call('GET', '/Users/search?pageSize=5&pageNo=1', { token: admin.token });
      expect(firstFive.json().data.totalRecords).toBe(45);
      expect(firstFive.json().data.data).toHaveLength(5);
      expect(Object.keys(firstFive.json().data.data[0] as object).sort()).toEqual(['designation', 'email', 'employeeNumber', 'firstName', 'id', 'lastName', 'name']);
      expect(
        (
          await t.call('GET', '/Users/search?pageSize=0', {
            token: admin.token,
          })
        ).statusCode,
      ).toBe(400);
    });

    it('gives the highest employee number and the next one', async () => {
      const res = await t.call('GET', '/Users/latest-employee-number', {
        token: admin.token,
      });
      expect(res.json().data).toEqual({
        employeeNumber: 'NSP106',
        lastEmployeeNumber: 'NSP106',
        nextEmployeeNumber: 'NSP107',
      });
    });

    it('checks an employee number, ignoring the user being edited', async () => {
      const anita = await idOf(DEMO_LOGINS.administrator);
      const exists = async (q: string) =>
        (
          await t.call('GET', `/Users/employee-number-exists?${q}`, {
            token: admin.token,
          })
        ).json().data.exists as boolean;
      expect(await exists('employeeNumber=NSP001')).toBe(true);
      expect(await exists('employeeNumber=nsp001')).toBe(true);
      expect(await exists(`employeeNumber=NSP001&id=${anita}`)).toBe(false);
      expect(await exists(`employeeNumber=NSP002&id=${anita}`)).toBe(true);
      expect(await exists('employeeNumber=NSP999')).toBe(false);
      expect(
        (
          await t.call('GET', '/Users/employee-number-exists', {
            token: admin.token,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('POST /Users/roles/:userId/:roleId', () => {
    it('assigns a role, then refuses the same role again', async () => {
      const aditi = await idOf(DEMO_LOGINS.member);
      const res = await t.call('POST', `/Users/roles/${aditi}/2`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: PEOPLE_MSG.roleAssigned,
        data: { statusCode: 200 },
      });
      expect((await t.call('GET', `/Users/${aditi}`, { token: admin.token })).json().data.roleId).toBe(2);
      const again = await t.call('POST', `/Users/roles/${aditi}/2`, {
        token: admin.token,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(PEOPLE_MSG.roleAlreadyAssigned);
      expect(
        (
          await t.call('POST', `/Users/roles/${aditi}/3`, {
            token: admin.token,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a change of one’s own role', async () => {
      const res = await t.call('POST', `/Users/roles/${admin.id}/2`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PEOPLE_MSG.ownRole);
    });

    it('refuses a moderator acting on an administrator, or making an administrator', async () => {
      const onAdmin = await t.call('POST', `/Users/roles/${admin.id}/3`, {
        token: moderator.token,
      });
      expect(onAdmin.statusCode).toBe(403);
      expect(onAdmin.json().message).toBe(MSG.permissionDenied);
      const promote = await t.call('POST', `/Users/roles/${await idOf(DEMO_LOGINS.manager)}/1`, { token: moderator.token });
      expect(promote.statusCode).toBe(403);
      expect(promote.json().message).toBe(USER_LIFECYCLE_MSG.moderatorCannotGrantAdmin);
      // A moderator may still make a member a moderator and back.
      expect((await t.call('POST', `/Users/roles/${await idOf(DEMO_LOGINS.manager)}/2`, { token: moderator.token })).statusCode).toBe(200);
      expect((await t.call('POST', `/Users/roles/${await idOf(DEMO_LOGINS.manager)}/3`, { token: moderator.token })).statusCode).toBe(200);
    });

    it('refuses an unknown role', async () => {
      const res = await t.call('POST', `/Users/roles/${await idOf(DEMO_LOGINS.member)}/4`, { token: admin.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.roleId).toBe('roleId must be 1, 2 or 3');
    });
  });

  describe('PUT /Users/:id/status', () => {
    it('deactivates: the open session is answered 403 ACCOUNT_DEACTIVATED, then ends; re-activation needs a new login', async () => {
      const rahulEmail = 'priya.iyer@nilgiri.demo';
      const priya = await t.login(rahulEmail);
      expect((await t.call('GET', '/dashboard', { token: priya.token })).statusCode).toBe(200);

      const res = await t.call('PUT', `/Users/${priya.id}/status`, {
        token: admin.token,
        body: { status: 2 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: PEOPLE_MSG.deactivated,
        data: { id: priya.id, status: 2 },
      });

      const refused = await t.call('GET', '/dashboard', { token: priya.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        errorCode: ErrorCode.AccountDeactivated,
        message: MSG.deactivated,
      });
      expect((await t.call('GET', '/dashboard', { token: priya.token })).statusCode).toBe(401);
      expect(
        (
          await t.call('POST', '/Account/login', {
            body: { email: rahulEmail, password: 'Demo@12345' },
          })
        ).json().message,
      ).toBe(MSG.deactivated);
      expect((await list('userStatus=2')).data.map((u) => u.id)).toContain(priya.id);

      const again = await t.call('PUT', `/Users/${priya.id}/status`, {
        token: admin.token,
        body: { status: 2 },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(USER_LIFECYCLE_MSG.onlyActiveDeactivated);

      const back = await t.call('PUT', `/Users/${priya.id}/status`, {
        token: admin.token,
        body: { status: 1 },
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().message).toBe(PEOPLE_MSG.reactivated);
      expect((await t.call('GET', '/dashboard', { token: priya.token })).statusCode).toBe(401);
      const fresh = await t.login(rahulEmail);
      expect((await t.call('GET', '/dashboard', { token: fresh.token })).statusCode).toBe(200);
    });

    it('ends a session opened before deactivation even if it was not used meanwhile', async () => {
      const email = 'arjun.mehta@nilgiri.demo';
      const arjun = await t.login(email);
      expect(
        (
          await t.call('PUT', `/Users/${arjun.id}/status`, {
            token: admin.token,
            body: { status: 2 },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await t.call('PUT', `/Users/${arjun.id}/status`, {
            token: admin.token,
            body: { status: 1 },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/dashboard', { token: arjun.token })).statusCode).toBe(401);
    });

    it('re-activates only an inactive user', async () => {
      const res = await t.call('PUT', `/Users/${await idOf(DEMO_LOGINS.member)}/status`, { token: admin.token, body: { status: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_LIFECYCLE_MSG.onlyInactiveReactivated);
      expect(
        (
          await t.call('PUT', `/Users/${ids.r1 ?? ''}/status`, {
            token: admin.token,
            body: { status: 2 },
          })
        ).json().message,
      ).toBe(USER_LIFECYCLE_MSG.onlyActiveDeactivated);
    });

    it('refuses deactivating oneself, a moderator deactivating an administrator, and other statuses', async () => {
      const self = await t.call('PUT', `/Users/${admin.id}/status`, {
        token: admin.token,
        body: { status: 2 },
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(USER_LIFECYCLE_MSG.cannotDeactivateSelf);
      expect(
        (
          await t.call('PUT', `/Users/${admin.id}/status`, {
            token: moderator.token,
            body: { status: 2 },
          })
        ).statusCode,
      ).toBe(403);
      const bad = await t.call('PUT', `/Users/${await idOf(DEMO_LOGINS.member)}/status`, { token: admin.token, body: { status: 3 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.status).toBe('status must be 1 (Active) or 2 (Deactivated)');
    });
  });

  describe('POST /Users/:id/send-verification', () => {
    it('turns a restricted user into an invited one and mails the set-password link', async () => {
      const res = await t.call('POST', `/Users/${ids.r1 ?? ''}/send-verification`, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(PEOPLE_MSG.verificationSent);
      const [mail] = await t.mailbox('aabha.kumar@nilgiri.demo');
      const link = mail?.links.find((l) => l.includes('/accept-invite/'));
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/accept-invite\/[A-Za-z0-9_-]+\/aabha\.kumar%40nilgiri\.demo$/);
      const [row] = await queryRows<{
        status: number;
        account_id: string | null;
      }>(t.database.db, sql`SELECT status, account_id FROM users WHERE id = ${ids.r1 ?? null}`);
      expect(row?.status).toBe(3);
      expect(row?.account_id).not.toBeNull();
      const [token] = await queryRows<{ purpose: string }>(t.database.db, sql`SELECT purpose FROM auth_tokens WHERE account_id = ${row?.account_id ?? null}`);
      expect(token?.purpose).toBe('invite');
      expect((await list('userStatus=3')).totalRecords).toBe(3);

      const again = await t.call('POST', `/Users/${ids.r1 ?? ''}/send-verification`, { token: admin.token });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(USER_LIFECYCLE_MSG.onlyRestrictedVerification);
    });

    it('refuses when the organisation has e-mail services disabled', async () => {
      await t.database.db.execute(sql`UPDATE tenants SET is_email_enabled = false WHERE id = ${tenantId}`);
      const res = await t.call('POST', `/Users/${ids.r2 ?? ''}/send-verification`, { token: admin.token });
      await t.database.db.execute(sql`UPDATE tenants SET is_email_enabled = true WHERE id = ${tenantId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PEOPLE_MSG.emailServicesDisabled);
    });
  });

  describe('DELETE /Users/:id', () => {
    it('removes the membership, its sessions, documents and account; reportees and departments lose the link', async () => {
      const rahul = await t.login(DEMO_LOGINS.manager);
      const [before] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE reporting_manager_id = ${rahul.id}`);
      expect(before?.n).toBe(16);
      // A stored document of his.
      const storage = new LocalFileStorage(path.join(t.config.dataDir, 'files'));
      const key = `documents/${tenantId}/rahul-pan.pdf`;
      await storage.putPending(key, Buffer.from('%PDF-1.4 test'));
      await storage.promote(key);
      const [file] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO files (tenant_id, storage_key, kind, mime_type, size_bytes, sha256, original_name) VALUES (${tenantId}, ${key}, 'document', 'application/pdf', 13, 'x', 'pan.pdf') RETURNING id`,
      );
      await t.database.db.execute(sql`INSERT INTO user_documents (tenant_id, user_id, document_type, file_id) VALUES (${tenantId}, ${rahul.id}, 2, ${file?.id ?? null})`);

      const res = await t.call('DELETE', `/Users/${rahul.id}`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PEOPLE_MSG.userDeleted);

      expect((await t.call('GET', '/dashboard', { token: rahul.token })).statusCode).toBe(401);
      expect((await t.call('GET', `/Users/${rahul.id}`, { token: admin.token })).statusCode).toBe(404);
      const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, q))[0]?.n;
      expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE reporting_manager_id = ${rahul.id}`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM departments WHERE head_user_id = ${rahul.id}`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${rahul.id}`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM accounts WHERE email = ${DEMO_LOGINS.manager}`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM files WHERE storage_key = ${key}`)).toBe(0);
      expect(fs.existsSync(path.join(t.config.dataDir, 'files', key))).toBe(false);
      expect(
        (
          await t.call('POST', '/Account/login', {
            body: { email: DEMO_LOGINS.manager, password: 'Demo@12345' },
          })
        ).statusCode,
      ).toBe(401);
      expect((await t.call('DELETE', `/Users/${rahul.id}`, { token: admin.token })).statusCode).toBe(404);
      // 45 active, less Aabha (now invited) and Rahul.
      expect((await list('userStatus=1')).totalRecords).toBe(43);
    });

    it('keeps an account that belongs to another organisation', async () => {
      const owner = await t.registerOrganisation({
        organizationName: 'Kaveri Traders',
      });
      const [account] = await queryRows<{ id: string; email: string }>(t.database.db, sql`SELECT a.id, a.email FROM accounts a JOIN users u ON u.account_id = a.id WHERE u.id = ${owner.id}`);
      const [u] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO users (tenant_id, account_id, email, first_name, last_name, role_id, status) VALUES (${tenantId}, ${account?.id ?? null}, ${account?.email ?? ''}, 'Kiran', 'Das', 3, 1) RETURNING id`,
      );
      expect(
        (
          await t.call('DELETE', `/Users/${u?.id ?? ''}`, {
            token: admin.token,
          })
        ).statusCode,
      ).toBe(200);
      expect((await queryRows(t.database.db, sql`SELECT id FROM accounts WHERE id = ${account?.id ?? null}`)).length).toBe(1);
      expect((await t.call('GET', '/dashboard', { token: owner.token })).statusCode).toBe(200);
    });

    it('refuses deleting oneself and a moderator deleting an administrator', async () => {
      const self = await t.call('DELETE', `/Users/${admin.id}`, {
        token: admin.token,
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(USER_LIFECYCLE_MSG.cannotDeleteSelf);
      expect(
        (
          await t.call('DELETE', `/Users/${admin.id}`, {
            token: moderator.token,
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('access', () => {
    it('refuses a member on every endpoint', async () => {
      const target = await idOf(DEMO_LOGINS.moderator);
      const calls: [string, string, unknown?][] = [
        ['GET', '/Users'],
        ['GET', '/Users/search?search=a'],
        ['GET', '/Users/latest-employee-number'],
        ['GET', '/Users/employee-number-exists?employeeNumber=NSP001'],
        ['GET', `/Users/${target}`],
        ['POST', `/Users/roles/${target}/3`],
        ['PUT', `/Users/${target}/status`, { status: 2 }],
        ['DELETE', `/Users/${target}`],
        ['POST', `/Users/${target}/send-verification`],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.call(method, url, { token: member.token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it("keeps another organisation's users out of reach", async () => {
      const other = await t.registerOrganisation({
        organizationName: 'Godavari Mills',
      });
      const target = await idOf(DEMO_LOGINS.moderator);
      const own = await list('pageSize=100', other.token);
      expect(own.totalRecords).toBe(1);
      expect(own.data.map((u) => u.id)).toEqual([other.id]);
      expect((await list('search=nilgiri', other.token)).totalRecords).toBe(0);
      const search = await t.call('GET', '/Users/search?search=vikram', {
        token: other.token,
      });
      expect(search.json().data.totalRecords).toBe(0);
      expect((await t.call('GET', '/Users/employee-number-exists?employeeNumber=NSP002', { token: other.token })).json().data.exists).toBe(false);
      for (const [method, url, body] of [
        ['GET', `/Users/${target}`],
        ['POST', `/Users/roles/${target}/3`],
        ['PUT', `/Users/${target}/status`, { status: 2 }],
        ['DELETE', `/Users/${target}`],
        ['POST', `/Users/${ids.r2 ?? ''}/send-verification`],
      ] as [string, string, unknown?][]) {
        const res = await t.call(method, url, { token: other.token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await t.call('GET', `/Users/${target}`, { token: admin.token })).json().data.status).toBe(1);
    });
  });

  // The search reads the trigram index through the SECURITY DEFINER function
  // tenant_users_matching() (migration 0007), which row-level security does not filter: these
  // prove that it answers for the caller's organisation only.
  describe('search across organisations (trigram index, tenant_users_matching)', () => {
    let other: SessionUser;
    const otherIds: string[] = [];
    const matching = (forTenant: string, pattern: string) =>
      withTenant(t.database.db, forTenant, async (tdb) => (await queryRows<{ id: string }>(tdb.tx, sql`SELECT id FROM tenant_users_matching(${pattern})`)).map((r) => r.id).sort());
    /** The old scan, as the reference: what "contains" means, counted directly by the connecting role. */
    const reference = async (forTenant: string, term: string, statuses = [1, 2, 3, 4]) => {
      const pattern = containsPattern(term);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM users u WHERE u.tenant_id = ${forTenant} AND u.status = ANY(${`{${statuses.join(',')}}`}::smallint[])
              AND (u.first_name || ' ' || u.last_name || chr(1) || u.email || chr(1) || coalesce(u.employee_number, '')) ILIKE ${pattern}`,
      );
      return row?.n ?? 0;
    };

    beforeAll(async () => {
      other = await t.registerOrganisation({ organizationName: 'Krishna Textiles', firstName: 'Anita', lastName: 'Rao' });
      // Namesakes of Nilgiri's people, with Nilgiri's employee numbers and an e-mail with "nilgiri" in it.
      for (const [first, last, number, email] of [
        ['Vikram', 'Nair', 'NSP101', 'vikram.nair@krishna.in'],
        ['Aabha', 'Kumar', 'NSP102', 'aabha@nilgiri-textiles.in'],
        ['Ritu', 'Sen', 'NSP106', 'ritu.sen@krishna.in'],
      ] as const) {
        const [u] = await queryRows<{ id: string }>(
          t.database.db,
          sql`INSERT INTO users (tenant_id, email, employee_number, first_name, last_name, role_id, status) VALUES (${other.tenantId}, ${email}, ${number}, ${first}, ${last}, 3, 1) RETURNING id`,
        );
        if (u) otherIds.push(u.id);
      }
    });

    it('lists, counts and picks only the caller’s matches when both organisations have them', async () => {
      for (const term of ['anita rao', 'vikram', 'NSP101', 'nsp10', 'nilgiri', 'ritu sen', 'aabha']) {
        const ours = await list(`search=${encodeURIComponent(term)}&pageSize=100`);
        const theirs = await list(`search=${encodeURIComponent(term)}&pageSize=100`, other.token);
        expect(ours.totalRecords, term).toBe(await reference(tenantId, term));
        expect(theirs.totalRecords, term).toBe(await reference(other.tenantId, term));
        expect(theirs.totalRecords, term).toBeGreaterThan(0);
        expect(ours.activeUsersCount + ours.pendingUsersCount + ours.inactiveUsersCount, term).toBe(await reference(tenantId, term));
        expect(theirs.activeUsersCount + theirs.pendingUsersCount + theirs.inactiveUsersCount, term).toBe(await reference(other.tenantId, term));
        const theirIds = new Set([other.id, ...otherIds]);
        expect(theirs.data.every((u) => theirIds.has(u.id)), term).toBe(true);
        expect(ours.data.some((u) => theirIds.has(u.id)), term).toBe(false);
        const picked = (await t.call('GET', `/Users/search?search=${encodeURIComponent(term)}&pageSize=100`, { token: other.token })).json().data as { totalRecords: number; data: { id: string }[] };
        expect(picked.totalRecords, term).toBe(await reference(other.tenantId, term, [1, 4]));
        expect(picked.data.every((u) => theirIds.has(u.id)), term).toBe(true);
      }
      expect((await list('search=NSP101', other.token)).data.map((u) => u.id)).toEqual([otherIds[0]]);
      expect((await list('search=NSP101')).data.map((u) => u.id)).toEqual([ids.r1]);
    });

    it('matches terms too short for a trigram (one or two characters) and wildcard characters the same way', async () => {
      for (const term of ['a', 'R', 'ra', 'ns', '1', '@', '.', '%', '_', '\\', 'a_', 'ni%']) {
        const ours = await list(`search=${encodeURIComponent(term)}&pageSize=1&userStatus=1`);
        expect(ours.totalRecords, term).toBe(await reference(tenantId, term, [1, 4]));
        const theirs = await list(`search=${encodeURIComponent(term)}&pageSize=1&userStatus=1`, other.token);
        expect(theirs.totalRecords, term).toBe(await reference(other.tenantId, term, [1, 4]));
      }
    });

    it('follows edits: the searched text is derived from the row', async () => {
      const id = otherIds[2] ?? '';
      await queryRows(t.database.db, sql`UPDATE users SET employee_number = 'KT-9001', last_name = 'Sengupta' WHERE id = ${id}`);
      expect((await list('search=kt-9001', other.token)).data.map((u) => u.id)).toEqual([id]);
      expect((await list('search=ritu%20sengupta', other.token)).data.map((u) => u.id)).toEqual([id]);
      expect((await list('search=NSP106', other.token)).totalRecords).toBe(0);
    });

    it('the function returns only rows of current_tenant_id(), whatever the pattern, and nothing without a tenant', async () => {
      const everyone = await queryRows<{ id: string; tenant_id: string }>(t.database.db, sql`SELECT id, tenant_id FROM users WHERE tenant_id IN (${tenantId}, ${other.tenantId})`);
      const of = (tenant: string) => everyone.filter((u) => u.tenant_id === tenant).map((u) => u.id).sort();
      // '%' matches every row of the table: each tenant gets exactly its own.
      expect(await matching(tenantId, '%')).toEqual(of(tenantId));
      expect(await matching(other.tenantId, '%')).toEqual(of(other.tenantId));
      const vikrams = await matching(other.tenantId, '%vikram%');
      expect(vikrams).toEqual([otherIds[0]]);
      expect(await matching(tenantId, '%vikram%')).toEqual([await idOf(DEMO_LOGINS.moderator)]);
      // Switching app.tenant_id mid-transaction switches what is visible, as with the RLS policy.
      const switched = await withTenant(t.database.db, tenantId, async (tdb) => {
        await tdb.tx.execute(sql`SELECT set_config('app.tenant_id', ${other.tenantId}, true)`);
        return (await queryRows<{ id: string }>(tdb.tx, sql`SELECT id FROM tenant_users_matching('%vikram%')`)).map((r) => r.id);
      });
      expect(switched).toEqual([otherIds[0]]);
      // As tankha_tenant without a tenant, or as the connecting (owner) role outside withTenant: nothing.
      const noTenant = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('role', 'tankha_tenant', true)`);
        return queryRows<{ id: string }>(tx as unknown as Db, sql`SELECT id FROM tenant_users_matching('%')`);
      });
      expect(noTenant).toEqual([]);
      expect(await queryRows(t.database.db, sql`SELECT id FROM tenant_users_matching('%')`)).toEqual([]);
      // Only tankha_tenant (and the owner) may call it; PUBLIC has no EXECUTE on a SECURITY DEFINER function.
      const [acl] = await queryRows<{ definer: boolean; has_acl: boolean; public_execute: number; tenant_execute: boolean }>(
        t.database.db,
        sql`SELECT p.prosecdef AS definer, p.proacl IS NOT NULL AS has_acl,
                   (SELECT count(*)::int FROM aclexplode(p.proacl) a WHERE a.grantee = 0) AS public_execute,
                   has_function_privilege('tankha_tenant', p.oid, 'EXECUTE') AS tenant_execute
              FROM pg_proc p WHERE p.proname = 'tenant_users_matching'`,
      );
      expect(acl).toEqual({ definer: true, has_acl: true, public_execute: 0, tenant_execute: true });
    });
  });
});
