import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FeatureKey, RoleId } from '@tankha/contracts';

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
}

declare const tenantDbBrand: unique symbol;

/**
 * A database handle scoped to one tenant. Repositories of tenant data accept only this type, so an
 * unscoped query does not compile; row-level security (migration 0001) hides other tenants' rows
 * even if a query forgets its filter.
 */
export interface TenantDb {
  readonly tx: Db;
  readonly tenantId: string;
  readonly [tenantDbBrand]: true;
}

/**
 * The platform's deliberately named cross-tenant handle: sign-in, migrations, seeds and schedulers.
 * Module code that holds one must say why.
 */
export interface UnscopedDb {
  readonly db: Db;
}

export function unscoped(db: Db): UnscopedDb {
  return { db };
}

/** Runs `fn` in a transaction as the tenant role with app.tenant_id set. */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tdb: TenantDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'tankha_tenant', true)`);
    return fn({ tx: tx as unknown as Db, tenantId } as TenantDb);
  });
}
