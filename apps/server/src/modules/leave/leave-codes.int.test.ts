import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LeaveBalanceRow, LeaveType, SessionUser } from '@tankha/contracts';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** Wednesday 10 June 2026, 10:00 in Bengaluru. */
const NOW = new Date('2026-06-10T04:30:00Z');

/**
 * Issue 28 point 0: annual leave with wages under the OSH Code 2020 s.32 (the 'codes-180-days'
 * accrual rule): the 2026 credit is what the stored attendance days of 2025 earn.
 */
describe.each(BACKENDS)('annual leave under the labour codes over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let annual: LeaveType;

  /** Replaces the employee's 2025 attendance: runs of [status, payable fraction, days] from 1 January on. */
  const store2025 = async (userId: string, tenantId: string, runs: [string, string, number][]) => {
    await t.database.db.execute(sql`DELETE FROM attendance_days WHERE user_id = ${userId} AND work_date BETWEEN '2025-01-01' AND '2025-12-31'`);
    let offset = 0;
    for (const [status, payable, days] of runs) {
      await t.database.db.execute(sql`INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction)
        SELECT ${tenantId}, ${userId}, d::date, ${status}, ${payable}::numeric
        FROM generate_series(DATE '2025-01-01' + ${offset}::int, DATE '2025-01-01' + ${offset + days - 1}::int, INTERVAL '1 day') AS d`);
      offset += days;
    }
  };
  const balanceOf = async (code: string, employeeId: string, token = admin.token): Promise<LeaveBalanceRow> => {
    const res = await t.call('GET', `/Leaves/balances?employeeId=${employeeId}&year=2026`, { token });
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as LeaveBalanceRow[]).find((b) => b.code === code);
    if (!row) throw new Error(`no ${code} balance`);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2024-04-01' WHERE email IN (${DEMO_LOGINS.member}, ${DEMO_LOGINS.moderator})`);
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const res = await t.call('POST', '/LeaveTypes', {
      token: admin.token,
      body: { name: 'Annual Leave', code: 'ANL', isPaid: true, yearlyQuota: 10, accruesMonthly: true, accrualRule: 'codes-180-days', carryForward: true, maxCarryForward: 30, color: 'grape' },
    });
    expect(res.statusCode).toBe(201);
    annual = res.json().data as LeaveType;
    // 230 present + 20 half days = 240 days worked; 10 paid leave days count toward 180 only; unpaid leave, absences and week-offs count nothing.
    await store2025(member.id, admin.tenantId, [
      ['Present', '1', 200],
      ['PresentButLate', '1', 20],
      ['PresentOnWeekoff', '1', 10],
      ['HalfDay', '0.5', 20],
      ['Leave', '1', 10],
      ['Leave', '0', 5],
      ['Absent', '0', 30],
      ['WeekOff', '1', 70],
    ]);
    // 170 worked + 9 paid leave = 179: under 180.
    await store2025(moderator.id, admin.tenantId, [
      ['Present', '1', 170],
      ['Leave', '1', 9],
      ['Absent', '0', 100],
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the rule; the quota and monthly accrual do not apply to it', () => {
    expect(annual).toMatchObject({ code: 'ANL', accrualRule: 'codes-180-days', yearlyQuota: 0, accruesMonthly: false, carryForward: true });
  });

  it("credits 2026 with one day per 20 days worked in 2025, with the explanation", async () => {
    const b = await balanceOf('ANL', member.id);
    expect(b).toMatchObject({
      accrualRule: 'codes-180-days',
      entitled: 12,
      available: 12,
      entitlementNote: '240 days worked in 2025 (+ 10 days of leave counted toward 180): 12 days (OSH Code s.32(1)(vii))',
    });
    // The employee sees the same on their own balance.
    expect((await balanceOf('ANL', member.id, member.token)).entitled).toBe(12);
  });

  it('credits nothing under 180 qualifying days', async () => {
    const b = await balanceOf('ANL', moderator.id);
    expect(b.entitled).toBe(0);
    expect(b.entitlementNote).toBe('170 days worked in 2025 (+ 9 days of leave counted toward 180): under 180, no annual leave (OSH Code s.32(1)(vii))');
  });

  it('leaves the quota types as they were', async () => {
    const cl = await balanceOf('CL', member.id);
    expect(cl).toMatchObject({ accrualRule: 'quota', entitled: 12, entitlementNote: null });
  });

  it('carries forward under the rule: the 2025 credit came from 2024 days (none), so nothing carried', async () => {
    expect((await balanceOf('ANL', member.id)).carriedForward).toBe(0);
  });

  it('another organisation sees neither the type nor the balance', async () => {
    const types = await t.call('GET', '/LeaveTypes', { token: other.token });
    expect(types.statusCode).toBe(200);
    expect((types.json().data as LeaveType[]).map((lt) => lt.id)).not.toContain(annual.id);
    const balances = await t.call('GET', `/Leaves/balances?employeeId=${member.id}&year=2026`, { token: other.token });
    expect(balances.statusCode).toBe(404);
    const put = await t.call('PUT', `/LeaveTypes/${annual.id}`, { token: other.token, body: { name: 'Annual Leave', code: 'ANL', isPaid: true, accrualRule: 'quota', yearlyQuota: 30, color: 'grape' } });
    expect(put.statusCode).toBe(404);
  });

  it('a member cannot change the type; an administrator can switch it back to the quota', async () => {
    const body = { name: 'Annual Leave', code: 'ANL', isPaid: true, accrualRule: 'quota', yearlyQuota: 30, color: 'grape' };
    const denied = await t.call('PUT', `/LeaveTypes/${annual.id}`, { token: member.token, body });
    expect(denied.statusCode).toBe(403);
    expect((await balanceOf('ANL', member.id)).entitled).toBe(12);
    const bad = await t.call('PUT', `/LeaveTypes/${annual.id}`, { token: admin.token, body: { ...body, accrualRule: 'after-240-days' } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.call('PUT', `/LeaveTypes/${annual.id}`, { token: admin.token, body });
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf('ANL', member.id)).toMatchObject({ accrualRule: 'quota', entitled: 30, entitlementNote: null });
  });
});
