import { sql } from 'drizzle-orm';
import type { Db } from '../types';
import { UserStatus } from '@tankha/contracts';
import { currentPlanJoin } from './current-plan';

/**
 * The entry of a signed-in request's tenant transaction (SessionGate.enterStatement) as a function,
 * so that PostgreSQL plans its five-table check once per connection instead of on every request:
 * planning the same query sent as text cost more than running it (measured with
 * pgbench in docs/decisions/). It sets the tenant and the role for the transaction, and returns
 * true, only when the session is unrevoked and unexpired, its user still active in the same role,
 * the organisation not deleted, in the same time zone, and the same subscription and features in
 * force; false otherwise and then sets nothing. Written from the same current-plan definition as
 * every other query, and (re)created after every migration (db/client.ts), so it cannot drift. Only
 * the connecting role (its owner) may call it.
 */
export async function installSessionEntry(db: Db): Promise<void> {
  const stillValid = sql`SELECT 1
      FROM sessions s
      JOIN users u ON u.id = s.user_id AND u.tenant_id = s.tenant_id
      JOIN tenants t ON t.id = s.tenant_id
      ${currentPlanJoin(sql`s.tenant_id`, sql`p_now`)}
     WHERE s.id = p_session AND s.tenant_id = p_tenant AND s.revoked_at IS NULL AND s.expires_at > p_now
       AND u.id = p_user AND u.status = ${sql.raw(String(UserStatus.Active))} AND u.role_id = p_role
       AND t.deleted_at IS NULL AND t.time_zone = p_time_zone
       AND (cp.subscription_id::text || ':' || array_to_string(cp.feature_keys, ',')) IS NOT DISTINCT FROM p_plan`;
  const signature = sql.raw('tankha_enter_session(p_session uuid, p_tenant uuid, p_user uuid, p_role smallint, p_time_zone text, p_plan text, p_now timestamptz)');
  await db.execute(sql`CREATE OR REPLACE FUNCTION ${signature}
  RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (${stillValid}) THEN
    PERFORM set_config('app.tenant_id', p_tenant::text, true);
    PERFORM set_config('role', 'tankha_tenant', true);
    RETURN true;
  END IF;
  RETURN false;
END
$fn$`);
  await db.execute(sql`REVOKE ALL ON FUNCTION ${signature} FROM PUBLIC`);
  // The same check for an entry that travels in front of the request's first query
  // (PreparingClient.queryEntering): refused, it raises, so PostgreSQL runs nothing sent after it.
  const requiring = sql.raw('tankha_require_session(p_session uuid, p_tenant uuid, p_user uuid, p_role smallint, p_time_zone text, p_plan text, p_now timestamptz)');
  await db.execute(sql`CREATE OR REPLACE FUNCTION ${requiring}
  RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  IF tankha_enter_session(p_session, p_tenant, p_user, p_role, p_time_zone, p_plan, p_now) THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'the session is not as remembered' USING ERRCODE = ${sql.raw(`'${SESSION_REFUSED}'`)};
END
$fn$`);
  await db.execute(sql`REVOKE ALL ON FUNCTION ${requiring} FROM PUBLIC`);
}

/** The SQLSTATE tankha_require_session raises when the session is not as remembered. */
export const SESSION_REFUSED = 'TK401';
