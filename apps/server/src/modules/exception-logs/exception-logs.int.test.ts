import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExceptionLog, SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Issue 15 item 5: an unexpected error (forced by a trigger that raises, as the durability tests
 * do) is logged for its organisation only, after its transaction rolled back, by a job.
 */
describe.each(BACKENDS)('exception logs over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The log is written by a job sent without waiting: drain until it is there (or give up). */
  const logsOf = async (token: string, query = ''): Promise<{ rows: ExceptionLog[]; total: number; status: number; body: string }> => {
    const res = await t.call('GET', `/exception-logs${query}`, { token });
    if (res.statusCode !== 200) return { rows: [], total: 0, status: res.statusCode, body: res.body };
    return { rows: res.json().data as ExceptionLog[], total: res.json().totalRecords as number, status: 200, body: res.body };
  };
  const waitForLogs = async (count: number): Promise<ExceptionLog[]> => {
    for (let i = 0; i < 50; i += 1) {
      await t.drainJobs();
      const { rows } = await logsOf(admin.token);
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the exception log was not written');
  };

  it('logs an unexpected error of the organisation: route without query, request id, stripped message, user id; the request’s own writes rolled back', async () => {
    await t.database.db.execute(sql`CREATE FUNCTION test_refuse_holiday() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'holiday refused for priya.k@example.in, phone 9876543210'; END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER test_refuse_holiday BEFORE INSERT ON holidays FOR EACH ROW EXECUTE FUNCTION test_refuse_holiday()`);
    let res;
    try {
      res = await t.call('POST', '/Holidays?secret=hunter2', { token: admin.token, body: { date: '2026-09-15', name: 'Onam secret', isOptional: false } });
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_holiday ON holidays`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_holiday()`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong. Please try again.');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(await queryRows(t.database.db, sql`SELECT id FROM holidays WHERE name = 'Onam secret'`)).toEqual([]);

    const [log] = await waitForLogs(1);
    expect(log).toMatchObject({ method: 'POST', route: '/backend/api/Holidays', requestId, userId: admin.id });
    expect(log?.message).toBe('holiday refused for [email], phone [number]');
    expect(log?.errorType).toContain('P0001');
    expect(JSON.stringify(log)).not.toMatch(/hunter2|Onam secret|priya|9876543210/);

    // Moderators see it too; members are refused; the other organisation sees nothing of it.
    expect((await logsOf(moderator.token)).total).toBe(1);
    expect((await logsOf(member.token)).status).toBe(403);
    expect(await logsOf(other.token)).toMatchObject({ status: 200, total: 0 });
  });

  it('filters by route, text and date range, and pages', async () => {
    expect((await logsOf(admin.token, '?route=holidays')).total).toBe(1);
    expect((await logsOf(admin.token, '?route=Leaves')).total).toBe(0);
    expect((await logsOf(admin.token, '?search=REFUSED')).total).toBe(1);
    expect((await logsOf(admin.token, '?search=nothing-like-it')).total).toBe(0);
    const [row] = await queryRows<{ day: string }>(t.database.db, sql`SELECT to_char(occurred_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day FROM exception_logs`);
    const day = row?.day ?? '';
    expect((await logsOf(admin.token, `?from=${day}&to=${day}`)).total).toBe(1);
    expect((await logsOf(admin.token, '?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const paged = await logsOf(admin.token, '?pageNumber=2&pageSize=1');
    expect(paged).toMatchObject({ total: 1, rows: [] });
  });

  it.each([
    ['?from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
    ['?from=2026-03-02&to=2026-03-01', 'to cannot be before from'],
    ['?pageSize=500', 'pageSize must be between 1 and 100'],
  ])('refuses %s: %s', async (query, message) => {
    const res = await t.call('GET', `/exception-logs${query}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('keeps 90 days: the daily purge deletes older logs of every organisation', async () => {
    const now = t.clock.now();
    await t.database.db.execute(sql`INSERT INTO exception_logs (tenant_id, occurred_at, method, route, request_id, error_type, message)
      VALUES (${admin.tenantId}, ${new Date(now.getTime() - 91 * 86_400_000).toISOString()}, 'GET', '/backend/api/x', 'old-1', 'Error', 'old'),
             (${other.tenantId}, ${new Date(now.getTime() - 95 * 86_400_000).toISOString()}, 'GET', '/backend/api/x', 'old-2', 'Error', 'old'),
             (${other.tenantId}, ${new Date(now.getTime() - 89 * 86_400_000).toISOString()}, 'GET', '/backend/api/x', 'recent', 'Error', 'recent')`);
    const deleted = await t.globalScope((scope) => t.app.services.exceptionLogs.purge(scope, t.clock.now()));
    expect(deleted).toBe(2);
    const left = await queryRows<{ requestId: string }>(t.database.db, sql`SELECT request_id AS "requestId" FROM exception_logs ORDER BY occurred_at`);
    expect(left.map((r) => r.requestId)).toEqual(['recent', expect.any(String)]);
  });
});
