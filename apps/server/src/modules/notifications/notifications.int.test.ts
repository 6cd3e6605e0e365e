import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { NOTIFICATION_HUB_PATH, NOTIFICATION_MSG, type AttendanceReminderPush, type NotificationItem, type SessionUser } from '@tankha/contracts';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, ONCE, createTestApp, type TestApp } from '../../testing';
import type { NotificationService } from './notifications.service';

/** Monday 10 March 2025, 08:00 in Kolkata (UTC+5:30). */
const MONDAY_8AM = new Date('2025-03-10T02:30:00Z');
/** The same Monday at 05:30 in Kolkata: before the 06:00 reminder. */
const MONDAY_5_30AM = new Date('2025-03-10T00:00:00Z');
/** Tuesday 11 March 2025, 08:00 in Kolkata. */
const TUESDAY_8AM = new Date('2025-03-11T02:30:00Z');

const EXPECTED_FIVE = 'Your attendance is missing for 03 Mar 2025, 04 Mar 2025, 05 Mar 2025 and 2 more. Please check in or raise a regularization request.';

async function seedDays(t: TestApp, user: SessionUser, days: Record<string, string>): Promise<void> {
  for (const [date, status] of Object.entries(days)) {
    await t.database.db.execute(sql`
      INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction)
      VALUES (${user.tenantId}, ${user.id}, ${date}, ${status}, ${status === 'Absent' ? '0' : '1'})
      ON CONFLICT (user_id, work_date) DO UPDATE SET status = EXCLUDED.status`);
  }
}

async function insertNotification(t: TestApp, user: SessionUser, title: string, createdAt: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`
    INSERT INTO notifications (tenant_id, user_id, type, title, message, data, created_at)
    VALUES (${user.tenantId}, ${user.id}, 'AttendanceReminder', ${title}, ${`message of ${title}`}, '{}'::jsonb, ${createdAt}::timestamptz)
    RETURNING id`);
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function reminderRows(t: TestApp, user: SessionUser) {
  return queryRows<{ title: string; message: string; data: Record<string, unknown>; is_read: boolean; created_at: Date | string }>(
    t.database.db,
    sql`SELECT title, message, data, is_read, created_at FROM notifications WHERE user_id = ${user.id} AND type = 'AttendanceReminder' ORDER BY created_at, id`,
  );
}


