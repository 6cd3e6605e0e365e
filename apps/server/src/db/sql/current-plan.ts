import { sql, type SQL } from 'drizzle-orm';

/**
 * The plan in force for a tenant at `now`: its active subscription that has started and not
 * ended, a paid one before a trial, the newest first. One definition for every query that needs
 * it (access checks, the local user record, the dashboard). Columns: cp.plan_name, cp.plan_is_free,
 * cp.feature_keys, cp.is_trial, cp.end_at, cp.subscription_id — all null when none is in force.
 * Its inner aliases (cp_sub, cp_plan) are unusual on purpose: `tenantId` refers to the outer query,
 * and a shared alias would silently bind it to the inner table instead.
 */
export function currentPlanJoin(tenantId: SQL, now: Date | SQL): SQL {
  return sql`LEFT JOIN LATERAL (
    SELECT cp_plan.name AS plan_name, cp_plan.is_free AS plan_is_free, cp_plan.feature_keys, cp_sub.is_trial, cp_sub.end_at, cp_sub.id AS subscription_id
      FROM subscriptions cp_sub JOIN plans cp_plan ON cp_plan.id = cp_sub.plan_id
     WHERE cp_sub.tenant_id = ${tenantId} AND cp_sub.status = 'active' AND cp_sub.start_at <= ${now}
       AND (cp_sub.end_at IS NULL OR cp_sub.end_at > ${now})
     ORDER BY cp_sub.is_trial ASC, cp_sub.start_at DESC
     LIMIT 1) cp ON true`;
}
