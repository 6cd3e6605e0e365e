import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { BACKENDS, createTestApp, type TestApp } from '../testing/harness';
import { queryRows } from '../db/client';
import { JobQueue } from './jobs/job-queue';
import { UnitOfWork } from './unit-of-work';
import { wrapRoutesInUnitOfWork } from './route-scope';
import type { SessionGate } from './auth/session-gate';

const silent = { error: () => undefined, info: () => undefined, debug: () => undefined };

describe.each(BACKENDS)('unit of work and jobs (%s)', (backend) => {
  let t: TestApp;
  let tenantId: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const owner = await t.registerOrganisation();
    tenantId = owner.tenantId;
    userId = owner.id;
  });
  afterAll(async () => t.close());

  const outboxTo = async (to: string) => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${to}`))[0]?.n ?? 0;

  it('a job enqueued in work that commits runs after the commit', async () => {
    await t.tenantScope(tenantId, async (scope) => {
      scope.enqueue('mail.send', { to: 'commit@example.in', subject: 's', text: 't', html: '<p>t</p>', tenantId });
    });
    expect(await outboxTo('commit@example.in')).toBe(1);
  });

  it('a job enqueued in work that fails is never written, so it never runs', async () => {
    await expect(
      t.tenantScope(tenantId, async (scope) => {
        scope.enqueue('mail.send', { to: 'rollback@example.in', subject: 's', text: 't', html: '<p>t</p>', tenantId });
        throw new Error('the work fails after enqueueing');
      }),
    ).rejects.toThrow('the work fails');
    expect(await t.drainJobs()).toBe(0);
    expect(await outboxTo('rollback@example.in')).toBe(0);
  });

  it('a drain of named queues runs only their jobs: the others stay queued for a later drain', async () => {
    await t.app.jobs.send('mail.send', { tenantId, data: { to: 'later@example.in', subject: 's', text: 't', html: '<p>t</p>', tenantId } });
    expect(await t.app.jobs.drain({ names: ['payroll.process'] })).toEqual({ ran: 0, failed: [] });
    expect(await outboxTo('later@example.in')).toBe(0);
    await expect(t.app.jobs.drain({ names: ['no.such.job'] })).rejects.toThrow('no job named no.such.job');
    expect(await t.app.jobs.drain({ names: ['mail.send'] })).toEqual({ ran: 1, failed: [] });
    expect(await outboxTo('later@example.in')).toBe(1);
  });

  it('a retried mail job records its message once', async () => {
    const mail = { to: 'once@example.in', subject: 's', text: 't', html: '<p>t</p>' };
    const id = '00000000-0000-4000-8000-000000000001';
    const { MailService } = await import('./mail/mail.service');
    const service = new MailService(t.database.db, t.clock, t.app.log, { from: 'x@y.in' });
    await service.deliver(id, mail);
    await service.deliver(id, mail);
    expect(await outboxTo('once@example.in')).toBe(1);
  });

  it('the tenant scope is the tenant role with row-level security: another tenant cannot be reached', async () => {
    const other = await t.registerOrganisation();
    const seen = await t.tenantScope(tenantId, async (scope) => queryRows<{ id: string }>(scope.db.tx, sql`SELECT id FROM users WHERE tenant_id = ${other.tenantId}`));
    expect(seen).toEqual([]);
    const own = await t.tenantScope(tenantId, async (scope) => queryRows<{ id: string }>(scope.db.tx, sql`SELECT id FROM users WHERE id = ${userId}`));
    expect(own).toHaveLength(1);
  });

  it('an API route that declares no access stops the app from starting', async () => {
    const app = Fastify();
    const queue = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: false, schedules: false });
    wrapRoutesInUnitOfWork(app, () => new UnitOfWork(t.database.db, queue), {} as SessionGate);
    expect(() => app.get('/backend/api/forgotten', async () => ({ ok: true }))).toThrow(/declares no access/);
    await app.close();
  });

  it('the app started: every one of its API operations declared its access', () => {
    // The onRoute check refuses a route without access at registration; the app is up, so all passed.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBeGreaterThan(80);
  });
});

// Work a restarted process must not leave to the first cron slot (resuming a payroll run
// whose job died with the process before): sent when the queue starts with workers, once per delay.
describe.each(BACKENDS)('jobs sent at start (%s)', (backend) => {
  it('a process with workers sends them at start, each delay once, and runs them; one without workers sends none', { timeout: 60_000 }, async () => {
    const t = await createTestApp(backend);
    const runs: number[] = [];
    const queued = async (name: string) => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name}`))[0]?.n ?? 0;
    const quiet = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: false, schedules: false });
    quiet.define({ name: 'test.at-start-quiet', retryLimit: 0, runAtStartAfterSeconds: [0], run: async () => undefined });
    const working = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: true, schedules: false, pollingIntervalSeconds: 1 });
    const started = Date.now();
    working.define({ name: 'test.at-start', retryLimit: 0, runAtStartAfterSeconds: [0, 2], run: async () => void runs.push(Date.now() - started) });
    try {
      await quiet.start();
      expect(await queued('test.at-start-quiet')).toBe(0);
      await working.start();
      expect(await queued('test.at-start')).toBe(2);
      for (let waited = 0; runs.length < 2 && waited < 20_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toHaveLength(2);
      // The second waited for its delay: pg-boss's start_after, not a cron slot.
      expect(runs[1]).toBeGreaterThanOrEqual(1_900);
    } finally {
      await working.stop();
      await quiet.stop();
      await t.close();
    }
  });
});

// Two server processes on one PostgreSQL: a schedule fires once per slot, not once per process.
// Runs in the PostgreSQL project only (with TEST_DATABASE_URL, which CI sets when PostgreSQL answers; skipped in the
// PGlite project): two processes cannot share the
// embedded PGlite, which lives inside one process.
describe.runIf(BACKENDS.includes('postgres'))('schedules across two processes (postgres)', () => { // PostgreSQL only: two processes cannot share one PGlite database
  it('runs a per-minute schedule once per minute with two processes', { timeout: 150_000 }, async () => {
    const t = await createTestApp('postgres');
    const runs: string[] = [];
    const make = (who: string) => {
      const queue = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: true, schedules: true, pollingIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 });
      queue.define({ name: 'test.every-minute', cron: { expression: '* * * * *' }, retryLimit: 0, run: async () => void runs.push(who) });
      return queue;
    };
    const a = make('a');
    const b = make('b');
    try {
      // Start early in a minute: both processes see this minute's slot as due at once, and the
      // next slot is far enough away not to count.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 20_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 2_000));
      await Promise.all([a.start(), b.start()]);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await t.close();
    }
  });
});
