import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { MSG, NOTIFICATION_HUB_PATH, type AttendanceReminderPush, type Checkout, type Plan, type SessionUser } from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import { queryRows } from './db/client';
import { S3FileStorage } from './platform/files/s3-file-storage';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';
import { BACKENDS, createTestApp, makePdfOfSize, multipart, type TestApp } from './testing';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { startServerProcess, until, type ServerProcess } from './testing/server-process';

/**
 * Issue 31 point 2 (the platform's parts): two real server processes (src/main.ts under tsx, each
 * with its own DATA_DIR, memory, job queue client and Socket.IO server) on one PostgreSQL database,
 * one Redis and one S3 bucket (s3rver), as two replicas behind a load balancer would be:
 *  - a document uploaded through A downloads through B byte for byte, before and after A's job
 *    promotes it in the bucket, and neither process's DATA_DIR holds it;
 *  - the attendance reminder pushed by A (its job worker, after A's request) reaches a Socket.IO
 *    client connected to B, through the Redis adapter;
 *  - a logout through A ends the session in B on B's very next request (and on B's socket), though
 *    B had just verified and remembered the token;
 *  - a local payment taken by A verifies on B;
 *  - a payslip PDF rendered and stored by A's job downloads through B, as stored.
 * Process B runs without job workers (NODE_ENV=test turns them off: a web-only replica), so whatever
 * a job does (the push, the promotion) was done by A: the test could not pass by B doing it itself.
 * PostgreSQL only (PGlite is one process's database) and only with TEST_REDIS_URL (.ci/run sets it when Redis answers): skipped otherwise.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const PASSWORD = 'Secret123';
const STARTUP_MS = 240_000;

/** The promise's value, or a failure naming what did not happen within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(BACKENDS.includes('postgres') && REDIS_URL)('two server processes on one PostgreSQL, Redis and S3 bucket', () => { // PostgreSQL and Redis only: two processes cannot share PGlite, and Socket.IO and rate limits cross processes through Redis
  let t: TestApp;
  let s3: TestS3Server;
  let bucket: S3FileStorage;
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: SessionUser;
  const dataDirs: string[] = [];
  const sockets: Socket[] = [];

  const api = async (server: ServerProcess, method: string, url: string, options: { token?: string; body?: unknown; raw?: { body: Buffer; headers: Record<string, string> } } = {}) => {
    const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
    let body: Uint8Array | string | undefined;
    if (options.raw) {
      Object.assign(headers, options.raw.headers);
      body = new Uint8Array(options.raw.body);
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`http://127.0.0.1:${String(server.port)}/backend/api${url}`, { method, headers, ...(body ? { body } : {}) });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const json = <T>(answer: { bytes: Buffer }): T => JSON.parse(answer.bytes.toString('utf8')) as T;
  const login = async (server: ServerProcess, email: string, password = PASSWORD): Promise<SessionUser> => {
    const res = await api(server, 'POST', '/Account/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login through :${String(server.port)} failed: ${res.bytes.toString()}`);
    return json<{ data: SessionUser }>(res).data;
  };
  const connect = (server: ServerProcess, token: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connectClient(`http://127.0.0.1:${String(server.port)}`, { path: NOTIFICATION_HUB_PATH, transports: ['polling', 'websocket'], auth: { token }, reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });

  beforeAll(async () => {
    t = await createTestApp('postgres');
    if (!t.databaseUrl) throw new Error('no database URL');
    // Seeded before the processes start, through the in-process harness (its queue is not drained after).
    owner = await t.registerOrganisation({ organizationName: 'Two Process Foods', password: PASSWORD });
    // Absent two to four days ago in the organisation's zone: today's reminder names them.
    const today = dateInZone(new Date(), 'Asia/Kolkata');
    for (const days of [4, 3, 2]) {
      await t.database.db.execute(sql`
        INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction)
        VALUES (${owner.tenantId}, ${owner.id}, ${addDaysToDate(today, -days)}, 'Absent', '0')
        ON CONFLICT (user_id, work_date) DO UPDATE SET status = EXCLUDED.status`);
    }
    // The demo organisation with two finalized payroll months whose payslip PDFs are left to the
    // jobs: process A's workers render and store them once it starts.
    await t.seedDemo({ payroll: true });

    s3 = await startS3Server();
    bucket = new S3FileStorage(s3.options);
    const shared = {
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: REDIS_URL ?? '',
      // A fresh prefix: other runs on the same Redis neither see these rooms nor share these counters.
      REDIS_KEY_PREFIX: `tankha-twoproc-${randomBytes(6).toString('hex')}:`,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      RATE_LIMIT_AUTH_MAX: '1000',
      ...s3.env,
    };
    const dir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-twoproc-'));
      dataDirs.push(d);
      return { DATA_DIR: d, WEB_DIST_DIR: path.join(d, 'no-web') };
    };
    // Started together, as replicas are: each migrates (nothing to do) and checks the job schema at
    // start. Loading the server under tsx takes 30-40 s of CPU on a loaded 2-core machine, hence the time allowed.
    [a, b] = await Promise.all([startServerProcess({ ...shared, ...dir() }, STARTUP_MS), startServerProcess({ ...shared, ...dir(), NODE_ENV: 'test' }, STARTUP_MS)]);
  }, STARTUP_MS + 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    }
    bucket?.close();
    await s3?.close();
    await t?.close();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('a document uploaded through A downloads through B byte for byte, pending and after A promotes it; no DATA_DIR holds it', async () => {
    const session = await login(a, owner.email);
    // 200 kB whose middle is random: the bytes are compared, not a pattern.
    const pdf = makePdfOfSize(200_000);
    const padding = pdf.indexOf('AAAA');
    randomBytes(150_000).toString('base64').slice(0, 150_000).split('').forEach((c, i) => (pdf[padding + i] = c.charCodeAt(0)));
    const form = multipart({ documentType: '1' }, { field: 'file', filename: 'pan-card.pdf', contentType: 'application/pdf', bytes: pdf });
    const uploaded = await api(a, 'POST', `/Users/${session.id}/documents`, { token: session.token, raw: form });
    expect(uploaded.status, uploaded.bytes.toString()).toBe(201);
    const doc = json<{ data: { id: string; sizeBytes: number } }>(uploaded).data;
    expect(doc.sizeBytes).toBe(pdf.length);

    // Whether A's job has promoted it yet or not, B streams the same bytes from the bucket.
    const download = `/Users/${session.id}/documents/${doc.id}/download`;
    const first = await api(b, 'GET', download, { token: session.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.bytes.equals(pdf)).toBe(true);

    // A's worker (B has none) promotes it: one final object, nothing pending. Not at once: A's
    // workers are also rendering the demo's payslip PDFs (CPU-bound), and until then the pending
    // name serves, as above.
    const folder = `documents/${session.tenantId}/`;
    const stored = await until('the upload to be promoted in the bucket', async () => {
      const entries = await bucket.list(folder);
      return entries.length === 1 && entries.every((e) => !e.pending) ? entries : null;
    }, 180_000);
    expect(stored[0]?.key).toMatch(/\.pdf$/);
    const second = await api(b, 'GET', download, { token: session.token });
    expect(second.status).toBe(200);
    expect(second.bytes.equals(pdf)).toBe(true);

    const onDisk = dataDirs.flatMap((d) => (fs.existsSync(path.join(d, 'files')) ? fs.readdirSync(path.join(d, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : []));
    expect(onDisk).toEqual([]);
  }, 240_000);

  it("the attendance reminder pushed by A reaches the employee's Socket.IO client connected to B", async () => {
    const session = await login(a, owner.email);
    const socket = await connect(b, session.token);
    expect(await socket.emitWithAck('JoinEmployeeGroup', session.id)).toEqual({ ok: true });
    const received = new Promise<AttendanceReminderPush>((resolve) => socket.once('ReceiveAttendanceReminder', resolve));

    const run = await api(a, 'POST', '/Notifications/attendance-reminders/run', { token: session.token });
    expect(run.status, run.bytes.toString()).toBe(200);
    // A's own 15-minute schedule may have sent today's reminder a moment earlier (notified 0 then):
    // either way the row is written once and the push comes from A's job worker, the only one.
    expect([0, 1]).toContain(json<{ data: { notified: number } }>(run).data.notified);
    const push = await within(received, 20_000, 'the push to reach the client on B');
    const today = dateInZone(new Date(), 'Asia/Kolkata');
    expect(push).toMatchObject({ title: 'Attendance missing', data: { tenantName: 'Two Process Foods', employeeName: 'Kiran Das', absentDates: [4, 3, 2].map((d) => addDaysToDate(today, -d)) } });
    const rows = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${session.id} AND type = 'AttendanceReminder'`);
    expect(rows[0]?.n).toBe(1);
    // And B's REST list shows the row A wrote.
    const list = await api(b, 'GET', '/Notifications/unread/count', { token: session.token });
    expect(json<{ data: { count: number } }>(list).data.count).toBe(1);
  });

  it("a logout through A ends the session in B at once: B's next request and its socket are refused", async () => {
    const session = await login(a, owner.email);
    // B verifies the token and remembers it (session-gate.ts), and holds a socket on it.
    expect((await api(b, 'GET', '/Notifications/unread/count', { token: session.token })).status).toBe(200);
    expect((await api(b, 'GET', '/Tenants', { token: session.token })).status).toBe(200);
    const socket = await connect(b, session.token);

    const loggedOut = await api(a, 'POST', '/Account/logout', { token: session.token });
    expect(loggedOut.status).toBe(200);
    // No waiting: the very next requests to B, a tenant route (its remembered context re-checked in
    // its transaction) and an account-level one (verified afresh).
    const tenantRoute = await api(b, 'GET', '/Notifications/unread/count', { token: session.token });
    expect(tenantRoute.status).toBe(401);
    expect((await api(b, 'GET', '/Tenants', { token: session.token })).status).toBe(401);
    // The hub on B: a new handshake is refused; the open socket may not join its group and is dropped.
    await expect(connect(b, session.token)).rejects.toThrow('Token is invalid or expired.');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await socket.emitWithAck('JoinEmployeeGroup', session.id)).toMatchObject({ ok: false });
    expect(await within(disconnected, 5000, 'B to drop the socket')).toBe('io server disconnect');
    // Another session of the same user is untouched.
    const other = await login(b, owner.email);
    expect((await api(a, 'GET', '/Notifications/unread/count', { token: other.token })).status).toBe(200);
  });

  it('a local payment taken through A verifies through B', async () => {
    const session = await login(a, owner.email);
    const plans = json<{ data: { data: Plan[] } }>(await api(b, 'GET', '/Subscriptions/plans')).data.data;
    const basic = plans.find((p) => p.name === 'Basic');
    if (!basic) throw new Error('no Basic plan');
    const created = await api(a, 'POST', '/Subscriptions', { token: session.token, body: { planId: basic.id, quantity: 1, billingType: 'monthly' } });
    expect(created.status, created.bytes.toString()).toBe(200);
    const checkout = json<{ data: Checkout }>(created).data;

    // A signs the callback with the installation's secret (kept in the database) and queues the webhook.
    const paid = await api(a, 'POST', `/LocalPayments/${checkout.id}/pay`, { token: session.token });
    expect(paid.status, paid.bytes.toString()).toBe(200);
    const verified = await api(b, 'POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: session.token, body: json<{ data: unknown }>(paid).data });
    expect(verified.status, verified.bytes.toString()).toBe(200);
    expect(json<{ message: string }>(verified).message).toBe(MSG.paymentSuccess);
    // A's worker runs the webhook job too: still one payment.
    await until('the webhook job to have run', async () => {
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'subscriptions.localWebhook' AND state = 'completed'`);
      return (row?.n ?? 0) >= 1;
    }, 20_000);
    const [payments] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${checkout.subscriptionId}`);
    expect(payments?.n).toBe(1);
  });

  it("a payslip PDF rendered and stored by A's job downloads through B as stored", async () => {
    const admin = await login(a, DEMO_LOGINS.administrator, DEMO_PASSWORD);
    // The first of the demo's payslip PDFs A's worker has stored (the 'payroll.finalized' job's work).
    const slip = await until('a payslip PDF to be stored by A', async () => {
      const [row] = await queryRows<{ payslip_id: string; storage_key: string; sha256: string; size_bytes: number }>(
        t.database.db,
        sql`SELECT d.payslip_id, f.storage_key, f.sha256, f.size_bytes FROM payslip_documents d JOIN files f ON f.id = d.file_id WHERE d.tenant_id = ${admin.tenantId} ORDER BY d.rendered_at LIMIT 1`,
      );
      return row;
    }, 120_000);
    const pdf = await api(b, 'GET', `/Payslips/${slip.payslip_id}/pdf`, { token: admin.token });
    expect(pdf.status, pdf.bytes.toString().slice(0, 200)).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length).toBe(slip.size_bytes);
    expect(createHash('sha256').update(pdf.bytes).digest('hex')).toBe(slip.sha256);
    expect((await bucket.get(slip.storage_key))?.equals(pdf.bytes)).toBe(true);
  }, 180_000);
});
