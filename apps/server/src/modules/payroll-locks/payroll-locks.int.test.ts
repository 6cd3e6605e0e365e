import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYROLL_LOCK_MSG, type LeaveType, type RequestRow, type SessionUser, type Shift, type TimeLogView } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import * as repo from './payroll-locks.repo';
import { PayrollLockService } from './payroll-locks.service';

/** Thursday 2 April 2026, noon in Asia/Kolkata: March is the month payroll has just finalized. */
const NOW = new Date('2026-04-02T06:30:00Z');
const MARCH_FINALIZED = 'Payroll for March 2026 is finalized; attendance for that month can no longer change.';

describe.each(BACKENDS)('finalized payroll months freeze organisation-wide attendance inputs (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let tenantId = '';
  let memberDepartmentId = '';
  let locks: PayrollLockService;

  const lock = (month: string) => t.tenantScope(tenantId, (scope) => locks.lockMonth(scope, month));
  const unlock = (month: string) => t.tenantScope(tenantId, (scope) => locks.unlockMonth(scope, month));
  const storedDay = async (userId: string, date: string) => {
    const [row] = await queryRows<{ status: string; total_minutes: number; first_in: string | null }>(
      t.database.db,
      sql`SELECT status, total_minutes, first_in FROM attendance_days WHERE user_id = ${userId} AND work_date = ${date}`,
    );
    return row;
  };
  const expectFrozen = (res: { statusCode: number; json(): { message: string } }, message = MARCH_FINALIZED) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    tenantId = admin.tenantId;
    const [dept] = await queryRows<{ department_id: string }>(t.database.db, sql`SELECT department_id FROM users WHERE id = ${member.id}`);
    memberDepartmentId = dept?.department_id ?? '';
    // Self update reaches back 10 days, so the last days of March are within reach of a manual log.
    await t.database.db.execute(sql`
      UPDATE attendance_settings SET settings = settings || '{"maxPastDaysForAttendanceUpdate": 10, "allowSelfAttendanceUpdate": true}'::jsonb WHERE tenant_id = ${tenantId}`);
    locks = new PayrollLockService({ clock: t.clock });
    // The demo's own logs of these weeks would overlap the manual logs below; the stored days stay as computed.
    await t.database.db.execute(sql`DELETE FROM time_logs WHERE user_id = ${member.id} AND work_date >= '2026-03-16'`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the message names the month', () => {
    expect(PAYROLL_LOCK_MSG.monthFinalized('2026-03')).toBe(MARCH_FINALIZED);
  });

  it('lockMonth / isLocked / unlockMonth', async () => {
    expect(await t.tenantScope(tenantId, (s) => locks.isLocked(s, '2026-02'))).toBe(false);
    await lock('2026-02');
    await lock('2026-02'); // finalizing twice is harmless
    expect(await t.tenantScope(tenantId, (s) => locks.isLocked(s, '2026-02'))).toBe(true);
    await unlock('2026-02');
    expect(await t.tenantScope(tenantId, (s) => locks.isLocked(s, '2026-02'))).toBe(false);
  });

  it('processing clears only the stale marks it saw before reading the inputs: one written meanwhile stays', async () => {
    const reasons = await t.tenantScope(tenantId, async (scope) => {
      await repo.insertStaleMarks(scope.db, [{ userId: member.id, month: '2026-04', reason: 'before the read' }], t.clock.now());
      const clearSeen = await locks.staleSeen(scope, '2026-04', [member.id]);
      // A change committed while the chunk computes: its mark is not among those seen.
      await repo.insertStaleMarks(scope.db, [{ userId: member.id, month: '2026-04', reason: 'during the compute' }], t.clock.now());
      await clearSeen();
      const left = (await locks.staleIn(scope, '2026-04')).get(member.id) ?? [];
      await (await locks.staleSeen(scope, '2026-04', [member.id]))();
      return left;
    });
    expect(reasons).toEqual(['during the compute']);
  });

  it('a manual log for a day of a finalized month is refused, and so is approving one made before the month was finalized', async () => {
    const before = await t.call('POST', '/Attendances/logs', { token: member.token, body: { date: '2026-03-31', checkIn: '10:00', checkOut: '18:00', reason: 'Forgot' } });
    expect(before.statusCode, before.body).toBe(201);
    const log = before.json().data as TimeLogView;
    await lock('2026-03');
    try {
      expectFrozen(await t.call('POST', '/Attendances/logs', { token: member.token, body: { date: '2026-03-30', checkIn: '10:00', checkOut: '18:00', reason: 'Forgot' } }));
      const day = await storedDay(member.id, '2026-03-31');
      expectFrozen(await t.call('POST', '/Attendances/approval', { token: admin.token, body: { attendanceIdCsv: log.id, status: 2 } }));
      const [after] = await queryRows<{ approval_status: number }>(t.database.db, sql`SELECT approval_status FROM time_logs WHERE id = ${log.id}`);
      expect(after?.approval_status).toBe(1);
      expect(await storedDay(member.id, '2026-03-31')).toEqual(day);
      // April is open: a log for 1 April goes through.
      const april = await t.call('POST', '/Attendances/logs', { token: member.token, body: { date: '2026-04-01', checkIn: '10:00', checkOut: '18:00', reason: 'Forgot' } });
      expect(april.statusCode, april.body).toBe(201);
    } finally {
      await unlock('2026-03');
    }
  });

  // Facts of a person still happen after finalize (DESIGN §10, a month's life): a regularization or a
  // leave of a finalized month is accepted and its days follow; the pay of that month is corrected in
  // the next open month (payroll-lop-late.int.test.ts), never by changing the finalized month.
  it('regularization: raising one for the finalized month and approving it are accepted, and the day follows it', async () => {
    const body = (date: string) => ({ requestType: 2, reason: 'Card reader down', additionalData: { attendanceRegularization: { startDate: date, endDate: date, startTime: '09:30', endTime: '18:30' } } });
    await lock('2026-03');
    try {
      const raised = await t.call('POST', '/Requests', { token: member.token, body: body('2026-03-27') });
      expect(raised.statusCode, raised.body).toBe(200);
      const request = raised.json().data as RequestRow;
      const approved = await t.call('PUT', `/Requests/${request.id}/status`, { token: admin.token, body: { status: 1, requestType: 2 } });
      expect(approved.statusCode, approved.body).toBe(200);
      const logs = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM time_logs WHERE user_id = ${member.id} AND work_date = '2026-03-27' AND source = 'regularization'`);
      expect(logs[0]?.n).toBe(1);
      // 09:30–18:30 is nine hours on the day, recomputed although March is finalized.
      expect((await storedDay(member.id, '2026-03-27'))?.total_minutes).toBe(540);
    } finally {
      await unlock('2026-03');
    }
  });

  it('leave: applying for dates in the finalized month and approving it are accepted, and the days follow it', async () => {
    const types = (await t.call('GET', '/LeaveTypes', { token: member.token })).json().data as LeaveType[];
    const lop = types.find((lt) => lt.code === 'LOP');
    if (!lop) throw new Error('LOP missing');
    await lock('2026-03');
    try {
      const pending = await t.call('POST', '/Leaves', { token: member.token, body: { leaveTypeId: lop.id, startDate: '2026-03-24', endDate: '2026-03-24', reason: 'Family' } });
      expect(pending.statusCode, pending.body).toBe(201);
      const id = (pending.json().data as { id: string }).id;
      const approved = await t.call('PUT', `/Leaves/${id}/status`, { token: admin.token, body: { status: 2 } });
      expect(approved.statusCode, approved.body).toBe(200);
      const [day] = await queryRows<{ payable: number }>(t.database.db, sql`SELECT payable_fraction::float8 AS payable FROM attendance_days WHERE user_id = ${member.id} AND work_date = '2026-03-24'`);
      expect(day?.payable).toBe(0);
    } finally {
      await unlock('2026-03');
    }
  });

  it('holidays: adding, moving or removing one in the finalized month is refused', async () => {
    const created = await t.call('POST', '/Holidays', { token: admin.token, body: { date: '2026-04-14', name: 'Ambedkar Jayanti' } });
    expect(created.statusCode, created.body).toBe(201);
    await lock('2026-03');
    try {
      expectFrozen(await t.call('POST', '/Holidays', { token: admin.token, body: { date: '2026-03-19', name: 'Ugadi' } }));
      const id = (created.json().data as { id: string }).id;
      expectFrozen(await t.call('PUT', `/Holidays/${id}`, { token: admin.token, body: { date: '2026-03-19', name: 'Ugadi' } }));
    } finally {
      await unlock('2026-03');
    }
  });

  it("shift assignment with 'Update existing attendance records' over the finalized month is refused; without it the assignment is made", async () => {
    const shifts = (await t.call('GET', '/Shifts?pageSize=100', { token: admin.token })).json().data as Shift[];
    const night = shifts.find((s) => s.shiftName === 'Night Shift');
    if (!night) throw new Error('Night Shift missing');
    await lock('2026-03');
    try {
      const body = { employeeIds: [member.id], shiftId: night.id, startDate: '2026-03-25', endDate: '2026-04-05', notes: null };
      expectFrozen(await t.call('POST', '/Shifts/assign/employees', { token: admin.token, body: { ...body, updateAttendance: true } }));
      // A department shift reaching back into March is refused the same way.
      const created = await t.call('POST', '/Shifts', {
        token: admin.token,
        body: { shiftName: 'Backdated', shiftStart: '09:00', shiftEnd: '18:00', departmentIds: [memberDepartmentId], effectiveFrom: '2026-03-30', updateAttendance: true },
      });
      expectFrozen(created);
      const later = await t.call('POST', '/Shifts/assign/employees', { token: admin.token, body: { ...body, startDate: '2026-04-20', endDate: '2026-04-21', updateAttendance: false } });
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      await unlock('2026-03');
    }
  });

  it('check-in on a day of a finalized month is refused', async () => {
    await lock('2026-04');
    try {
      expectFrozen(await t.call('POST', '/Attendances/check-in', { token: member.token }), 'Payroll for April 2026 is finalized; attendance for that month can no longer change.');
    } finally {
      await unlock('2026-04');
    }
  });

  it('a month finalized before its end locks only the days gone by: the days after stay open to logs and the recompute', async () => {
    const before = await storedDay(member.id, '2026-03-19');
    for (const date of ['2026-03-19', '2026-03-25']) {
      await t.database.db.execute(sql`
        INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
        VALUES (${tenantId}, ${member.id}, ${date}, ${`${date}T04:30:00Z`}, ${`${date}T13:30:00Z`}, 'import', 2)`);
    }
    // As a finalize on 25 March would lock it: the 1st to the 24th.
    await t.tenantScope(tenantId, (scope) => locks.lockMonth(scope, '2026-03', null, { from: '2026-03-01', through: '2026-03-24' }));
    try {
      const through = 'Payroll for March 2026 is finalized; attendance up to 24 Mar 2026 can no longer change.';
      expect(PAYROLL_LOCK_MSG.monthFinalizedThrough('2026-03', '2026-03-24')).toBe(through);
      expectFrozen(await t.call('POST', '/Attendances/logs', { token: member.token, body: { date: '2026-03-24', checkIn: '10:00', checkOut: '18:00', reason: 'Forgot' } }), through);
      const open = await t.call('POST', '/Attendances/logs', { token: member.token, body: { date: '2026-03-26', checkIn: '10:00', checkOut: '18:00', reason: 'Forgot' } });
      expect(open.statusCode, open.body).toBe(201);
      await t.tenantScope(tenantId, async (scope) => {
        scope.enqueue('attendance.recompute', { userIds: [member.id], from: '2026-03-01', to: '2026-03-31' });
      });
      await t.drainJobs();
      expect(await storedDay(member.id, '2026-03-19')).toEqual(before);
      expect((await storedDay(member.id, '2026-03-25'))?.first_in).toBe('10:00:00');
    } finally {
      await unlock('2026-03');
    }
    await t.database.db.execute(sql`DELETE FROM time_logs WHERE user_id = ${member.id} AND work_date IN ('2026-03-19', '2026-03-25', '2026-03-26')`);
  });

  it('a recompute (settings saved, a shift edited) leaves the days of a finalized month as they were', async () => {
    // The day as it stands before anything is slipped in.
    const march = await storedDay(member.id, '2026-03-18');
    // A log slipped into March behind the guards' back (an import, a database fix): the recompute must not pick it up.
    await t.database.db.execute(sql`
      INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
      VALUES (${tenantId}, ${member.id}, '2026-03-18', '2026-03-18T04:30:00Z', '2026-03-18T13:30:00Z', 'import', 2)`);
    await t.database.db.execute(sql`
      INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
      VALUES (${tenantId}, ${member.id}, '2026-04-01', '2026-04-01T04:30:00Z', '2026-04-01T13:30:00Z', 'import', 2)`);
    await lock('2026-03');
    try {
      await t.tenantScope(tenantId, async (scope) => {
        scope.enqueue('attendance.recompute', { from: '2026-03-01', to: '2026-04-30' });
      });
      await t.drainJobs();
      expect(await storedDay(member.id, '2026-03-18')).toEqual(march);
      expect((await storedDay(member.id, '2026-04-01'))?.total_minutes).toBeGreaterThanOrEqual(9 * 60);
    } finally {
      await unlock('2026-03');
    }
    // Reopened (a reversal), the same recompute takes the log in.
    await t.tenantScope(tenantId, async (scope) => {
      scope.enqueue('attendance.recompute', { userIds: [member.id], from: '2026-03-18', to: '2026-03-18' });
    });
    await t.drainJobs();
    expect(march?.first_in).not.toBe('10:00:00');
    expect((await storedDay(member.id, '2026-03-18'))?.first_in).toBe('10:00:00');
  });
});
