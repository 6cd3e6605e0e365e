import { queryRows } from '../../db/client';
import { currentPlanJoin } from '../../db/sql/current-plan';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, MSG, can, featuresForRole, parseFeatureKeys, type FeatureKey, type PermissionAction, type RoleId } from '@tankha/contracts';
import { UserStatus } from '@tankha/contracts';
import type { Db } from '../../db/client';
import { AppError, forbidden, unauthorized } from '../errors';
import type { RequestContext } from '../tenancy';
import type { TokenService } from './tokens';
import type { Clock } from '../clock';

/**
 * What a route requires, declared in its `config.access`. The one access mechanism (DESIGN §3):
 * a route with no declaration requires a signed-in user; public routes say so.
 */
export type RouteAccess =
  /** No sign-in. The service gets the global scope; `database: false` opens no transaction (pure routes). */
  | { readonly public: true; readonly database?: false }
  /** Signed in, working on the account across its organisations (sign-out, the organisation list, switching). */
  | { readonly account: true; readonly permission?: PermissionAction }
  /** Signed in to one organisation: the tenant transaction. */
  | TenantAccess;

export type TenantAccess =
  | { readonly signedIn: true; readonly feature?: FeatureKey }
  /** An action of the PERMISSIONS table in contracts (role → allowed), and optionally a plan feature. */
  | { readonly permission: PermissionAction; readonly feature?: FeatureKey }
  /** A plan feature key; a missing one is refused with the spec's message. */
  | { readonly feature: FeatureKey };

/** Any signed-in user of the organisation. */
export const SIGNED_IN = { signedIn: true } as const satisfies RouteAccess;
export const PUBLIC = { public: true } as const satisfies RouteAccess;
export const ACCOUNT = { account: true } as const satisfies RouteAccess;

interface SessionRow extends Record<string, unknown> {
  session_id: string;
  revoked_at: Date | string | null;
  expires_at: Date | string;
  account_id: string;
  user_id: string | null;
  tenant_id: string;
  role_id: number | null;
  status: number | null;
  tenant_deleted_at: Date | string | null;
  feature_keys: string[] | null;
  subscription_id: string | null;
  time_zone: string;
}

/** A verified session: the context and what the tenant transaction re-checks on every request. */
export interface VerifiedSession {
  ctx: RequestContext;
  /** The subscription in force and its plan's feature keys as the database spells them (null: none in force). */
  planSignature: string | null;
  /** Token expiry (ms since epoch). */
  expiresAt: number;
}

/** The bearer token of a request, or the spec's 401. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized(ErrorCode.TokenNotFound, 'Token not found.');
  return token;
}

/** Reads the bearer token, checks the session row and builds the request context. */
export async function authenticate(request: FastifyRequest, deps: { db: Db; tokens: TokenService; clock: Clock }): Promise<RequestContext> {
  return (await verifySession(bearerToken(request), deps)).ctx;
}

/** Checks a token against its session row (one round trip) and builds the context. */
export async function verifySession(token: string, deps: { db: Db; tokens: TokenService; clock: Clock }): Promise<VerifiedSession> {
  const now = deps.clock.now();
  const claims = await deps.tokens.verify(token, now);
  if (!claims) throw unauthorized(ErrorCode.TokenInvalid, 'Token is invalid or expired.');

  // One round trip: session, membership, organisation and the plan of the subscription in force.
  const result = await queryRows<SessionRow>(deps.db, sql`
    SELECT s.id AS session_id, s.revoked_at, s.expires_at, s.account_id, u.id AS user_id, s.tenant_id,
           u.role_id, u.status, t.deleted_at AS tenant_deleted_at, t.time_zone,
           cp.feature_keys, cp.subscription_id
      FROM sessions s
      JOIN tenants t ON t.id = s.tenant_id
      LEFT JOIN users u ON u.id = s.user_id AND u.tenant_id = s.tenant_id
      ${currentPlanJoin(sql`s.tenant_id`, now)}
     WHERE s.id = ${claims.sid}`);
  const row = result[0];
  if (!row || row.revoked_at !== null || new Date(row.expires_at) <= now || row.user_id !== claims.sub || row.tenant_id !== claims.tid) {
    throw unauthorized(ErrorCode.TokenInvalid, 'Token is invalid or expired.');
  }
  if (row.user_id === null || row.role_id === null) throw unauthorized(ErrorCode.TokenInvalid, 'Token is invalid or expired.');
  if (row.tenant_deleted_at !== null) throw new AppError(403, ErrorCode.AccountDeactivated, MSG.noOrganization);
  if (row.status !== UserStatus.Active) {
    // A deactivated user's open session ends now (platform §4 "A deactivated user is logged out to the restricted page").
    await deps.db.execute(sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${row.session_id} AND revoked_at IS NULL`);
    throw new AppError(403, ErrorCode.AccountDeactivated, MSG.deactivated);
  }
  const roleId = row.role_id as RoleId;
  const planFeatures = parseFeatureKeys(row.feature_keys);
  const ctx: RequestContext = {
    tenantId: row.tenant_id,
    userId: row.user_id,
    accountId: row.account_id,
    sessionId: row.session_id,
    roleId,
    planFeatures,
    features: featuresForRole(planFeatures, roleId),
    hasActiveSubscription: row.feature_keys !== null,
    timeZone: row.time_zone,
  };
  return { ctx, planSignature: row.subscription_id === null ? null : `${row.subscription_id}:${(row.feature_keys ?? []).join(',')}`, expiresAt: claims.exp * 1000 };
}

/** Applies a route's declared permission and feature to a context; throws the spec's 403s. */
export function authorise(ctx: RequestContext, access: Exclude<RouteAccess, { public: true }>): void {
  if ('permission' in access && access.permission && !can(ctx.roleId, access.permission)) throw forbidden();
  if ('feature' in access && access.feature) {
    if (!ctx.hasActiveSubscription) throw new AppError(403, ErrorCode.SubscriptionRequired, MSG.noActiveSubscription);
    if (!ctx.planFeatures.includes(access.feature)) throw new AppError(403, ErrorCode.FeatureDenied, MSG.featureNotAllowed);
    // The plan has it but this role does not use it: a permission matter, not a plan matter.
    if (!ctx.features.includes(access.feature)) throw forbidden();
  }
}
