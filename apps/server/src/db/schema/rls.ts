import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/**
 * The role tenant-scoped work runs as: withTenant() (platform/tenancy.ts) switches to it and sets
 * app.tenant_id for the transaction. Created by migration 0001, hence `existing()`: drizzle-kit
 * never creates or drops it.
 */
export const tankhaTenant = pgRole('tankha_tenant').existing();

/**
 * Row-level security for a tenant-owned table: the tenant role reads and writes only rows of the
 * tenant in app.tenant_id (current_tenant_id(), migration 0001). Platform code (migrations, sign-in,
 * schedulers) runs as the connecting role, which owns the tables, and is not affected (not FORCEd).
 * `tenant_id` everywhere but on `tenants` itself, whose key is `id`. A test checks that every table
 * with a tenant_id column has it (db/row-security.int.test.ts).
 */
export function tenantIsolation(column: 'tenant_id' | 'id' = 'tenant_id') {
  const ownTenant = sql`${sql.identifier(column)} = current_tenant_id()`;
  return pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: tankhaTenant,
    using: ownTenant,
    withCheck: ownTenant,
  });
}
