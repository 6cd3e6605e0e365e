import type { Db } from '../db/types';
import type { FeatureKey, RoleId } from '@tankha/contracts';
import type { Enqueue } from './jobs/jobs';

/**
 * Who is asking, built once per request from the verified session (DESIGN §3). isManager is not
 * here: it needs a look at reportees, so the services that care ask for it.
 */
export interface RequestContext {
  readonly tenantId: string;
  readonly userId: string;
  readonly accountId: string;
  readonly sessionId: string;
  readonly roleId: RoleId;
  /** The plan's feature keys, and those of them this user's role may use (accessableFeatures). */
  readonly planFeatures: readonly FeatureKey[];
  readonly features: readonly FeatureKey[];
  readonly hasActiveSubscription: boolean;
  /** The organisation's IANA time zone (business dates are calendar dates there, DESIGN §5). */
  readonly timeZone: string;
}

declare const tenantDbBrand: unique symbol;
declare const globalDbBrand: unique symbol;

/**
 * A database handle scoped to one tenant: the transaction the platform opened as role
 * tankha_tenant with app.tenant_id set. Repositories of tenant data accept only this type, and
 * only `platform/` can make one (DESIGN §9), so an unscoped query does not compile; row-level
 * security hides other tenants' rows even if a query forgets its filter.
 */
export interface TenantDb {
  readonly tx: Db;
  readonly tenantId: string;
  readonly [tenantDbBrand]: true;
}

/**
 * The platform's deliberately named cross-tenant handle: sign-in, registration, the account's own
 * organisations, schedulers. It is a transaction the platform opened as the owner role (row-level
 * security does not apply), so code that holds one must say why. Only `platform/` can make one.
 */
export interface GlobalDb {
  readonly tx: Db;
  readonly [globalDbBrand]: true;
}

/** What a service of tenant data receives in a job: the tenant's transaction and the job queue. */
export interface TenantScope {
  readonly db: TenantDb;
  readonly tenantId: string;
  /** Jobs enqueued here are written in the same transaction: they run if and only if it commits. */
  readonly enqueue: Enqueue;
}

/**
 * Runs one step of a long job in its own tenant transaction (DESIGN §10: payroll processing commits
 * chunk by chunk). What a step enqueues starts when that step commits.
 */
export type TenantSteps = <T>(fn: (scope: TenantScope) => Promise<T>) => Promise<T>;

/** Where a request came from, for the audit log (platform/audit): set by the route wrapper, never read from a request by a service. */
export interface RequestOrigin {
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/** What a service receives for a signed-in request (DESIGN §9): `{ db, ctx, enqueue }`. */
export interface Scope extends TenantScope {
  readonly ctx: RequestContext;
  readonly origin?: RequestOrigin;
}

/** What a public or account-level route's service receives: the global transaction. */
export interface GlobalScope {
  readonly global: GlobalDb;
  /** The signed-in account, for account-level routes; null on public routes. */
  readonly ctx: RequestContext | null;
  readonly enqueue: Enqueue;
  readonly origin?: RequestOrigin;
  /**
   * Runs `fn` on this same transaction as the tenant role for `tenantId` (registration and
   * organisation creation write an organisation's first rows together with the account).
   */
  asTenant<T>(tenantId: string, fn: (scope: TenantScope) => Promise<T>): Promise<T>;
}

/** A signed-in account-level scope: the context is there. */
export interface AccountScope extends GlobalScope {
  readonly ctx: RequestContext;
}