describe.each(BACKENDS)('notifications REST (%s)', (backend) => {
  let t: TestApp;
  let kiran: SessionUser;
  let meera: SessionUser;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(MONDAY_8AM);
    kiran = await t.registerOrganisation({ organizationName: 'Godavari Foods' });
    meera = await t.registerOrganisation({ organizationName: 'Kaveri Traders', firstName: 'Meera', lastName: 'Iyer' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an empty list and a zero count to a user without notifications', async () => {
    const count = await t.call('GET', '/Notifications/unread/count', { token: kiran.token });
    expect(count.statusCode).toBe(200);
    expect(count.json().data).toEqual({ count: 0 });
    const list = await t.call('GET', '/Notifications?pageNo=1&pageSize=4', { token: kiran.token });
    expect(list.json()).toMatchObject({ data: [], totalRecords: 0 });
  });

  it('refuses a call without a token', async () => {
    expect((await t.call('GET', '/Notifications/unread/count')).statusCode).toBe(401);
    expect((await t.call('GET', '/Notifications')).statusCode).toBe(401);
    expect((await t.call('POST', '/Notifications/read', { body: { all: true } })).statusCode).toBe(401);
  });

  it('pages the own notifications 4 at a time, newest first', async () => {
    for (let i = 1; i <= 6; i += 1) ids.push(await insertNotification(t, kiran, `N${i.toString()}`, `2025-03-0${i.toString()}T04:00:00Z`));
    const first = await t.call('GET', '/Notifications?pageNo=1&pageSize=4', { token: kiran.token });
    expect(first.statusCode).toBe(200);
    const firstBody = first.json() as { data: NotificationItem[]; totalRecords: number };
    expect(firstBody.totalRecords).toBe(6);
    expect(firstBody.data.map((n) => n.title)).toEqual(['N6', 'N5', 'N4', 'N3']);
    expect(firstBody.data[0]).toEqual({
      id: ids[5],
      type: 'AttendanceReminder',
      title: 'N6',
      message: 'message of N6',
      data: {},
      isRead: false,
      createdAt: '2025-03-06T04:00:00.000Z',
    });
    const second = await t.call('GET', '/Notifications?pageNo=2&pageSize=4', { token: kiran.token });
    expect((second.json() as { data: NotificationItem[] }).data.map((n) => n.title)).toEqual(['N2', 'N1']);
    const past = await t.call('GET', '/Notifications?pageNo=3&pageSize=4', { token: kiran.token });
    expect(past.json()).toMatchObject({ data: [], totalRecords: 6 });
    // Platform §9: the page size defaults to 4.
    const byDefault = await t.call('GET', '/Notifications', { token: kiran.token });
    expect((byDefault.json() as { data: NotificationItem[] }).data).toHaveLength(4);
  });

  it('rejects bad paging', async () => {
    const res = await t.call('GET', '/Notifications?pageNo=0&pageSize=4', { token: kiran.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ pageNo: 'pageNo must be a whole number between 1 and 100000' });
  });

  it('counts unread and marks the given ids read', async () => {
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 6 });
    const res = await t.call('POST', '/Notifications/read', { token: kiran.token, body: { ids: [ids[5], ids[4]] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: NOTIFICATION_MSG.markedRead, data: { updated: 2 } });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 4 });
    const list = (await t.call('GET', '/Notifications', { token: kiran.token })).json() as { data: NotificationItem[] };
    expect(list.data.map((n) => n.isRead)).toEqual([true, true, false, false]);
    // Marking again changes nothing.
    expect((await t.call('POST', '/Notifications/read', { token: kiran.token, body: { ids: [ids[5]] } })).json().data).toEqual({ updated: 0 });
  });

  it("ignores another user's ids and keeps organisations apart", async () => {
    const res = await t.call('POST', '/Notifications/read', { token: meera.token, body: { ids: [ids[0], ids[1]] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 0 });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 4 });
    expect((await t.call('GET', '/Notifications/unread/count', { token: meera.token })).json().data).toEqual({ count: 0 });
    expect((await t.call('GET', '/Notifications', { token: meera.token })).json()).toMatchObject({ data: [], totalRecords: 0 });
    // "All" is the caller's own only.
    expect((await t.call('POST', '/Notifications/read', { token: meera.token, body: { all: true } })).json().data).toEqual({ updated: 0 });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 4 });
  });

  it('rejects a body with neither ids nor all, and ids that are not ids', async () => {
    const empty = await t.call('POST', '/Notifications/read', { token: kiran.token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ ids: NOTIFICATION_MSG.idsOrAll });
    const none = await t.call('POST', '/Notifications/read', { token: kiran.token, body: { ids: [] } });
    expect(none.statusCode).toBe(400);
    const bad = await t.call('POST', '/Notifications/read', { token: kiran.token, body: { ids: ['not-an-id'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'ids.0': NOTIFICATION_MSG.invalidId });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 4 });
  });

  it('marks all own notifications read', async () => {
    const res = await t.call('POST', '/Notifications/read', { token: kiran.token, body: { all: true } });
    expect(res.json().data).toEqual({ updated: 4 });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 0 });
  });
});

