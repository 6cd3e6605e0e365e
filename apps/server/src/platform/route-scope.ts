import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccountScope, GlobalScope, RequestContext, RequestOrigin, Scope } from './tenancy';
import { TenantNotEntered, type UnitOfWork } from './unit-of-work';
import { CommittedRefusal } from './errors';
import type { SessionGate } from './auth/session-gate';
import type { RouteAccess } from './auth/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
    scope: Scope | GlobalScope | null;
  }
}

export const API_PREFIX = '/backend/api';

/** The access kind a route declared (the access hook and the wrapper below read the same answer). */
export function accessKind(access: RouteAccess): 'public' | 'account' | 'tenant' {
  if ('public' in access) return 'public';
  if ('account' in access) return 'account';
  return 'tenant';
}

/**
 * Every API route runs inside one unit of work (DESIGN §9): the platform opens the transaction
 * before the handler and commits after it returns, so a handler must return its reply (never
 * `reply.send` before the work is committed). A route that declares no access does not start.
 */
export function wrapRoutesInUnitOfWork(app: FastifyInstance, uow: () => UnitOfWork, gate: SessionGate): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (public, account, signedIn, permission or feature)`);
    if ('public' in access && access.database === false) return;
    const handler = route.handler;
    const kind = accessKind(access);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const readOnly = methods.every((method) => method === 'GET' || method === 'HEAD');
    route.handler = async function scopedHandler(this: FastifyInstance, request, reply) {
      const run = async (scope: Scope | GlobalScope): Promise<unknown> => {
        request.scope = { ...scope, origin: originOf(request) };
        try {
          return (await handler.call(this, request, reply)) as unknown;
        } catch (error) {
          // Returned, so the transaction commits; thrown again below, after the commit.
          if (error instanceof CommittedRefusal) return error;
          throw error;
        }
      };
      let result: unknown;
      if (kind === 'tenant') {
        // A read-only request's entry may travel with its first query (UnitOfWork.tenant): what a GET
        // handler does before its first query has no effect, so it may run before the check.
        // Each entry built only when the unit of work takes it (one or the other, by database and method).
        const enter = (ctx: RequestContext) =>
          uow().tenant(
            ctx,
            run,
            () => gate.enterStatement(request, ctx),
            readOnly ? () => gate.requireStatement(request, ctx) : undefined,
          );
        try {
          result = await enter(signedIn(request));
        } catch (error) {
          if (!(error instanceof TenantNotEntered)) throw error;
          // The remembered session changed (logout, deactivation, role or plan): check afresh, which
          // answers the right 401/403, or go on once with the new context.
          const fresh = await gate.recheck(request, access as Exclude<RouteAccess, { public: true }>);
          request.ctx = fresh;
          result = await enter(fresh);
        }
      } else {
        result = await uow().global(kind === 'account' ? signedIn(request) : null, run);
      }
      request.scope = null;
      if (result instanceof CommittedRefusal) throw result.error;
      return result;
    };
  });
}

/**
 * Work a route does before its unit of work opens, as a route-level `preHandler` (after the access
 * hook, so only a caller the route admits gets it done): receiving an upload and reading its content
 * (unpacking a ZIP, checking a workbook, parsing a PDF). Inside the unit of work, that would hold the
 * transaction for as long as the upload takes to arrive and to unpack — on PGlite the one connection
 * every other request and /health wait on. The handler takes the result with `of(request)`.
 */
export function beforeUnitOfWork<T>(work: (request: FastifyRequest) => Promise<T>): { preHandler: (request: FastifyRequest) => Promise<void>; of: (request: FastifyRequest) => T } {
  const results = new WeakMap<FastifyRequest, { value: T }>();
  return {
    preHandler: async (request) => {
      results.set(request, { value: await work(request) });
    },
    of: (request) => {
      const result = results.get(request);
      if (!result) throw new Error(`${request.routeOptions.url ?? ''}: the work before its unit of work did not run (declare its preHandler on the route)`);
      return result.value;
    },
  };
}

function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

function signedIn(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new Error('signed-in route reached its handler without a context');
  return request.ctx;
}

/** The tenant scope of a signed-in route (DESIGN §9): `{ db, ctx, enqueue }`. */
export function scopeOf(request: FastifyRequest): Scope {
  const scope = request.scope;
  if (!scope || !('db' in scope)) throw new Error(`${request.routeOptions.url ?? ''} is not a tenant route`);
  return scope;
}

/** The global scope of a public route. */
export function publicScopeOf(request: FastifyRequest): GlobalScope {
  const scope = request.scope;
  if (!scope || !('global' in scope)) throw new Error(`${request.routeOptions.url ?? ''} is not a public or account route`);
  return scope;
}

/** The global scope of an account-level route, with the signed-in context. */
export function accountScopeOf(request: FastifyRequest): AccountScope {
  const scope = publicScopeOf(request);
  if (!scope.ctx) throw new Error(`${request.routeOptions.url ?? ''} is not an account route`);
  return scope as AccountScope;
}
