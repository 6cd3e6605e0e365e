import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { LeadingStatement } from '../../db/prepared-statements';
import type { Clock } from '../clock';
import type { RequestContext } from '../tenancy';
import { authorise, bearerToken, verifySession, type RouteAccess, type VerifiedSession } from './access';
import type { TokenService } from './tokens';

const MAX_REMEMBERED = 20_000;

/** tankha_require_session (db/sql/session-entry.ts) with the parameters of `enterStatement`, in its order. */
const REQUIRE_SESSION = 'SELECT tankha_require_session($1::uuid, $2::uuid, $3::uuid, $4::smallint, $5::text, $6::text, $7::timestamptz)';

/**
 * Authentication without a round trip of its own. A token seen before is not
 * verified or looked up again: its context is remembered. It is not trusted either: the first
 * statement of every tenant transaction enters the tenant only if the session row is still
 * unrevoked and unexpired, the user still active in the same role, the organisation not deleted
 * and the same subscription in force (`enterStatement`). When that statement finds nothing, the
 * request is checked afresh (which gives the right 401/403) and retried once. So logout,
 * deactivation, a password change, a role or plan change take effect on the very next request, in
 * every server process, because the check is in the database, not in this memory.
 */
export class SessionGate {
  private readonly remembered = new Map<string, VerifiedSession>();

  constructor(private readonly deps: { db: Db; tokens: TokenService; clock: Clock }) {}

  /** The full check (one round trip): account-level routes, sockets, and tokens not remembered. */
  async verify(request: FastifyRequest): Promise<RequestContext> {
    const token = bearerToken(request);
    const verified = await verifySession(token, this.deps);
    this.remember(token, verified);
    return verified.ctx;
  }

  /** A tenant route's context: remembered when this token was verified before, re-checked in its transaction. */
  async contextFor(request: FastifyRequest): Promise<{ ctx: RequestContext; remembered: boolean }> {
    const token = bearerToken(request);
    const known = this.remembered.get(token);
    if (known && known.expiresAt > this.deps.clock.now().getTime()) return { ctx: known.ctx, remembered: true };
    if (known) this.remembered.delete(token);
    return { ctx: await this.verify(request), remembered: false };
  }

  /**
   * The tenant transaction's first statement: sets the tenant and the role only if the session is
   * still as remembered (the check is the function of db/sql/session-entry.ts, planned once per
   * connection). One row when it is, none when not.
   */
  enterStatement(request: FastifyRequest, ctx: RequestContext): SQL {
    const known = this.remembered.get(bearerToken(request));
    // Literals, not a Date: transactionFrom inlines this statement's values.
    return sql`SELECT 1 AS entered WHERE tankha_enter_session(${ctx.sessionId}::uuid, ${ctx.tenantId}::uuid, ${ctx.userId}::uuid, ${ctx.roleId}::smallint,
      ${ctx.timeZone}::text, ${known?.planSignature ?? null}::text, ${this.deps.clock.now().toISOString()}::timestamptz)`;
  }

  /**
   * The same check as `enterStatement` as a statement that raises when it refuses, with parameters:
   * the entry that travels in front of a read-only request's first query on PostgreSQL
   * (UnitOfWork.tenant, transactionEnteredByFirstQuery), planned once per connection. Its text is
   * fixed and its values a plain list: nothing for drizzle to build on every request.
   */
  requireStatement(request: FastifyRequest, ctx: RequestContext): LeadingStatement {
    const known = this.remembered.get(bearerToken(request));
    return { text: REQUIRE_SESSION, values: [ctx.sessionId, ctx.tenantId, ctx.userId, ctx.roleId, ctx.timeZone, known?.planSignature ?? null, this.deps.clock.now().toISOString()] };
  }

  /**
   * Checks the request afresh, forgetting what was remembered, and applies the route's access:
   * the right 401/403 from the database's answer, or the current context.
   */
  async recheck(request: FastifyRequest, access: Exclude<RouteAccess, { public: true }>): Promise<RequestContext> {
    this.forget(request);
    const ctx = await this.verify(request);
    authorise(ctx, access);
    return ctx;
  }

  private forget(request: FastifyRequest): void {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) this.remembered.delete(header.slice(7).trim());
  }

  private remember(token: string, verified: VerifiedSession): void {
    if (this.remembered.size >= MAX_REMEMBERED) {
      // Oldest first (Map keeps insertion order): a bounded memory, not a correctness matter.
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
    this.remembered.set(token, verified);
  }
}