describe.each(BACKENDS)('attendance reminder job (%s)', (backend) => {
  let t: TestApp;
  let kiran: SessionUser;
  let meera: SessionUser;
  let ravi: SessionUser;
  let member: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: MONDAY_8AM });
    member = await t.login(DEMO_LOGINS.member);
    kiran = await t.registerOrganisation({ organizationName: 'Godavari Foods' });
    meera = await t.registerOrganisation({ organizationName: 'Kaveri Traders', firstName: 'Meera', lastName: 'Iyer' });
    ravi = await t.registerOrganisation({ organizationName: 'Narmada Tools', firstName: 'Ravi', lastName: 'Kumar' });
    // Kiran: five absences in the week before Monday 10 March, others outside the window or not absent.
    await seedDays(t, kiran, {
      '2025-03-02': 'Absent', // eight days back: outside the 7-day window
      '2025-03-03': 'Absent',
      '2025-03-04': 'Absent',
      '2025-03-05': 'Absent',
      '2025-03-06': 'Absent',
      '2025-03-07': 'Absent',
      '2025-03-08': 'WeekOff',
      '2025-03-09': 'WeekOff',
      '2025-03-10': 'Absent', // today: provisional, not reminded yet
    });
    await seedDays(t, meera, { '2025-03-04': 'Absent', '2025-03-05': 'Absent', '2025-03-06': 'Present', '2025-03-07': 'Leave' });
    await seedDays(t, ravi, { '2025-03-04': 'Absent' });
    // Ravi is deactivated: no reminder.
    await t.database.db.execute(sql`UPDATE users SET status = 2 WHERE id = ${ravi.id}`);
  });
  afterAll(async () => {
    await t.close();
  });

  // The 'notifications.push' jobs that ran (they call the service's push, which calls the hub).
  let pushSpy: MockInstance<NotificationService['push']>;
  const pushed = () => pushSpy.mock.calls.map(([scope, data]) => ({ tenantId: scope.tenantId, userId: data.userId, payload: data.payload }));
  beforeEach(() => {
    pushSpy = vi.spyOn(t.app.services.notification, 'push');
    // The job recomputes yesterday before reading it (tested in attendance); here the seeded days are the input.
    vi.spyOn(t.app.services.attendance, 'recompute').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The 15-minute schedule at `when`; the harness then runs the organisations' jobs and their pushes. */
  const schedule = (when: Date) => t.globalScope((scope) => t.app.services.notification.scheduleAttendanceReminders(scope, when));
  /** One organisation's reminder job at `when`, as any process would run it. */
  const sendFor = (user: SessionUser, when: Date) => t.tenantScope(user.tenantId, (scope) => t.app.services.notification.sendAttendanceReminders(scope, when));

  it('sends nothing before 06:00 in the organisation’s zone', async () => {
    await schedule(MONDAY_5_30AM);
    expect(await reminderRows(t, kiran)).toEqual([]);
    expect(pushed().filter((s) => s.userId === kiran.id || s.userId === meera.id)).toEqual([]);
  });

  it('reminds each active employee once with the first 3 absent dates and a count of more', async () => {
    await schedule(MONDAY_8AM);

    const rows = await reminderRows(t, kiran);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Attendance missing',
      message: EXPECTED_FIVE,
      is_read: false,
      data: {
        tenantName: 'Godavari Foods',
        employeeName: 'Kiran Das',
        absentDates: ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07'],
        reminderDate: '2025-03-10',
      },
    });
    expect(new Date(rows[0]?.created_at ?? '').toISOString()).toBe(MONDAY_8AM.toISOString());

    const meeraRows = await reminderRows(t, meera);
    expect(meeraRows.map((r) => r.message)).toEqual(['Your attendance is missing for 04 Mar 2025, 05 Mar 2025. Please check in or raise a regularization request.']);
    expect(await reminderRows(t, ravi)).toEqual([]);

    // The push carries Title, message and data{tenantName, employeeName, absentDates} (platform §3).
    expect(pushed().find((s) => s.userId === kiran.id)).toEqual({
      tenantId: kiran.tenantId,
      userId: kiran.id,
      payload: {
        title: 'Attendance missing',
        message: EXPECTED_FIVE,
        data: { tenantName: 'Godavari Foods', employeeName: 'Kiran Das', absentDates: ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07'] },
      },
    });
    expect(pushed().filter((s) => s.userId === ravi.id)).toEqual([]);

    const list = (await t.call('GET', '/Notifications', { token: kiran.token })).json() as { data: NotificationItem[]; totalRecords: number };
    expect(list.totalRecords).toBe(1);
    expect(list.data[0]).toMatchObject({ type: 'AttendanceReminder', title: 'Attendance missing', message: EXPECTED_FIVE, isRead: false });
    expect((await t.call('GET', '/Notifications/unread/count', { token: kiran.token })).json().data).toEqual({ count: 1 });
  });

  it('sends nothing more when it runs again the same day, even from another process', async () => {
    await Promise.all([schedule(MONDAY_8AM), schedule(new Date('2025-03-10T12:00:00Z'))]);
    // Other processes (with no memory of today) run the organisations' jobs again, at the same time.
    const noon = new Date('2025-03-10T06:30:00Z');
    await Promise.all([sendFor(kiran, MONDAY_8AM), sendFor(kiran, noon), sendFor(meera, MONDAY_8AM), sendFor(meera, noon)]);
    expect(pushed().filter((s) => [kiran.id, meera.id].includes(s.userId))).toEqual([]);
    expect(await reminderRows(t, kiran)).toHaveLength(1);
    expect(await reminderRows(t, meera)).toHaveLength(1);
  });

  it('reminds again the next day over the moved window', async () => {
    // Two schedules at once, and another process's job for the same organisation: one reminder.
    await Promise.all([schedule(TUESDAY_8AM), schedule(TUESDAY_8AM), sendFor(kiran, TUESDAY_8AM)]);
    const rows = await reminderRows(t, kiran);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.message).toBe('Your attendance is missing for 04 Mar 2025, 05 Mar 2025, 06 Mar 2025 and 2 more. Please check in or raise a regularization request.');
    expect(rows[1]?.data).toMatchObject({ absentDates: ['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-10'], reminderDate: '2025-03-11' });
    expect(pushed().filter((s) => s.userId === kiran.id)).toHaveLength(1);
  });

  it('lets administrators run it by hand for their organisation only; members may not', async () => {
    // Sessions last 12 hours: sign in again on Wednesday.
    t.clock.set(new Date('2025-03-12T02:30:00Z'));
    try {
      const memberToday = await t.login(member.email);
      const meeraToday = await t.login(meera.email, 'Secret123');
      expect((await t.call('POST', '/Notifications/attendance-reminders/run', { token: memberToday.token })).statusCode).toBe(403);
      const res = await t.call('POST', '/Notifications/attendance-reminders/run', { token: meeraToday.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: NOTIFICATION_MSG.remindersSent, data: { notified: 1 } });
      expect(await reminderRows(t, meera)).toHaveLength(3); // Monday, Tuesday (by the job) and now
      expect(await reminderRows(t, kiran)).toHaveLength(2); // another organisation: untouched
      expect((await t.call('POST', '/Notifications/attendance-reminders/run', { token: meeraToday.token })).json().data).toEqual({ notified: 0 });
    } finally {
      t.clock.set(MONDAY_8AM);
    }
  });
});

