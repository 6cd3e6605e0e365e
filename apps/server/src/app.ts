import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOGO_MAX_BYTES } from '@tankha/domain';
import type { Config } from './platform/config';
import { marketingRedirect } from './platform/marketing-host';
import { webShellFor } from './platform/web-shell';
import type { Database } from './db/client';
import type { Clock } from './platform/clock';
import { TokenService, resolveJwtSecret } from './platform/auth/tokens';
import { authorise, type RouteAccess } from './platform/auth/access';
import { SessionGate } from './platform/auth/session-gate';
import { createLoginThrottle } from './platform/auth/login-throttle';
import { registerErrorHandling, type UnexpectedErrorReport } from './platform/error-handler';
import { openApiTransform } from './platform/openapi';
import { MailService } from './platform/mail/mail.service';
import { LocalFileStorage, type FileStorage } from './platform/files/file-storage';
import { S3FileStorage } from './platform/files/s3-file-storage';
import { resolveLocalPaymentSecret } from './modules/subscriptions/payments/local.provider';
import { devRoutes } from './modules/dev/dev.routes';
import { MailboxService } from './modules/dev/mailbox.service';
import { attachNotificationHub } from './modules/notifications/notifications.hub';
import type { JobPayloads } from './platform/jobs/jobs';
import { buildServices, registerJobs, type Services } from './services';
import { MODULES } from './modules/index';
import type { RouteDeps } from './modules/module';
import { JobQueue } from './platform/jobs/job-queue';
import { UnitOfWork } from './platform/unit-of-work';
import { Readiness } from './platform/readiness';
import { API_PREFIX, accessKind, wrapRoutesInUnitOfWork } from './platform/route-scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (tests drain it to see a request's after-commit effects). */
    jobs: JobQueue;
    services: Services;
    /** Where private files live (the demo seed stores its proof files through it too). */
    files: FileStorage;
    /** Whether this process takes traffic: ready once its job queue runs, stopping from the shutdown signal on. */
    readiness: Readiness;
  }
}

export { API_PREFIX };

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  files?: FileStorage;
  /** Job workers and schedules in this process: on by default, off under NODE_ENV=test (tests drain) and for `npm run db:seed`. */
  background?: boolean;
}

