import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOGO_MAX_BYTES } from '@tankha/domain';
import type { Config } from './platform/config';
import type { Database } from './db/client';
import type { Clock } from './platform/clock';
import { TokenService, resolveJwtSecret } from './platform/auth/tokens';
import { authenticate, authorise, type RouteAccess } from './platform/auth/access';
import type { RequestContext } from './platform/tenancy';
import { registerErrorHandling } from './platform/error-handler';
import { openApiTransform } from './platform/openapi';
import { MailService } from './platform/mail/mail.service';
import { LocalFileStorage, type FileStorage } from './platform/files/file-storage';
import { accountRoutes } from './modules/account/account.routes';
import { tenantRoutes } from './modules/tenants/tenants.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { userRoutes } from './modules/users/users.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { MailboxService } from './modules/dev/mailbox.service';
import { healthRoutes } from './modules/health/health.routes';
import { departmentRoutes } from './modules/departments/departments.routes';
import { DepartmentService } from './modules/departments/departments.service';
import { documentRoutes } from './modules/documents/documents.routes';
import { DocumentService } from './modules/documents/documents.service';
import { employeeRoutes } from './modules/employees/employees.routes';
import { EmployeeService } from './modules/employees/employees.service';
import { salaryRoutes } from './modules/salary/salary.routes';
import { SalaryService } from './modules/salary/salary.service';
import { peopleImportRoutes } from './modules/people-import/people-import.routes';
import { PeopleImportService } from './modules/people-import/people-import.service';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { AttendanceService } from './modules/attendance/attendance.service';
import { shiftRoutes } from './modules/shifts/shifts.routes';
import { ShiftService } from './modules/shifts/shifts.service';
import { attendanceSettingsRoutes } from './modules/attendance-settings/attendance-settings.routes';
import { AttendanceSettingsService } from './modules/attendance-settings/attendance-settings.service';
import { requestRoutes } from './modules/requests/requests.routes';
import { RequestService } from './modules/requests/requests.service';
import { leaveRoutes } from './modules/leave/leave.routes';
import { LeaveService } from './modules/leave/leave.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { NotificationService } from './modules/notifications/notifications.service';
import { attachNotificationHub } from './modules/notifications/notifications.hub';
import { scheduleJobs } from './platform/jobs/daily-scheduler';
import { taxRoutes } from './modules/tax/tax.routes';
import { TaxService } from './modules/tax/tax.service';
import { AccountService } from './modules/account/account.service';
import { TenantService } from './modules/tenants/tenants.service';
import { SubscriptionService } from './modules/subscriptions/subscriptions.service';
import { UserService } from './modules/users/users.service';
import { DashboardService } from './modules/dashboard/dashboard.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

export const API_PREFIX = '/backend/api';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  files?: FileStorage;
}

export interface Services {
  account: AccountService;
  tenants: TenantService;
  subscriptions: SubscriptionService;
  users: UserService;
  dashboard: DashboardService;
  tax: TaxService;
  attendance: AttendanceService;
  shift: ShiftService;
  attendanceSettings: AttendanceSettingsService;
  request: RequestService;
  leave: LeaveService;
  notification: NotificationService;
  department: DepartmentService;
  document: DocumentService;
  employee: EmployeeService;
  salary: SalaryService;
  peopleImport: PeopleImportService;
}

/** The signed-in context of a route that is not public; the access hook has set it. */
export function requireCtx(request: { ctx: RequestContext | null }): RequestContext {
  if (!request.ctx) throw new Error('route declared public but reads the request context');
  return request.ctx;
}

