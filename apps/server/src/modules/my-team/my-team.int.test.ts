import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { MY_TEAM_MSG, MY_TEAM_REPORT_MAX_DAYS, type SessionUser, type TeamOverview } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { TEAM_REPORT_COLUMNS } from './my-team.report';

/** My team overview and reports through HTTP. 2026-12-01 is a Tuesday; 10:00 in Asia/Kolkata. */
describe.each(BACKENDS)('my team (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let manager: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let reportNames: string[];
  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) =>
    t.call(method, url, {
      token: who.token,
      ...(body === undefined ? {} : { body }),
    });
  const overview = async (who: SessionUser, query = '') => {
    const res = await as(who)('GET', `/MyTeam/overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TeamOverview }).data;
  };
  const sheetOf = async (who: SessionUser, query: string) => {
    const res = await t.call('GET', `/MyTeam/reports?${query}`, {
      token: who.token,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v as string)))));
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-12-01T10:00:00+05:30') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    manager = await t.login(DEMO_LOGINS.manager);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({
      organizationName: 'Kaveri Traders',
      email: 'owner@kaveri.example.in',
      password: 'Kaveri@12345',
    });
    await t.database.db.execute(sql`DELETE FROM time_logs WHERE work_date = '2026-12-01'`);
    const reports = await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT first_name || ' ' || last_name AS name FROM users WHERE reporting_manager_id = ${manager.id} AND status = 1`,
    );
    reportNames = reports.map((r) => r.name).sort();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it("a manager sees their direct reports' states today, with counts that add up", async () => {
    expect(reportNames.length).toBeGreaterThan(1);
    const before = await overview(manager, '?pageSize=100');
    expect(before.date).toBe('2026-12-01');
    expect(before.teamSize).toBe(reportNames.length);
    expect(before.people.map((p) => p.name).sort()).toEqual(reportNames);
    expect(before.people.filter((p) => p.state === 'in' || p.state === 'out')).toEqual([]);
    const reportees = await queryRows<{ email: string }>(
      t.database.db,
      sql`SELECT email FROM users WHERE reporting_manager_id = ${manager.id} AND status = 1 ORDER BY first_name`,
    );
    // A reportee whose shift that day starts by 10:00 (the demo also has a night shift from 22:00, for
    // which 11:30 is not late): 11:30 is then past its start plus the 15 minutes of grace.
    let reportee: { email: string } | undefined;
    for (const r of reportees) {
      const days = (await as(await t.login(r.email))('GET', '/Attendances?startDate=2026-12-01&endDate=2026-12-01')).json() as { data: { shiftInfo: { shiftStart: string } | null }[] };
      const shiftStart = days.data[0]?.shiftInfo?.shiftStart;
      if (shiftStart && shiftStart.slice(0, 5) <= '10:00') {
        reportee = r;
        break;
      }
    }
    expect(reportee).toBeDefined();
    const firstIn = '11:30';
    t.clock.set(new Date(`2026-12-01T${firstIn}:00+05:30`));
    const who = await t.login(reportee?.email ?? '');
    expect((await as(who)('POST', '/Attendances/check-in')).statusCode).toBe(200);
    const after = await overview(manager, '?pageSize=100');
    const me = after.people.find((p) => p.userId === who.id);
    expect(me).toMatchObject({ state: 'in', firstIn, lastOut: null, isLate: true });
    const c = after.counts;
    expect(c.in + c.out + c.onLeave + c.notIn + c.dayOff).toBe(after.teamSize);
    expect(c.in).toBe(1);
    expect(c.late).toBe(after.people.filter((p) => p.isLate).length);
    const onlyIn = await overview(manager, '?state=in');
    expect(onlyIn.people.map((p) => p.userId)).toEqual([who.id]);
    expect(onlyIn.totalRecords).toBe(1);
    expect((await overview(manager, '?state=late')).people.map((p) => p.userId)).toEqual(after.people.filter((p) => p.isLate).map((p) => p.userId));
    expect((await as(who)('POST', '/Attendances/check-out')).statusCode).toBe(200);
    expect((await overview(manager, '?state=out')).people[0]).toMatchObject({
      userId: who.id,
      state: 'out',
      lastOut: firstIn,
    });
  });

  it('pending approvals are the counts of the approvals pages', async () => {
    const o = await overview(admin);
    const attendance = await as(admin)('GET', '/Attendances/approvals?status=1&pageSize=1');
    expect(o.pendingApprovals.attendance).toBe((attendance.json() as { totalRecords: number }).totalRecords);
    const requests = await as(admin)('GET', '/Requests?onlyMyRequests=false&status=5&requestType=2&pageSize=1');
    expect(o.pendingApprovals.regularization).toBe(
      (
        requests.json() as {
          totalRecords?: number;
          data: { totalRecords?: number };
        }
      ).totalRecords ?? (requests.json() as { data: { totalRecords: number } }).data.totalRecords,
    );
  });

  it('administrators and moderators see everyone active; a member without reports is refused', async () => {
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${admin.tenantId} AND status = 1`);
    expect((await overview(admin)).teamSize).toBe(row?.n);
    expect((await overview(moderator)).teamSize).toBe(row?.n);
    const res = await as(member)('GET', '/MyTeam/overview');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MY_TEAM_MSG.noTeam);
    expect((await as(member)('GET', '/MyTeam/reports?kind=attendance&startDate=2026-11-01&endDate=2026-11-30')).statusCode).toBe(403);
  });

  it('another organisation sees only its own people', async () => {
    const o = await overview(other, '?pageSize=100');
    expect(o.people.some((p) => reportNames.includes(p.name))).toBe(false);
    expect(o.teamSize).toBeLessThanOrEqual(1);
  });

  it('reports: attendance, leave and late for a range, as XLSX of the team only', async () => {
    const attendance = await sheetOf(manager, 'kind=attendance&startDate=2026-11-01&endDate=2026-11-30');
    expect(attendance[0]).toEqual(TEAM_REPORT_COLUMNS.attendance.map((c) => c.header));
    expect(attendance.length).toBeGreaterThan(reportNames.length);
    expect(new Set(attendance.slice(1).map((r) => r[2]))).toEqual(new Set(reportNames));
    const late = await sheetOf(manager, 'kind=late&startDate=2026-11-01&endDate=2026-11-30');
    expect(late[0]).toEqual(TEAM_REPORT_COLUMNS.late.map((c) => c.header));
    for (const r of late.slice(1)) {
      expect(reportNames).toContain(r[2]);
      expect(Number(r[6])).toBeGreaterThan(0);
    }
    // Every late row is a day the attendance report marks late.
    expect(late.length - 1).toBe(attendance.filter((r) => r[7] === 'Yes').length);
    const leave = await sheetOf(admin, 'kind=leave&startDate=2026-09-01&endDate=2026-11-30');
    expect(leave[0]).toEqual(TEAM_REPORT_COLUMNS.leave.map((c) => c.header));
  });

  it('reports: each validation message', async () => {
    const cases: [string, string][] = [
      ['kind=payroll&startDate=2026-11-01&endDate=2026-11-30', `kind: ${MY_TEAM_MSG.kindInvalid}`],
      ['kind=attendance&endDate=2026-11-30', `startDate: ${MY_TEAM_MSG.startRequired}`],
      ['kind=attendance&startDate=2026-11-01', `endDate: ${MY_TEAM_MSG.endRequired}`],
      ['kind=attendance&startDate=2026-11-31&endDate=2026-12-01', 'startDate: Dates are YYYY-MM-DD'],
      ['kind=attendance&startDate=2026-11-30&endDate=2026-11-01', `startDate: ${MY_TEAM_MSG.rangeOrder}`],
      ['kind=attendance&startDate=2026-08-31&endDate=2026-12-02', `endDate: ${MY_TEAM_MSG.rangeTooLong(MY_TEAM_REPORT_MAX_DAYS)}`],
    ];
    for (const [query, message] of cases) {
      const res = await as(admin)('GET', `/MyTeam/reports?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // 93 days exactly is allowed.
    expect((await as(admin)('GET', '/MyTeam/reports?kind=late&startDate=2026-09-01&endDate=2026-12-02')).statusCode).toBe(200);
  });
});
