import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEAVE_MSG, type LeaveAdjustment, type LeaveBalanceRow, type LeavePolicy, type LeaveRequest, type LeaveSettings, type LeaveType, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';
/** Wednesday 10 June 2026, 10:00 in Bengaluru. */
const NOW = new Date('2026-06-10T04:30:00Z');

/** Issue 15 item 6: customize balance (the ledger), policies (applicability, sandwich rule), settings, every request. */
describe.each(BACKENDS)('leave administration over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const types = new Map<string, LeaveType>();
  let memberDepartmentId: string;
  let memberEmploymentTypeId: string;
  let internTypeId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2025-03-15' WHERE email = ${DEMO_LOGINS.member}`);
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const res = await t.call('GET', '/LeaveTypes', { token: member.token });
    for (const lt of res.json().data as LeaveType[]) types.set(lt.code, lt);
    const [dept] = await queryRows<{ id: string }>(t.database.db, sql`SELECT department_id AS id FROM users WHERE id = ${member.id}`);
    memberDepartmentId = dept?.id ?? '';
    const options = await queryRows<{ id: string; label: string }>(
      t.database.db,
      sql`SELECT o.id, o.label FROM user_field_options o JOIN user_fields f ON f.id = o.user_field_id WHERE f.tenant_id = ${admin.tenantId} AND f.name = 'Employment Type'`,
    );
    internTypeId = options.find((o) => o.label === 'Intern')?.id ?? '';
    memberEmploymentTypeId = options.find((o) => o.label === 'Full Time')?.id ?? '';
    await t.database.db.execute(sql`DELETE FROM user_field_values WHERE user_id = ${member.id} AND user_field_id = (SELECT id FROM user_fields WHERE tenant_id = ${admin.tenantId} AND name = 'Employment Type')`);
    await t.database.db.execute(sql`INSERT INTO user_field_values (tenant_id, user_id, user_field_id, option_id, field_value)
      SELECT ${admin.tenantId}, ${member.id}, f.id, ${memberEmploymentTypeId}, 'Full Time' FROM user_fields f WHERE f.tenant_id = ${admin.tenantId} AND f.name = 'Employment Type'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const type = (code: string): LeaveType => {
    const lt = types.get(code);
    if (!lt) throw new Error(`leave type ${code} missing`);
    return lt;
  };
  const balances = async (token = admin.token, employeeId = member.id): Promise<LeaveBalanceRow[]> => {
    const res = await t.call('GET', `/Leaves/balances?employeeId=${employeeId}&year=2026`, { token });
    expect(res.statusCode).toBe(200);
    return res.json().data as LeaveBalanceRow[];
  };
  const balance = async (code: string): Promise<LeaveBalanceRow> => {
    const row = (await balances()).find((b) => b.code === code);
    if (!row) throw new Error(`no ${code} balance`);
    return row;
  };
  const adjust = (body: Record<string, unknown>, token = admin.token) =>
    t.call('POST', '/Leaves/balance-adjustments', { token, body: { employeeId: member.id, leaveTypeId: type('CL').id, year: 2026, kind: 'adjustment', days: 2, reason: 'Worked on Republic Day', ...body } });

  describe('customize balance', () => {
    it('records an adjustment with its reason, who, when, before and after; the balance is computed from the ledger', async () => {
      const before = await balance('CL');
      const res = await adjust({ days: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(LEAVE_MSG.adjustmentSaved);
      const entry = res.json().data as LeaveAdjustment;
      expect(entry).toMatchObject({ employeeId: member.id, leaveTypeName: 'Casual Leave', kind: 'adjustment', days: 2, balanceBefore: before.available, balanceAfter: before.available + 2, reason: 'Worked on Republic Day', createdByName: 'Anita Rao', year: 2026 });
      const after = await balance('CL');
      expect(after.adjustment).toBe(before.adjustment + 2);
      expect(after.available).toBe(before.available + 2);

      const debit = await adjust({ days: -0.5, reason: 'Late marks' }, moderator.token);
      expect(debit.statusCode).toBe(201);
      expect((await balance('CL')).available).toBe(before.available + 1.5);

      const list = await t.call('GET', `/Leaves/balance-adjustments?employeeId=${member.id}&year=2026`, { token: admin.token });
      expect(list.statusCode).toBe(200);
      const rows = list.json().data as LeaveAdjustment[];
      expect(list.json().totalRecords).toBe(2);
      expect(rows.map((r) => [r.days, r.reason, r.createdByName])).toEqual([
        [-0.5, 'Late marks', 'Vikram Nair'],
        [2, 'Worked on Republic Day', 'Anita Rao'],
      ]);
    });

    it('sets an opening balance: the entry holds the difference, the carry-in becomes the opening', async () => {
      const before = await balance('EL');
      const res = await adjust({ leaveTypeId: type('EL').id, kind: 'opening', days: 7.5, reason: 'Migrated from the old system' });
      expect(res.statusCode).toBe(201);
      expect((res.json().data as LeaveAdjustment).days).toBe(7.5 - before.carriedForward);
      const after = await balance('EL');
      expect(after.carriedForward).toBe(7.5);
      expect(after.available).toBe(before.available + 7.5 - before.carriedForward);
      const again = await adjust({ leaveTypeId: type('EL').id, kind: 'opening', days: 7.5, reason: 'Again' });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual({ days: LEAVE_MSG.openingUnchanged });
    });

    it('never changes a ledger row', async () => {
      await expect(t.database.db.execute(sql`UPDATE leave_balance_entries SET days = 100 WHERE tenant_id = ${admin.tenantId}`)).rejects.toThrow();
    });

    it.each([
      [{ reason: ' ' }, LEAVE_MSG.adjustmentReasonRequired],
      [{ days: 0.3 }, LEAVE_MSG.adjustmentDaysInvalid],
      [{ days: 400 }, LEAVE_MSG.adjustmentDaysInvalid],
      [{ days: 0 }, LEAVE_MSG.adjustmentDaysZero],
      [{ kind: 'opening', days: -1 }, LEAVE_MSG.openingDaysInvalid],
      [{ kind: 'bonus' }, LEAVE_MSG.adjustmentKindRequired],
      [{ employeeId: 'x' }, LEAVE_MSG.employeeRequired],
    ])('refuses %j: %s', async (body, message) => {
      const res = await adjust(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('refuses unpaid types and unknown employees', async () => {
      const lop = await adjust({ leaveTypeId: type('LOP').id });
      expect(lop.statusCode).toBe(400);
      expect(lop.json().errors).toEqual({ leaveTypeId: LEAVE_MSG.adjustmentUnpaid });
      const missing = await adjust({ employeeId: MISSING_ID });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ employeeId: LEAVE_MSG.employeeNotFound });
    });

    it('is for administrators and moderators only, within their organisation', async () => {
      expect((await adjust({}, member.token)).statusCode).toBe(403);
      expect((await t.call('GET', `/Leaves/balance-adjustments?employeeId=${member.id}`, { token: member.token })).statusCode).toBe(403);
      const entries = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM leave_balance_entries`);
      const cross = await adjust({}, other.token);
      expect(cross.statusCode).toBe(400);
      expect(cross.json().errors).toEqual({ employeeId: LEAVE_MSG.employeeNotFound });
      expect((await t.call('GET', `/Leaves/balance-adjustments?employeeId=${member.id}`, { token: other.token })).statusCode).toBe(404);
      expect(await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM leave_balance_entries`)).toEqual(entries);
    });
  });

  describe('policies', () => {
    let policy: LeavePolicy;

    it('limits a leave type to employment types: the member (full time) loses earned leave when it is for interns only', async () => {
      const res = await t.call('POST', '/LeavePolicies', { token: admin.token, body: { name: 'Interns earned leave', leaveTypeId: type('EL').id, employmentTypeIds: [internTypeId] } });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(LEAVE_MSG.policyCreated);
      policy = res.json().data as LeavePolicy;
      expect(policy).toMatchObject({ name: 'Interns earned leave', leaveTypeName: 'Earned Leave', employmentTypeIds: [internTypeId], departmentIds: [], sandwichRule: false, isActive: true });
      expect((await balances(member.token, member.id)).map((b) => b.code)).not.toContain('EL');
      const apply = await t.call('POST', '/Leaves', { token: member.token, body: { leaveTypeId: type('EL').id, startDate: '2026-07-01', endDate: '2026-07-01', reason: 'Errand' } });
      expect(apply.statusCode).toBe(400);
      expect(apply.json().errors).toEqual({ leaveTypeId: LEAVE_MSG.typeNotApplicable });

      const widened = await t.call('PUT', `/LeavePolicies/${policy.id}`, { token: admin.token, body: { name: 'Interns earned leave', leaveTypeId: type('EL').id, employmentTypeIds: [internTypeId, memberEmploymentTypeId] } });
      expect(widened.statusCode).toBe(200);
      expect(widened.json().message).toBe(LEAVE_MSG.policyUpdated);
      expect((await balances(member.token, member.id)).map((b) => b.code)).toContain('EL');
    });

    it('applies the sandwich rule to the day count and the balance: Friday to Monday is 4 days', async () => {
      const res = await t.call('POST', '/LeavePolicies', { token: admin.token, body: { name: 'Casual sandwich', leaveTypeId: type('CL').id, departmentIds: [memberDepartmentId], sandwichRule: true } });
      expect(res.statusCode).toBe(201);
      const days = await t.call('GET', `/Leaves/days?startDate=2026-06-19&endDate=2026-06-22&leaveTypeId=${type('CL').id}`, { token: member.token });
      expect(days.json().data.days).toBe(4);
      const plain = await t.call('GET', `/Leaves/days?startDate=2026-06-19&endDate=2026-06-22&leaveTypeId=${type('SL').id}`, { token: member.token });
      expect(plain.json().data.days).toBe(2);
      const before = await balance('CL');
      const apply = await t.call('POST', '/Leaves', { token: member.token, body: { leaveTypeId: type('CL').id, startDate: '2026-06-19', endDate: '2026-06-22', reason: 'Wedding in Mysuru' } });
      expect(apply.statusCode).toBe(201);
      expect((apply.json().data as LeaveRequest).days).toBe(4);
      const after = await balance('CL');
      expect(after.pending).toBe(before.pending + 4);
      expect(after.available).toBe(before.available - 4);
    });

    it.each([
      [{ name: '' }, LEAVE_MSG.policyNameRequired],
      [{ name: 'x'.repeat(101) }, LEAVE_MSG.policyNameTooLong],
      [{ leaveTypeId: 'nope' }, LEAVE_MSG.leaveTypeRequired],
      [{ employmentTypeIds: ['nope'] }, LEAVE_MSG.employmentTypeInvalid],
      [{ employmentTypeIds: [MISSING_ID] }, LEAVE_MSG.employmentTypeInvalid],
      [{ departmentIds: [MISSING_ID] }, LEAVE_MSG.departmentInvalid],
      [{ leaveTypeId: MISSING_ID }, LEAVE_MSG.leaveTypeInvalid],
    ])('refuses %j: %s', async (body, message) => {
      const res = await t.call('POST', '/LeavePolicies', { token: admin.token, body: { name: 'Another', leaveTypeId: type('SL').id, ...body } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('refuses a second policy with the same name (409), and is administrators and moderators only, within their organisation', async () => {
      const dup = await t.call('POST', '/LeavePolicies', { token: moderator.token, body: { name: 'casual SANDWICH', leaveTypeId: type('SL').id } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(LEAVE_MSG.policyNameExists);
      expect((await t.call('GET', '/LeavePolicies', { token: member.token })).statusCode).toBe(403);
      expect((await t.call('POST', '/LeavePolicies', { token: member.token, body: { name: 'Mine', leaveTypeId: type('SL').id } })).statusCode).toBe(403);
      const mine = await t.call('GET', '/LeavePolicies', { token: moderator.token });
      expect((mine.json().data as LeavePolicy[]).map((p) => p.name)).toEqual(['Casual sandwich', 'Interns earned leave']);
      expect((await t.call('GET', '/LeavePolicies', { token: other.token })).json().data).toEqual([]);
      expect((await t.call('PUT', `/LeavePolicies/${policy.id}`, { token: other.token, body: { name: 'Hijack', leaveTypeId: type('EL').id } })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/LeavePolicies/${policy.id}`, { token: other.token })).statusCode).toBe(404);
      const removed = await t.call('DELETE', `/LeavePolicies/${policy.id}`, { token: admin.token });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe(LEAVE_MSG.policyDeleted);
      expect((await t.call('DELETE', `/LeavePolicies/${policy.id}`, { token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('settings', () => {
    it('starts from the defaults and saves; half days and backdating follow them', async () => {
      const initial = await t.call('GET', '/LeaveSettings', { token: member.token });
      expect(initial.json().data).toEqual({ allowHalfDay: true, maxBackdatedDays: null, allowNegativeBalance: false });
      const saved = await t.call('PUT', '/LeaveSettings', { token: admin.token, body: { allowHalfDay: false, maxBackdatedDays: 3, allowNegativeBalance: false } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().message).toBe(LEAVE_MSG.settingsSaved);
      expect((saved.json().data as LeaveSettings).maxBackdatedDays).toBe(3);
      const half = await t.call('POST', '/Leaves', { token: member.token, body: { leaveTypeId: type('SL').id, startDate: '2026-06-24', endDate: '2026-06-24', portion: 'firstHalf', reason: 'Dentist' } });
      expect(half.statusCode).toBe(400);
      expect(half.json().errors).toEqual({ portion: LEAVE_MSG.halfDayNotAllowed });
      const back = await t.call('POST', '/Leaves', { token: member.token, body: { leaveTypeId: type('SL').id, startDate: '2026-06-01', endDate: '2026-06-01', reason: 'Fever' } });
      expect(back.statusCode).toBe(400);
      expect(back.json().errors).toEqual({ startDate: 'Leave cannot start more than 3 days in the past' });
      // The other organisation keeps its defaults.
      expect((await t.call('GET', '/LeaveSettings', { token: other.token })).json().data).toEqual({ allowHalfDay: true, maxBackdatedDays: null, allowNegativeBalance: false });
      await t.call('PUT', '/LeaveSettings', { token: admin.token, body: { allowHalfDay: true, maxBackdatedDays: null, allowNegativeBalance: false } });
    });

    it('validates and is changed by administrators and moderators only', async () => {
      const bad = await t.call('PUT', '/LeaveSettings', { token: admin.token, body: { allowHalfDay: true, maxBackdatedDays: -1, allowNegativeBalance: false } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(LEAVE_MSG.maxBackdatedDaysInvalid);
      expect((await t.call('PUT', '/LeaveSettings', { token: member.token, body: { allowHalfDay: false, maxBackdatedDays: null, allowNegativeBalance: false } })).statusCode).toBe(403);
      expect((await t.call('PUT', '/LeaveSettings', { token: moderator.token, body: { allowHalfDay: true, maxBackdatedDays: null, allowNegativeBalance: false } })).statusCode).toBe(200);
    });
  });

  describe('every request (/leaves/requests)', () => {
    it('lists every employee’s requests with filters for administrators and moderators; refuses members', async () => {
      const all = await t.call('GET', '/Leaves?scope=all&pageSize=100', { token: admin.token });
      expect(all.statusCode).toBe(200);
      const rows = all.json().data as LeaveRequest[];
      expect(rows.some((r) => r.employeeId === member.id && r.startDate === '2026-06-19')).toBe(true);
      const byType = await t.call('GET', `/Leaves?scope=all&pageSize=100&leaveTypeId=${type('CL').id}&from=2026-06-20&to=2026-06-20`, { token: moderator.token });
      const filtered = byType.json().data as LeaveRequest[];
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((r) => r.leaveTypeId === type('CL').id && r.startDate <= '2026-06-20' && r.endDate >= '2026-06-20')).toBe(true);
      const byName = await t.call('GET', '/Leaves?scope=all&search=aditi', { token: admin.token });
      expect((byName.json().data as LeaveRequest[]).every((r) => r.employeeName.toLowerCase().includes('aditi'))).toBe(true);
      expect(byName.json().totalRecords).toBeGreaterThan(0);
      const denied = await t.call('GET', '/Leaves?scope=all', { token: member.token });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(LEAVE_MSG.notAllowedToView);
      expect((await t.call('GET', '/Leaves?scope=all', { token: other.token })).json().totalRecords).toBe(0);
      const bad = await t.call('GET', '/Leaves?scope=all&from=2026-13-01', { token: admin.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('from must be a date (YYYY-MM-DD)');
    });
  });
});
