import { and, asc, desc, eq } from 'drizzle-orm';
import { plans, subscriptions } from '../../db/schema';
import type { Db } from '../../db/client';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';
import { PLAN_CATALOGUE } from './plans.catalogue';

export type PlanRow = typeof plans.$inferSelect;

/** Reference data: the catalogue is upserted at start-up, so a price change is a code review, not a SQL script. */
export async function upsertPlanCatalogue(db: Db): Promise<void> {
  for (const plan of PLAN_CATALOGUE) {
    const { code: _code, ...rest } = plan;
    await db.insert(plans).values(plan).onConflictDoUpdate({ target: plans.code, set: rest });
  }
}

/** The plan catalogue is reference data of no organisation: read on the global transaction. */
export async function findVisiblePlans({ tx }: GlobalDb): Promise<PlanRow[]> {
  return tx.select().from(plans).where(eq(plans.isVisible, true)).orderBy(asc(plans.sortOrder));
}


export async function findTrial(tdb: TenantDb) {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.isTrial, true)))
    .orderBy(desc(subscriptions.startAt))
    .limit(1);
  return row;
}
