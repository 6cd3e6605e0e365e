import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EMPLOYMENT_SETTINGS_MSG as SMSG,
  EXIT_REQUEST_MSG as MSG,
  MSG as COMMON,
  type EmploymentTypeOption,
  type EmploymentTypeSetting,
  type ExitProposal,
  type ExitRequest,
  type NotificationItem,
  type SavedSettingValue,
  type SessionUser,
  type SettingCategory,
} from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_DOMAIN, DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Employment-type settings and exit requests through HTTP. The demo organisation; the clock is
 * Monday 5 October 2026, 11:30 in Bengaluru. Aditi (member) reports to Rahul (manager); Priya is
 * another manager; Anita the Administrator; Vikram a Moderator reporting to Anita. The demo's
 * calendar: Saturdays and Sundays off, Vijayadashami (Tue 20 Oct 2026) a holiday.
 */
describe.each(BACKENDS)('employment-type settings and exit requests (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let otherManager: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let types: EmploymentTypeOption[];
  const typeId = (name: string) => types.find((x) => x.name === name)?.id ?? '';

  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) => t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const setEmployment = async (userId: string, type: string | null, dateOfJoining: string) => {
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = ${dateOfJoining} WHERE id = ${userId}`);
    await t.database.db.execute(sql`DELETE FROM user_field_values WHERE user_id = ${userId} AND user_field_id = (SELECT id FROM user_fields WHERE tenant_id = ${admin.tenantId} AND name = 'Employment Type')`);
    if (type) {
      await t.database.db.execute(
        sql`INSERT INTO user_field_values (tenant_id, user_id, user_field_id, option_id, field_value)
            SELECT ${admin.tenantId}, ${userId}, f.id, ${typeId(type)}, ${type} FROM user_fields f WHERE f.tenant_id = ${admin.tenantId} AND f.name = 'Employment Type'`,
      );
    }
  };
  const noticeOf = (values: SavedSettingValue[], type: string) => values.find((v) => v.employmentTypeSettingId === 3 && v.employmentTypeIds.split(',').includes(typeId(type)))?.value;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-10-05T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    otherManager = await t.login(`priya.iyer@${DEMO_DOMAIN}`);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders', email: 'owner@kaveri.example.in', password: 'Kaveri@12345' });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${other.tenantId}`);
    other = await t.login('owner@kaveri.example.in', 'Kaveri@12345');
    types = data<EmploymentTypeOption[]>(await as(admin)('GET', '/EmploymentTypeSettings/employment-types'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  describe('employment-type settings', () => {
    it('lists the categories with their counts, the settings of a category and the employment types', async () => {
      const categories = data<SettingCategory[]>(await as(admin)('GET', '/EmploymentTypeSettings/categories'));
      expect(categories.map((c) => [c.categoryName, c.settingCount])).toEqual([
        ['Probation', 2],
        ['NoticePeriod', 3],
        ['NoticePeriodBuyout', 2],
        ['ExitInterview', 3],
        ['ExitSettlement', 4],
      ]);
      const notice = data<EmploymentTypeSetting[]>(await as(admin)('GET', '/EmploymentTypeSettings?settingCategory=2'));
      expect(notice.map((s) => [s.name, s.dataType])).toEqual([
        ['NoticePeriodDays', 'Integer'],
        ['ProbationNoticePeriodDays', 'Integer'],
        ['NoticePolicyEffectiveFrom', 'DateTime'],
      ]);
      expect(data<EmploymentTypeSetting[]>(await as(admin)('GET', '/EmploymentTypeSettings'))).toHaveLength(14);
      expect(data<EmploymentTypeSetting[]>(await as(admin)('GET', '/EmploymentTypeSettings?settingCategory=2,3')).map((s) => s.dataType)).toEqual(['Integer', 'Integer', 'DateTime', 'Boolean', 'Decimal']);
      expect(types.map((x) => x.name)).toEqual(['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']);
      const bad = await as(admin)('GET', '/EmploymentTypeSettings?settingCategory=9');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(`settingCategory: ${SMSG.unknownCategory}`);
    });

    it('seeds notice periods by employment type, probation and exit settings for the demo and for a new organisation', async () => {
      const values = data<SavedSettingValue[]>(await as(admin)('GET', '/EmploymentTypeSettings/tenants'));
      expect(['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant'].map((x) => noticeOf(values, x))).toEqual(['60', '30', '30', '15', '15']);
      expect(values.find((v) => v.employmentTypeSettingId === 11)?.value).toBe('2');
      const theirs = data<SavedSettingValue[]>(await as(other)('GET', '/EmploymentTypeSettings/tenants'));
      expect(theirs).toHaveLength(values.length);
      // Their own employment types, not A's.
      const theirTypes = data<EmploymentTypeOption[]>(await as(other)('GET', '/EmploymentTypeSettings/employment-types'));
      expect(theirTypes.map((x) => x.name)).toEqual(types.map((x) => x.name));
      expect(theirTypes.map((x) => x.id).some((id) => types.some((x) => x.id === id))).toBe(false);
    });

    it('refuses each invalid value with its message and saves nothing', async () => {
      const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM employment_type_setting_values WHERE tenant_id = ${admin.tenantId}`);
      const ft = typeId('Full Time');
      const cases: [unknown, string][] = [
        [[{ employmentTypeSettingId: 3, employmentTypeIds: '', value: '45' }], `0.employmentTypeIds: ${SMSG.valueWithoutType}`],
        [[{ employmentTypeSettingId: 6, employmentTypeIds: '', value: 'true' }], `0.employmentTypeIds: ${SMSG.toggleWithoutType}`],
        [[{ employmentTypeSettingId: 3, employmentTypeIds: ft, value: 'abc' }], `0.value: ${SMSG.integerValue(0, 365)}`],
        [[{ employmentTypeSettingId: 3, employmentTypeIds: ft, value: '366' }], `0.value: ${SMSG.integerValue(0, 365)}`],
        [[{ employmentTypeSettingId: 7, employmentTypeIds: ft, value: '1.234' }], `0.value: ${SMSG.decimalValue(0, 10)}`],
        [[{ employmentTypeSettingId: 6, employmentTypeIds: ft, value: 'yes' }], `0.value: ${SMSG.booleanValue}`],
        [[{ employmentTypeSettingId: 5, employmentTypeIds: ft, value: '2026-02-30' }], `0.value: ${SMSG.dateValue}`],
        [[{ employmentTypeSettingId: 10, employmentTypeIds: ft, value: 'x'.repeat(201) }], `0.value: ${SMSG.stringValue(200)}`],
        [[{ employmentTypeSettingId: 999, employmentTypeIds: ft, value: '1' }], `0.employmentTypeSettingId: ${SMSG.unknownSetting}`],
        [[{ employmentTypeSettingId: 3, employmentTypeIds: 'not-an-id', value: '1' }], `0.employmentTypeIds: ${SMSG.unknownEmploymentType}`],
        [
          [
            { employmentTypeSettingId: 3, employmentTypeIds: ft, value: '60' },
            { employmentTypeSettingId: 3, employmentTypeIds: ft, value: '30' },
          ],
          `1.employmentTypeIds: ${SMSG.typeTwice}`,
        ],
        // Another organisation's employment type.
        [[{ employmentTypeSettingId: 3, employmentTypeIds: '00000000-0000-4000-8000-000000000000', value: '45' }], `0.employmentTypeIds: ${SMSG.unknownEmploymentType}`],
      ];
      for (const [body, message] of cases) {
        const res = await as(admin)('PUT', '/EmploymentTypeSettings/tenants', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      const outside = await as(admin)('PUT', '/EmploymentTypeSettings/tenants?settingCategory=4', [{ employmentTypeSettingId: 3, employmentTypeIds: ft, value: '45' }]);
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toBe('0.employmentTypeSettingId: The setting is not in the categories being saved');
      const existing = await as(admin)('POST', '/EmploymentTypeSettings/tenants', [{ employmentTypeSettingId: 3, employmentTypeIds: ft, value: '45' }]);
      expect(existing.statusCode).toBe(409);
      expect(existing.json().message).toBe(SMSG.alreadySaved);
      expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM employment_type_setting_values WHERE tenant_id = ${admin.tenantId}`)).toEqual(before);
    });

    it('replaces the values of the categories saved only; a cleared value is dropped and an empty toggle is false', async () => {
      const values = data<SavedSettingValue[]>(await as(admin)('GET', '/EmploymentTypeSettings/tenants'));
      const exitBefore = values.filter((v) => v.employmentTypeSettingId >= 8);
      const ft = typeId('Full Time');
      const res = await as(admin)('PUT', '/EmploymentTypeSettings/tenants?settingCategory=2,3', [
        { employmentTypeSettingId: 3, employmentTypeIds: ft, value: '45' },
        { employmentTypeSettingId: 3, employmentTypeIds: `${typeId('Intern')},${typeId('Consultant')}`, value: '15' },
        { employmentTypeSettingId: 4, employmentTypeIds: ft, value: '' },
        { employmentTypeSettingId: 6, employmentTypeIds: '', value: '' },
        { employmentTypeSettingId: 5, employmentTypeIds: ft, value: '2026-04-01' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(SMSG.saved);
      const after = data<SavedSettingValue[]>(await as(admin)('GET', '/EmploymentTypeSettings/tenants'));
      expect(noticeOf(after, 'Full Time')).toBe('45');
      expect(noticeOf(after, 'Part Time')).toBeUndefined();
      expect(after.filter((v) => v.employmentTypeSettingId === 4)).toEqual([]);
      expect(after.find((v) => v.employmentTypeSettingId === 6)).toMatchObject({ value: 'false', employmentTypeIds: '' });
      expect(after.filter((v) => v.employmentTypeSettingId === 7)).toEqual([]);
      expect(after.filter((v) => v.employmentTypeSettingId >= 8).map(({ id: _id, ...v }) => v)).toEqual(exitBefore.map(({ id: _id, ...v }) => v));
      // Back to the seeded notice periods for the exit tests.
      const restore = await as(admin)('PUT', '/EmploymentTypeSettings/tenants?settingCategory=2', [
        { employmentTypeSettingId: 3, employmentTypeIds: ft, value: '60' },
        { employmentTypeSettingId: 3, employmentTypeIds: `${typeId('Part Time')},${typeId('Contract')}`, value: '30' },
        { employmentTypeSettingId: 3, employmentTypeIds: `${typeId('Intern')},${typeId('Consultant')}`, value: '15' },
        { employmentTypeSettingId: 4, employmentTypeIds: `${ft},${typeId('Part Time')},${typeId('Contract')}`, value: '15' },
      ]);
      expect(restore.statusCode, restore.body).toBe(200);
    });

    it('is for administrators and moderators only; another organisation changes only its own', async () => {
      for (const who of [member, manager]) {
        for (const [method, url] of [
          ['GET', '/EmploymentTypeSettings/categories'],
          ['GET', '/EmploymentTypeSettings/tenants'],
          ['PUT', '/EmploymentTypeSettings/tenants'],
        ] as const) {
          const res = await as(who)(method, url, method === 'PUT' ? [] : undefined);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().message).toBe(COMMON.permissionDenied);
        }
      }
      expect((await as(moderator)('GET', '/EmploymentTypeSettings/tenants')).statusCode).toBe(200);
      const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM employment_type_setting_values WHERE tenant_id = ${admin.tenantId}`);
      const res = await as(other)('PUT', '/EmploymentTypeSettings/tenants', []);
      expect(res.statusCode).toBe(200);
      expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM employment_type_setting_values WHERE tenant_id = ${admin.tenantId}`)).toEqual(before);
      expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM employment_type_setting_values WHERE tenant_id = ${other.tenantId}`)).toEqual([{ n: 0 }]);
      // None left: the first save is a POST.
      const posted = await as(other)('POST', '/EmploymentTypeSettings/tenants', [{ employmentTypeSettingId: 11, employmentTypeIds: '', value: '' }]);
      expect(posted.statusCode, posted.body).toBe(200);
    });

    it('saves at the same moment take turns: four identical PUTs store the values once, four first POSTs save once', async () => {
      // The values have no unique key: before, each PUT deleted and inserted, so two at once on PostgreSQL
      // left every value twice, and two first POSTs both found none and both saved.
      const ft = data<EmploymentTypeOption[]>(await as(other)('GET', '/EmploymentTypeSettings/employment-types')).find((x) => x.name === 'Full Time')?.id ?? '';
      const body = [
        { employmentTypeSettingId: 6, employmentTypeIds: ft, value: 'true' },
        { employmentTypeSettingId: 11, employmentTypeIds: ft, value: '2' },
      ];
      const send = (method: 'PUT' | 'POST') => t.app.inject({ method, url: '/backend/api/EmploymentTypeSettings/tenants', headers: { authorization: `Bearer ${other.token}` }, payload: body });
      const stored = () => rows<{ setting_id: number; value: string }>(sql`SELECT setting_id, value FROM employment_type_setting_values WHERE tenant_id = ${other.tenantId} ORDER BY setting_id`);
      const expected = [
        { setting_id: 6, value: 'true' },
        { setting_id: 11, value: '2' },
      ];
      for (let round = 1; round <= 3; round += 1) {
        const replies = await Promise.all([1, 2, 3, 4].map(() => send('PUT')));
        expect(replies.map((r) => `${String(r.statusCode)} ${r.statusCode === 200 ? '' : r.body}`.trim())).toEqual(['200', '200', '200', '200']);
        expect(await stored()).toEqual(expected);
      }
      expect((await as(other)('PUT', '/EmploymentTypeSettings/tenants', [])).statusCode).toBe(200);
      const posts = await Promise.all([1, 2, 3, 4].map(() => send('POST')));
      expect(posts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(posts.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual([SMSG.alreadySaved, SMSG.alreadySaved, SMSG.alreadySaved]);
      expect(await stored()).toEqual(expected);
    });
  });

  describe('the notice period and the proposed last working day', () => {
    const proposal = async () => data<ExitProposal>(await as(member)('GET', '/ExitRequests/proposal'));

    it('follows the employment type, probation and the calendar', async () => {
      // Full Time, confirmed: 60 days from Mon 5 Oct 2026, the day included → Thu 3 Dec 2026.
      await setEmployment(member.id, 'Full Time', '2020-01-01');
      expect(await proposal()).toEqual({ resignationDate: '2026-10-05', employmentType: 'Full Time', noticePeriodDays: 60, noticePeriodSource: 'settings', proposedLastWorkingDay: '2026-12-03' });
      // Contract: 30 days → Tue 3 Nov 2026.
      await setEmployment(member.id, 'Contract', '2020-01-01');
      expect(await proposal()).toMatchObject({ noticePeriodDays: 30, proposedLastWorkingDay: '2026-11-03' });
      // Full Time joined 1 Jul 2026: on probation (180 days) → the probation notice of 15 days → Mon 19 Oct.
      await setEmployment(member.id, 'Full Time', '2026-07-01');
      expect(await proposal()).toMatchObject({ noticePeriodDays: 15, noticePeriodSource: 'probation', proposedLastWorkingDay: '2026-10-19' });
      // No employment type: 30 days by default.
      await setEmployment(member.id, null, '2020-01-01');
      expect(await proposal()).toMatchObject({ employmentType: null, noticePeriodDays: 30, noticePeriodSource: 'default', proposedLastWorkingDay: '2026-11-03' });
      // Intern (15 days): Mon 19 Oct.
      await setEmployment(member.id, 'Intern', '2020-01-01');
      expect(await proposal()).toMatchObject({ noticePeriodDays: 15, proposedLastWorkingDay: '2026-10-19' });
    });

    it('moves a notice ending on a weekend or a holiday to the next working day', async () => {
      const ft = typeId('Full Time');
      const setNotice = async (days: number) => {
        const res = await as(admin)('PUT', '/EmploymentTypeSettings/tenants?settingCategory=2', [{ employmentTypeSettingId: 3, employmentTypeIds: ft, value: String(days) }]);
        expect(res.statusCode, res.body).toBe(200);
      };
      await setEmployment(member.id, 'Full Time', '2020-01-01');
      // 6 days end on Sat 10 Oct → Mon 12 Oct.
      await setNotice(6);
      expect(await proposal()).toMatchObject({ noticePeriodDays: 6, proposedLastWorkingDay: '2026-10-12' });
      // 16 days end on Tue 20 Oct, Vijayadashami → Wed 21 Oct.
      await setNotice(16);
      expect(await proposal()).toMatchObject({ noticePeriodDays: 16, proposedLastWorkingDay: '2026-10-21' });
      await setNotice(60);
      expect(await proposal()).toMatchObject({ proposedLastWorkingDay: '2026-12-03' });
    });
  });

  describe('resignation, decision, withdrawal and relief', () => {
    let aditiRequest: ExitRequest;

    it('refuses an invalid resignation with each message', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{}, 400, `reason: ${MSG.reasonRequired}`],
        [{ reason: '   ' }, 400, `reason: ${MSG.reasonRequired}`],
        [{ reason: 'x'.repeat(1001) }, 400, `reason: ${MSG.reasonTooLong}`],
        [{ reason: 'Moving on', lastWorkingDay: '03-12-2026' }, 400, `lastWorkingDay: ${MSG.dateInvalid}`],
        [{ reason: 'Moving on', lastWorkingDay: '2026-10-04' }, 400, `lastWorkingDay: ${MSG.lastDayBeforeResignation}`],
        [{ reason: 'Moving on', lastWorkingDay: '2027-10-06' }, 400, `lastWorkingDay: ${MSG.lastDayTooLate}`],
      ];
      for (const [body, status, message] of cases) {
        const res = await as(member)('POST', '/ExitRequests', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      expect(data<ExitRequest[]>(await as(member)('GET', '/ExitRequests/mine'))).toEqual([]);
    });

    it('records a resignation with the proposed last working day and tells the manager', async () => {
      const res = await as(member)('POST', '/ExitRequests', { reason: 'Relocating to Pune' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(MSG.submitted);
      aditiRequest = data<ExitRequest>(res);
      expect(aditiRequest).toMatchObject({
        status: 'pending',
        employeeName: 'Aditi Agarwal',
        employmentType: 'Full Time',
        reportingManagerName: 'Rahul Sharma',
        resignationDate: '2026-10-05',
        noticePeriodDays: 60,
        proposedLastWorkingDay: '2026-12-03',
        requestedLastWorkingDay: '2026-12-03',
        lastWorkingDay: null,
        canDecide: false,
        hasSettlement: false,
      });
      const again = await as(member)('POST', '/ExitRequests', { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MSG.openRequestExists);
      const bell = data<NotificationItem[]>(await as(manager)('GET', '/Notifications?pageNo=1&pageSize=10'));
      expect(bell[0]).toMatchObject({ type: 'ExitRequest', title: MSG.notifySubmittedTitle, message: MSG.notifySubmitted('Aditi Agarwal', '03 Dec 2026') });
    });

    it('shows the request to the employee, their manager and administrators only', async () => {
      expect((await as(member)('GET', `/ExitRequests/${aditiRequest.id}`)).statusCode).toBe(200);
      const managers = data<ExitRequest>(await as(manager)('GET', `/ExitRequests/${aditiRequest.id}`));
      expect(managers.canDecide).toBe(true);
      expect(data<ExitRequest>(await as(admin)('GET', `/ExitRequests/${aditiRequest.id}`)).canDecide).toBe(true);
      const stranger = await as(otherManager)('GET', `/ExitRequests/${aditiRequest.id}`);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().message).toBe(MSG.notAllowedToView);
      expect((await as(other)('GET', `/ExitRequests/${aditiRequest.id}`)).statusCode).toBe(404);
      const team = (who: SessionUser, q = '') => as(who)('GET', `/ExitRequests/team${q}`).then((r) => data<ExitRequest[]>(r).map((x) => x.employeeName));
      expect(await team(manager)).toContain('Aditi Agarwal');
      expect(await team(otherManager)).not.toContain('Aditi Agarwal');
      expect(await team(member)).toEqual([]);
      expect(await team(admin, '?status=pending')).toContain('Aditi Agarwal');
      expect(await team(admin, '?status=rejected')).toEqual([]);
      expect(await team(other)).toEqual([]);
      const bad = await as(admin)('GET', '/ExitRequests/team?status=open');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(`status: ${MSG.invalidStatus}`);
    });

    it('lets only the manager of the employee, administrators and moderators decide, never the employee', async () => {
      const approve = (who: SessionUser, body: unknown = { lastWorkingDay: '2026-11-30' }) => as(who)('POST', `/ExitRequests/${aditiRequest.id}/approve`, body);
      const own = await approve(member);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(MSG.ownRequest);
      const stranger = await approve(otherManager);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().message).toBe(MSG.notAllowedToDecide);
      const rejectStranger = await as(otherManager)('POST', `/ExitRequests/${aditiRequest.id}/reject`, { reason: 'No' });
      expect(rejectStranger.statusCode).toBe(403);
      expect((await approve(other)).statusCode).toBe(404);
      const cases: [unknown, string][] = [
        [{}, `lastWorkingDay: ${MSG.lastWorkingDayRequired}`],
        [{ lastWorkingDay: '30/11/2026' }, `lastWorkingDay: ${MSG.dateInvalid}`],
        [{ lastWorkingDay: '2026-10-04' }, `lastWorkingDay: ${MSG.lastDayBeforeResignation}`],
        [{ lastWorkingDay: '2026-11-30', remarks: 'r'.repeat(501) }, `remarks: ${MSG.remarksTooLong}`],
      ];
      for (const [body, message] of cases) {
        const res = await approve(manager, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await rows<{ status: string }>(sql`SELECT status FROM exit_requests WHERE id = ${aditiRequest.id}`))[0]?.status).toBe('pending');
    });

    it('approves with a last working day and tells the employee; it then waits for its settlement', async () => {
      const res = await as(manager)('POST', `/ExitRequests/${aditiRequest.id}/approve`, { lastWorkingDay: '2026-11-30', remarks: 'Thank you' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.approved);
      expect(data<ExitRequest>(res)).toMatchObject({ status: 'approved', lastWorkingDay: '2026-11-30', decidedByName: 'Rahul Sharma', decisionRemarks: 'Thank you', canDecide: false });
      const mine = data<ExitRequest[]>(await as(member)('GET', '/ExitRequests/mine'));
      expect(mine.map((x) => [x.status, x.lastWorkingDay])).toEqual([['approved', '2026-11-30']]);
      const bell = data<NotificationItem[]>(await as(member)('GET', '/Notifications?pageNo=1&pageSize=10'));
      expect(bell[0]).toMatchObject({ title: MSG.notifyApprovedTitle, message: MSG.notifyApproved('30 Nov 2026') });
      // Decided: no second decision, no withdrawal.
      const twice = await as(admin)('POST', `/ExitRequests/${aditiRequest.id}/reject`, { reason: 'Late' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(MSG.notPending);
      const withdraw = await as(member)('POST', `/ExitRequests/${aditiRequest.id}/withdraw`);
      expect(withdraw.statusCode).toBe(409);
      expect(withdraw.json().message).toBe(MSG.notPending);
      // The payroll's Exit page lists it for its full and final settlement (payroll admins only).
      const awaiting = data<ExitRequest[]>(await as(admin)('GET', '/ExitRequests/awaiting-settlement'));
      expect(awaiting.find((x) => x.id === aditiRequest.id)).toMatchObject({ lastWorkingDay: '2026-11-30', resignationDate: '2026-10-05', noticePeriodDays: 60 });
      expect((await as(member)('GET', '/ExitRequests/awaiting-settlement')).statusCode).toBe(403);
      expect(data<ExitRequest[]>(await as(other)('GET', '/ExitRequests/awaiting-settlement'))).toEqual([]);
    });

    it('rejects with a reason (the demo’s pending resignation reporting to the manager)', async () => {
      const [pending] = data<ExitRequest[]>(await as(manager)('GET', '/ExitRequests/team?status=pending'));
      if (!pending) throw new Error('no pending demo request');
      const missing = await as(manager)('POST', `/ExitRequests/${pending.id}/reject`, { reason: ' ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(`reason: ${MSG.rejectReasonRequired}`);
      expect((await as(other)('POST', `/ExitRequests/${pending.id}/reject`, { reason: 'x' })).statusCode).toBe(404);
      const res = await as(manager)('POST', `/ExitRequests/${pending.id}/reject`, { reason: 'Please stay for the release' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.rejected);
      expect(data<ExitRequest>(res)).toMatchObject({ status: 'rejected', decisionRemarks: 'Please stay for the release', lastWorkingDay: null });
    });

    it('lets the employee withdraw while pending (and resign again); administrators decide anyone’s', async () => {
      const first = data<ExitRequest>(await as(moderator)('POST', '/ExitRequests', { reason: 'Career break', lastWorkingDay: '2026-10-30' }));
      expect(first.requestedLastWorkingDay).toBe('2026-10-30');
      const notYours = await as(admin)('POST', `/ExitRequests/${first.id}/withdraw`);
      expect(notYours.statusCode).toBe(403);
      expect(notYours.json().message).toBe(MSG.notYours);
      // A minute later: the two notifications must not share a timestamp, or their order is the ids'.
      t.clock.set(new Date('2026-10-05T06:01:00Z'));
      const withdrawn = await as(moderator)('POST', `/ExitRequests/${first.id}/withdraw`);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json().message).toBe(MSG.withdrawn);
      expect(data<ExitRequest>(withdrawn).status).toBe('withdrawn');
      const titles = data<NotificationItem[]>(await as(admin)('GET', '/Notifications?pageNo=1&pageSize=10')).map((n) => n.title);
      expect(titles.slice(0, 2)).toEqual([MSG.notifyWithdrawnTitle, MSG.notifySubmittedTitle]);
      const second = data<ExitRequest>(await as(moderator)('POST', '/ExitRequests', { reason: 'Career break' }));
      const approved = await as(admin)('POST', `/ExitRequests/${second.id}/approve`, { lastWorkingDay: '2026-10-09' });
      expect(approved.statusCode, approved.body).toBe(200);
    });

    it('relieves approved exits by the daily schedule once the last working day has passed', async () => {
      const relieve = async (when: string) => {
        t.clock.set(new Date(when));
        await t.globalScope((scope) => t.app.services.exitRequests.scheduleRelief(scope, t.clock.now()));
        await t.drainJobs();
      };
      // Read from the database: the sessions of 5 October have expired by the clock of these days.
      const statusOf = async (name: string) =>
        (await rows<{ status: string }>(sql`SELECT e.status FROM exit_requests e JOIN users u ON u.id = e.user_id WHERE u.first_name || ' ' || u.last_name = ${name} ORDER BY e.status`)).map((r) => r.status);
      // Fri 9 Oct, 06:00 IST: Vikram's last working day is today: not yet.
      await relieve('2026-10-09T00:30:00Z');
      expect(await statusOf('Vikram Nair')).toEqual(['approved', 'withdrawn']);
      // Sat 10 Oct: relieved; Aditi (30 Nov) not yet.
      await relieve('2026-10-10T00:30:00Z');
      expect(await statusOf('Vikram Nair')).toEqual(['relieved', 'withdrawn']);
      expect(await statusOf('Aditi Agarwal')).toEqual(['approved']);
      expect(await rows<{ message: string }>(sql`SELECT message FROM notifications WHERE user_id = ${moderator.id} AND title = ${MSG.notifyRelievedTitle}`)).toEqual([{ message: MSG.notifyRelieved('09 Oct 2026') }]);
      // Again the same day: nothing more.
      await relieve('2026-10-10T00:45:00Z');
      expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${moderator.id} AND title = ${MSG.notifyRelievedTitle}`))[0]?.n).toBe(1);
      t.clock.set(new Date('2026-10-05T06:00:00Z'));
      // Sessions used at the later clock are not taken back to 5 October: sign in again.
      [admin, moderator, manager, member, other] = await Promise.all([
        t.login(DEMO_LOGINS.administrator),
        t.login(DEMO_LOGINS.moderator),
        t.login(DEMO_LOGINS.manager),
        t.login(DEMO_LOGINS.member),
        t.login('owner@kaveri.example.in', 'Kaveri@12345'),
      ]);
    });

    it('leaves another organisation’s requests alone', async () => {
      const before = await rows<{ id: string; status: string }>(sql`SELECT id, status FROM exit_requests WHERE tenant_id = ${admin.tenantId} ORDER BY id`);
      for (const [method, url] of [
        ['POST', `/ExitRequests/${aditiRequest.id}/withdraw`],
        ['POST', `/ExitRequests/${aditiRequest.id}/approve`],
        ['POST', `/ExitRequests/${aditiRequest.id}/reject`],
      ] as const) {
        const res = await as(other)(method, url, url.endsWith('approve') ? { lastWorkingDay: '2026-12-01' } : url.endsWith('reject') ? { reason: 'x' } : undefined);
        expect(res.statusCode, url).toBe(404);
      }
      expect(await rows<{ id: string; status: string }>(sql`SELECT id, status FROM exit_requests WHERE tenant_id = ${admin.tenantId} ORDER BY id`)).toEqual(before);
    });
  });
});
