import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'drizzle-orm';
import { ATTENDANCE_SETTINGS_MSG, type AttendanceSettings, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, rerunMigration, type TestApp } from '../../testing';
import { AttendanceService } from '../attendance/attendance.service';

/** A full, valid body (people spec §3 Attendance settings). */
const BODY = {
  totalHoursCalculationType: 2,
  minHoursRequiredMode: 2,
  minHoursInputType: 1,
  fullDayDuration: '08:30',
  halfDayDuration: '4:15',
  isFutureDateRegularizationEnabled: true,
  isReasonEnabled: true,
  regularizationEntryType: 1,
  maxPastDaysForAttendanceUpdate: 10,
  allowSelfAttendanceUpdate: true,
  restrictLogsToEstimatedJobHours: true,
  restrictLogsForFutureDates: true,
  restrictLogsForPastDates: true,
  restrictLogsForWeekend: true,
  restrictLogsForHolidays: false,
  areHolidaysIncluded: true,
  areLeavesIncluded: false,
  shiftStart: '09:30',
  shiftEnd: '18:30:00',
  gracePeriodMinutes: 20,
};

describe.each(BACKENDS)('attendance settings over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let recompute: MockInstance<AttendanceService['recompute']>;

  beforeAll(async () => {
    recompute = vi.spyOn(AttendanceService.prototype, 'recompute').mockResolvedValue(undefined);
    t = await createTestApp(backend, {}, { demo: new Date('2026-01-20T06:30:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  });
  afterAll(async () => {
    await t.close();
    recompute.mockRestore();
  });

  const put = (body: unknown, token = admin.token) => t.call('PUT', '/Attendances/settings', { token, body });

  it('reads every field of the entity, times as HH:mm:ss', async () => {
    const res = await t.call('GET', '/Attendances/settings', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data as object).sort()).toEqual(Object.keys(BODY).sort());
    expect(res.json().data.shiftStart).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it("saves the full settings with ':00' padding, says 'Settings saved' and recomputes the previous and current month for everyone", async () => {
    recompute.mockClear();
    const res = await put(BODY, moderator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ATTENDANCE_SETTINGS_MSG.saved);
    expect(res.json().data).toMatchObject({ fullDayDuration: '08:30:00', halfDayDuration: '04:15:00', shiftStart: '09:30:00', shiftEnd: '18:30:00', gracePeriodMinutes: 20, maxPastDaysForAttendanceUpdate: 10 });
    const again = (await t.call('GET', '/Attendances/settings', { token: admin.token })).json().data as AttendanceSettings;
    expect(again).toMatchObject({ totalHoursCalculationType: 2, minHoursRequiredMode: 2, minHoursInputType: 1, restrictLogsForWeekend: true, fullDayDuration: '08:30:00' });
    // 20 January 2026: December 2025 and January 2026.
    expect(recompute).toHaveBeenCalledWith(expect.objectContaining({ tenantId: admin.tenantId }), { from: '2025-12-01', to: '2026-01-31' });
  });

  it('forces max past days to 0 when self attendance update is off', async () => {
    const res = await put({ ...BODY, allowSelfAttendanceUpdate: false, maxPastDaysForAttendanceUpdate: 30 });
    expect(res.json().data.maxPastDaysForAttendanceUpdate).toBe(0);
  });

  it.each([
    ['fullDayDuration', '24:00', `fullDayDuration ${ATTENDANCE_SETTINGS_MSG.durationFormat}`],
    ['fullDayDuration', '08:60', `fullDayDuration ${ATTENDANCE_SETTINGS_MSG.durationFormat}`],
    ['fullDayDuration', '8h', `fullDayDuration ${ATTENDANCE_SETTINGS_MSG.durationFormat}`],
    ['fullDayDuration', '', ATTENDANCE_SETTINGS_MSG.fullDayRequired],
    ['halfDayDuration', '09:00', ATTENDANCE_SETTINGS_MSG.halfDayTooLong],
    ['gracePeriodMinutes', 121, ATTENDANCE_SETTINGS_MSG.grace],
    ['gracePeriodMinutes', -1, ATTENDANCE_SETTINGS_MSG.grace],
    ['gracePeriodMinutes', 2.5, ATTENDANCE_SETTINGS_MSG.grace],
    ['maxPastDaysForAttendanceUpdate', -1, ATTENDANCE_SETTINGS_MSG.maxPastDays],
    ['maxPastDaysForAttendanceUpdate', 1.5, ATTENDANCE_SETTINGS_MSG.maxPastDays],
    ['minHoursRequiredMode', 3, `minHoursRequiredMode ${ATTENDANCE_SETTINGS_MSG.enumOneTwo}`],
    ['totalHoursCalculationType', 0, `totalHoursCalculationType ${ATTENDANCE_SETTINGS_MSG.enumOneTwo}`],
    ['shiftStart', '25:00', `shiftStart ${ATTENDANCE_SETTINGS_MSG.timeFormat}`],
    ['areLeavesIncluded', 'yes', 'areLeavesIncluded must be true or false'],
  ])('refuses %s = %j with "%s" and changes nothing', async (field, value, message) => {
    const before = (await t.call('GET', '/Attendances/settings', { token: admin.token })).json().data as AttendanceSettings;
    const res = await put({ ...BODY, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await t.call('GET', '/Attendances/settings', { token: admin.token })).json().data).toEqual(before);
  });

  it('accepts the bounds: grace 0 and 120, max past days 0, 23:59', async () => {
    expect((await put({ ...BODY, gracePeriodMinutes: 0 })).statusCode).toBe(200);
    const res = await put({ ...BODY, gracePeriodMinutes: 120, maxPastDaysForAttendanceUpdate: 0, fullDayDuration: '23:59', halfDayDuration: '00:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ gracePeriodMinutes: 120, fullDayDuration: '23:59:00', halfDayDuration: '00:00:00' });
  });

  it('members are refused; each organisation sees only its own settings', async () => {
    expect((await t.call('GET', '/Attendances/settings', { token: member.token })).statusCode).toBe(403);
    expect((await put(BODY, member.token)).statusCode).toBe(403);
    const mine = (await t.call('GET', '/Attendances/settings', { token: other.token })).json().data as AttendanceSettings;
    expect(mine.gracePeriodMinutes).toBe(15);
    expect(mine.shiftStart).toBe('10:00:00');
  });

  it('an organisation created before attendance existed gets the defaults once, from migration 0013', async () => {
    await t.database.db.execute(sql`DELETE FROM attendance_settings WHERE tenant_id = ${other.tenantId}`);
    await t.database.db.execute(sql`DELETE FROM shifts WHERE tenant_id = ${other.tenantId}`);
    await rerunMigration(t.database.db, '0013_backfill_tenant_defaults');
    await rerunMigration(t.database.db, '0013_backfill_tenant_defaults');
    const [counts] = await queryRows<{ settings: number; shifts: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM attendance_settings WHERE tenant_id = ${other.tenantId}) AS settings, (SELECT count(*)::int FROM shifts WHERE tenant_id = ${other.tenantId}) AS shifts`,
    );
    expect(counts).toEqual({ settings: 1, shifts: 1 });
    const [shift] = await queryRows<{ shift_name: string; shift_start: string; shift_end: string }>(t.database.db, sql`SELECT shift_name, shift_start, shift_end FROM shifts WHERE tenant_id = ${other.tenantId} AND is_default`);
    expect(shift).toEqual({ shift_name: 'General', shift_start: '10:00:00', shift_end: '19:00:00' });
  });
});
