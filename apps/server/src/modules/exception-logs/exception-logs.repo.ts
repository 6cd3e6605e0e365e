import { and, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { exceptionLogs } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

/** Exception logs of one organisation. */

export interface ExceptionLogValues {
  occurredAt: Date;
  method: string;
  route: string;
  requestId: string;
  errorType: string;
  message: string;
  userId: string | null;
}

export async function insertLog(tdb: TenantDb, v: ExceptionLogValues): Promise<void> {
  await tdb.tx.insert(exceptionLogs).values({ tenantId: tdb.tenantId, ...v });
}

export interface LogFilters {
  /** Dates in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  route?: string;
  search?: string;
}

/** LIKE pattern of a literal piece of text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(tdb: TenantDb, f: LogFilters): SQL | undefined {
  return and(
    eq(exceptionLogs.tenantId, tdb.tenantId),
    f.from ? gte(sql`(${exceptionLogs.occurredAt} AT TIME ZONE ${f.timeZone})::date`, f.from) : undefined,
    f.to ? lte(sql`(${exceptionLogs.occurredAt} AT TIME ZONE ${f.timeZone})::date`, f.to) : undefined,
    f.route ? ilike(exceptionLogs.route, contains(f.route)) : undefined,
    f.search
      ? or(ilike(exceptionLogs.message, contains(f.search)), ilike(exceptionLogs.errorType, contains(f.search)), ilike(exceptionLogs.requestId, contains(f.search)))
      : undefined,
  );
}

export async function countLogs(tdb: TenantDb, f: LogFilters): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(exceptionLogs).where(where(tdb, f));
  return row?.n ?? 0;
}

/** Newest first. */
export async function findLogs(tdb: TenantDb, f: LogFilters, limit: number, offset: number) {
  return tdb.tx
    .select({
      id: exceptionLogs.id,
      occurredAt: sql<string>`to_char(${exceptionLogs.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      method: exceptionLogs.method,
      route: exceptionLogs.route,
      requestId: exceptionLogs.requestId,
      errorType: exceptionLogs.errorType,
      message: exceptionLogs.message,
      userId: exceptionLogs.userId,
    })
    .from(exceptionLogs)
    .where(where(tdb, f))
    .orderBy(desc(exceptionLogs.occurredAt), desc(exceptionLogs.id))
    .limit(limit)
    .offset(offset);
}

/** Retention across every organisation (the daily schedule, as the platform). */
export async function deleteOlderThan(global: GlobalDb, before: Date): Promise<number> {
  const rows = await global.tx.delete(exceptionLogs).where(lt(exceptionLogs.occurredAt, before)).returning({ id: exceptionLogs.id });
  return rows.length;
}
