import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { ATTENDANCE_MSG, type AttendanceDayView, type AttendanceGridRow, type AttendanceToday, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** 2026-12-01 is a Tuesday; 10:00 in Asia/Kolkata is 04:30 UTC. */
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);

describe.each(BACKENDS)('attendance over HTTP (%s)', (backend) => {
  let t: TestApp;
  let owner: SessionUser;
  let other: SessionUser;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let member: SessionUser;

  const setSettings = async (tenantId: string, settings: Record<string, unknown>) => {
    await t.database.db.execute(sql`
      INSERT INTO attendance_settings (tenant_id, settings) VALUES (${tenantId}, ${JSON.stringify(settings)}::jsonb)
      ON CONFLICT (tenant_id) DO UPDATE SET settings = EXCLUDED.settings`);
  };
  const tenantOf = async (userId: string) => {
    const [row] = await queryRows<{ tenant_id: string }>(t.database.db, sql`SELECT tenant_id FROM users WHERE id = ${userId}`);
    if (!row) throw new Error('no tenant');
    return row.tenant_id;
  };
  const days = async (token: string, from: string, to: string, employeeId?: string) => {
    const res = await t.call('GET', `/Attendances?startDate=${from}&endDate=${to}${employeeId ? `&employeeId=${employeeId}` : ''}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AttendanceDayView[];
  };
  /** Moves the clock and signs everyone in again (sessions end after a while of clock time). */
  const moveClock = async (instant: Date) => {
    t.clock.set(instant);
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    owner = await t.login(owner.email, 'Secret123');
    other = await t.login(other.email, 'Secret123');
  };
  const addLog = (token: string, body: Record<string, unknown>) => t.call('POST', '/Attendances/logs', { token, body });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: at('2026-12-01', '10:00') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    owner = await t.registerOrganisation({ organizationName: 'Godavari Mills' });
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2026-01-01' WHERE id = ${owner.id}`);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('check-in and check-out', () => {
    it('checks in at the server time, refuses a second check-in, checks out and computes Present', async () => {
      t.clock.set(at('2026-12-01', '10:00'));
      const checkIn = await t.call('POST', '/Attendances/check-in', { token: owner.token });
      expect(checkIn.statusCode, checkIn.body).toBe(200);
      const inData = checkIn.json().data as AttendanceToday;
      expect(inData.isCheckedIn).toBe(true);
      expect(inData.openLog?.checkIn).toBe('10:00:00');
      expect(inData.date).toBe('2026-12-01');

      const again = await t.call('POST', '/Attendances/check-in', { token: owner.token });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('You are already checked in. Please check out first.');

      t.clock.set(at('2026-12-01', '19:00'));
      const out = await t.call('POST', '/Attendances/check-out', { token: owner.token });
      expect(out.statusCode, out.body).toBe(200);
      const outData = out.json().data as AttendanceToday;
      expect(outData.isCheckedIn).toBe(false);
      // 10:00 to 19:00 is the whole 9-hour default shift: Present (DESIGN §5).
      expect(outData.day).toMatchObject({ date: '2026-12-01', attendanceStatus: 'Present', startTime: '10:00:00', endTime: '19:00:00', totalMinutes: 540, approvalStatus: 2 });

      const [day] = await days(owner.token, '2026-12-01', '2026-12-01');
      expect(day).toMatchObject({ attendanceStatus: 'Present', startTime: '10:00:00', endTime: '19:00:00', isWeekend: false, isHoliday: false });
    });

    it('refuses a check-out without an open log', async () => {
      const res = await t.call('POST', '/Attendances/check-out', { token: owner.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You are not checked in. Please check in first.');
    });

    it('marks a check-in after shift start plus the 15-minute grace PresentButLate', async () => {
      await moveClock(at('2026-12-02', '10:30'));
      expect((await t.call('POST', '/Attendances/check-in', { token: owner.token })).statusCode).toBe(200);
      t.clock.set(at('2026-12-02', '19:30'));
      const out = await t.call('POST', '/Attendances/check-out', { token: owner.token });
      expect((out.json().data as AttendanceToday).day).toMatchObject({ attendanceStatus: 'PresentButLate', isLate: true, totalMinutes: 540 });
    });

    it('serves today for the dashboard card', async () => {
      const res = await t.call('GET', '/Attendances/today', { token: owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ date: '2026-12-02', isCheckedIn: false });
    });
  });

  describe('manual logs and the settings restrictions', () => {
    let tenantId: string;
    beforeAll(async () => {
      tenantId = await tenantOf(owner.id);
      await moveClock(at('2026-12-02', '20:00'));
    });

    it('refuses future dates, dates beyond the past-days window and out-before-in', async () => {
      await setSettings(tenantId, { restrictLogsForFutureDates: true, restrictLogsForPastDates: true, maxPastDaysForAttendanceUpdate: 7 });
      const future = await addLog(owner.token, { date: '2026-12-03', checkIn: '10:00', checkOut: '19:00' });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe('Cannot add attendance logs for future dates');
      const old = await addLog(owner.token, { date: '2026-11-24', checkIn: '10:00', checkOut: '19:00' });
      expect(old.json().message).toBe('Cannot add attendance logs more than 7 days in the past');
      const backwards = await addLog(owner.token, { date: '2026-11-30', checkIn: '19:00', checkOut: '10:00' });
      expect(backwards.json().message).toBe('Check-out time must be after check-in time');
      const lateToday = await addLog(owner.token, { date: '2026-12-02', checkIn: '20:30', checkOut: '21:00' });
      expect(lateToday.json().message).toBe('Check-out time cannot be in the future');
    });

    it('refuses every log when self update is off', async () => {
      await setSettings(tenantId, { allowSelfAttendanceUpdate: false });
      const res = await addLog(owner.token, { date: '2026-11-30', checkIn: '10:00', checkOut: '19:00' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Self attendance update is not allowed in your organization');
    });

    it('refuses weekends, holidays, times outside the shift and a missing reason when the settings say so', async () => {
      await setSettings(tenantId, { restrictLogsForWeekend: true, restrictLogsForHolidays: true, restrictLogsToEstimatedJobHours: true, isReasonEnabled: true });
      // 29 November 2026 is a Sunday (default weekends Saturday and Sunday).
      expect((await addLog(owner.token, { date: '2026-11-29', checkIn: '10:00', checkOut: '19:00', reason: 'x' })).json().message).toBe('Cannot add attendance logs on a weekend');
      await t.database.db.execute(sql`INSERT INTO holidays (tenant_id, holiday_date, name) VALUES (${tenantId}, '2026-11-27', 'Guru Nanak Jayanti')`);
      expect((await addLog(owner.token, { date: '2026-11-27', checkIn: '10:00', checkOut: '19:00', reason: 'x' })).json().message).toBe('Cannot add attendance logs on a holiday');
      expect((await addLog(owner.token, { date: '2026-11-26', checkIn: '08:00', checkOut: '12:00', reason: 'x' })).json().message).toBe(
        'Attendance logs must be within your shift hours (10:00 AM - 07:00 PM)',
      );
      expect((await addLog(owner.token, { date: '2026-11-26', checkIn: '10:00', checkOut: '19:00', reason: '  ' })).json().message).toBe('Please enter a reason');
    });

    it('stores an allowed entry waiting for approval, counts it provisionally and refuses an overlapping one', async () => {
      await setSettings(tenantId, { isReasonEnabled: true });
      const res = await addLog(owner.token, { date: '2026-11-30', checkIn: '10:00', checkOut: '19:00', reason: 'Forgot to check in' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ date: '2026-11-30', checkIn: '10:00:00', checkOut: '19:00:00', approvalStatus: 1, source: 'manual', reason: 'Forgot to check in' });
      const [day] = await days(owner.token, '2026-11-30', '2026-11-30');
      expect(day).toMatchObject({ attendanceStatus: 'Present', approvalStatus: 1 });
      const overlap = await addLog(owner.token, { date: '2026-11-30', checkIn: '18:00', checkOut: '20:00', reason: 'again' });
      expect(overlap.json().message).toBe('This log overlaps an existing log for that day');
    });
  });

  describe('approval (people spec §4)', () => {
    let logId: string;
    beforeAll(async () => {
      const tenantId = await tenantOf(member.id);
      await setSettings(tenantId, { allowSelfAttendanceUpdate: true, restrictLogsForPastDates: false });
      await moveClock(at('2026-12-01', '23:00'));
      const res = await addLog(member.token, { date: '2026-12-01', checkIn: '21:00', checkOut: '22:00', reason: 'Worked late from home' });
      expect(res.statusCode, res.body).toBe(201);
      logId = (res.json().data as { id: string }).id;
    });
    const decide = (token: string, attendanceIdCsv: string, status: number) => t.call('POST', '/Attendances/approval', { token, body: { attendanceIdCsv, status } });

    it('lists the entry as waiting for approval for administrators and the manager', async () => {
      const res = await t.call('GET', '/Attendances/approvals?status=1&pageSize=100', { token: admin.token });
      expect(res.statusCode).toBe(200);
      expect((res.json().data as { id: string }[]).some((e) => e.id === logId)).toBe(true);
      const mine = await t.call('GET', '/Attendances/approvals?status=1&pageSize=100', { token: manager.token });
      expect((mine.json().data as { id: string }[]).some((e) => e.id === logId)).toBe(true);
    });

    it('refuses an empty selection, a member and a moderator rejecting', async () => {
      const empty = await decide(admin.token, ' , ', 2);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Invalid selection');
      expect((await decide(member.token, logId, 2)).statusCode).toBe(403);
      const modReject = await decide(moderator.token, logId, 3);
      expect(modReject.statusCode).toBe(403);
      expect(modReject.json().message).toBe('Only an administrator can reject attendance');
      expect((await decide(other.token, logId, 2)).json().message).toBe('Invalid selection');
    });

    it('lets a moderator approve from Waiting, an administrator reject from Approved and a moderator approve from Rejected', async () => {
      const approved = await decide(moderator.token, logId, 2);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.statusCode).toBe(200);
      const twice = await decide(moderator.token, logId, 2);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toBe('Only entries waiting for approval or rejected can be approved');
      const rejected = await decide(admin.token, logId, 3);
      expect(rejected.json().data.statusCode).toBe(200);
      const [day] = (await days(admin.token, '2026-12-01', '2026-12-01', member.id)).filter((d) => d.date === '2026-12-01');
      expect(day?.approvalStatus).not.toBeNull();
      expect((await decide(admin.token, logId, 3)).json().message).toBe('Only entries waiting for approval or approved can be rejected');
      expect((await decide(moderator.token, logId, 2)).json().data.statusCode).toBe(200);
    });

    it('refuses an administrator or moderator deciding their own log, alone or within a selection, and changes nothing', async () => {
      const ownLog = async (token: string) => {
        const res = await addLog(token, { date: '2026-12-01', checkIn: '20:00', checkOut: '22:30', reason: 'Release night' });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json().data as { id: string }).id;
      };
      const adminLog = await ownLog(admin.token);
      for (const status of [2, 3]) {
        const res = await decide(admin.token, adminLog, status);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ATTENDANCE_MSG.cannotDecideOwn);
      }
      const moderatorLog = await ownLog(moderator.token);
      const mixed = await decide(moderator.token, `${moderatorLog},${adminLog}`, 2);
      expect(mixed.statusCode).toBe(403);
      expect(mixed.json().message).toBe(ATTENDANCE_MSG.cannotDecideOwn);
      const waiting = await t.call('GET', '/Attendances/approvals?status=1&pageSize=100', { token: admin.token });
      const ids = (waiting.json().data as { id: string }[]).map((e) => e.id);
      expect(ids).toEqual(expect.arrayContaining([adminLog, moderatorLog]));
      // another approver may decide them
      expect((await decide(admin.token, moderatorLog, 3)).statusCode).toBe(200);
      expect((await decide(moderator.token, adminLog, 2)).statusCode).toBe(200);
    });
  });

  describe('scoping', () => {
    it('keeps a member to their own days, lets the manager read a reportee and hides other organisations', async () => {
      const rahulOwn = await t.call('GET', `/Attendances?startDate=2026-11-01&endDate=2026-11-30&employeeId=${manager.id}`, { token: member.token });
      expect(rahulOwn.statusCode).toBe(403);
      expect((await days(manager.token, '2026-11-01', '2026-11-30', member.id)).length).toBe(30);
      const foreign = await t.call('GET', `/Attendances?startDate=2026-11-01&endDate=2026-11-30&employeeId=${member.id}`, { token: other.token });
      expect(foreign.statusCode).toBe(404);
    });

    it('answers the team lookup: none for a member, the reportees for a manager', async () => {
      const none = await t.call('GET', '/Users/team?pageNumber=1&pageSize=10', { token: member.token });
      expect(none.json().data.totalRecords).toBe(0);
      const mine = await t.call('GET', '/Users/team?pageNumber=1&pageSize=100', { token: manager.token });
      const team = mine.json().data as { data: { id: string }[]; totalRecords: number };
      expect(team.totalRecords).toBeGreaterThan(0);
      expect(team.data.some((p) => p.id === member.id)).toBe(true);
      expect(team.data.some((p) => p.id === manager.id)).toBe(false);
    });

    it('refuses the grid to a member without reportees and limits a manager to reportees', async () => {
      expect((await t.call('GET', '/Attendances/grid?month=2026-11', { token: member.token })).statusCode).toBe(403);
      const res = await t.call('GET', '/Attendances/grid?month=2026-11&pageSize=100', { token: manager.token });
      const rows = res.json().data as AttendanceGridRow[];
      expect(rows.some((r) => r.employeeId === member.id)).toBe(true);
      expect(rows.some((r) => r.employeeId === manager.id)).toBe(false);
    });
  });

  describe('grid and report', () => {
    it('returns a row per employee with every day of the month in the spec shape', async () => {
      const res = await t.call('GET', '/Attendances/grid?month=2026-12&page=1&pageSize=5', { token: admin.token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(5);
      expect(body.totalRecords).toBeGreaterThanOrEqual(40);
      const row = body.data[0] as AttendanceGridRow;
      expect(row.days).toHaveLength(31);
      expect(row.days[0]?.date).toBe('2026-12-01');
      expect(row.days[30]?.date).toBe('2026-12-31');
      expect(Object.keys(row.days[0] ?? {})).toEqual(
        expect.arrayContaining(['date', 'isWeekend', 'isHoliday', 'leave', 'attendanceStatus', 'startTime', 'endTime', 'shiftInfo']),
      );
      // 5 and 6 December 2026 are a Saturday and a Sunday.
      expect(row.days[4]?.isWeekend).toBe(true);
      expect(row.days[5]?.isWeekend).toBe(true);
    });

    it('days before the organisation was created (in its zone) are marked, not given a status', async () => {
      const [previous] = await queryRows<{ created_at: string }>(t.database.db, sql`SELECT created_at::text AS created_at FROM tenants WHERE id = ${other.tenantId}`);
      // 20:00 UTC on 9 December is 01:30 on 10 December in Asia/Kolkata: the organisation's first day is the 10th.
      await t.database.db.execute(sql`UPDATE tenants SET created_at = '2026-12-09T20:00:00Z' WHERE id = ${other.tenantId}`);
      try {
        const res = await t.call('GET', '/Attendances/grid?month=2026-12&pageSize=100', { token: other.token });
        expect(res.statusCode).toBe(200);
        const days = (res.json().data as AttendanceGridRow[])[0]?.days ?? [];
        expect(days.filter((d) => d.beforeOrganisation).map((d) => d.date)).toEqual(Array.from({ length: 9 }, (_, i) => `2026-12-0${String(i + 1)}`));
        const own = await t.call('GET', `/Attendances?startDate=2026-12-08&endDate=2026-12-11`, { token: other.token });
        expect((own.json().data as AttendanceDayView[]).map((d) => d.beforeOrganisation)).toEqual([true, true, false, false]);
      } finally {
        await t.database.db.execute(sql`UPDATE tenants SET created_at = ${previous?.created_at ?? null}::timestamptz WHERE id = ${other.tenantId}`);
      }
    });

    it('exports the XLSX with a row per employee per day and a summary', async () => {
      const res = await t.call('GET', `/Attendances/reports?startDate=2026-12-01&endDate=2026-12-02&employeeIds=${owner.id}&isBulkReport=false`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Attendance');
      const rows = (sheet?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows[0]).toEqual(['Date', 'Employee Number', 'Employee Name', 'Status', 'First In', 'Last Out', 'Total Hours', 'Overtime', 'Shift']);
      expect(rows[1]?.slice(0, 1)).toEqual(['2026-12-01']);
      expect(rows[1]?.slice(3, 8)).toEqual(['Present', '10:00:00', '19:00:00', '09:00', '00:00']);
      expect(rows[2]?.slice(3, 5)).toEqual(['Present But Late', '10:30:00']);
      const summary = book.getWorksheet('Summary');
      expect((summary?.getRow(2).values as unknown[]).slice(3, 8)).toEqual([2, 0, 0, 0, 0]);
    });

    it('refuses a report on someone else for a member', async () => {
      const res = await t.call('GET', `/Attendances/reports?startDate=2026-12-01&endDate=2026-12-01&employeeIds=${manager.id}`, { token: member.token });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('recompute when another module writes', () => {
    it('shows a holiday and an approved leave inserted directly once recomputed', async () => {
      const tenantId = await tenantOf(owner.id);
      await setSettings(tenantId, {});
      await t.database.db.execute(sql`INSERT INTO holidays (tenant_id, holiday_date, name) VALUES (${tenantId}, '2026-12-03', 'Foundation Day')`);
      const [type] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO leave_types (tenant_id, name, code, is_paid, yearly_quota) VALUES (${tenantId}, 'Casual Leave (test)', 'CLT', true, 12) RETURNING id`,
      );
      await t.database.db.execute(
        sql`INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status) VALUES (${tenantId}, ${owner.id}, ${type?.id ?? null}, '2026-12-04', '2026-12-04', 'full', 1, 2)`,
      );
      await moveClock(at('2026-12-04', '12:00'));
      await t.tenantScope(tenantId, (scope) => t.app.services.attendance.recompute(scope, { userIds: [owner.id], from: '2026-12-03', to: '2026-12-04' }));
      const [holiday, leave] = await days(owner.token, '2026-12-03', '2026-12-04');
      expect(holiday).toMatchObject({ attendanceStatus: 'Holiday', isHoliday: true, holidayName: 'Foundation Day' });
      expect(leave).toMatchObject({ attendanceStatus: 'Leave', leave: { leaveTypeName: 'Casual Leave (test)', portion: 'full', isPaid: true } });
    });
  });
});
