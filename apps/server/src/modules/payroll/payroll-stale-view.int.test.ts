import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, PAYROLL_MSG, type PayrollEmployeeRow, type PayrollRun, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The run's employees whose inputs changed after processing, as the administrator sees them:
 * GET /PayrollRuns/:id/employees?filter=stale keeps them, every row carries its reasons in words
 * (empty when nothing changed), who may see them, and that another organisation cannot. The demo
 * organisation on 4 May 2026: April is processed, then the administrator (Anita Rao) approves a day of
 * Loss of Pay for Aditi Agarwal on Tuesday 28 April 2026, a working day of April.
 */
describe.each(BACKENDS)('stale employees on the run (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let run: PayrollRun;
  const reason = 'Loss of Pay approved for 28 Apr 2026 by Anita Rao';

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const list = async (user: SessionUser, query: string): Promise<{ rows: PayrollEmployeeRow[]; totalRecords: number }> => {
    const res = await as(user, 'GET', `/PayrollRuns/${run.id}/employees?${query}`);
    const body = res.json() as { data: PayrollEmployeeRow[]; totalRecords: number };
    expect(res.statusCode, res.body).toBe(200);
    return { rows: body.data, totalRecords: body.totalRecords };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-05-04T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    await as(admin, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await as(admin, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await as(admin, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await as(admin, 'POST', '/PayrollSettings/mark-completed');
    await as(admin, 'POST', '/PayrollSetup/complete');
    run = data<PayrollRun>(await as(admin, 'GET', '/PayrollRuns/current'));
    expect((await as(admin, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    run = data<PayrollRun>(await as(admin, 'GET', `/PayrollRuns/${run.id}`));
    expect(run).toMatchObject({ month: '2026-04', status: 'processed', staleCount: 0 });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('before any change: no row has reasons and the stale filter keeps nobody', async () => {
    const all = await list(admin, 'pageSize=100');
    expect(all.rows.length).toBeGreaterThan(5);
    expect(all.rows.every((r) => Array.isArray(r.staleReasons) && r.staleReasons.length === 0)).toBe(true);
    expect(await list(admin, 'filter=stale')).toEqual({ rows: [], totalRecords: 0 });
  });

  it('a Loss-of-Pay day approved after processing: the employee is kept by the filter with the reason in words; the others have none', async () => {
    const [leave] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status)
          SELECT ${admin.tenantId}, ${member.id}, id, '2026-04-28', '2026-04-28', 'full', 1, 1 FROM leave_types WHERE tenant_id = ${admin.tenantId} AND code = 'LOP' RETURNING id`,
    );
    const approved = await as(admin, 'PUT', `/Leaves/${leave?.id ?? ''}/status`, { status: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(data<PayrollRun>(await as(admin, 'GET', `/PayrollRuns/${run.id}`)).staleCount).toBe(1);

    const stale = await list(admin, 'filter=stale');
    expect(stale.totalRecords).toBe(1);
    expect(stale.rows.map((r) => [r.name, r.staleReasons])).toEqual([['Aditi Agarwal', [reason]]]);
    const all = await list(admin, 'pageSize=100');
    expect(all.rows.find((r) => r.userId === member.id)?.staleReasons).toEqual([reason]);
    expect(all.rows.filter((r) => r.staleReasons.length > 0)).toHaveLength(1);
    // The filter goes with the search, as the others do.
    expect((await list(admin, 'filter=stale&search=aditi')).totalRecords).toBe(1);
    expect(await list(admin, 'filter=stale&search=vikram')).toEqual({ rows: [], totalRecords: 0 });
    // A payroll moderator sees the same.
    expect((await list(moderator, 'filter=stale')).rows.map((r) => r.staleReasons)).toEqual([[reason]]);
  });

  it('a filter that is none of them is refused with a message naming the field', async () => {
    const res = await as(admin, 'GET', `/PayrollRuns/${run.id}/employees?filter=changed`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('filter must be all, warnings, onHold, variance or stale');
  });

  it('a member is refused the list and the re-process; another organisation finds neither', async () => {
    for (const [method, url] of [
      ['GET', `/PayrollRuns/${run.id}/employees?filter=stale`],
      ['POST', `/PayrollRuns/${run.id}/process-stale`],
    ] as const) {
      const refused = await as(member, method, url);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe(MSG.permissionDenied);
      expect((await as(other, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Still stale: nothing above re-processed her.
    expect((await list(admin, 'filter=stale')).rows.map((r) => r.staleReasons)).toEqual([[reason]]);
  });

  it('re-processing the changed employees clears the reasons and the filter; finalize then works', async () => {
    const refused = await as(admin, 'POST', `/PayrollRuns/${run.id}/finalize`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYROLL_MSG.staleEmployees(['Aditi Agarwal']));
    const again = await as(admin, 'POST', `/PayrollRuns/${run.id}/process-stale`);
    expect(again.json().message).toBe(PAYROLL_MSG.staleProcessed(1));
    expect(data<PayrollRun>(again).staleCount).toBe(0);
    expect(await list(admin, 'filter=stale')).toEqual({ rows: [], totalRecords: 0 });
    const row = (await list(admin, 'search=aditi')).rows[0];
    expect(row?.staleReasons).toEqual([]);
    expect(row?.lopDays).toBeGreaterThanOrEqual(1);
    expect((await as(admin, 'POST', `/PayrollRuns/${run.id}/finalize`)).statusCode).toBe(200);
    // A finalized month lists what it paid: nobody is stale there.
    expect(await list(admin, 'filter=stale')).toEqual({ rows: [], totalRecords: 0 });
  });
});
