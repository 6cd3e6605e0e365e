import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadConfig, type Config } from '../platform/config';
import { TestClock } from '../platform/clock';
import { seedDemoOrganisation, DEMO_PASSWORD } from '../seed/demo';
import type { Backend } from './global-setup';
import { openSnapshot } from './snapshots';
import { UnitOfWork } from '../platform/unit-of-work';
import type { GlobalScope, TenantScope, TenantSteps } from '../platform/tenancy';
import { MailboxService } from '../modules/dev/mailbox.service';

export type { Backend };
/** The demo's sign-ins, for tests of the ground floor (db/, platform/), which may not import seed/ (lint). */
export { DEMO_LOGINS } from '../seed/demo';

/** The backend of this file's integration project (vitest.config.ts): PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = [inject('backend')];

/**
 * For a suite whose subject no database changes (rate limits, Redis between processes): true in
 * the PGlite project only, so that `describe.runIf(ONCE)` runs it once per run, on PGlite.
 */
export const ONCE = BACKENDS.includes('pglite');

export interface TestAppOptions {
  /**
   * Start from the demo organisation: `true` as seeded earlier today (Indian time) on the real
   * clock, as `npm start` would have; a date for the demo seeded as of that instant, with the clock
   * set to it. Either is a copy of a snapshot built once per run, not a seed per file.
   */
  demo?: true | Date;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL only: the URL of this app's own database (a second server process can be started on it). */
  databaseUrl: string | null;
  clock: TestClock;
  config: Config;
  /** Error-level log lines of the server (unhandled errors behind a 500), oldest first. */
  serverErrors: string[];
  close(): Promise<void>;
  /** JSON request through the real HTTP layer (fastify.inject). */
  call(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /**
   * Stored e-mails, newest first (the newest 50), read from the outbox as the dev mailbox reads it, but
   * not through its route: that route is served only to direct loopback requests and never behind a
   * proxy or in production, and suites of those settings still read their mail.
   */
  mailbox(to?: string): Promise<{ to: string; subject: string; text: string; links: string[] }[]>;
  login(email: string, password?: string): Promise<SessionUser>;
  /** Registers, verifies through the mailed link and logs in a new organisation's administrator. */
  registerOrganisation(overrides?: Partial<{ email: string; organizationName: string; firstName: string; lastName: string; password: string }>): Promise<SessionUser>;
  /**
   * The demo organisation with its payroll (two finalized months, this month's draft; the jobs are
   * left for drainJobs), seeded now on the clock. `lastYear`: as `npm start` seeds it, the payroll
   * from April of the last financial year and every Part B of that year. Without payroll, use the
   * `demo` option of createTestApp (a copy of a snapshot instead of a seed).
   */
  seedDemo(options: { payroll: true; lastYear?: boolean }): Promise<void>;
  /** Runs `fn` in a tenant unit of work as a job would (enqueued jobs are written on commit). */
  tenantScope<T>(tenantId: string, fn: (scope: TenantScope) => Promise<T>): Promise<T>;
  /** Runs a stepped job's body: each step its own tenant transaction, as defineSteppedTenantJob gives it (jobs drained after). */
  tenantSteps<T>(tenantId: string, run: (steps: TenantSteps) => Promise<T>): Promise<T>;
  /** Runs `fn` in the global unit of work (no signed-in user). */
  globalScope<T>(fn: (scope: GlobalScope) => Promise<T>): Promise<T>;
  /** Runs every enqueued job; fails the test when one fails. */
  drainJobs(): Promise<number>;
}

let counter = 0;

/** One JSON request through an app's real HTTP layer (fastify.inject); paths may omit /backend/api. */
function injectCall(app: FastifyInstance, ...[method, url, options = {}]: Parameters<TestApp['call']>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: method as 'GET',
    url: url.startsWith('/backend') ? url : `/backend/api${url}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export async function createTestApp(backend: Backend, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const now = options.demo instanceof Date ? options.demo : new Date();
  const demo = options.demo === undefined ? null : { key: options.demo === true ? `today_${dateInZone(now, 'Asia/Kolkata').replaceAll('-', '_')}` : now.getTime().toString(), at: now };
  const { database, url: databaseUrl } = await openSnapshot(backend, inject('snapshots'), demo);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-app-'));
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_MAX: '10000', APP_URL: 'http://127.0.0.1:3000', JWT_SECRET: 'x'.repeat(40), ...env });
  const clock = new TestClock(now);
  const serverErrors: string[] = [];
  // Silent but for errors, which are kept so that a test can say why a request answered 500;
  // TEST_LOG=1 also prints them while debugging a test.
  const logger = {
    level: 'error',
    stream: {
      write: (line: string) => {
        serverErrors.push(line);
        if (process.env.TEST_LOG) process.stderr.write(line);
      },
    },
  };
  // No job workers or schedules, whatever NODE_ENV a suite sets: tests drain the queue themselves.
  const app = await buildApp({ config, database, clock, logger, background: false });
  await app.ready();

  const uow = new UnitOfWork(database.db, app.jobs);
  const drainJobs = async (): Promise<number> => {
    const { ran, failed } = await app.jobs.drain();
    if (failed.length > 0) throw new Error(`job ${failed[0]?.name ?? ''} failed: ${String(failed[0]?.error)}`);
    return ran;
  };

  // A request's after-commit jobs (mail, recompute, pushes) run before the test looks at its effects.
  const call: TestApp['call'] = async (method, url, options = {}) => {
    const res = await injectCall(app, method, url, options);
    await drainJobs();
    return res;
  };

  const outbox = new MailboxService({ db: database.db });
  const mailbox: TestApp['mailbox'] = async (to) => {
    const mails = await outbox.latest(50, to || undefined);
    // As a t.call would: what a test queued since its last request still runs (it used to be one).
    await drainJobs();
    return mails;
  };

  const login: TestApp['login'] = async (email, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/Account/login', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`);
    return (res.json() as { data: SessionUser }).data;
  };

  const registerOrganisation: TestApp['registerOrganisation'] = async (overrides = {}) => {
    counter += 1;
    const input = {
      firstName: 'Kiran',
      lastName: 'Das',
      organizationName: `Org ${counter.toString()}`,
      email: `owner${counter.toString()}.${Date.now().toString(36)}@example.in`,
      password: 'Secret123',
      ...overrides,
    };
    const res = await call('POST', '/Account/register', { body: { ...input, confirmPassword: input.password } });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
    const [mail] = await mailbox(input.email);
    const link = mail?.links.find((l) => l.includes('/verify-user/'));
    if (!link) throw new Error('no verification link mailed');
    const [token, email] = new URL(link).pathname.split('/').slice(2).map(decodeURIComponent);
    const verified = await call('POST', '/Account/verify-user', { body: { token, email } });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    return login(input.email, input.password);
  };

  return {
    app,
    database,
    databaseUrl,
    clock,
    config,
    serverErrors,
    call,
    mailbox,
    login,
    registerOrganisation,
    tenantScope: async (tenantId, fn) => {
      const result = await uow.tenantJob(tenantId, fn);
      await drainJobs();
      return result;
    },
    tenantSteps: async (tenantId, run) => {
      const result = await run((fn) => uow.tenantJob(tenantId, fn));
      await drainJobs();
      return result;
    },
    globalScope: async (fn) => {
      const result = await uow.global(null, fn);
      await drainJobs();
      return result;
    },
    drainJobs,
    seedDemo: async (options) => {
      if (demo) throw new Error('seedDemo on an app that started from the demo');
      await seedDemoOrganisation(database.db, clock.now(), { jobs: app.jobs, documents: app.services.payslipDocuments, form16: app.services.form16, ...(options.lastYear ? { form16PartB: app.services.form16PartB } : {}) });
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Multipart body for fastify.inject: text fields and an optional file. */
export function multipart(fields: Record<string, string>, file?: { field: string; filename: string; contentType: string; bytes: Buffer }) {
  const boundary = `----tankha${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A second server process on the same database (its own access cache, job queue and sockets), as
 * two instances behind a load balancer would be. Requests go through its real HTTP layer.
 */
export async function createPeerApp(t: TestApp): Promise<{ call: TestApp['call']; close(): Promise<void> }> {
  const app = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
  await app.ready();
  return {
    call: (method, url, options = {}) => injectCall(app, method, url, options),
    close: () => app.close(),
  };
}
