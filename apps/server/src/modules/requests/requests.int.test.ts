import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, REQUEST_MSG, Role, type RequestRow, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import type { RequestContext } from '../../platform/tenancy';
import type { Enqueue } from '../../platform/jobs/jobs';

/**
 * Regularization requests over HTTP (people spec §2.3, §4, §5, §6, §7; platform §3.1; DESIGN §5).
 * "Today" is Wednesday 18 March 2026 in Asia/Kolkata (the clock is 11:30 IST).
 */
const NOW = new Date('2026-03-18T06:00:00Z');
const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';

const body = (fields: { startDate?: string | null; endDate?: string | null; startTime?: string | null; endTime?: string | null }, reason: string | null = 'Forgot to check in') => ({
  requestType: 2,
  reason,
  additionalData: { attendanceRegularization: fields },
});
const day = (date: string, startTime = '09:30', endTime = '18:30') => body({ startDate: date, endDate: date, startTime, endTime });

describe.each(BACKENDS)('regularization requests over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let rahul: SessionUser;
  let aditi: SessionUser;
  /** Two more of Rahul's direct reportees, and a salesperson (Priya's). */
  let bina: SessionUser;
  let chetan: SessionUser;
  let seller: SessionUser;
  let other: SessionUser;
  let seededCount = 0;
  let seededCompletedDays: { status: string; logs: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    rahul = await t.login(DEMO_LOGINS.manager);
    aditi = await t.login(DEMO_LOGINS.member);
    const engineers = await queryRows<{ email: string }>(t.database.db, sql`
      SELECT u.email FROM users u JOIN users m ON m.id = u.reporting_manager_id
       WHERE m.email = ${DEMO_LOGINS.manager} AND u.email <> ${DEMO_LOGINS.member} ORDER BY u.employee_number LIMIT 2`);
    const [salesRow] = await queryRows<{ email: string }>(t.database.db, sql`
      SELECT u.email FROM users u JOIN users m ON m.id = u.reporting_manager_id WHERE m.email = 'priya.iyer@nilgiri.demo' ORDER BY u.employee_number LIMIT 1`);
    bina = await t.login(engineers[0]?.email ?? '', DEMO_PASSWORD);
    chetan = await t.login(engineers[1]?.email ?? '', DEMO_PASSWORD);
    seller = await t.login(salesRow?.email ?? '', DEMO_PASSWORD);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const [seeded] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM requests WHERE tenant_id = ${admin.tenantId}`);
    seededCount = seeded?.n ?? 0;
    seededCompletedDays = await queryRows<{ status: string; logs: number }>(t.database.db, sql`
      SELECT a.status, (SELECT count(*)::int FROM time_logs l WHERE l.user_id = r.user_id AND l.work_date = a.work_date) AS logs
        FROM requests r
        JOIN attendance_days a ON a.user_id = r.user_id AND a.work_date = (r.additional_data #>> '{attendanceRegularization,startDate}')::date
       WHERE r.tenant_id = ${admin.tenantId} AND r.status = 1`);
    // Every test below starts from an organisation without requests.
    await t.database.db.execute(sql`DELETE FROM requests WHERE tenant_id = ${admin.tenantId}`);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: unknown, token = aditi.token) => t.call('POST', '/Requests', { token, body: payload });
  const createOk = async (payload: unknown, token = aditi.token): Promise<RequestRow> => {
    t.clock.advance(1000);
    const res = await create(payload, token);
    if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
    return res.json().data as RequestRow;
  };
  const list = (query: string, token: string) => t.call('GET', `/Requests${query}`, { token });
  const listOk = async (query: string, token: string) => {
    const res = await list(query, token);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
    return res.json() as { data: RequestRow[]; totalRecords: number };
  };
  const setStatus = (id: string, status: number, token: string, remarks?: string) =>
    t.call('PUT', `/Requests/${id}/status`, { token, body: { status, requestType: 2, ...(remarks === undefined ? {} : { remarks }) } });
  const logsOf = (userId: string, from: string, to: string) =>
    queryRows<{ work_date: string; check_in: string; check_out: string | null; source: string; approval_status: number }>(t.database.db, sql`
      SELECT to_char(work_date, 'YYYY-MM-DD') AS work_date,
             to_char(check_in AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS check_in,
             to_char(check_out AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS check_out,
             source, approval_status::int AS approval_status
        FROM time_logs WHERE user_id = ${userId} AND work_date BETWEEN ${from}::date AND ${to}::date ORDER BY work_date, check_in`);
  const clearRequests = () => t.database.db.execute(sql`DELETE FROM requests WHERE tenant_id = ${admin.tenantId}`);

  it('the demo seed has open requests from members to their managers, one completed and one rejected', () => {
    // demo-requests.ts: four Opened, one Completed, one Rejected.
    expect(seededCount).toBe(6);
    // The completed one's day has its one regularized pair and was recomputed as worked (10:00 to 19:00).
    expect(seededCompletedDays).toHaveLength(1);
    expect(seededCompletedDays[0]?.logs).toBe(1);
    expect(['Present', 'PresentButLate']).toContain(seededCompletedDays[0]?.status);
  });

  describe('POST /Requests', () => {
    it('creates an Opened regularization for the signed-in user with the times padded to HH:mm:ss', async () => {
      const res = await create(day('2026-03-16'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ statusCode: 200, message: REQUEST_MSG.submitted });
      expect(res.json().data).toMatchObject({
        employeeId: aditi.id,
        employeeName: 'Aditi Agarwal',
        requestType: 2,
        status: 5,
        reason: 'Forgot to check in',
        startDate: '2026-03-16',
        endDate: '2026-03-16',
        startTime: '09:30:00',
        endTime: '18:30:00',
        decidedByName: null,
        remarks: null,
      });
      await clearRequests();
    });

    it('trims the reason and allows today', async () => {
      const row = await createOk({ ...day('2026-03-18'), reason: '  Gate swipe only  ' });
      expect(row.reason).toBe('Gate swipe only');
      await clearRequests();
    });

    it.each([
      ['a blank reason', { ...day('2026-03-16'), reason: '   ' }],
      ['no reason', { ...day('2026-03-16'), reason: null }],
      ['no start date', body({ endDate: '2026-03-16', startTime: '09:30', endTime: '18:30' })],
      ['no end date', body({ startDate: '2026-03-16', startTime: '09:30', endTime: '18:30' })],
      ['no start time', body({ startDate: '2026-03-16', endDate: '2026-03-16', startTime: '', endTime: '18:30' })],
      ['no end time', body({ startDate: '2026-03-16', endDate: '2026-03-16', startTime: '09:30' })],
      ['no additional data', { requestType: 2, reason: 'x' }],
    ])("refuses %s with 'Please fill in all required fields'", async (_label, payload) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all required fields');
    });

    it("refuses a start date after today with 'Cannot regularize attendance for future dates'", async () => {
      const res = await create(body({ startDate: '2026-03-19', endDate: '2026-03-19', startTime: '09:30', endTime: '18:30' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Cannot regularize attendance for future dates', errors: { startDate: 'Cannot regularize attendance for future dates' } });
      const endLater = await create(body({ startDate: '2026-03-17', endDate: '2026-03-19', startTime: '09:30', endTime: '18:30' }));
      expect(endLater.json().message).toBe('Cannot regularize attendance for future dates');
    });

    it('allows future dates when the attendance settings enable future-date regularization', async () => {
      await t.database.db.execute(sql`
        INSERT INTO attendance_settings (tenant_id, settings) VALUES (${admin.tenantId}, '{"isFutureDateRegularizationEnabled": true}'::jsonb)
        ON CONFLICT (tenant_id) DO UPDATE SET settings = attendance_settings.settings || '{"isFutureDateRegularizationEnabled": true}'::jsonb`);
      const res = await create(day('2026-03-20'));
      await t.database.db.execute(sql`
        UPDATE attendance_settings SET settings = settings || '{"isFutureDateRegularizationEnabled": false}'::jsonb WHERE tenant_id = ${admin.tenantId}`);
      expect(res.statusCode).toBe(200);
      await clearRequests();
    });

    it.each([
      ['an end date before the start date', body({ startDate: '2026-03-16', endDate: '2026-03-13', startTime: '09:30', endTime: '18:30' }), REQUEST_MSG.endBeforeStart],
      ['more than 31 days', body({ startDate: '2026-02-01', endDate: '2026-03-04', startTime: '09:30', endTime: '18:30' }), 'A regularization request can cover at most 31 days'],
      ['equal start and end times', day('2026-03-16', '09:30', '09:30:00'), 'End time must be different from start time'],
      ['a date that does not exist', day('2026-02-30'), 'Please enter a valid date'],
      ['a time that does not exist', day('2026-03-16', '25:00', '18:00'), 'Please enter a valid time'],
    ])('refuses %s', async (_label, payload, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('accepts exactly 31 days and a night range crossing midnight', async () => {
      await createOk(body({ startDate: '2026-01-01', endDate: '2026-01-31', startTime: '09:30', endTime: '18:30' }));
      const night = await createOk(day('2026-03-02', '22:00', '06:00'));
      expect([night.startTime, night.endTime]).toEqual(['22:00:00', '06:00:00']);
      await clearRequests();
    });

    it('refuses another type than attendance regularization', async () => {
      const res = await create({ ...day('2026-03-16'), requestType: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(REQUEST_MSG.onlyRegularization);
    });

    it('refuses a second opened request over the same dates, and allows it once the first is cancelled', async () => {
      const first = await createOk(body({ startDate: '2026-03-09', endDate: '2026-03-11', startTime: '09:30', endTime: '18:30' }));
      const clash = await create(day('2026-03-11'));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(REQUEST_MSG.overlapping);
      expect((await setStatus(first.id, 4, aditi.token)).statusCode).toBe(200);
      expect((await create(day('2026-03-11'))).statusCode).toBe(200);
      await clearRequests();
    });

    it('refuses a date before the date of joining', async () => {
      await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2026-03-10' WHERE id = ${chetan.id}`);
      const res = await create(day('2026-03-09'), chetan.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REQUEST_MSG.beforeJoining);
      expect((await create(day('2026-03-10'), chetan.token)).statusCode).toBe(200);
      await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2022-01-10' WHERE id = ${chetan.id}`);
      await clearRequests();
    });

    it('writes nothing on a refused request', async () => {
      await create(day('2026-03-19'));
      await create({ ...day('2026-03-16'), reason: ' ' });
      expect((await listOk('?onlyMyRequests=true', aditi.token)).totalRecords).toBe(0);
    });
  });

  describe('GET /Requests', () => {
    it('pages the own list 8 at a time, newest first, with the status filter', async () => {
      const made: RequestRow[] = [];
      for (let d = 1; d <= 9; d += 1) made.push(await createOk(day(`2026-02-${String(d).padStart(2, '0')}`)));
      const first = await listOk('?pageNumber=1&pageSize=8&requestType=2&onlyMyRequests=true', aditi.token);
      expect(first.totalRecords).toBe(9);
      expect(first.data.map((r) => r.startDate)).toEqual(['2026-02-09', '2026-02-08', '2026-02-07', '2026-02-06', '2026-02-05', '2026-02-04', '2026-02-03', '2026-02-02']);
      const second = await listOk('?pageNumber=2&pageSize=8&requestType=2&onlyMyRequests=true', aditi.token);
      expect(second.data.map((r) => r.startDate)).toEqual(['2026-02-01']);
      // Without pageSize the page is the spec's 8.
      expect((await listOk('', aditi.token)).data).toHaveLength(8);

      const cancelled = made[0];
      if (!cancelled) throw new Error('no request');
      await setStatus(cancelled.id, 4, aditi.token);
      const opened = await listOk('?status=5', aditi.token);
      expect(opened.totalRecords).toBe(8);
      const onlyCancelled = await listOk('?status=4', aditi.token);
      expect(onlyCancelled.data.map((r) => [r.id, r.status])).toEqual([[cancelled.id, 4]]);
      expect((await listOk('?status=0', aditi.token)).totalRecords).toBe(9);
      expect((await listOk('?status=1', aditi.token)).totalRecords).toBe(0);
      await clearRequests();
    });

    it('refuses a bad query with a message naming the field', async () => {
      expect((await list('?pageSize=0', aditi.token)).json().message).toContain('pageSize');
      expect((await list('?status=3', aditi.token)).json().message).toContain('status');
      expect((await list('?reportingFilterType=4', aditi.token)).statusCode).toBe(400);
      expect((await list('?requestType=1', aditi.token)).statusCode).toBe(400);
    });

    describe('scoping', () => {
      let ids: Record<'aditi' | 'bina' | 'chetan' | 'seller' | 'rahul' | 'vikram', string>;

      beforeAll(async () => {
        await clearRequests();
        // Chetan reports to Aditi for these tests, so Rahul's tree has two levels.
        await t.database.db.execute(sql`UPDATE users SET reporting_manager_id = ${aditi.id} WHERE id = ${chetan.id}`);
        ids = {
          aditi: (await createOk(day('2026-03-16'), aditi.token)).id,
          bina: (await createOk(day('2026-03-16'), bina.token)).id,
          chetan: (await createOk(day('2026-03-16'), chetan.token)).id,
          seller: (await createOk(day('2026-03-16'), seller.token)).id,
          rahul: (await createOk(day('2026-03-16'), rahul.token)).id,
          vikram: (await createOk(day('2026-03-16'), moderator.token)).id,
        };
      });
      afterAll(async () => {
        await t.database.db.execute(sql`UPDATE users SET reporting_manager_id = ${rahul.id} WHERE id = ${chetan.id}`);
        await clearRequests();
      });

      const idsOf = async (query: string, token: string) => (await listOk(query, token)).data.map((r) => r.id).sort();

      it('a member sees only their own requests', async () => {
        expect(await idsOf('?onlyMyRequests=true', bina.token)).toEqual([ids.bina]);
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=1', bina.token)).toEqual([]);
      });

      it('a manager sees direct reportees with 1 and the whole tree below with 2, never their own', async () => {
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=1', rahul.token)).toEqual([ids.aditi, ids.bina].sort());
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=2', rahul.token)).toEqual([ids.aditi, ids.bina, ids.chetan].sort());
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=1', aditi.token)).toEqual([ids.chetan]);
        // Anita manages Rahul, Priya, Arjun and Vikram directly.
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=1', admin.token)).toEqual([ids.rahul, ids.vikram].sort());
      });

      it('all employees (3) is for administrators and moderators only', async () => {
        const everyone = Object.values(ids).sort();
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=3', admin.token)).toEqual(everyone);
        expect(await idsOf('?onlyMyRequests=false&reportingFilterType=3', moderator.token)).toEqual(everyone.filter((id) => id !== ids.vikram));
        const res = await list('?onlyMyRequests=false&reportingFilterType=3', rahul.token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(REQUEST_MSG.allScopeAdminsOnly);
      });

      it('without reportingFilterType, administrators and moderators see every employee’s, others their direct reportees’', async () => {
        const everyone = Object.values(ids).sort();
        expect(await idsOf('?onlyMyRequests=false', admin.token)).toEqual(everyone);
        expect(await idsOf('?onlyMyRequests=false', moderator.token)).toEqual(everyone.filter((id) => id !== ids.vikram));
        expect(await idsOf('?onlyMyRequests=false', rahul.token)).toEqual([ids.aditi, ids.bina].sort());
        expect(await idsOf('?onlyMyRequests=false', bina.token)).toEqual([]);
      });

      it('rows carry the employee name', async () => {
        const rows = (await listOk('?onlyMyRequests=false&reportingFilterType=1', rahul.token)).data;
        expect(rows.find((r) => r.id === ids.aditi)?.employeeName).toBe('Aditi Agarwal');
      });
    });
  });

  describe('PUT /Requests/{id}/status', () => {
    it('the requester cancels their own Opened request, once; nobody else cancels it', async () => {
      const row = await createOk(day('2026-03-16'));
      const byManager = await setStatus(row.id, 4, rahul.token);
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json().message).toBe(REQUEST_MSG.cancelOwnOnly);
      const res = await setStatus(row.id, 4, aditi.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: REQUEST_MSG.cancelled, data: { status: 4, decidedByName: null } });
      const again = await setStatus(row.id, 4, aditi.token);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(REQUEST_MSG.notOpened);
      expect((await setStatus(row.id, 1, rahul.token)).statusCode).toBe(400);
      await clearRequests();
    });

    it('nobody decides their own request, administrators included; a fellow member cannot decide', async () => {
      const own = await createOk(day('2026-03-16'));
      const self = await setStatus(own.id, 1, aditi.token);
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(REQUEST_MSG.decideOwn);
      const peer = await setStatus(own.id, 1, bina.token);
      expect(peer.statusCode).toBe(403);
      expect(peer.json().message).toBe(REQUEST_MSG.notYourReportee);
      const otherManager = await t.login('priya.iyer@nilgiri.demo');
      expect((await setStatus(own.id, 6, otherManager.token)).statusCode).toBe(403);
      const adminOwn = await createOk(day('2026-03-16'), admin.token);
      expect((await setStatus(adminOwn.id, 1, admin.token)).json().message).toBe(REQUEST_MSG.decideOwn);
      expect((await setStatus(adminOwn.id, 1, moderator.token)).statusCode).toBe(200);
      await clearRequests();
    });

    it('completing writes one approved pair per date in the tenant zone, replacing the day’s logs', async () => {
      // Start from known logs: the demo's are replaced by two on the 16th and one on the 17th.
      await t.database.db.execute(sql`DELETE FROM time_logs WHERE user_id = ${aditi.id} AND work_date BETWEEN '2026-03-15' AND '2026-03-17'`);
      await t.database.db.execute(sql`
        INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
        VALUES (${admin.tenantId}, ${aditi.id}, '2026-03-16', '2026-03-16T05:45:00Z', '2026-03-16T07:00:00Z', 'web', 2),
               (${admin.tenantId}, ${aditi.id}, '2026-03-16', '2026-03-16T08:00:00Z', NULL, 'web', 2),
               (${admin.tenantId}, ${aditi.id}, '2026-03-17', '2026-03-17T04:00:00Z', '2026-03-17T13:00:00Z', 'web', 2)`);
      const row = await createOk(day('2026-03-16', '09:30', '18:30'));
      const res = await setStatus(row.id, 1, rahul.token, 'Checked with the gate register');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: REQUEST_MSG.approved, data: { status: 1, decidedByName: 'Rahul Sharma', remarks: 'Checked with the gate register' } });
      // 09:30 and 18:30 IST are 04:00 and 13:00 UTC; the 17th is untouched.
      expect(await logsOf(aditi.id, '2026-03-15', '2026-03-17')).toEqual([
        { work_date: '2026-03-16', check_in: '2026-03-16T04:00Z', check_out: '2026-03-16T13:00Z', source: 'regularization', approval_status: 2 },
        { work_date: '2026-03-17', check_in: '2026-03-17T04:00Z', check_out: '2026-03-17T13:00Z', source: 'web', approval_status: 2 },
      ]);
      // The attendance module recomputed the day from the new pair (9 hours, in before the shift starts).
      const [computed] = await queryRows<{ status: string }>(t.database.db, sql`SELECT status FROM attendance_days WHERE user_id = ${aditi.id} AND work_date = '2026-03-16'`);
      expect(['Present', 'PresentButLate']).toContain(computed?.status);
      const again = await setStatus(row.id, 6, rahul.token);
      expect(again.statusCode).toBe(400);
      await clearRequests();
    });

    it('a night range crossing midnight belongs to its start date and ends the next morning', async () => {
      const row = await createOk(body({ startDate: '2026-03-12', endDate: '2026-03-13', startTime: '22:00', endTime: '06:00' }), bina.token);
      expect((await setStatus(row.id, 1, admin.token)).statusCode).toBe(200);
      // 22:00 IST is 16:30 UTC; 06:00 IST the next day is 00:30 UTC.
      expect((await logsOf(bina.id, '2026-03-12', '2026-03-13')).map((l) => [l.work_date, l.check_in, l.check_out])).toEqual([
        ['2026-03-12', '2026-03-12T16:30Z', '2026-03-13T00:30Z'],
        ['2026-03-13', '2026-03-13T16:30Z', '2026-03-14T00:30Z'],
      ]);
      await clearRequests();
    });

    it('a manager above the direct manager may decide too', async () => {
      const row = await createOk(day('2026-03-05'), bina.token);
      // Anita is Rahul's manager.
      await t.database.db.execute(sql`UPDATE users SET role_id = ${Role.Member} WHERE id = ${admin.id}`);
      const anitaAsMember = await t.login(DEMO_LOGINS.administrator);
      const res = await setStatus(row.id, 6, anitaAsMember.token);
      await t.database.db.execute(sql`UPDATE users SET role_id = ${Role.Administrator} WHERE id = ${admin.id}`);
      expect(res.statusCode).toBe(200);
      await clearRequests();
    });

    it('rejecting keeps the remarks and writes no logs', async () => {
      const row = await createOk(day('2026-03-04'));
      const before = await logsOf(aditi.id, '2026-03-04', '2026-03-04');
      const res = await setStatus(row.id, 6, moderator.token, 'No record at the gate');
      expect(res.json()).toMatchObject({ message: REQUEST_MSG.rejected, data: { status: 6, decidedByName: 'Vikram Nair', remarks: 'No record at the gate' } });
      expect(await logsOf(aditi.id, '2026-03-04', '2026-03-04')).toEqual(before);
      expect(before.some((l) => l.source === 'regularization')).toBe(false);
      await clearRequests();
    });

    it('refuses another status, a mismatched type, an unknown id and a malformed id', async () => {
      const row = await createOk(day('2026-03-03'));
      expect((await setStatus(row.id, 5, rahul.token)).statusCode).toBe(400);
      expect((await setStatus(row.id, 2, rahul.token)).statusCode).toBe(400);
      const mismatched = await t.call('PUT', `/Requests/${row.id}/status`, { token: rahul.token, body: { status: 1, requestType: 1 } });
      expect(mismatched.statusCode).toBe(400);
      expect((await setStatus(MISSING_ID, 1, rahul.token)).statusCode).toBe(404);
      expect((await setStatus('not-a-uuid', 1, rahul.token)).statusCode).toBe(400);
      await clearRequests();
    });
  });

  describe('recompute after commit', () => {
    it('enqueues the recompute of the employee’s dates in the same unit of work as the logs', async () => {
      const row = await createOk(body({ startDate: '2026-03-09', endDate: '2026-03-10', startTime: '10:00', endTime: '19:00' }));
      const enqueued: { name: string; data: unknown }[] = [];
      const ctx: RequestContext = {
        tenantId: rahul.tenantId,
        userId: rahul.id,
        accountId: rahul.id,
        sessionId: 'test',
        roleId: Role.Member,
        planFeatures: [],
        features: [],
        hasActiveSubscription: true,
        timeZone: 'Asia/Kolkata',
      };
      await t.tenantScope(rahul.tenantId, async (scope) => {
        const enqueue: Enqueue = (name, data, options) => {
          enqueued.push({ name, data });
          scope.enqueue(name, data, options);
        };
        await t.app.services.request.updateStatus({ ...scope, ctx, enqueue }, row.id, { status: 1, requestType: 2 });
      });
      // A fact of the employee: recomputed in a finalized month too.
      expect(enqueued).toEqual([{ name: 'attendance.recompute', data: { userIds: [aditi.id], from: '2026-03-09', to: '2026-03-10', facts: true } }]);
      // The job ran after the commit (the harness drained it): the logs it reads are there.
      expect(await logsOf(aditi.id, '2026-03-09', '2026-03-10')).toHaveLength(2);
      await clearRequests();
    });
  });

  describe('tenancy and plan', () => {
    it("another organisation's request is not found and never listed", async () => {
      const row = await createOk(day('2026-03-02'));
      const res = await setStatus(row.id, 6, other.token);
      expect(res.statusCode).toBe(404);
      expect((await listOk('?onlyMyRequests=false&reportingFilterType=3', other.token)).totalRecords).toBe(0);
      const [still] = await queryRows<{ status: number }>(t.database.db, sql`SELECT status::int AS status FROM requests WHERE id = ${row.id}`);
      expect(still?.status).toBe(5);
      await clearRequests();
    });

    it('an organisation whose plan lacks AttendanceRequests gets the feature message on every call', async () => {
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'standard'), is_trial = false WHERE tenant_id = ${other.tenantId}`);
      const calls = [
        await t.call('POST', '/Requests', { token: other.token, body: day('2026-03-16') }),
        await t.call('GET', '/Requests', { token: other.token }),
        await t.call('PUT', `/Requests/${MISSING_ID}/status`, { token: other.token, body: { status: 1, requestType: 2 } }),
      ];
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'trial'), is_trial = true WHERE tenant_id = ${other.tenantId}`);
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ errorCode: 'FEATURE_ACCESS_DENIED', message: MSG.featureNotAllowed });
      }
    });

    it('needs a session', async () => {
      expect((await t.call('GET', '/Requests')).statusCode).toBe(401);
    });
  });
});