/** Connects a Socket.IO client to the hub and resolves once connected (or rejects with the refusal). */
function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectClient(url, { path: NOTIFICATION_HUB_PATH, transports: ['polling', 'websocket'], auth: { token }, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function nextReminder(socket: Socket, timeoutMs = 5000): Promise<AttendanceReminderPush> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ReceiveAttendanceReminder')), timeoutMs);
    socket.once('ReceiveAttendanceReminder', (payload: AttendanceReminderPush) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects the reminders a socket receives, to check later that none arrived. */
function collect(socket: Socket): AttendanceReminderPush[] {
  const got: AttendanceReminderPush[] = [];
  socket.on('ReceiveAttendanceReminder', (payload: AttendanceReminderPush) => got.push(payload));
  return got;
}

describe.each(BACKENDS)('notification hub over Socket.IO (%s)', (backend) => {
  let t: TestApp;
  let url: string;
  let kiran: SessionUser;
  let meera: SessionUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(MONDAY_8AM);
    kiran = await t.registerOrganisation({ organizationName: 'Godavari Foods' });
    meera = await t.registerOrganisation({ organizationName: 'Kaveri Traders', firstName: 'Meera', lastName: 'Iyer' });
    await seedDays(t, kiran, { '2025-03-05': 'Absent', '2025-03-06': 'Absent', '2025-03-07': 'Absent', '2025-03-10': 'Absent' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('refuses a bad token and a missing one', async () => {
    await expect(connect(url, 'not-a-token')).rejects.toThrow('Token is invalid or expired.');
    await expect(connect(url, '')).rejects.toThrow('Token not found.');
  });

  it('delivers ReceiveAttendanceReminder to the employee who joined their own group, and to no one else', async () => {
    const own = await connect(url, kiran.token);
    const other = await connect(url, meera.token);
    sockets.push(own, other);
    expect(await own.emitWithAck('JoinEmployeeGroup', kiran.id)).toEqual({ ok: true });
    expect(await other.emitWithAck('JoinEmployeeGroup', meera.id)).toEqual({ ok: true });
    // Someone else's group is refused.
    expect(await other.emitWithAck('JoinEmployeeGroup', kiran.id)).toEqual({ ok: false, message: NOTIFICATION_MSG.joinOwnOnly });
    const otherGot = collect(other);

    const received = nextReminder(own);
    const run = await t.call('POST', '/Notifications/attendance-reminders/run', { token: kiran.token });
    expect(run.json().data).toEqual({ notified: 1 });
    expect(await received).toEqual({
      title: 'Attendance missing',
      message: 'Your attendance is missing for 05 Mar 2025, 06 Mar 2025, 07 Mar 2025. Please check in or raise a regularization request.',
      data: { tenantName: 'Godavari Foods', employeeName: 'Kiran Das', absentDates: ['2025-03-05', '2025-03-06', '2025-03-07'] },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(otherGot).toEqual([]);
  });

  it('stops delivering after LeaveEmployeeGroup', async () => {
    const own = await connect(url, kiran.token);
    sockets.push(own);
    await own.emitWithAck('JoinEmployeeGroup', kiran.id);
    expect(await own.emitWithAck('LeaveEmployeeGroup', kiran.id)).toEqual({ ok: true });
    const got = collect(own);
    t.clock.set(TUESDAY_8AM);
    try {
      const kiranToday = await t.login(kiran.email, 'Secret123');
      expect((await t.call('POST', '/Notifications/attendance-reminders/run', { token: kiranToday.token })).json().data).toEqual({ notified: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([]);
    } finally {
      t.clock.set(MONDAY_8AM);
    }
  });

  it('refuses a signed-out session', async () => {
    const session = await t.login(meera.email, 'Secret123');
    expect((await t.call('POST', '/Account/logout', { token: session.token })).statusCode).toBe(200);
    await expect(connect(url, session.token)).rejects.toThrow('Token is invalid or expired.');
  });
});

// Runs only with TEST_REDIS_URL (.ci/run sets it when Redis answers), once per run (ONCE: no database changes its subject): the Socket.IO adapter between two processes needs a Redis to publish through.
describe.runIf(ONCE && process.env.TEST_REDIS_URL)('notification hub across processes through Redis', () => { // once per run and only with TEST_REDIS_URL: it needs a real Redis
  it('a client connected to process A receives the reminder sent by process B', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: `tankha-test-${Date.now().toString(36)}:` };
    const a = await createTestApp('pglite', env);
    // Process B: its own app (own Socket.IO server, own Redis connections) over the same database.
    const b = await buildApp({ config: a.config, database: a.database, clock: a.clock, logger: false });
    await b.ready();
    let socket: Socket | null = null;
    try {
      a.clock.set(MONDAY_8AM);
      const kiran = await a.registerOrganisation({ organizationName: 'Godavari Foods' });
      await seedDays(a, kiran, { '2025-03-03': 'Absent', '2025-03-04': 'Absent', '2025-03-05': 'Absent', '2025-03-06': 'Absent', '2025-03-07': 'Absent' });
      const url = await a.app.listen({ port: 0, host: '127.0.0.1' });
      socket = await connect(url, kiran.token);
      expect(await socket.emitWithAck('JoinEmployeeGroup', kiran.id)).toEqual({ ok: true });
      const received = nextReminder(socket);
      const run = await b.inject({ method: 'POST', url: '/backend/api/Notifications/attendance-reminders/run', headers: { authorization: `Bearer ${kiran.token}` } });
      expect(run.json()).toMatchObject({ data: { notified: 1 } });
      // Process B runs the push job its request enqueued.
      await b.jobs.drain();
      expect(await received).toMatchObject({ title: 'Attendance missing', message: EXPECTED_FIVE, data: { employeeName: 'Kiran Das' } });
    } finally {
      socket?.close();
      await b.close();
      await a.close();
    }
  });
});
