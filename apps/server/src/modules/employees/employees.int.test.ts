import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANNUAL_CTC_RANGE_MSG, MSG, PEOPLE_MSG, type Employee, type SessionUser, type TenantEarning } from '@tankha/contracts';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/demo';
import { queryRows } from '../../db/client';

const linkParts = (link: string) => new URL(link).pathname.split('/').slice(2).map(decodeURIComponent) as [string, string];

describe.each(BACKENDS)('invite, restricted, edit and accept-invite (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let otherDepartmentId: string;
  let engineeringId: string;
  let earnings: TenantEarning[];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Other Org' });
    const list = await queryRows<{
      id: string;
      tenant_id: string;
      name: string;
    }>(t.database.db, sql`SELECT id, tenant_id, name FROM departments`);
    engineeringId = list.find((d) => d.name === 'Engineering' && d.tenant_id === admin.tenantId)?.id ?? '';
    const [elsewhere] = await queryRows<{ id: string }>(t.database.db, sql`INSERT INTO departments (tenant_id, name) VALUES (${other.tenantId}, 'Elsewhere') RETURNING id`);
    otherDepartmentId = elsewhere?.id ?? '';
    earnings = (
      await t.call('GET', '/SalaryComponents/earnings', {
        token: admin.token,
      })
    ).json().data;
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      firstName: 'Kavya',
      lastName: 'Menon',
      email: `kavya${counter.toString()}@example.in`,
      dateOfJoining: '2025-06-01',
      annualCTC: 1_200_000,
      experience: 3.5,
      employeeNumber: `INV${counter.toString().padStart(3, '0')}`,
      regimeType: 1,
      ...overrides,
    };
  };
  const invite = (b: Record<string, unknown>, token = admin.token) => t.call('POST', '/Users/invite', { token, body: b });
  const employee = async (id: string, token = admin.token) => (await t.call('GET', `/Users/${id}`, { token })).json().data as Employee;

  describe('POST /Users/invite → e-mail → POST /Account/accept-invite → login', () => {
    let userId: string;
    let link: string;
    const email = 'neha.kulkarni@example.in';

    it('creates a pending member with CTC, default associations and the Employment Type', async () => {
      const options = (
        await t.call('GET', '/UserFields/options?name=Employment%20Type', {
          token: admin.token,
        })
      ).json().data;
      const intern = options.options.find((o: { label: string }) => o.label === 'Intern');
      const res = await invite(
        body({
          firstName: 'Neha',
          lastName: 'Kulkarni-Rao',
          email: 'Neha.Kulkarni@Example.in',
          pan: 'abcpk1234q',
          departmentId: engineeringId,
          reportingManagerId: admin.id,
          maritalStatus: 2,
          spouseName: 'Someone',
          dateOfBirth: '',
          userFieldValues: [
            {
              id: null,
              userFieldId: options.userFieldId,
              optionId: intern.id,
              fieldValue: 'Intern',
            },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: PEOPLE_MSG.invited,
        data: { statusCode: 200 },
      });
      userId = res.json().data.userId;
      const e = await employee(userId);
      expect(e).toMatchObject({
        email,
        status: 3,
        roleId: 3,
        pan: 'ABCPK1234Q',
        annualCTC: 1_200_000,
        experience: 3.5,
        departmentName: 'Engineering',
        reportingManagerName: 'Anita Rao',
        dateOfBirth: null,
        // Not married: no spouse name is kept.
        spouseName: null,
        userFieldValues: [
          {
            userFieldId: options.userFieldId,
            optionId: intern.id,
            fieldValue: 'Intern',
          },
        ],
      });
      expect(e.earningAssociations.map((a) => [earnings.find((x) => x.id === a.tenantEarningId)?.code, a.calculationValue])).toEqual(
        expect.arrayContaining([
          ['BASIC', 50],
          ['HRA', 50],
          ['CONVEYANCE', 19_200],
          ['MEDICAL', 15_000],
          ['FIXED_ALLOWANCE', 0],
        ]),
      );
      expect(e.earningAssociations).toHaveLength(5);
    });

    it('mails a 7-day link of the form {APP_URL}/accept-invite/{token}/{email}', async () => {
      const [mail] = await t.mailbox(email);
      expect(mail?.subject).toBe("You're invited to join Nilgiri Software Pvt Ltd on Tankha");
      expect(mail?.text).toContain('expires in 7 days');
      link = mail?.links.find((l) => l.includes('/accept-invite/')) ?? '';
      expect(link.startsWith('http://127.0.0.1:3000/accept-invite/')).toBe(true);
      expect(linkParts(link)[1]).toBe(email);
      // No password yet: login is refused like any wrong credentials.
      const login = await t.call('POST', '/Account/login', {
        body: { email, password: 'Welcome123' },
      });
      expect(login.statusCode).toBe(401);
    });

    it.each([
      [{}, 'password', MSG.passwordRule],
      [{ password: 'short1', confirmPassword: 'short1' }, 'password', MSG.passwordRule],
      [{ password: 'Welcome123', confirmPassword: 'Welcome124' }, 'confirmPassword', MSG.passwordsDiffer],
    ])('refuses %j (%s) and leaves the link usable', async (extra, field, message) => {
      const [token] = linkParts(link);
      const res = await t.call('POST', '/Account/accept-invite', {
        body: { token, email, ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('sets the password, activates the membership, and the link is then used up', async () => {
      const [token] = linkParts(link);
      const res = await t.call('POST', '/Account/accept-invite', {
        body: {
          token,
          email,
          password: 'Welcome123',
          confirmPassword: 'Welcome123',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ passwordSet: true });
      const again = await t.call('POST', '/Account/accept-invite', {
        body: {
          token,
          email,
          password: 'Welcome123',
          confirmPassword: 'Welcome123',
        },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(MSG.invalidLink);
      const user = await t.login(email, 'Welcome123');
      expect(user).toMatchObject({
        id: userId,
        roleId: 3,
        tenantName: 'Nilgiri Software Pvt Ltd',
      });
      expect((await employee(userId)).status).toBe(1);
    });

    it("a wrong token or e-mail is the invalid-link message; a link past 7 days is 'Token expired.'", async () => {
      const [token] = linkParts(link);
      expect(
        (
          await t.call('POST', '/Account/accept-invite', {
            body: {
              token: 'nope',
              email,
              password: 'Welcome123',
              confirmPassword: 'Welcome123',
            },
          })
        ).json().message,
      ).toBe(MSG.invalidLink);
      expect(
        (
          await t.call('POST', '/Account/accept-invite', {
            body: {
              token,
              email: 'x@example.in',
              password: 'Welcome123',
              confirmPassword: 'Welcome123',
            },
          })
        ).json().message,
      ).toBe(MSG.invalidLink);
      const late = body({ email: 'late.joiner@example.in' });
      expect((await invite(late)).statusCode).toBe(200);
      const [mail] = await t.mailbox('late.joiner@example.in');
      const [lateToken] = linkParts(mail?.links.find((l) => l.includes('/accept-invite/')) ?? '');
      t.clock.advance(7 * 86_400_000 + 1000);
      const res = await t.call('POST', '/Account/accept-invite', {
        body: {
          token: lateToken,
          email: 'late.joiner@example.in',
          password: 'Welcome123',
          confirmPassword: 'Welcome123',
        },
      });
      t.clock.set(new Date());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.tokenExpired);
    });

    it('an existing account elsewhere is linked; accepting keeps its password', async () => {
      const res = await invite(body({ email: DEMO_LOGINS.member }), other.token);
      expect(res.json().data.statusCode).toBe(200);
      const [mail] = await t.mailbox(DEMO_LOGINS.member);
      expect(mail?.text).toContain('log in with your existing Tankha password');
      const [token, email2] = linkParts(mail?.links.find((l) => l.includes('/accept-invite/')) ?? '');
      const accepted = await t.call('POST', '/Account/accept-invite', {
        body: { token, email: email2 },
      });
      expect(accepted.json().data).toEqual({ passwordSet: false });
      const session = await t.login(DEMO_LOGINS.member, DEMO_PASSWORD);
      expect(session.tenantCount).toBe(2);
    });
  });

  describe('POST /Users/invite rules', () => {
    it('an e-mail that is already a member answers data.statusCode 300 and writes nothing', async () => {
      const res = await invite(body({ email: DEMO_LOGINS.moderator }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: PEOPLE_MSG.userExists,
        data: { statusCode: 300, userId: null },
      });
    });

    it.each([
      [{ firstName: '' }, 'firstName', PEOPLE_MSG.mandatory],
      [{ firstName: 'K4vya' }, 'firstName', PEOPLE_MSG.alphabeticOnly],
      [{ middleName: 'J.' }, 'middleName', PEOPLE_MSG.alphabeticOnly],
      [{ lastName: '   ' }, 'lastName', PEOPLE_MSG.mandatory],
      [{ spouseName: 'Ravi_2', maritalStatus: 1 }, 'spouseName', PEOPLE_MSG.alphabeticOnly],
      [{ email: 'not-an-email' }, 'email', PEOPLE_MSG.validEmail],
      [{ email: '' }, 'email', PEOPLE_MSG.mandatory],
      [{ personalEmail: 'kavya@' }, 'personalEmail', PEOPLE_MSG.validEmail],
      [{ dateOfJoining: '' }, 'dateOfJoining', PEOPLE_MSG.mandatory],
      [{ employeeNumber: ' ' }, 'employeeNumber', PEOPLE_MSG.mandatory],
      [{ experience: undefined }, 'experience', PEOPLE_MSG.mandatory],
      [{ annualCTC: undefined }, 'annualCTC', PEOPLE_MSG.mandatory],
      [{ regimeType: undefined }, 'regimeType', PEOPLE_MSG.mandatory],
    ])('%j → %s: the spec message', async (override, field, message) => {
      const res = await invite(body(override));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it.each([
      [{ pan: 'abcde12345' }, 'pan', PEOPLE_MSG.panInvalid],
      [{ pan: 'ABCD1234F' }, 'pan', PEOPLE_MSG.panInvalid],
      [{ phoneNumber: '12345' }, 'phoneNumber', PEOPLE_MSG.phoneInvalid],
      [{ phoneNumber: '+44 7700 900123' }, 'phoneNumber', PEOPLE_MSG.phoneInvalid],
      [{ emergencyContact: '98765' }, 'emergencyContact', PEOPLE_MSG.phoneInvalid],
      [{ annualCTC: 1_000_000_001 }, 'annualCTC', ANNUAL_CTC_RANGE_MSG],
      [{ annualCTC: -1 }, 'annualCTC', ANNUAL_CTC_RANGE_MSG],
      [{ experience: 81 }, 'experience', PEOPLE_MSG.experienceRange],
      [{ dateOfJoining: '1949-12-31' }, 'dateOfJoining', PEOPLE_MSG.joiningTooEarly],
    ])('%j → %s with a human message', async (override, field, message) => {
      const res = await invite(body(override));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(res.json().message).not.toMatch(/too large|must not be negative/);
    });

    it('dates are judged against the server clock in the organisation’s zone', async () => {
      const saved = t.clock.now();
      // 20:00 UTC on 15 March is 01:30 on 16 March in Asia/Kolkata.
      t.clock.set(new Date('2026-03-15T20:00:00Z'));
      try {
        const cases: [Record<string, unknown>, string, string | undefined][] = [
          [{ dateOfBirth: '2026-03-16' }, 'dateOfBirth', PEOPLE_MSG.birthDateNotPast],
          [{ dateOfBirth: '2012-03-17' }, 'dateOfBirth', PEOPLE_MSG.tooYoung],
          [{ dateOfJoining: '2027-03-17' }, 'dateOfJoining', PEOPLE_MSG.joiningTooLate],
        ];
        for (const [override, field, message] of cases) {
          const res = await invite(body(override));
          expect(res.statusCode, JSON.stringify(override)).toBe(400);
          expect(res.json().errors[field]).toBe(message);
          const restricted = await t.call('POST', '/Users/restricted', { token: admin.token, body: body(override) });
          expect(restricted.json().errors[field]).toBe(message);
        }
        const ok14 = await t.call('POST', '/Users/restricted', { token: admin.token, body: body({ dateOfBirth: '2012-03-16', dateOfJoining: '2027-03-16', pan: 'abcde1234f', phoneNumber: '+91 98765 43210' }) });
        expect(ok14.json().data.statusCode).toBe(200);
        const edit = await t.call('PUT', `/Users/${ok14.json().data.userId as string}`, { token: admin.token, body: body({ email: 'x14@example.in', dateOfBirth: '2026-03-20' }) });
        expect(edit.json().errors?.dateOfBirth).toBe(PEOPLE_MSG.birthDateNotPast);
      } finally {
        t.clock.set(saved);
      }
    });

    it("employee number already used → 'Employee number already exists!' on employeeNumber", async () => {
      const res = await invite(body({ employeeNumber: 'nsp001' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        employeeNumber: PEOPLE_MSG.employeeNumberExists,
      });
    });

    it(`a negative salary remainder: 400 with the spec's message`, async () => {
      const basic = earnings.find((e) => e.code === 'BASIC')?.id;
      const hra = earnings.find((e) => e.code === 'HRA')?.id;
      const res = await invite(
        body({
          earningAssociations: [
            { tenantEarningId: basic, calculationValue: 90 },
            { tenantEarningId: hra, calculationValue: 50 },
          ],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PEOPLE_MSG.salaryAmountNegative);
    });

    it('e-mail services disabled: invite refused with the spec message; restricted still allowed', async () => {
      const own = await t.registerOrganisation({
        organizationName: 'Quiet Org',
      });
      await t.database.db.execute(sql`UPDATE tenants SET is_email_enabled = false WHERE id = ${own.tenantId}`);
      const res = await invite(body(), own.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PEOPLE_MSG.emailServicesDisabled);
      expect(
        (
          await t.call('POST', '/Users/restricted', {
            token: own.token,
            body: body(),
          })
        ).json().data.statusCode,
      ).toBe(200);
    });

    it("another organisation's department or manager is refused", async () => {
      const dept = await invite(body({ departmentId: otherDepartmentId }));
      expect(dept.statusCode).toBe(400);
      expect(dept.json().errors).toEqual({
        departmentId: 'Department not found',
      });
      const manager = await invite(body({ reportingManagerId: other.id }));
      expect(manager.statusCode).toBe(400);
      expect(manager.json().errors).toEqual({
        reportingManagerId: 'Reporting manager not found',
      });
    });

    it('members cannot invite (403); a moderator cannot invite an administrator', async () => {
      expect((await invite(body(), member.token)).statusCode).toBe(403);
      expect((await invite(body({ roleId: 1 }), moderator.token)).statusCode).toBe(403);
      expect((await invite(body({ roleId: 2 }), moderator.token)).json().data.statusCode).toBe(200);
    });
  });

  describe('POST /Users/restricted', () => {
    it('creates a Restricted Login user without an account or an e-mail', async () => {
      const b = body({ email: 'no.login@example.in' });
      const res = await t.call('POST', '/Users/restricted', {
        token: admin.token,
        body: b,
      });
      expect(res.json()).toMatchObject({ data: { statusCode: 200 } });
      expect((await employee(res.json().data.userId)).status).toBe(4);
      expect(await t.mailbox('no.login@example.in')).toHaveLength(0);
      expect(
        (
          await t.call('POST', '/Account/login', {
            body: { email: 'no.login@example.in', password: 'Welcome123' },
          })
        ).statusCode,
      ).toBe(401);
      const again = await t.call('POST', '/Users/restricted', {
        token: admin.token,
        body: body({ email: 'no.login@example.in' }),
      });
      expect(again.json().data.statusCode).toBe(300);
    });
  });

  describe('PUT /Users/:id', () => {
    let id: string;
    beforeAll(async () => {
      id = (
        await t.call('POST', '/Users/restricted', {
          token: admin.token,
          body: body({
            email: 'edit.me@example.in',
            employeeNumber: 'EDIT01',
          }),
        })
      ).json().data.userId;
    });

    it('updates every field, the CTC and the associations', async () => {
      const basic = earnings.find((e) => e.code === 'BASIC')?.id;
      const hra = earnings.find((e) => e.code === 'HRA')?.id;
      const res = await t.call('PUT', `/Users/${id}`, {
        token: moderator.token,
        body: body({
          email: 'edit.me@example.in',
          employeeNumber: 'EDIT01',
          designation: 'QA Lead',
          maritalStatus: 1,
          spouseName: 'Arun Menon',
          marriageDate: '2020-02-14',
          annualCTC: 900_000,
          ifscCode: 'hdfc0001234',
          forceESICalc: true,
          regimeType: 0,
          earningAssociations: [
            { tenantEarningId: basic, calculationValue: 40 },
            { tenantEarningId: hra, calculationValue: 40 },
          ],
        }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: PEOPLE_MSG.userUpdated,
        data: { statusCode: 200, userId: id },
      });
      const e = await employee(id);
      expect(e).toMatchObject({
        designation: 'QA Lead',
        spouseName: 'Arun Menon',
        marriageDate: '2020-02-14',
        annualCTC: 900_000,
        ifscCode: 'HDFC0001234',
        forceESICalc: true,
        regimeType: 0,
      });
      expect(e.earningAssociations).toHaveLength(3); // basic, HRA and the fixed allowance
      const structure = (
        await t.call('GET', `/Users/${id}/salary-structure`, {
          token: admin.token,
        })
      ).json().data;
      // Monthly 75,000: basic 40% = 30,000; HRA 40% of basic = 12,000.
      expect(structure.earnings.slice(0, 2).map((x: { monthlyAmount: number }) => x.monthlyAmount)).toEqual([30_000, 12_000]);
    });

    it("another user's employee number is refused on the field", async () => {
      const res = await t.call('PUT', `/Users/${id}`, {
        token: admin.token,
        body: body({ email: 'edit.me@example.in', employeeNumber: 'NSP003' }),
      });
      expect(res.json().errors).toEqual({
        employeeNumber: PEOPLE_MSG.employeeNumberExists,
      });
    });

    it('a moderator cannot edit an administrator (403); a member cannot edit at all', async () => {
      const res = await t.call('PUT', `/Users/${admin.id}`, {
        token: moderator.token,
        body: body({
          email: DEMO_LOGINS.administrator,
          employeeNumber: 'NSP001',
        }),
      });
      expect(res.statusCode).toBe(403);
      expect(
        (
          await t.call('PUT', `/Users/${id}`, {
            token: member.token,
            body: body({ email: 'edit.me@example.in' }),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.call('GET', `/Users/${id}`, {
            token: member.token,
          })
        ).statusCode,
      ).toBe(403);
    });

    it("another tenant's user is 404", async () => {
      expect(
        (
          await t.call('PUT', `/Users/${id}`, {
            token: other.token,
            body: body({ email: 'edit.me@example.in' }),
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.call('GET', `/Users/${id}`, { token: other.token })).statusCode).toBe(404);
    });
  });
});
