import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, SHIFT_MSG, type CurrentShift, type RosterRow, type SessionUser, type Shift } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { AttendanceService } from '../attendance/attendance.service';

const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';

describe.each(BACKENDS)('shifts over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let recompute: MockInstance<AttendanceService['recompute']>;
  const departments = new Map<string, string>();
  const people = new Map<string, { id: string; departmentId: string | null }>();
  let otherDepartmentId = '';
  let otherShift: Shift;

  beforeAll(async () => {
    recompute = vi.spyOn(AttendanceService.prototype, 'recompute').mockResolvedValue(undefined);
    // A fixed Wednesday so weeks and months are known: 2026-03-11 (IST noon).
    t = await createTestApp(backend, {}, { demo: new Date('2026-03-11T06:30:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    for (const d of await queryRows<{ id: string; name: string }>(t.database.db, sql`SELECT d.id, d.name FROM departments d JOIN users u ON u.tenant_id = d.tenant_id WHERE u.email = ${DEMO_LOGINS.administrator}`)) departments.set(d.name, d.id);
    for (const u of await queryRows<{ id: string; email: string; department_id: string | null }>(t.database.db, sql`SELECT u.id, u.email, u.department_id FROM users u JOIN users a ON a.tenant_id = u.tenant_id WHERE a.email = ${DEMO_LOGINS.administrator}`)) people.set(u.email, { id: u.id, departmentId: u.department_id });
    const dep = await t.call('POST', '/Departments', { token: other.token, body: { name: 'Stores' } });
    otherDepartmentId = dep.json().data.id as string;
    const created = await t.call('POST', '/Shifts', { token: other.token, body: { shiftName: 'Kaveri Late', shiftStart: '12:00', shiftEnd: '21:00', departmentIds: [otherDepartmentId] } });
    otherShift = created.json().data as Shift;
  });
  afterAll(async () => {
    await t.close();
    recompute.mockRestore();
  });

  const id = (email: string) => {
    const p = people.get(email);
    if (!p) throw new Error(`${email} missing`);
    return p.id;
  };
  const list = async (token = admin.token, query = '') => t.call('GET', `/Shifts${query}`, { token });
  const byName = async (name: string): Promise<Shift> => {
    const all = (await list(admin.token, '?pageSize=100')).json().data as Shift[];
    const s = all.find((x) => x.shiftName === name);
    if (!s) throw new Error(`shift ${name} missing`);
    return s;
  };
  const roster = (query: string, token = admin.token) => t.call('GET', `/Shifts/assigned${query}`, { token });

  describe('defaults', () => {
    it('a new organisation has the General default shift 10:00–19:00, Sundays and Saturdays off, and default attendance settings', async () => {
      const res = await list(other.token);
      expect(res.statusCode).toBe(200);
      const general = (res.json().data as Shift[]).find((s) => s.isDefault);
      expect(general).toMatchObject({
        shiftName: 'General',
        shiftStart: '10:00:00',
        shiftEnd: '19:00:00',
        isDefault: true,
        weekends: [
          { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
          { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
        ],
      });
      const settings = await t.call('GET', '/Attendances/settings', { token: other.token });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().data).toMatchObject({ shiftStart: '10:00:00', shiftEnd: '19:00:00', gracePeriodMinutes: 15, allowSelfAttendanceUpdate: true });
    });

    it('the demo has General (default first), Early Shift and Night Shift; pages of 10 with totalRecords', async () => {
      const res = await list(admin.token, '?page=1&pageSize=10');
      const names = (res.json().data as Shift[]).map((s) => s.shiftName);
      expect(names.slice(0, 3)).toEqual(['General', 'Early Shift', 'Night Shift']);
      expect(res.json().totalRecords).toBe(3);
      const early = await byName('Early Shift');
      expect(early.departmentIds).toEqual([departments.get('Sales')]);
      const page2 = await list(admin.token, '?page=2&pageSize=2');
      expect((page2.json().data as Shift[]).map((s) => s.shiftName)).toEqual(['Night Shift']);
    });
  });

  describe('POST /Shifts and PUT /Shifts', () => {
    it('creates a shift with departments and padded times; default weekends when none are sent', async () => {
      const res = await t.call('POST', '/Shifts', { token: admin.token, body: { shiftName: ' Mid Shift ', shiftStart: '12:00', shiftEnd: '21:30', departmentIds: [departments.get('Finance')] } });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(SHIFT_MSG.created);
      expect(res.json().data).toMatchObject({
        shiftName: 'Mid Shift',
        shiftStart: '12:00:00',
        shiftEnd: '21:30:00',
        isDefault: false,
        departmentIds: [departments.get('Finance')],
        weekends: [
          { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
          { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
        ],
      });
      const fetched = await t.call('GET', `/Shifts/${res.json().data.id as string}`, { token: admin.token });
      expect(fetched.json().data.shiftName).toBe('Mid Shift');
    });

    it.each([
      [{ shiftStart: '10:00', shiftEnd: '19:00', departmentIds: ['x'] }, 'shiftName', SHIFT_MSG.nameRequired],
      [{ shiftName: '  ', shiftStart: '10:00', shiftEnd: '19:00' }, 'shiftName', SHIFT_MSG.nameRequired],
      [{ shiftName: 'A', shiftEnd: '19:00' }, 'shiftStart', SHIFT_MSG.startRequired],
      [{ shiftName: 'A', shiftStart: '10:00' }, 'shiftEnd', SHIFT_MSG.endRequired],
      [{ shiftName: 'A', shiftStart: '24:00', shiftEnd: '19:00' }, 'shiftStart', `shiftStart ${SHIFT_MSG.timeFormat}`],
      [{ shiftName: 'A', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [] }, 'departmentIds', SHIFT_MSG.departmentsRequired],
      [{ shiftName: 'A', shiftStart: '10:00', shiftEnd: '19:00' }, 'departmentIds', SHIFT_MSG.departmentsRequired],
    ])('refuses %j: %s → %s', async (body, field, message) => {
      const res = await t.call('POST', '/Shifts', { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('refuses a duplicate name (case-insensitive) and another organisation’s department; nothing is written', async () => {
      const dup = await t.call('POST', '/Shifts', { token: admin.token, body: { shiftName: 'night shift', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [departments.get('Sales')] } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(SHIFT_MSG.nameExists);
      const foreign = await t.call('POST', '/Shifts', { token: admin.token, body: { shiftName: 'Foreign', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [otherDepartmentId] } });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors.departmentIds).toBe(SHIFT_MSG.departmentInvalid);
      expect((await list(admin.token, '?pageSize=100')).json().data.map((s: Shift) => s.shiftName)).not.toContain('Foreign');
    });

    it('updates a shift with { id, ...fields }: name, times, weekends grid, departments', async () => {
      const mid = await byName('Mid Shift');
      const weekends = [
        { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
        { dayOfWeek: 6, weekNumber: 2, isWeekend: true },
        { dayOfWeek: 6, weekNumber: 4, isWeekend: true },
      ];
      const res = await t.call('PUT', '/Shifts', { token: moderator.token, body: { id: mid.id, shiftName: 'Mid Shift', shiftStart: '11:00', shiftEnd: '20:00:00', weekends, departmentIds: [departments.get('Finance'), departments.get('Human Resources')] } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ shiftStart: '11:00:00', shiftEnd: '20:00:00', weekends });
      expect([...(res.json().data as Shift).departmentIds].sort()).toEqual([departments.get('Finance'), departments.get('Human Resources')].sort());
      expect((await t.call('PUT', '/Shifts', { token: admin.token, body: { id: MISSING_ID, shiftName: 'X', shiftStart: '10:00', shiftEnd: '19:00' } })).statusCode).toBe(404);
      expect((await t.call('PUT', '/Shifts', { token: admin.token, body: { id: otherShift.id, shiftName: 'Mine now', shiftStart: '10:00', shiftEnd: '19:00' } })).statusCode).toBe(404);
    });

    it('members are refused; another organisation’s shift is not found', async () => {
      expect((await t.call('POST', '/Shifts', { token: member.token, body: { shiftName: 'M', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [departments.get('Sales')] } })).statusCode).toBe(403);
      expect((await list(member.token)).statusCode).toBe(403);
      expect((await t.call('GET', `/Shifts/${otherShift.id}`, { token: admin.token })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/Shifts/${otherShift.id}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('POST /Shifts/assign/departments and GET /Shifts/department/:id', () => {
    it('moves departments to a shift (one department shift each) and lists the shifts available to a department', async () => {
      const mid = await byName('Mid Shift');
      const res = await t.call('POST', '/Shifts/assign/departments', { token: admin.token, body: { departmentIds: [departments.get('Sales')], shiftId: mid.id } });
      expect(res.statusCode).toBe(200);
      expect((await byName('Early Shift')).departmentIds).toEqual([]);
      const available = await t.call('GET', `/Shifts/department/${departments.get('Sales') ?? ''}`, { token: admin.token });
      expect((available.json().data as Shift[]).map((s) => s.shiftName)).toEqual(['General', 'Mid Shift']);
      // Put Sales back on the early shift for the roster tests below.
      await t.call('POST', '/Shifts/assign/departments', { token: admin.token, body: { departmentIds: [departments.get('Sales')], shiftId: (await byName('Early Shift')).id } });
    });

    it('validates and keeps tenants apart', async () => {
      const early = await byName('Early Shift');
      const none = await t.call('POST', '/Shifts/assign/departments', { token: admin.token, body: { departmentIds: [], shiftId: early.id } });
      expect(none.json().errors.departmentIds).toBe(SHIFT_MSG.departmentsRequired);
      const foreignDept = await t.call('POST', '/Shifts/assign/departments', { token: admin.token, body: { departmentIds: [otherDepartmentId], shiftId: early.id } });
      expect(foreignDept.statusCode).toBe(400);
      const foreignShift = await t.call('POST', '/Shifts/assign/departments', { token: admin.token, body: { departmentIds: [departments.get('Sales')], shiftId: otherShift.id } });
      expect(foreignShift.json().errors.shiftId).toBe(SHIFT_MSG.shiftInvalid);
      expect((await t.call('GET', `/Shifts/department/${otherDepartmentId}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('POST /Shifts/assign/employees', () => {
    const assign = (body: Record<string, unknown>, token = admin.token) => t.call('POST', '/Shifts/assign/employees', { token, body });

    it.each([
      [{ employeeIds: [], shiftId: MISSING_ID, startDate: '2026-03-16' }, 'employeeIds', SHIFT_MSG.employeesRequired],
      [{ employeeIds: [MISSING_ID], startDate: '2026-03-16' }, 'shiftId', SHIFT_MSG.shiftRequired],
      [{ employeeIds: [MISSING_ID], shiftId: MISSING_ID }, 'startDate', SHIFT_MSG.startDateRequired],
      [{ employeeIds: [MISSING_ID], shiftId: MISSING_ID, startDate: '' }, 'startDate', SHIFT_MSG.startDateRequired],
      [{ employeeIds: [MISSING_ID], shiftId: MISSING_ID, startDate: '2026-03-16', endDate: '2026-03-15' }, 'endDate', SHIFT_MSG.endBeforeStart],
    ])('refuses %j: %s → %s', async (body, field, message) => {
      const res = await assign(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('refuses another organisation’s employee or shift, and members; nothing is written', async () => {
      const night = await byName('Night Shift');
      const [before] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM shift_assignments`);
      const otherOwner = (await t.call('GET', '/Users/me', { token: other.token })).json().data.id as string;
      const foreignEmployee = await assign({ employeeIds: [id('aditi.agarwal@nilgiri.demo'), otherOwner], shiftId: night.id, startDate: '2026-03-16' });
      expect(foreignEmployee.statusCode).toBe(400);
      expect(foreignEmployee.json().errors.employeeIds).toBe(SHIFT_MSG.employeeInvalid);
      const foreignShift = await assign({ employeeIds: [id('aditi.agarwal@nilgiri.demo')], shiftId: otherShift.id, startDate: '2026-03-16' });
      expect(foreignShift.json().errors.shiftId).toBe(SHIFT_MSG.shiftInvalid);
      expect((await assign({ employeeIds: [id('aditi.agarwal@nilgiri.demo')], shiftId: night.id, startDate: '2026-03-16' }, member.token)).statusCode).toBe(403);
      const [after] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM shift_assignments`);
      expect(after?.n).toBe(before?.n);
    });

    it('assigns a shift for a date range; a moderator may; with updateAttendance the past part is recomputed', async () => {
      recompute.mockClear();
      const night = await byName('Night Shift');
      const res = await assign(
        { employeeIds: [id('aditi.agarwal@nilgiri.demo')], shiftId: night.id, startDate: '2026-03-09', endDate: '2026-03-10', notes: ' Cover ', updateAttendance: true },
        moderator.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: SHIFT_MSG.assigned, data: { assigned: 1 } });
      const [row] = await queryRows<{ notes: string; end_date: string }>(t.database.db, sql`SELECT notes, end_date::text AS end_date FROM shift_assignments WHERE user_id = ${id('aditi.agarwal@nilgiri.demo')}`);
      expect(row).toEqual({ notes: 'Cover', end_date: '2026-03-10' });
      expect(recompute).toHaveBeenCalledWith(expect.objectContaining({ tenantId: admin.tenantId }), { userIds: [id('aditi.agarwal@nilgiri.demo')], from: '2026-03-09', to: '2026-03-10' });
    });

    it('recomputes from the start date to today when the range is open or runs into the future, and not at all for a future start', async () => {
      const early = await byName('Early Shift');
      recompute.mockClear();
      const open = await assign({ employeeIds: [id('rahul.sharma@nilgiri.demo')], shiftId: early.id, startDate: '2026-03-02', endDate: null, updateAttendance: true });
      expect(open.statusCode).toBe(200);
      expect(recompute).toHaveBeenCalledWith(expect.objectContaining({ tenantId: admin.tenantId }), { userIds: [id('rahul.sharma@nilgiri.demo')], from: '2026-03-02', to: '2026-03-11' });
      recompute.mockClear();
      await assign({ employeeIds: [id('rahul.sharma@nilgiri.demo')], shiftId: early.id, startDate: '2026-03-20', updateAttendance: true });
      await assign({ employeeIds: [id('rahul.sharma@nilgiri.demo')], shiftId: early.id, startDate: '2026-03-01', endDate: '2026-03-01', updateAttendance: false });
      expect(recompute).not.toHaveBeenCalled();
      // Undo: Rahul back to General (a later assignment wins).
      const general = await byName('General');
      await assign({ employeeIds: [id('rahul.sharma@nilgiri.demo')], shiftId: general.id, startDate: '2026-03-01' });
    });
  });

  describe('GET /Shifts/assigned (roster)', () => {
    const week = '?page=1&pageSize=7&startDate=2026-03-08&endDate=2026-03-14';

    it('answers 7 employees a page with a cell for each date Sunday to Saturday', async () => {
      const res = await roster(week);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as RosterRow[];
      expect(rows).toHaveLength(7);
      expect(res.json().totalRecords).toBe(43);
      expect(rows[0]?.dailyShifts.map((d) => d.date)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
      const last = await roster('?page=7&pageSize=7&startDate=2026-03-08&endDate=2026-03-14');
      expect((last.json().data as RosterRow[]).length).toBe(1);
    });

    it('resolves assignment over department over default, and searches by name', async () => {
      const res = await roster(`${week}&searchQuery=aditi`);
      const aditi = (res.json().data as RosterRow[])[0];
      expect(aditi?.employeeName).toBe('Aditi Agarwal');
      expect(aditi?.dailyShifts.map((d) => d.shiftName)).toEqual(['General', 'Night Shift', 'Night Shift', 'General', 'General', 'General', 'General']);
      expect(aditi?.dailyShifts[1]).toMatchObject({ shiftStart: '22:00:00', shiftEnd: '06:00:00', notes: 'Cover', isDefault: false });
      expect(aditi?.dailyShifts[0]).toMatchObject({ shiftStart: '10:00:00', shiftEnd: '19:00:00', isDefault: true, notes: null });
      // Priya Iyer heads Sales, whose department shift is the Early Shift.
      const priya = ((await roster(`${week}&searchQuery=priya iyer`)).json().data as RosterRow[])[0];
      expect(priya?.dailyShifts.every((d) => d.shiftName === 'Early Shift')).toBe(true);
      const none = await roster(`${week}&searchQuery=zzzz`);
      expect(none.json()).toMatchObject({ data: [], totalRecords: 0 });
    });

    it("validates the filter with the spec's messages", async () => {
      const missing = await roster('?startDate=2026-03-08');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(SHIFT_MSG.filterDatesRequired);
      const reversed = await roster('?startDate=2026-03-14&endDate=2026-03-08');
      expect(reversed.json().message).toBe(SHIFT_MSG.filterStartAfterEnd);
      expect((await roster(week, member.token)).statusCode).toBe(403);
    });

    it("shows 'No Shift' (null) only when an organisation has no shift at all, and never another organisation's people", async () => {
      const res = await roster(week, other.token);
      expect(res.json().totalRecords).toBe(1);
      expect((res.json().data as RosterRow[])[0]?.dailyShifts[0]?.shiftName).toBe('General');
    });
  });

  describe('GET /Shifts/current-shift', () => {
    it('gives my own shift today; admins and the reporting manager may ask for another; a member may not', async () => {
      const mine = await t.call('GET', '/Shifts/current-shift', { token: member.token });
      expect(mine.statusCode).toBe(200);
      const data = mine.json().data as CurrentShift;
      expect(data).toMatchObject({ employeeId: id('aditi.agarwal@nilgiri.demo'), date: '2026-03-11', source: 'default' });
      expect(data.shift?.shiftName).toBe('General');
      const byManager = await t.call('GET', `/Shifts/current-shift?employeeId=${id('aditi.agarwal@nilgiri.demo')}`, { token: manager.token });
      expect(byManager.statusCode).toBe(200);
      const priyaId = id('priya.iyer@nilgiri.demo');
      const byAdmin = await t.call('GET', `/Shifts/current-shift?employeeId=${priyaId}`, { token: admin.token });
      expect((byAdmin.json().data as CurrentShift).shift?.shiftName).toBe('Early Shift');
      expect((byAdmin.json().data as CurrentShift).source).toBe('department');
      expect((await t.call('GET', `/Shifts/current-shift?employeeId=${priyaId}`, { token: member.token })).statusCode).toBe(403);
      expect((await t.call('GET', `/Shifts/current-shift?employeeId=${priyaId}`, { token: other.token })).statusCode).toBe(404);
    });
  });

  describe('DELETE /Shifts/:id', () => {
    it("refuses the default shift with 'Default shifts cannot be deleted'", async () => {
      const general = await byName('General');
      const res = await t.call('DELETE', `/Shifts/${general.id}`, { token: admin.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SHIFT_MSG.defaultNotDeletable);
    });

    it('deletes a shift with its assignments and department links; those people fall back', async () => {
      const mid = await byName('Mid Shift');
      await t.call('POST', '/Shifts/assign/employees', { token: admin.token, body: { employeeIds: [id('aditi.agarwal@nilgiri.demo')], shiftId: mid.id, startDate: '2026-03-12', endDate: '2026-03-12' } });
      const res = await t.call('DELETE', `/Shifts/${mid.id}`, { token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SHIFT_MSG.deleted);
      const aditi = ((await roster('?startDate=2026-03-12&endDate=2026-03-12&searchQuery=aditi')).json().data as RosterRow[])[0];
      expect(aditi?.dailyShifts[0]?.shiftName).toBe('General');
      expect((await t.call('GET', `/Shifts/${mid.id}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('premium (AdvancedShifts)', () => {
    it('an organisation on a plan without it gets FEATURE_ACCESS_DENIED on create, non-default edit and assign, but can read and edit the default shift', async () => {
      // Kaveri Traders buys Basic (no AdvancedShifts); a paid plan wins over the trial.
      await t.database.db.execute(sql`
        INSERT INTO subscriptions (tenant_id, plan_id, status, is_trial, billing_type, quantity, start_at)
        SELECT ${other.tenantId}, p.id, 'active', false, 'monthly', 1, ${new Date('2026-03-01T00:00:00Z')} FROM plans p WHERE p.code = 'basic'`);
      const denied = (res: { statusCode: number; json: () => { errorCode: string; message: string } }) => {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ errorCode: 'FEATURE_ACCESS_DENIED', message: MSG.featureNotAllowed });
      };
      denied(await t.call('POST', '/Shifts', { token: other.token, body: { shiftName: 'New', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [otherDepartmentId] } }));
      denied(await t.call('PUT', '/Shifts', { token: other.token, body: { id: otherShift.id, shiftName: 'Kaveri Late', shiftStart: '13:00', shiftEnd: '21:00' } }));
      const ownerId = (await t.call('GET', '/Users/me', { token: other.token })).json().data.id as string;
      denied(await t.call('POST', '/Shifts/assign/employees', { token: other.token, body: { employeeIds: [ownerId], shiftId: otherShift.id, startDate: '2026-03-16' } }));
      denied(await t.call('POST', '/Shifts/assign/departments', { token: other.token, body: { departmentIds: [otherDepartmentId], shiftId: otherShift.id } }));
      denied(await t.call('GET', '/Attendances/settings', { token: other.token }));
      expect((await list(other.token)).statusCode).toBe(200);
      const general = ((await list(other.token)).json().data as Shift[]).find((s) => s.isDefault);
      const edit = await t.call('PUT', '/Shifts', { token: other.token, body: { id: general?.id, shiftName: 'General', shiftStart: '09:30', shiftEnd: '18:30' } });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().data.shiftStart).toBe('09:30:00');
    });
  });

  it('the demo date helper agrees with the clock', () => {
    expect(dateInZone(t.clock.now(), 'Asia/Kolkata')).toBe('2026-03-11');
  });
});