/** Builds the HTTP app (not listening): plugins, the access hook, every module's routes, the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.body.password'] },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
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
  const mail = new MailService(database.db, clock, app.log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const files = deps.files ?? new LocalFileStorage(path.join(config.dataDir, 'files'));
  const mailbox = new MailboxService({ db: database.db });
  const tenants = new TenantService({ db: database.db, clock, files, config });
  const salary = new SalaryService({ db: database.db, clock });
  const employees = new EmployeeService({ db: database.db, clock, mail, config, salary });
  const users = new UserService({ db: database.db, clock, files, employees });
  const services: Services = {
    account: new AccountService({ db: database.db, clock, tokens, mail, config, tenants, users, employees }),
    tenants,
    subscriptions: new SubscriptionService({ db: database.db, clock }),
    users,
    dashboard: new DashboardService({ db: database.db, clock }),
    tax: new TaxService(),
    attendance: new AttendanceService({ db: database.db, clock }),
    shift: new ShiftService({ db: database.db, clock, recompute: (tenantId, scope) => services.attendance.recompute(tenantId, scope) }),
    attendanceSettings: new AttendanceSettingsService({ db: database.db, clock, recompute: (tenantId, scope) => services.attendance.recompute(tenantId, scope) }),
    // Deferred through `services`, so the attendance service's own construction stays untouched.
    request: new RequestService({ db: database.db, clock, attendance: { recompute: (tenantId, scope) => services.attendance.recompute(tenantId, scope) } }),
    leave: new LeaveService({ db: database.db, clock, attendance: { recompute: (tenantId, scope) => services.attendance.recompute(tenantId, scope) } }),
    notification: new NotificationService({ db: database.db, clock, push: attachNotificationHub(app, { db: database.db, tokens, clock, config }), recompute: (tenantId, scope) => services.attendance.recompute(tenantId, scope) }),
    department: new DepartmentService({ db: database.db }),
    document: new DocumentService({ db: database.db, clock, files, users }),
    employee: employees,
    salary,
    peopleImport: new PeopleImportService({ db: database.db, create: (...args) => employees.createImported(...args) }),
  };

  // Daily jobs (the attendance reminder at 06:00 tenant time) tick once the server listens; tests call them directly.
  scheduleJobs(app, { clock, enabled: config.NODE_ENV !== 'test', jobs: [{ name: 'attendance-reminders', run: (now) => services.notification.runAttendanceReminders(now) }] });

  // The one access mechanism: every route is signed-in unless it declares itself public.
  app.decorateRequest('ctx', null);
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!request.routeOptions.url?.startsWith(API_PREFIX) || access?.public) return;
    const ctx = await authenticate(request, { db: database.db, tokens, clock });
    authorise(ctx, access ?? {});
    request.ctx = ctx;
  });

  await app.register(
    async (api) => {
      const rateLimitAuth = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
      api.get('/docs', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { kind: database.kind, ping: async () => void (await database.db.execute(sql`SELECT 1`)) });
      await api.register(accountRoutes, { services, rateLimitAuth });
      await api.register(tenantRoutes, { services });
      await api.register(subscriptionRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(dashboardRoutes, { services });
      await api.register(taxRoutes, { services });
      await api.register(attendanceRoutes, { services });
      await api.register(shiftRoutes, { services });
      await api.register(attendanceSettingsRoutes, { services });
      await api.register(requestRoutes, { services });
      await api.register(leaveRoutes, { services });
      await api.register(notificationRoutes, { services });
      await api.register(departmentRoutes, { services });
      await api.register(documentRoutes, { services });
      await api.register(employeeRoutes, { services });
      await api.register(salaryRoutes, { services });
      await api.register(peopleImportRoutes, { services });
      if (config.devMailboxEnabled) await api.register(devRoutes, { mailbox, prefix: '/dev' });
    },
    { prefix: API_PREFIX },
  );
  if (config.devMailboxEnabled) await app.register(devRoutes, { mailbox, prefix: '/dev', html: true });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built React app on the same port, with the SPA fallback for client routes. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing hashed asset is a 404, not the app shell: a stale tab must fail loudly, not go blank.
    if (request.method !== 'GET' || url.startsWith(API_PREFIX) || url.startsWith('/dev/') || url.startsWith('/assets/') || !hasWeb) {
      return reply.code(404).send({ statusCode: 404, errorCode: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` });
    }
    // Hashed assets are cached; the shell is not, so a deploy is picked up at once.
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  });
}
