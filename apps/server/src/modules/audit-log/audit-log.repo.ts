import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface AuditFilters {
  actorId?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Calendar dates in `timeZone`, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

export interface AuditRow {
  id: string;
  seq: number;
  at: Date;
  actorUserId: string | null;
  actorLabel: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  ip: string | null;
  userAgent: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

function where(tdb: TenantDb, f: AuditFilters): SQL | undefined {
  const day = sql`(${auditLog.at} AT TIME ZONE ${f.timeZone})::date`;
  return and(
    eq(auditLog.tenantId, tdb.tenantId),
    f.actorId ? eq(auditLog.actorUserId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? sql`${day} >= ${f.from}::date` : undefined,
    f.to ? sql`${day} <= ${f.to}::date` : undefined,
  );
}

export async function countEntries(tdb: TenantDb, f: AuditFilters): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(auditLog).where(where(tdb, f));
  return Number(row?.n ?? 0);
}

/** Newest first. */
export async function findEntries(tdb: TenantDb, f: AuditFilters, limit: number, offset: number): Promise<AuditRow[]> {
  return tdb.tx
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      at: auditLog.at,
      actorUserId: auditLog.actorUserId,
      actorLabel: auditLog.actorLabel,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorUserId), eq(users.tenantId, auditLog.tenantId)))
    .where(where(tdb, f))
    .orderBy(desc(auditLog.seq))
    .limit(limit)
    .offset(offset);
}
