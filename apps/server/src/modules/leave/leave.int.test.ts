import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEAVE_MSG, type Holiday, type LeaveBalanceRow, type LeaveRequest, type LeaveType, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';
/** Wednesday 10 June 2026, 10:00 in Bengaluru. */
const NOW = new Date('2026-06-10T04:30:00Z');

describe.each(BACKENDS)('leave and holidays over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const types = new Map<string, LeaveType>();

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    // A known joining date for the member, so the Earned Leave accrual below can be worked by hand.
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2025-03-15' WHERE email = ${DEMO_LOGINS.member}`);
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const res = await t.call('GET', '/LeaveTypes', { token: member.token });
    for (const lt of res.json().data as LeaveType[]) types.set(lt.code, lt);
  });
  afterAll(async () => {
    await t.close();
  });

  const type = (code: string): LeaveType => {
    const lt = types.get(code);
    if (!lt) throw new Error(`leave type ${code} missing`);
    return lt;
  };
  const apply = (body: Record<string, unknown>, token = member.token) => t.call('POST', '/Leaves', { token, body });
  const applyOk = async (body: Record<string, unknown>, token = member.token): Promise<LeaveRequest> => {
    const res = await apply(body, token);
    if (res.statusCode !== 201) throw new Error(`apply failed: ${res.body}`);
    return res.json().data as LeaveRequest;
  };
  const setStatus = (id: string, status: number, token: string, remarks?: string) => t.call('PUT', `/Leaves/${id}/status`, { token, body: { status, ...(remarks ? { remarks } : {}) } });
  const balance = async (code: string, token = member.token, query = ''): Promise<LeaveBalanceRow> => {
    const res = await t.call('GET', `/Leaves/balances${query}`, { token });
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as LeaveBalanceRow[]).find((b) => b.code === code);
    if (!row) throw new Error(`no ${code} balance`);
    return row;
  };

  describe('leave types', () => {
    it('gives every organisation the default types: CL 12, SL 12, EL 15 monthly with carry forward 30, LOP unpaid', async () => {
      for (const token of [member.token, other.token]) {
        const res = await t.call('GET', '/LeaveTypes', { token });
        expect(res.statusCode).toBe(200);
        const rows = res.json().data as LeaveType[];
        expect(rows.map((r) => [r.code, r.name, r.isPaid, r.yearlyQuota, r.accruesMonthly, r.carryForward, r.maxCarryForward])).toEqual([
          ['CL', 'Casual Leave', true, 12, false, false, 0],
          ['EL', 'Earned Leave', true, 15, true, true, 30],
          ['SL', 'Sick Leave', true, 12, false, false, 0],
          ['LOP', 'Loss of Pay', false, 0, false, false, 0],
        ]);
      }
    });

    it('creates, updates, deactivates and deletes a type (administrator and moderator)', async () => {
      const created = await t.call('POST', '/LeaveTypes', { token: admin.token, body: { name: 'Paternity Leave', code: 'ptl', isPaid: true, yearlyQuota: 5, color: 'violet' } });
      expect(created.statusCode).toBe(201);
      const lt = created.json().data as LeaveType;
      expect(lt).toMatchObject({ name: 'Paternity Leave', code: 'PTL', yearlyQuota: 5, isActive: true, color: 'violet', requestCount: 0 });
      expect(created.json().message).toBe(LEAVE_MSG.typeCreated);

      const updated = await t.call('PUT', `/LeaveTypes/${lt.id}`, { token: moderator.token, body: { name: 'Paternity Leave', code: 'PTL', yearlyQuota: 7.5, isActive: false, color: 'violet' } });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).toMatchObject({ yearlyQuota: 7.5, isActive: false });

      // Inactive: hidden from members, listed for administrators who ask.
      const forMember = (await t.call('GET', '/LeaveTypes?includeInactive=true', { token: member.token })).json().data as LeaveType[];
      expect(forMember.some((r) => r.id === lt.id)).toBe(false);
      const forAdmin = (await t.call('GET', '/LeaveTypes?includeInactive=true', { token: admin.token })).json().data as LeaveType[];
      expect(forAdmin.some((r) => r.id === lt.id)).toBe(true);

      const deleted = await t.call('DELETE', `/LeaveTypes/${lt.id}`, { token: admin.token });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().message).toBe(LEAVE_MSG.typeDeleted);
      expect((await t.call('DELETE', `/LeaveTypes/${lt.id}`, { token: admin.token })).statusCode).toBe(404);
    });

    it('makes an unpaid type unlimited: quota, accrual and carry forward are dropped', async () => {
      const res = await t.call('POST', '/LeaveTypes', { token: admin.token, body: { name: 'Sabbatical', code: 'SAB', isPaid: false, yearlyQuota: 30, accruesMonthly: true, carryForward: true, maxCarryForward: 10 } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ isPaid: false, yearlyQuota: 0, accruesMonthly: false, carryForward: false, maxCarryForward: 0 });
    });

    it.each([
      [{ code: 'X1', yearlyQuota: 1 }, 'name', LEAVE_MSG.typeNameRequired],
      [{ name: 'Comp Off', yearlyQuota: 1 }, 'code', LEAVE_MSG.typeCodeRequired],
      [{ name: 'Comp Off', code: 'C O', yearlyQuota: 1 }, 'code', LEAVE_MSG.typeCodeInvalid],
      [{ name: 'Comp Off', code: 'CO', yearlyQuota: 1.25 }, 'yearlyQuota', LEAVE_MSG.quotaInvalid],
      [{ name: 'Comp Off', code: 'CO', yearlyQuota: 366 }, 'yearlyQuota', LEAVE_MSG.quotaInvalid],
      [{ name: 'Comp Off', code: 'CO', yearlyQuota: -1 }, 'yearlyQuota', LEAVE_MSG.quotaInvalid],
      [{ name: 'Comp Off', code: 'CO', yearlyQuota: 6, carryForward: true }, 'maxCarryForward', LEAVE_MSG.maxCarryForwardRequired],
      [{ name: 'Comp Off', code: 'CO', yearlyQuota: 6, color: 'plaid' }, 'color', LEAVE_MSG.colorInvalid],
    ])('refuses %o: %s "%s"', async (body, field, message) => {
      const res = await t.call('POST', '/LeaveTypes', { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    });

    it('refuses a code or name already used in the organisation (any case), but not one of another organisation', async () => {
      const code = await t.call('POST', '/LeaveTypes', { token: admin.token, body: { name: 'Compensatory Off', code: 'cl', yearlyQuota: 2 } });
      expect(code.statusCode).toBe(409);
      expect(code.json().message).toBe(LEAVE_MSG.typeCodeExists);
      const name = await t.call('POST', '/LeaveTypes', { token: admin.token, body: { name: 'casual leave', code: 'CAS', yearlyQuota: 2 } });
      expect(name.statusCode).toBe(409);
      expect(name.json().message).toBe(LEAVE_MSG.typeNameExists);
      const elsewhere = await t.call('POST', '/LeaveTypes', { token: other.token, body: { name: 'Paternity Leave', code: 'PTL', yearlyQuota: 5 } });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('refuses to delete a type that has requests', async () => {
      const res = await t.call('DELETE', `/LeaveTypes/${type('EL').id}`, { token: admin.token });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LEAVE_MSG.typeInUse);
    });

    it('forbids members every type write', async () => {
      expect((await t.call('POST', '/LeaveTypes', { token: member.token, body: { name: 'Mine', code: 'MINE', yearlyQuota: 1 } })).statusCode).toBe(403);
      expect((await t.call('PUT', `/LeaveTypes/${type('CL').id}`, { token: manager.token, body: { name: 'Casual Leave', code: 'CL', yearlyQuota: 50 } })).statusCode).toBe(403);
      expect((await t.call('DELETE', `/LeaveTypes/${type('CL').id}`, { token: member.token })).statusCode).toBe(403);
    });

    it("answers 404 for another organisation's type", async () => {
      expect((await t.call('PUT', `/LeaveTypes/${type('CL').id}`, { token: other.token, body: { name: 'Casual Leave', code: 'CL', yearlyQuota: 50 } })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/LeaveTypes/${type('SL').id}`, { token: other.token })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/LeaveTypes/${MISSING_ID}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('holidays', () => {
    it("lists the demo's 2026 holidays in date order for every role", async () => {
      const res = await t.call('GET', '/Holidays?year=2026', { token: member.token });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Holiday[];
      expect(rows.find((h) => h.date === '2026-01-26')?.name).toBe('Republic Day');
      expect(rows.find((h) => h.date === '2026-08-15')?.name).toBe('Independence Day');
      expect(rows.find((h) => h.date === '2026-10-02')?.name).toBe('Gandhi Jayanti');
      expect(rows.find((h) => h.date === '2026-12-25')?.name).toBe('Christmas');
      expect(rows.map((h) => h.date)).toEqual([...rows.map((h) => h.date)].sort());
      // The current year by default (the clock says 2026); none in 2030; none for the other organisation.
      expect((await t.call('GET', '/Holidays', { token: member.token })).json().data).toHaveLength(rows.length);
      expect((await t.call('GET', '/Holidays?year=2030', { token: member.token })).json().data).toEqual([]);
      expect((await t.call('GET', '/Holidays?year=2026', { token: other.token })).json().data).toEqual([]);
    });

    it('adds, edits and deletes a holiday; one per date', async () => {
      const created = await t.call('POST', '/Holidays', { token: admin.token, body: { date: '2026-07-17', name: 'Company Day', description: 'Founders day' } });
      expect(created.statusCode).toBe(201);
      const h = created.json().data as Holiday;
      expect(h).toMatchObject({ date: '2026-07-17', name: 'Company Day', description: 'Founders day', isOptional: false });

      const clash = await t.call('POST', '/Holidays', { token: moderator.token, body: { date: '2026-07-17', name: 'Another' } });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(LEAVE_MSG.holidayExists);
      const moveOnto = await t.call('PUT', `/Holidays/${h.id}`, { token: admin.token, body: { date: '2026-01-26', name: 'Company Day' } });
      expect(moveOnto.statusCode).toBe(409);
      expect(moveOnto.json().message).toBe(LEAVE_MSG.holidayExists);

      const moved = await t.call('PUT', `/Holidays/${h.id}`, { token: moderator.token, body: { date: '2026-07-20', name: 'Company Day', isOptional: true } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({ date: '2026-07-20', isOptional: true, description: null });

      expect((await t.call('DELETE', `/Holidays/${h.id}`, { token: admin.token })).statusCode).toBe(200);
      expect((await t.call('DELETE', `/Holidays/${h.id}`, { token: admin.token })).statusCode).toBe(404);
    });

    it.each([
      [{ name: 'No date' }, 'date', LEAVE_MSG.holidayDateRequired],
      [{ date: '2026-02-30', name: 'Bad date' }, 'date', LEAVE_MSG.holidayDateRequired],
      [{ date: '2026-07-21', name: '   ' }, 'name', LEAVE_MSG.holidayNameRequired],
      [{ date: '2026-07-21', name: 'x'.repeat(101) }, 'name', LEAVE_MSG.holidayNameTooLong],
    ])('refuses %o', async (body, field, message) => {
      const res = await t.call('POST', '/Holidays', { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    });

    it('forbids members and managers to write; hides other organisations', async () => {
      expect((await t.call('POST', '/Holidays', { token: member.token, body: { date: '2026-07-22', name: 'Mine' } })).statusCode).toBe(403);
      expect((await t.call('POST', '/Holidays', { token: manager.token, body: { date: '2026-07-22', name: 'Mine' } })).statusCode).toBe(403);
      const demo = (await t.call('GET', '/Holidays?year=2026', { token: admin.token })).json().data as Holiday[];
      const republic = demo.find((h) => h.date === '2026-01-26');
      expect((await t.call('PUT', `/Holidays/${republic?.id ?? ''}`, { token: other.token, body: { date: '2026-01-27', name: 'Hijack' } })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/Holidays/${republic?.id ?? ''}`, { token: other.token })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/Holidays/${republic?.id ?? ''}`, { token: member.token })).statusCode).toBe(403);
    });

    it("makes a new holiday a Holiday in everyone's attendance, and a working day again once deleted", async () => {
      // Monday 8 June 2026, in the past.
      const created = await t.call('POST', '/Holidays', { token: admin.token, body: { date: '2026-06-08', name: 'Flood closure' } });
      expect(created.statusCode).toBe(201);
      const day = async () => ((await t.call('GET', '/Attendances?startDate=2026-06-08&endDate=2026-06-08', { token: member.token })).json().data as { attendanceStatus: string; isHoliday: boolean }[])[0];
      expect(await day()).toMatchObject({ attendanceStatus: 'Holiday', isHoliday: true });
      await t.call('DELETE', `/Holidays/${(created.json().data as Holiday).id}`, { token: admin.token });
      expect((await day())?.isHoliday).toBe(false);
    });
  });

  describe('dates outside 1900–2100 (9999-12-31 was a 500, or a stored holiday whose recompute job failed)', () => {
    const WINDOW = 'Dates must be between 01 Jan 1900 and 31 Dec 2100';
    const stored = async () =>
      (
        await queryRows<{ holidays: number; leaves: number; jobs: number }>(
          t.database.db,
          sql`SELECT (SELECT count(*)::int FROM holidays WHERE holiday_date > '2100-12-31' OR holiday_date < '1900-01-01') AS holidays,
                     (SELECT count(*)::int FROM leave_requests WHERE end_date > '2100-12-31' OR start_date < '1900-01-01') AS leaves,
                     (SELECT count(*)::int FROM pgboss.job) AS jobs`,
        )
      )[0];
    // Straight through the HTTP layer, without the harness's drain: a job the request queued is still there to count.
    const send = (method: 'POST' | 'PUT', url: string, token: string, body: object) =>
      t.app.inject({ method, url: `/backend/api${url}`, headers: { authorization: `Bearer ${token}` }, payload: body });

    it.each([
      ['POST /Holidays', 'POST', '/Holidays', 'date', { date: '9999-12-31', name: 'End of days' }],
      ['POST /Holidays (before 1900)', 'POST', '/Holidays', 'date', { date: '1899-12-31', name: 'Long ago' }],
      ['POST /Leaves', 'POST', '/Leaves', 'startDate', { startDate: '9999-12-31', endDate: '9999-12-31', reason: 'Far away' }],
    ] as const)('%s: 400 naming the field with the window message; nothing stored, no job', async (_, method, url, field, body) => {
      const before = await stored();
      const leave = url === '/Leaves';
      const res = await send(method, url, leave ? member.token : admin.token, leave ? { leaveTypeId: type('CL').id, ...body } : body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: `${field}: ${WINDOW}`, errors: { [field]: WINDOW } });
      expect(await stored()).toEqual(before);
      expect(before?.holidays).toBe(0);
      expect(before?.leaves).toBe(0);
    });

    it('PUT /Holidays/:id onto 9999-12-31 and the leave days preview are refused the same way; the holiday keeps its date', async () => {
      const republic = ((await t.call('GET', '/Holidays?year=2026', { token: admin.token })).json().data as Holiday[]).find((h) => h.date === '2026-01-26');
      const before = await stored();
      const moved = await send('PUT', `/Holidays/${republic?.id ?? ''}`, admin.token, { date: '9999-12-31', name: 'Republic Day' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors).toEqual({ date: WINDOW });
      expect(await stored()).toEqual(before);
      const preview = await t.call('GET', `/Leaves/days?leaveTypeId=${type('CL').id}&startDate=9999-12-30&endDate=9999-12-31`, { token: member.token });
      expect(preview.statusCode).toBe(400);
      expect(preview.json().errors).toMatchObject({ startDate: WINDOW, endDate: WINDOW });
      expect(((await t.call('GET', '/Holidays?year=2026', { token: admin.token })).json().data as Holiday[]).find((h) => h.id === republic?.id)?.date).toBe('2026-01-26');
    });
  });

  describe('applying, balances and approval', () => {
    it('casual leave: 12 → apply 2 days (pending 2, available 10) → approved (used 2, available 10)', async () => {
      expect(await balance('CL')).toMatchObject({ entitled: 12, used: 0, pending: 0, available: 12, isUnlimited: false });
      // Monday 15 and Tuesday 16 June 2026.
      const req = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-15', endDate: '2026-06-16', reason: 'Sister’s wedding' });
      expect(req).toMatchObject({ status: 1, days: 2, portion: 'full', leaveTypeName: 'Casual Leave', canCancel: true, canDecide: false });
      expect(await balance('CL')).toMatchObject({ entitled: 12, used: 0, pending: 2, available: 10 });

      const approved = await setStatus(req.id, 2, manager.token, 'Enjoy');
      expect(approved.statusCode).toBe(200);
      expect(approved.json().message).toBe(LEAVE_MSG.approved);
      expect(approved.json().data).toMatchObject({ status: 2, remarks: 'Enjoy', approverName: 'Rahul Sharma' });
      expect(await balance('CL')).toMatchObject({ entitled: 12, used: 2, pending: 0, available: 10 });

      // The approved days are in the attendance, ahead of time (the status is computed when the day comes).
      const days = (await t.call('GET', '/Attendances?startDate=2026-06-15&endDate=2026-06-16', { token: member.token })).json().data as { leave: { leaveTypeName: string } | null }[];
      expect(days.map((d) => d.leave?.leaveTypeName)).toEqual(['Casual Leave', 'Casual Leave']);
    });

    it('approved leave on a past working day makes the day Leave', async () => {
      // Tuesday 9 June 2026, yesterday.
      const req = await applyOk({ leaveTypeId: type('SL').id, startDate: '2026-06-09', endDate: '2026-06-09', reason: 'Fever' });
      expect((await setStatus(req.id, 2, admin.token)).statusCode).toBe(200);
      const [day] = (await t.call('GET', '/Attendances?startDate=2026-06-09&endDate=2026-06-09', { token: member.token })).json().data as { attendanceStatus: string }[];
      expect(day?.attendanceStatus).toBe('Leave');
      expect(await balance('SL')).toMatchObject({ entitled: 12, used: 1, available: 11 });
    });

    it('counts working days only: Fri 19 to Tue 23 June is 3 days (the weekend is free)', async () => {
      const req = await applyOk({ leaveTypeId: type('SL').id, startDate: '2026-06-19', endDate: '2026-06-23', reason: 'Surgery' });
      expect(req.days).toBe(3);
      expect((await setStatus(req.id, 4, member.token)).statusCode).toBe(200);
    });

    it('previews the days of a range for the apply form', async () => {
      const res = await t.call('GET', '/Leaves/days?startDate=2026-06-19&endDate=2026-06-23', { token: member.token });
      expect(res.json().data).toEqual({ days: 3 });
      const half = await t.call('GET', '/Leaves/days?startDate=2026-06-19&endDate=2026-06-19&portion=secondHalf', { token: member.token });
      expect(half.json().data).toEqual({ days: 0.5 });
      const bad = await t.call('GET', '/Leaves/days?startDate=2026-06-23&endDate=2026-06-19', { token: member.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors?.endDate).toBe(LEAVE_MSG.endBeforeStart);
    });

    it('takes half days: a first half and a second half may share a date, a full day may not', async () => {
      const first = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-25', endDate: '2026-06-25', portion: 'firstHalf', reason: 'Doctor' });
      expect(first.days).toBe(0.5);
      const second = await applyOk({ leaveTypeId: type('SL').id, startDate: '2026-06-25', endDate: '2026-06-25', portion: 'secondHalf', reason: 'Rest' });
      expect(second.days).toBe(0.5);
      const full = await apply({ leaveTypeId: type('CL').id, startDate: '2026-06-25', endDate: '2026-06-25', reason: 'Again' });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(LEAVE_MSG.overlap);
      const sameHalf = await apply({ leaveTypeId: type('CL').id, startDate: '2026-06-25', endDate: '2026-06-25', portion: 'firstHalf', reason: 'Again' });
      expect(sameHalf.json().message).toBe(LEAVE_MSG.overlap);
      expect(await balance('CL')).toMatchObject({ used: 2, pending: 0.5, available: 9.5 });
      await setStatus(first.id, 4, member.token);
      await setStatus(second.id, 4, member.token);
    });

    it('refuses dates overlapping pending or approved leave, but not cancelled or rejected leave', async () => {
      const overlap = await apply({ leaveTypeId: type('CL').id, startDate: '2026-06-16', endDate: '2026-06-17', reason: 'More' });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().message).toBe(LEAVE_MSG.overlap);
      // 19–23 June was cancelled above.
      const again = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-22', endDate: '2026-06-22', reason: 'Free again' });
      expect((await setStatus(again.id, 3, manager.token, 'Release week')).statusCode).toBe(200);
      const afterReject = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-22', endDate: '2026-06-22', reason: 'Try again' });
      await setStatus(afterReject.id, 4, member.token);
    });

    it('refuses a range with no working days: a weekend, or a holiday', async () => {
      const weekend = await apply({ leaveTypeId: type('CL').id, startDate: '2026-06-13', endDate: '2026-06-14', reason: 'Weekend' });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json().message).toBe(LEAVE_MSG.noWorkingDays);
      // Independence Day 2026 is a Saturday; Gandhi Jayanti a Friday.
      const holiday = await apply({ leaveTypeId: type('CL').id, startDate: '2026-10-02', endDate: '2026-10-02', portion: 'secondHalf', reason: 'Holiday' });
      expect(holiday.json().message).toBe(LEAVE_MSG.noWorkingDays);
    });

    it('refuses paid leave beyond the balance; unpaid leave is unlimited', async () => {
      // July 2026 has 23 working days; Casual Leave has 10 left.
      const tooMuch = await apply({ leaveTypeId: type('CL').id, startDate: '2026-07-01', endDate: '2026-07-31', reason: 'Long trip' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().message).toBe(LEAVE_MSG.insufficientBalance);
      // 10 days exactly fit: Wed 1 July to Tue 14 July.
      const fits = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-07-01', endDate: '2026-07-14', reason: 'Long trip' });
      expect(fits.days).toBe(10);
      expect((await balance('CL')).available).toBe(0);
      await setStatus(fits.id, 4, member.token);

      const lop = await applyOk({ leaveTypeId: type('LOP').id, startDate: '2026-07-01', endDate: '2026-07-31', reason: 'Long trip' });
      expect(lop).toMatchObject({ days: 23, isPaid: false });
      expect(await balance('LOP')).toMatchObject({ isUnlimited: true, pending: 23 });
      await setStatus(lop.id, 4, member.token);
    });

    it('earned leave accrues monthly and carries forward: joined 15 Mar 2025 → 12.5 carried + 7.5 accrued by June = 20', async () => {
      // 2025: March to December = 10 months × 1.25 = 12.5, all unused, carried (cap 30).
      // 2026 by June: 6 months × 1.25 = 7.5.
      expect(await balance('EL')).toMatchObject({ entitled: 7.5, carriedForward: 12.5, used: 0, available: 20 });
      expect(await balance('EL', member.token, '?year=2025')).toMatchObject({ entitled: 12.5, carriedForward: 0, available: 12.5 });
      const over = await apply({ leaveTypeId: type('EL').id, startDate: '2026-08-03', endDate: '2026-08-31', reason: 'Europe' });
      expect(over.json().message).toBe(LEAVE_MSG.insufficientBalance);
    });

    it.each([
      [{ startDate: '2026-06-29', endDate: '2026-06-29', reason: 'x' }, 'leaveTypeId', LEAVE_MSG.leaveTypeRequired],
      [{ leaveTypeId: 'CL', endDate: '2026-06-29', reason: 'x' }, 'startDate', LEAVE_MSG.startDateRequired],
      [{ leaveTypeId: 'CL', startDate: '2026-06-29', reason: 'x' }, 'endDate', LEAVE_MSG.endDateRequired],
      [{ leaveTypeId: 'CL', startDate: '2026-06-29', endDate: '2026-06-29', reason: '  ' }, 'reason', LEAVE_MSG.reasonRequired],
      [{ leaveTypeId: 'CL', startDate: '2026-06-30', endDate: '2026-06-29', reason: 'x' }, 'endDate', LEAVE_MSG.endBeforeStart],
      [{ leaveTypeId: 'CL', startDate: '2026-06-29', endDate: '2026-06-30', portion: 'firstHalf', reason: 'x' }, 'portion', LEAVE_MSG.halfDaySingleDate],
      [{ leaveTypeId: 'CL', startDate: '2026-12-31', endDate: '2027-01-01', reason: 'x' }, 'endDate', LEAVE_MSG.spansYears],
      [{ leaveTypeId: 'CL', startDate: '2025-01-06', endDate: '2025-01-06', reason: 'x' }, 'startDate', LEAVE_MSG.beforeJoining],
      [{ leaveTypeId: MISSING_ID, startDate: '2026-06-29', endDate: '2026-06-29', reason: 'x' }, 'leaveTypeId', LEAVE_MSG.leaveTypeInvalid],
    ])('refuses %o: %s "%s"', async (body: Record<string, unknown>, field, message) => {
      const resolved = body.leaveTypeId === 'CL' ? { ...body, leaveTypeId: type('CL').id } : body;
      const res = await apply(resolved);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    });

    it("refuses another organisation's leave type as an invalid type", async () => {
      const theirs = ((await t.call('GET', '/LeaveTypes', { token: other.token })).json().data as LeaveType[])[0];
      const res = await apply({ leaveTypeId: theirs?.id, startDate: '2026-06-29', endDate: '2026-06-29', reason: 'x' });
      expect(res.json().errors?.leaveTypeId).toBe(LEAVE_MSG.leaveTypeInvalid);
    });
  });

  describe('deciding and cancelling', () => {
    let pending: LeaveRequest;
    beforeAll(async () => {
      pending = await applyOk({ leaveTypeId: type('SL').id, startDate: '2026-06-29', endDate: '2026-06-29', reason: 'Check-up' });
    });

    it('lets nobody approve their own leave, not even an administrator', async () => {
      const res = await setStatus(pending.id, 2, member.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LEAVE_MSG.cannotDecideOwn);
      const adminOwn = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-29', endDate: '2026-06-29', reason: 'Own' }, admin.token);
      expect(adminOwn.canDecide).toBe(false);
      const own = await setStatus(adminOwn.id, 2, admin.token);
      expect(own.json().message).toBe(LEAVE_MSG.cannotDecideOwn);
      expect((await setStatus(adminOwn.id, 2, moderator.token)).statusCode).toBe(200);
    });

    it("forbids a member who is not the employee's manager", async () => {
      const [someone] = await queryRows<{ email: string }>(
        t.database.db,
        sql`SELECT email FROM users WHERE email LIKE '%@nilgiri.demo' AND reporting_manager_id IS NOT NULL AND email NOT IN (${DEMO_LOGINS.member}, ${DEMO_LOGINS.manager}) AND id NOT IN (SELECT reporting_manager_id FROM users WHERE reporting_manager_id IS NOT NULL) ORDER BY email LIMIT 1`,
      );
      const stranger = await t.login(someone?.email ?? '');
      const res = await setStatus(pending.id, 2, stranger.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LEAVE_MSG.notAllowedToDecide);
    });

    it('lists the team: managers their direct reportees, administrators everyone but themselves', async () => {
      const forManager = await t.call('GET', '/Leaves?scope=team&status=1&pageSize=100', { token: manager.token });
      expect(forManager.statusCode).toBe(200);
      const managerRows = forManager.json().data as LeaveRequest[];
      expect(managerRows.find((r) => r.id === pending.id)).toMatchObject({ canDecide: true, canCancel: false, employeeName: 'Aditi Agarwal' });
      expect(managerRows.every((r) => r.status === 1 && r.employeeName !== 'Rahul Sharma')).toBe(true);
      // The demo's pending Earned Leave of an engineer is also Rahul's to decide.
      expect(managerRows.some((r) => r.leaveTypeName === 'Earned Leave')).toBe(true);

      const forAdmin = (await t.call('GET', '/Leaves?scope=team&pageSize=100', { token: admin.token })).json();
      expect((forAdmin.data as LeaveRequest[]).some((r) => r.employeeName === 'Anita Rao')).toBe(false);
      expect(forAdmin.totalRecords).toBeGreaterThan(managerRows.length);

      const forMember = (await t.call('GET', '/Leaves?scope=team', { token: member.token })).json();
      expect(forMember).toMatchObject({ data: [], totalRecords: 0 });
    });

    it('pages my leaves by 6, newest first', async () => {
      const res = await t.call('GET', '/Leaves', { token: member.token });
      const body = res.json();
      expect(body.data).toHaveLength(6);
      expect(body.totalRecords).toBeGreaterThan(6);
      expect((body.data as LeaveRequest[]).every((r) => r.employeeName === 'Aditi Agarwal')).toBe(true);
      expect((body.data as LeaveRequest[])[0]?.id).toBe(pending.id);
      const page2 = (await t.call('GET', '/Leaves?pageNumber=2&pageSize=6', { token: member.token })).json();
      expect((page2.data as LeaveRequest[]).some((r) => (body.data as LeaveRequest[]).some((x) => x.id === r.id))).toBe(false);
      expect((await t.call('GET', '/Leaves?status=9', { token: member.token })).statusCode).toBe(400);
    });

    it('rejects with remarks; a decided request cannot be decided again', async () => {
      const rejected = await setStatus(pending.id, 3, moderator.token, 'Please take it next week');
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({ message: LEAVE_MSG.rejected, data: { status: 3, remarks: 'Please take it next week', approverName: 'Vikram Nair' } });
      const again = await setStatus(pending.id, 2, manager.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(LEAVE_MSG.alreadyDecided);
    });

    it('cancels: only the employee; pending, or approved not yet started; never past leave', async () => {
      const req = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-06-30', endDate: '2026-06-30', reason: 'Plans' });
      await setStatus(req.id, 2, manager.token);
      const byManager = await setStatus(req.id, 4, manager.token);
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json().message).toBe(LEAVE_MSG.onlyRequesterCancels);
      const cancelled = await setStatus(req.id, 4, member.token);
      expect(cancelled.json()).toMatchObject({ message: LEAVE_MSG.cancelled, data: { status: 4 } });
      const days = (await t.call('GET', '/Attendances?startDate=2026-06-30&endDate=2026-06-30', { token: member.token })).json().data as { leave: unknown }[];
      expect(days[0]?.leave).toBeNull();

      // 9 June (approved, in the past) cannot be cancelled.
      const mine = (await t.call('GET', '/Leaves?status=2&pageSize=100', { token: member.token })).json().data as LeaveRequest[];
      const past = mine.find((r) => r.startDate === '2026-06-09');
      expect(past?.canCancel).toBe(false);
      const res = await setStatus(past?.id ?? '', 4, member.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LEAVE_MSG.notCancellable);
    });

    it('balances: own, a reportee for the manager, anyone for administrators; not others', async () => {
      expect((await t.call('GET', `/Leaves/balances?employeeId=${member.id}`, { token: manager.token })).statusCode).toBe(200);
      expect((await t.call('GET', `/Leaves/balances?employeeId=${member.id}`, { token: moderator.token })).statusCode).toBe(200);
      const res = await t.call('GET', `/Leaves/balances?employeeId=${manager.id}`, { token: member.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LEAVE_MSG.notAllowedToView);
      expect((await t.call('GET', `/Leaves/balances?employeeId=${member.id}`, { token: other.token })).statusCode).toBe(404);
    });

    it("answers 404 for another organisation's request and an unknown one", async () => {
      const req = await applyOk({ leaveTypeId: type('CL').id, startDate: '2026-07-06', endDate: '2026-07-06', reason: 'Errand' });
      expect((await setStatus(req.id, 2, other.token)).statusCode).toBe(404);
      expect((await setStatus(MISSING_ID, 2, admin.token)).statusCode).toBe(404);
      expect((await t.call('GET', '/Leaves?scope=team&pageSize=100', { token: other.token })).json().totalRecords).toBe(0);
    });
  });
});
