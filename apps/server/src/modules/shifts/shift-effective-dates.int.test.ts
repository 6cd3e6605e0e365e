import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { SHIFT_MSG, type AttendanceDayView, type CurrentShift, type RosterRow, type SessionUser, type Shift } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** Friday 10 April 2026, noon in Asia/Kolkata. */
const NOW = new Date('2026-04-10T06:30:00Z');
const ist = (date: string, hhmm: string) => `${date}T${hhmm}:00+05:30`;

describe.each(BACKENDS)('a new or edited shift never rewrites earlier days (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let engineering = '';
  let general: Shift;

  const storedDays = async (to: string) =>
    queryRows<{ work_date: string; status: string; total_minutes: number; overtime_minutes: number; shift_id: string | null }>(
      t.database.db,
      sql`SELECT to_char(work_date, 'YYYY-MM-DD') AS work_date, status, total_minutes, overtime_minutes, shift_id FROM attendance_days
           WHERE user_id = ${admin.id} AND work_date < ${to} ORDER BY work_date`,
    );
  const viewDays = async (from: string, to: string) => {
    const res = await t.call('GET', `/Attendances?startDate=${from}&endDate=${to}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AttendanceDayView[];
  };
  const rosterWeek = async (from: string, to: string) => {
    const res = await t.call('GET', `/Shifts/assigned?startDate=${from}&endDate=${to}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data as RosterRow[]).find((r) => r.employeeId === admin.id);
    if (!row) throw new Error('admin missing from the roster');
    return row.dailyShifts;
  };
  /** What a settings save does: everyone's previous and current month, recomputed by the job. */
  const recomputeEverything = async () => {
    await t.tenantScope(admin.tenantId, async (scope) => {
      scope.enqueue('attendance.recompute', { from: '2026-01-01', to: '2026-04-30' });
    });
    await t.drainJobs();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(NOW);
    admin = await t.registerOrganisation({ organizationName: 'Narmada Software' });
    const dep = await t.call('POST', '/Departments', { token: admin.token, body: { name: 'Engineering' } });
    engineering = (dep.json().data as { id: string }).id;
    await t.database.db.execute(sql`UPDATE users SET department_id = ${engineering}, date_of_joining = '2026-01-01' WHERE id = ${admin.id}`);
    general = ((await t.call('GET', '/Shifts', { token: admin.token })).json().data as Shift[]).find((s) => s.isDefault) as Shift;
    // Worked 10:00–19:00 on the 2nd Friday of January and March and on 3 April (Fridays), and Monday 6 April.
    const worked = ['2026-01-09', '2026-03-13', '2026-04-03', '2026-04-06'];
    for (const date of worked) {
      await t.database.db.execute(sql`
        INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
        VALUES (${admin.tenantId}, ${admin.id}, ${date}, ${ist(date, '10:00')}, ${ist(date, '19:00')}, 'web', 2)`);
    }
    await recomputeEverything();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a department shift made today applies from today: no earlier day changes status, hours or shift, in the roster or the computed days', async () => {
    const storedBefore = await storedDays('2026-04-10');
    const viewBefore = await viewDays('2026-01-01', '2026-04-09');
    const rosterBefore = await rosterWeek('2026-03-09', '2026-03-15');
    expect(storedBefore.find((d) => d.work_date === '2026-03-13')).toMatchObject({ status: 'Present', overtime_minutes: 0, shift_id: general.id });

    // The case: "Afternoon" for Engineering with the 2nd Friday off.
    const weekends = [
      { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
      { dayOfWeek: 5, weekNumber: 2, isWeekend: true },
    ];
    const created = await t.call('POST', '/Shifts', { token: admin.token, body: { shiftName: 'Afternoon', shiftStart: '13:00', shiftEnd: '22:00', departmentIds: [engineering], weekends } });
    expect(created.statusCode, created.body).toBe(201);
    const afternoon = created.json().data as Shift;
    await recomputeEverything();

    expect(await storedDays('2026-04-10')).toEqual(storedBefore);
    expect(await viewDays('2026-01-01', '2026-04-09')).toEqual(viewBefore);
    expect(await rosterWeek('2026-03-09', '2026-03-15')).toEqual(rosterBefore);
    expect((await viewDays('2026-03-13', '2026-03-13'))[0]).toMatchObject({ attendanceStatus: 'Present', isWeekend: false, overtimeMinutes: 0 });

    // From today on the department works the new shift.
    const week = await rosterWeek('2026-04-06', '2026-04-12');
    expect(week.map((d) => d.shiftName)).toEqual(['General', 'General', 'General', 'General', 'Afternoon', 'Afternoon', 'Afternoon']);
    const current = (await t.call('GET', '/Shifts/current-shift', { token: admin.token })).json().data as CurrentShift;
    expect(current).toMatchObject({ date: '2026-04-10', source: 'department', shift: { id: afternoon.id } });
    const [today] = await queryRows<{ shift_id: string }>(t.database.db, sql`SELECT shift_id FROM attendance_days WHERE user_id = ${admin.id} AND work_date = '2026-04-10'`);
    expect(today?.shift_id).toBe(afternoon.id);
  });

  it('an individual assignment beats the department shift on its dates', async () => {
    const res = await t.call('POST', '/Shifts/assign/employees', {
      token: admin.token,
      body: { employeeIds: [admin.id], shiftId: general.id, startDate: '2026-04-20', endDate: '2026-04-21', notes: 'Client visit', updateAttendance: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const week = await rosterWeek('2026-04-19', '2026-04-22');
    expect(week.map((d) => [d.shiftName, d.notes])).toEqual([
      ['Afternoon', null],
      ['General', 'Client visit'],
      ['General', 'Client visit'],
      ['Afternoon', null],
    ]);
  });

  it("a past effective date needs 'Update existing attendance records'", async () => {
    const res = await t.call('POST', '/Shifts', { token: admin.token, body: { shiftName: 'Backdated', shiftStart: '08:00', shiftEnd: '17:00', departmentIds: [engineering], effectiveFrom: '2026-04-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SHIFT_MSG.effectiveFromPast);
    const none = ((await t.call('GET', '/Shifts?pageSize=100', { token: admin.token })).json().data as Shift[]).find((s) => s.shiftName === 'Backdated');
    expect(none).toBeUndefined();
  });

  it("editing a shift's times and weekends applies from the day of the edit; days before keep the old definition", async () => {
    t.clock.set(new Date('2026-04-15T06:30:00Z'));
    admin = await t.login(admin.email, 'Secret123');
    const afternoon = ((await t.call('GET', '/Shifts?pageSize=100', { token: admin.token })).json().data as Shift[]).find((s) => s.shiftName === 'Afternoon') as Shift;
    await recomputeEverything(); // the days up to yesterday are now past (Absent), before any edit
    const before = await storedDays('2026-04-15');
    const res = await t.call('PUT', '/Shifts', {
      token: admin.token,
      body: { id: afternoon.id, shiftName: 'Afternoon', shiftStart: '14:00', shiftEnd: '23:00', weekends: [{ dayOfWeek: 0, weekNumber: 0, isWeekend: true }], departmentIds: [engineering] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await recomputeEverything();
    expect(await storedDays('2026-04-15')).toEqual(before);
    const week = await rosterWeek('2026-04-13', '2026-04-16');
    expect(week.map((d) => d.shiftStart)).toEqual(['13:00:00', '13:00:00', '14:00:00', '14:00:00']);
    const days = await viewDays('2026-04-14', '2026-04-15');
    expect(days.map((d) => d.shiftInfo?.shiftStart)).toEqual(['13:00:00', '14:00:00']);

    // Asked for explicitly, an edit reaches back over the stated range.
    const back = await t.call('PUT', '/Shifts', {
      token: admin.token,
      body: { id: afternoon.id, shiftName: 'Afternoon', shiftStart: '15:00', shiftEnd: '23:30', departmentIds: [engineering], effectiveFrom: '2026-04-13', updateAttendance: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await rosterWeek('2026-04-12', '2026-04-13')).map((d) => d.shiftStart)).toEqual(['13:00:00', '15:00:00']);
  });

  it("the XLSX report shows a night shift's last out as the next day's clock time, never past 24:00", async () => {
    await t.database.db.execute(sql`
      INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
      VALUES (${admin.tenantId}, ${admin.id}, '2026-04-08', ${ist('2026-04-08', '22:05')}, ${ist('2026-04-09', '02:57')}, 'web', 2)`);
    await t.tenantScope(admin.tenantId, async (scope) => {
      scope.enqueue('attendance.recompute', { userIds: [admin.id], from: '2026-04-08', to: '2026-04-08' });
    });
    await t.drainJobs();
    const [stored] = await queryRows<{ last_out: string }>(t.database.db, sql`SELECT last_out FROM attendance_days WHERE user_id = ${admin.id} AND work_date = '2026-04-08'`);
    expect(stored?.last_out).toBe('26:57:00');
    const res = await t.call('GET', `/Attendances/reports?startDate=2026-04-08&endDate=2026-04-08&employeeIds=${admin.id}&isBulkReport=false`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Attendance');
    const header = (sheet?.getRow(1).values as unknown[]).map(String);
    const row = sheet?.getRow(2).values as unknown[];
    expect(row[header.indexOf('First In')]).toBe('22:05:00');
    expect(row[header.indexOf('Last Out')]).toBe('02:57:00 (+1)');
    expect(JSON.stringify(row)).not.toContain('26:57');
  });
});
