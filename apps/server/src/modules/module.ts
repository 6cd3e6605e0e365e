import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../platform/config';
import type { Clock } from '../platform/clock';
import type { TokenService } from '../platform/auth/tokens';
import type { LoginThrottle } from '../platform/auth/login-throttle';
import type { FileStorage } from '../platform/files/file-storage';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { JobDefinitions } from '../platform/jobs/job-definitions';
import type { NotificationPush } from './notifications/notifications.service';
import type { Readiness } from '../platform/readiness';

/**
 * Every module's services by the name routes, jobs and other modules use. Empty here: each module's
 * manifest adds the services it offers (`declare module '../module'`), so this file imports no module
 * and a new module touches only its own folder and the list in modules/index.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each manifest
export interface Services {}

/** What the platform gives every module's services (built once in app.ts). */
export interface PlatformDeps {
  config: Config;
  clock: Clock;
  tokens: TokenService;
  files: FileStorage;
  push: NotificationPush;
  loginThrottle: LoginThrottle;
  /** The local payment provider's secret (resolveLocalPaymentSecret); null when Razorpay is configured. */
  localPaymentSecret: string | null;
}

/** One service of a module: the other services it needs, by name, and how it is built from them. */
export interface ServiceProvider<T> {
  readonly needs: readonly (keyof Services)[];
  readonly build: (deps: PlatformDeps & Services) => T;
}

/**
 * A service built from the platform and the named services of other modules, typed by those names.
 * Needs are per service, not per module: payroll's run needs declarations' service while
 * declarations' regime comparison needs the run, a cycle between folders but none between services.
 */
export function provide<const N extends keyof Services, T>(needs: readonly N[], build: (deps: PlatformDeps & Pick<Services, N>) => T): ServiceProvider<T> {
  return { needs, build };
}

/** What every module's routes plugin receives when app.ts mounts it under the API prefix. */
export interface RouteDeps {
  services: Services;
  /** The limit on sign-in and other credential routes (config RATE_LIMIT_AUTH_MAX per window). */
  rateLimitAuth: { max: number; timeWindow: number };
  /** The database the health check reports and pings (no transaction: it runs without one). */
  database: { kind: 'pglite' | 'postgres'; ping: () => Promise<void> };
  /** Whether this process takes traffic (GET /health/ready for load balancers). */
  readiness: Pick<Readiness, 'state'>;
}

/** What a module's jobs are registered with (the one queue; tenant jobs run in the unit of work). */
export interface JobDeps {
  uow: JobDefinitions;
  queue: JobQueue;
  services: Services;
  clock: Clock;
  log: FastifyInstance['log'];
  config: Config;
}

/** A module: one folder, read by the composition root (services.ts) and app.ts from modules/index.ts. */
export interface ModuleManifest {
  /** The folder's name. */
  readonly name: string;
  readonly services?: { readonly [K in keyof Services]?: ServiceProvider<Services[K]> };
  /** Each declares its routes' access; app.ts refuses to start on a route that does not (route-scope.ts). */
  readonly routes?: readonly FastifyPluginAsyncZod<RouteDeps>[];
  readonly jobs?: (deps: JobDeps) => void;
}

export function defineModule(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}