/** Builds the HTTP app (not listening): plugins, the access hook, every module's routes (modules/index.ts), the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.body.password'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A request id unique across processes and restarts: the exception log and x-request-id quote it.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Unexpected errors of an organisation's requests go to its exception log: a job
  // sent outside the failed request's (rolled back) transaction, not awaited by the response.
  let recordUnexpected: (report: UnexpectedErrorReport) => void = () => undefined;
  registerErrorHandling(app, { onUnexpected: (report) => recordUnexpected(report) });

  // Razorpay Checkout loads its script and opens its frame from Razorpay's hosts; allowed only when its keys are set.
  const razorpay = config.RAZORPAY_KEY_ID ? ['https://checkout.razorpay.com', 'https://api.razorpay.com'] : [];
  // Built once: @fastify/helmet built helmet (and parsed the policy) again on every request, a fifth
  // of a bare route's CPU. The same headers, set on every response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(razorpay.length ? ['https://*.razorpay.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...razorpay],
        frameSrc: ["'self'", ...razorpay],
        connectSrc: ["'self'", ...(razorpay.length ? ['https://*.razorpay.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => (error === undefined ? done() : done(error instanceof Error ? error : new Error(String(error)))));
  });
  // With several server processes the rate-limit counters must be shared: Redis when configured.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}) });
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 30, fieldSize: 10_000 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tankha API', version: '0.1.0', description: 'HR, attendance, payroll and income tax for Indian organisations' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });

  const tokens = new TokenService(resolveJwtSecret(config.JWT_SECRET, config.dataDir));
  const files = deps.files ?? fileStorageFor(config);
  if (files instanceof S3FileStorage) app.addHook('onClose', () => files.close());
  const mailbox = new MailboxService({ db: database.db });

  // Jobs: pg-boss on the same database. Tests run no workers and drain the queue themselves.
  const background = deps.background ?? config.NODE_ENV !== 'test';
  const jobs = new JobQueue({ connection: database.bossConnection, log: app.log, workers: background, schedules: background, pollingIntervalSeconds: database.kind === 'pglite' ? 1 : 2 });
  const uow = new UnitOfWork(database.db, jobs);
  const gate = new SessionGate({ db: database.db, tokens, clock });
  const mail = new MailService(database.db, clock, app.log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, files });
  mail.register(jobs);
  const push = attachNotificationHub(app, { db: database.db, tokens, clock, config });
  const loginThrottle = createLoginThrottle({ maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_FAILURE_WINDOW_MS, clock, redis, keyPrefix: config.REDIS_KEY_PREFIX });
  // Read (or generated once and stored) before any service is built: every process signs alike.
  const localPaymentSecret = await resolveLocalPaymentSecret(config, database.db);
  const services = buildServices({ config, clock, tokens, files, push, loginThrottle, localPaymentSecret });
  registerJobs(uow, jobs, services, clock, app.log, files, config);
  recordUnexpected = ({ tenantId, ...report }) => {
    const data: JobPayloads['exceptionLogs.record'] = { ...report, occurredAt: clock.now().toISOString() };
    jobs.send('exceptionLogs.record', { tenantId, data }).catch((error: unknown) => app.log.error({ err: error }, 'exception log not queued'));
  };
  app.decorate('jobs', jobs);
  app.decorate('services', services);
  app.decorate('files', files);
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  // Ready once the job queue runs (migrations ran before the app was built). On close the queue stops
  // fetching at once and waits for its running handlers while the HTTP server finishes its requests;
  // the database closes after both (boot's onClose, registered later, runs later).
  app.addHook('onReady', async () => {
    await jobs.start();
    readiness.markReady();
  });
  let jobsStopped: Promise<void> | null = null;
  const stopJobs = () => (jobsStopped ??= jobs.stop({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }));
  app.addHook('preClose', async () => {
    readiness.markStopping();
    stopJobs().catch(() => undefined);
  });
  app.addHook('onClose', async () => stopJobs());

  // The one access mechanism (DESIGN §3, §9): every API route declares its access; signed-in
  // routes get the context here, and every route's handler runs in the unit of work it declared.
  // It runs on the request, before the body is read or validated: an anonymous call, or a role the
  // route refuses, gets its 401/403 and never a field message about the route's body.
  app.decorateRequest('ctx', null);
  app.decorateRequest('scope', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || !request.routeOptions.url?.startsWith(API_PREFIX) || 'public' in access) return;
    if (accessKind(access) !== 'tenant') {
      request.ctx = await gate.verify(request);
      authorise(request.ctx, access);
      return;
    }
    const known = await gate.contextFor(request);
    try {
      authorise(known.ctx, access);
      request.ctx = known.ctx;
    } catch (refusal) {
      // A remembered role or plan may be stale: refuse only on what the database says now.
      if (!known.remembered) throw refusal;
      request.ctx = await gate.recheck(request, access);
    }
  });
  wrapRoutesInUnitOfWork(app, () => uow, gate);

  await app.register(
    async (api) => {
      const rateLimitAuth = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
      // Every operation with its access rules: public while developing, a signed-in Administrator's in production (docs/decisions/).
      const docsAccess: RouteAccess = config.NODE_ENV === 'production' ? { permission: 'api.docs' } : { public: true, database: false };
      api.get('/docs', { config: { access: docsAccess }, schema: { hide: true } }, async () => app.swagger());
      const routeDeps: RouteDeps = { services, rateLimitAuth, readiness, database: { kind: database.kind, ping: async () => void (await database.db.execute(sql`SELECT 1`)) } };
      // Every module's routes (modules/index.ts), each declaring its access (the onRoute check above).
      for (const module of MODULES) for (const routes of module.routes ?? []) await api.register(routes, routeDeps);
      if (config.devMailboxEnabled) await api.register(devRoutes, { mailbox, prefix: '/dev' });
    },
    { prefix: API_PREFIX },
  );
  if (config.devMailboxEnabled) await app.register(devRoutes, { mailbox, prefix: '/dev', html: true });

  await registerWebApp(app, config);
  return app;
}

/** The bucket when S3_BUCKET is set, else the folder DATA_DIR/files (config.ts). */
export function fileStorageFor(config: Config): FileStorage {
  if (!config.S3_BUCKET) return new LocalFileStorage(path.join(config.dataDir, 'files'));
  return new S3FileStorage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Serves the built React app on the same port, with the SPA fallback for client routes. */
async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDistDir' | 'marketingHosts' | 'appUrl'>): Promise<void> {
  const distDir = config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      // A hashed asset never changes under its name; anything else (the service worker, the manifest,
      // icons) is revalidated, so a deploy reaches every browser.
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing hashed asset is a 404, not the app shell: a stale tab must fail loudly, not go blank.
    if (request.method !== 'GET' || url.startsWith(API_PREFIX) || url.startsWith('/dev/') || url.startsWith('/assets/') || !hasWeb) {
      return reply.code(404).send({ statusCode: 404, errorCode: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` });
    }
    const redirect = marketingRedirect(request.hostname, request.url, config.marketingHosts, config.appUrl);
    if (redirect) return reply.redirect(redirect, 302);
    // Hashed assets are cached; the shell is not, so a deploy is picked up at once.
    // The page's route chunks are listed in it as modulepreloads (platform/web-shell.ts).
    return reply.header('cache-control', 'no-cache').type('text/html').send(await webShellFor(distDir, request.url));
  });
}
