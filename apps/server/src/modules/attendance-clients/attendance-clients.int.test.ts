import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLIENT_SITE_MSG, MSG, type AttendanceApprovalEntry, type AttendanceToday, type ClientSite, type ClientSiteEmployee, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Attendance > Clients through HTTP: sites and geofences, assignments, 'require
 * location at check-in', and the check-in refusing a reading outside every assigned site.
 * 2026-12-01 is a Tuesday; 10:00 in Asia/Kolkata.
 */
describe.each(BACKENDS)('attendance clients (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let site: ClientSite;
  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) =>
    t.call(method, url, {
      token: who.token,
      ...(body === undefined ? {} : { body }),
    });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  // Whitefield, Bengaluru; 0.001° of latitude ≈ 111 m (domain geofence tests).
  const whitefield = {
    name: 'Acme Whitefield',
    address: 'ITPL Main Road, Whitefield, Bengaluru 560066',
    latitude: 12.9698,
    longitude: 77.75,
    radiusMetres: 200,
  };
  const logsOf = (userId: string) =>
    queryRows<{
      check_in_latitude: number | null;
      check_in_site_name: string | null;
      check_in_site_id: string | null;
      check_in_distance_metres: number | null;
      check_out_latitude: number | null;
      check_out_site_name: string | null;
      check_out_distance_metres: number | null;
      check_out_inside: boolean | null;
    }>(
      t.database.db,
      sql`SELECT check_in_latitude, check_in_site_name, check_in_site_id, check_in_distance_metres,
                 check_out_latitude, check_out_site_name, check_out_distance_metres, check_out_inside FROM time_logs WHERE user_id = ${userId} AND work_date = '2026-12-01' ORDER BY check_in`,
    );

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-12-01T10:00:00+05:30') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({
      organizationName: 'Kaveri Traders',
      email: 'owner@kaveri.example.in',
      password: 'Kaveri@12345',
    });
    await t.database.db.execute(sql`DELETE FROM time_logs WHERE work_date = '2026-12-01'`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('adds a client site and refuses each invalid field with its message', async () => {
    const created = await as(admin)('POST', '/AttendanceClients', whitefield);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(CLIENT_SITE_MSG.created);
    site = data<ClientSite>(created);
    expect(site).toMatchObject({ ...whitefield, employeeCount: 0 });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...whitefield, name: 'acme whitefield' }, `name: ${CLIENT_SITE_MSG.nameTaken}`],
      [{ ...whitefield, name: ' ' }, `name: ${CLIENT_SITE_MSG.nameRequired}`],
      [{ ...whitefield, name: 'n'.repeat(101) }, `name: ${CLIENT_SITE_MSG.nameTooLong}`],
      [{ ...whitefield, name: 'B', address: '' }, `address: ${CLIENT_SITE_MSG.addressRequired}`],
      [{ ...whitefield, name: 'B', latitude: 90.5 }, `latitude: ${CLIENT_SITE_MSG.latitudeRange}`],
      [{ ...whitefield, name: 'B', latitude: 'north' }, `latitude: ${CLIENT_SITE_MSG.latitudeRange}`],
      [{ ...whitefield, name: 'B', longitude: -180.01 }, `longitude: ${CLIENT_SITE_MSG.longitudeRange}`],
      [{ ...whitefield, name: 'B', radiusMetres: 9 }, `radiusMetres: ${CLIENT_SITE_MSG.radiusRange}`],
      [{ ...whitefield, name: 'B', radiusMetres: 10_001 }, `radiusMetres: ${CLIENT_SITE_MSG.radiusRange}`],
      [{ ...whitefield, name: 'B', radiusMetres: 150.5 }, `radiusMetres: ${CLIENT_SITE_MSG.radiusRange}`],
    ];
    for (const [body, message] of cases) {
      const res = await as(admin)('POST', '/AttendanceClients', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(data<ClientSite[]>(await as(moderator)('GET', '/AttendanceClients'))).toHaveLength(1);
  });

  it('assigns employees of this organisation only', async () => {
    const assigned = await as(moderator)('PUT', `/AttendanceClients/${site.id}/employees`, { userIds: [member.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toBe(CLIENT_SITE_MSG.assigned);
    expect(data<ClientSiteEmployee[]>(assigned).map((e) => e.userId)).toEqual([member.id]);
    const foreign = await as(admin)('PUT', `/AttendanceClients/${site.id}/employees`, { userIds: [member.id, other.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`userIds: ${CLIENT_SITE_MSG.employeesInvalid}`);
    expect(data<ClientSiteEmployee[]>(await as(admin)('GET', `/AttendanceClients/${site.id}/employees`))).toHaveLength(1);
    expect(data<ClientSite[]>(await as(admin)('GET', '/AttendanceClients'))[0]?.employeeCount).toBe(1);
  });

  it('four identical PUTs of the employees at the same moment all succeed and store the list once', async () => {
    // Before: each deleted the site's rows and inserted its own, so on PostgreSQL the later ones hit the
    // first one's uncommitted keys and answered 500 (duplicate key). The site is now locked first.
    const spare = data<ClientSite>(await as(admin)('POST', '/AttendanceClients', { ...whitefield, name: 'Acme Spare Site' }));
    const list = [admin.id, moderator.id, member.id];
    const put = (userIds: string[]) =>
      t.app.inject({ method: 'PUT', url: `/backend/api/AttendanceClients/${spare.id}/employees`, headers: { authorization: `Bearer ${admin.token}` }, payload: { userIds } });
    const stored = async () => (await queryRows<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM client_site_employees WHERE site_id = ${spare.id} ORDER BY user_id`)).map((r) => r.user_id);
    for (let round = 1; round <= 3; round += 1) {
      const replies = await Promise.all([1, 2, 3, 4].map(() => put(list)));
      expect(replies.map((r) => `${String(r.statusCode)} ${r.statusCode === 200 ? '' : r.body}`.trim())).toEqual(['200', '200', '200', '200']);
      for (const r of replies) expect(data<ClientSiteEmployee[]>(r).map((e) => e.userId).sort()).toEqual([...list].sort());
      expect(await stored()).toEqual([...list].sort());
    }
    // Four different lists at once: they take turns, so the site ends with exactly one of them, never a mix.
    const lists = [[admin.id], [moderator.id, member.id], [member.id], [admin.id, moderator.id]];
    const replies = await Promise.all(lists.map((userIds) => put(userIds)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = await stored();
    expect(lists.map((l) => [...l].sort())).toContainEqual(final);
    expect((await as(admin)('DELETE', `/AttendanceClients/${spare.id}`)).statusCode).toBe(200);
  });

  // PostgreSQL only: the race needs a second transaction in flight, which PGlite's one connection cannot have.
  it.runIf(backend === 'postgres')('a write that loses its race on a unique key answers 409 with the reason, not 500', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    // Another request's site of the same name, inserted and not yet committed: this request's name check
    // cannot see it, and its insert waits on the unique index until the other commits.
    const other = new pg.Client({ connectionString: t.databaseUrl ?? '' });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO client_sites (tenant_id, name, address, latitude, longitude, radius_metres) VALUES ($1, 'Acme Twin Site', 'MG Road', 12.97, 77.59, 200)`, [admin.tenantId]);
      const racing = t.app.inject({ method: 'POST', url: '/backend/api/AttendanceClients', headers: { authorization: `Bearer ${admin.token}` }, payload: { ...whitefield, name: 'Acme Twin Site' } });
      for (let waited = 0; ; waited += 25) {
        const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if ((row?.n ?? 0) > 0) break;
        if (waited > 20_000) throw new Error('the request never waited on the other insert');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await other.query('COMMIT');
      const res = await racing;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, errorCode: 'CONFLICT', message: MSG.concurrentWrite });
    } finally {
      await other.end();
      await t.database.db.execute(sql`DELETE FROM client_sites WHERE tenant_id = ${admin.tenantId} AND name = 'Acme Twin Site'`);
    }
  });

  it('without the setting, check-in records no location', async () => {
    expect(data<{ requireLocation: boolean }>(await as(admin)('GET', '/AttendanceClients/settings')).requireLocation).toBe(false);
    const res = await as(member)('POST', '/Attendances/check-in', {
      latitude: 28.6,
      longitude: 77.2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<AttendanceToday>(res).requireLocation).toBe(false);
    expect((await as(member)('POST', '/Attendances/check-out', { latitude: 28.6, longitude: 77.2 })).statusCode).toBe(200);
    // Not required: accepted, and recorded as no location at either end.
    expect((await logsOf(member.id))[0]).toMatchObject({ check_in_latitude: null, check_in_distance_metres: null, check_out_latitude: null, check_out_site_name: null });
  });

  it('with the setting, check-in needs a location inside an assigned site', async () => {
    const saved = await as(admin)('PUT', '/AttendanceClients/settings', {
      requireLocation: true,
    });
    expect(saved.json().message).toBe(CLIENT_SITE_MSG.settingsSaved);
    expect(data<AttendanceToday>(await as(member)('GET', '/Attendances/today')).requireLocation).toBe(true);
    const none = await as(member)('POST', '/Attendances/check-in');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CLIENT_SITE_MSG.locationRequired);
    // 0.003° north = 333.6 m from the centre: outside its 200 m.
    const outside = await as(member)('POST', '/Attendances/check-in', {
      latitude: 12.9728,
      longitude: 77.75,
      accuracyMetres: 12,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(CLIENT_SITE_MSG.outsideSites('Acme Whitefield', 334, 200));
    const half = await as(member)('POST', '/Attendances/check-in', {
      latitude: 12.97,
    });
    expect(half.statusCode).toBe(400);
    expect((await logsOf(member.id)).length).toBe(1);
    // 0.001° north = 111 m: inside.
    const inside = await as(member)('POST', '/Attendances/check-in', {
      latitude: 12.9708,
      longitude: 77.75,
      accuracyMetres: 12,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const logs = await logsOf(member.id);
    expect(logs[1]).toMatchObject({
      check_in_latitude: 12.9708,
      check_in_site_name: 'Acme Whitefield',
      check_in_site_id: site.id,
      check_in_distance_metres: 111,
    });
  });

  it('an employee with no assigned site checks in anywhere, with the location recorded', async () => {
    const res = await as(moderator)('POST', '/Attendances/check-in', {
      latitude: 19.076,
      longitude: 72.8777,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logsOf(moderator.id))[0]).toMatchObject({
      check_in_latitude: 19.076,
      check_in_site_name: null,
      check_in_distance_metres: null,
    });
  });

  it('a check-out outside every site is recorded with the nearest site and distance, not refused', async () => {
    // 0.0108° north ≈ 1,201 m from the centre.
    const res = await as(member)('POST', '/Attendances/check-out', { latitude: 12.9806, longitude: 77.75, accuracyMetres: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<AttendanceToday>(res).isCheckedIn).toBe(false);
    expect((await logsOf(member.id))[1]).toMatchObject({
      check_out_latitude: 12.9806,
      check_out_site_name: 'Acme Whitefield',
      check_out_distance_metres: 1201,
      check_out_inside: false,
    });
  });

  it("an administrator sees where each check-in and check-out came from; members and other organisations do not", async () => {
    const res = await as(admin)('GET', '/Attendances/approvals?status=2&pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = data<AttendanceApprovalEntry[]>(res).filter((r) => r.date === '2026-12-01');
    // The test clock stands still: both of the member's logs start at 10:00, so order them by place.
    const mine = rows.filter((r) => r.employeeId === member.id).sort((a, b) => Number(a.checkInPlace !== null) - Number(b.checkInPlace !== null));
    expect(mine.map((r) => [r.checkInPlace, r.checkOutPlace])).toEqual([
      [null, null],
      [
        { latitude: 12.9708, longitude: 77.75, accuracyMetres: 12, siteName: 'Acme Whitefield', distanceMetres: 111, inside: true },
        { latitude: 12.9806, longitude: 77.75, accuracyMetres: 30, siteName: 'Acme Whitefield', distanceMetres: 1201, inside: false },
      ],
    ]);
    expect(rows.find((r) => r.employeeId === moderator.id)?.checkInPlace).toEqual({
      latitude: 19.076,
      longitude: 72.8777,
      accuracyMetres: null,
      siteName: null,
      distanceMetres: null,
      inside: false,
    });
    // A member reads only their own attendance: the team's logs (with their places) are refused.
    expect((await as(member)('GET', '/Attendances/approvals?status=2')).statusCode).toBe(403);
    const theirs = await as(other)('GET', '/Attendances/approvals?status=2&pageSize=100');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(data<AttendanceApprovalEntry[]>(theirs).filter((r) => r.checkInPlace !== null || r.employeeId === member.id)).toEqual([]);
  });

  it('members cannot manage client sites', async () => {
    expect((await as(member)('GET', '/AttendanceClients')).statusCode).toBe(403);
    expect(
      (
        await as(member)('POST', '/AttendanceClients', {
          ...whitefield,
          name: 'Mine',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(member)('PUT', '/AttendanceClients/settings', {
          requireLocation: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("another organisation can neither see nor change this organisation's sites", async () => {
    expect(data<ClientSite[]>(await as(other)('GET', '/AttendanceClients'))).toEqual([]);
    expect(
      (
        await as(other)('PUT', `/AttendanceClients/${site.id}`, {
          ...whitefield,
          name: 'Hijacked',
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(other)('GET', `/AttendanceClients/${site.id}/employees`)).statusCode).toBe(404);
    expect(
      (
        await as(other)('PUT', `/AttendanceClients/${site.id}/employees`, {
          userIds: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(other)('DELETE', `/AttendanceClients/${site.id}`)).statusCode).toBe(404);
    expect(data<{ requireLocation: boolean }>(await as(other)('GET', '/AttendanceClients/settings')).requireLocation).toBe(false);
    expect(data<ClientSite[]>(await as(admin)('GET', '/AttendanceClients'))[0]).toMatchObject({ name: 'Acme Whitefield', employeeCount: 1 });
  });

  it('edits and deletes a site; past check-ins keep their site name', async () => {
    const edited = await as(admin)('PUT', `/AttendanceClients/${site.id}`, {
      ...whitefield,
      radiusMetres: 500,
    });
    expect(data<ClientSite>(edited).radiusMetres).toBe(500);
    expect((await as(admin)('DELETE', `/AttendanceClients/${site.id}`)).json().message).toBe(CLIENT_SITE_MSG.deleted);
    expect((await as(admin)('DELETE', `/AttendanceClients/${site.id}`)).statusCode).toBe(404);
    expect((await logsOf(member.id))[1]?.check_in_site_name).toBe('Acme Whitefield');
  });
});
