import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { departments, tenants, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

const manager = alias(users, 'manager');

export async function findProfile(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      ...getTableColumns(users),
      departmentName: departments.name,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(manager, eq(manager.id, users.reportingManagerId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findIdentity(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, status: users.status, accountId: users.accountId, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function countByStatus(tdb: TenantDb, statuses: number[]): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), sql`${users.status} = ANY(${`{${statuses.join(',')}}`}::smallint[])`));
  return row?.n ?? 0;
}
