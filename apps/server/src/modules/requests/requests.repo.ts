import { and, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows } from '../../db/client';
import { attendanceSettings, requests, tenants, timeLogs, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** Users who may still raise or be the subject of a request: Active and Restricted Login (people spec §1). */
const LIVE_STATUSES = [1, 4];

export interface RequestRecord {
  id: string;
  userId: string;
  employeeName: string;
  requestType: number;
  status: number;
  reason: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  /** ISO 8601 UTC with milliseconds. */
  dateCreated: string;
  decidedByName: string | null;
  remarks: string | null;
}

/** Whose requests a list shows. */
export type RequestScope =
  | { kind: 'own'; userId: string }
  /** The caller's direct reportees, never the caller. */
  | { kind: 'direct'; managerId: string }
  /** Everyone below the caller in the reporting tree. */
  | { kind: 'tree'; managerId: string }
  /** Every employee but the caller (administrators and moderators). */
  | { kind: 'all'; exceptUserId: string };

export interface RequestFilters {
  scope: RequestScope;
  requestType?: number;
  status?: number;
}

const decider = alias(users, 'decider');

/** A regularization field of additional_data, as text. */
const regularization = (field: 'startDate' | 'endDate' | 'startTime' | 'endTime') =>
  sql<string | null>`${requests.additionalData} #>> ${sql.raw(`'{attendanceRegularization,${field}}'`)}`;

const COLUMNS = {
  id: requests.id,
  userId: requests.userId,
  employeeName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  requestType: requests.requestType,
  status: requests.status,
  reason: requests.reason,
  startDate: regularization('startDate'),
  endDate: regularization('endDate'),
  startTime: regularization('startTime'),
  endTime: regularization('endTime'),
  dateCreated: sql<string>`to_char(${requests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  decidedByName: sql<string | null>`CASE WHEN ${decider.id} IS NULL THEN NULL ELSE ${decider.firstName} || ' ' || ${decider.lastName} END`,
  remarks: requests.remarks,
};

function selectRequests(tdb: TenantDb) {
  return tdb.tx
    .select(COLUMNS)
    .from(requests)
    .innerJoin(users, and(eq(users.id, requests.userId), eq(users.tenantId, requests.tenantId)))
    .leftJoin(decider, and(eq(decider.id, requests.decidedBy), eq(decider.tenantId, requests.tenantId)))
    .$dynamic();
}

/**
 * The reporting tree below a manager; the depth bound guards against a cycle that should not exist.
 * A recursive CTE, which the builder cannot express: a fragment used as an IN subquery.
 */
function treeBelow(tdb: TenantDb, managerId: string): SQL {
  return sql`(WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM users WHERE tenant_id = ${tdb.tenantId} AND reporting_manager_id = ${managerId}
      UNION
      SELECT c.id, t.depth + 1 FROM users c JOIN tree t ON c.reporting_manager_id = t.id
       WHERE c.tenant_id = ${tdb.tenantId} AND t.depth < 100)
    SELECT id FROM tree)`;
}

function whereOf(tdb: TenantDb, filters: RequestFilters): SQL | undefined {
  const { scope } = filters;
  const whose =
    scope.kind === 'own'
      ? eq(requests.userId, scope.userId)
      : scope.kind === 'direct'
        ? and(eq(users.reportingManagerId, scope.managerId), ne(requests.userId, scope.managerId))
        : scope.kind === 'tree'
          ? and(inArray(requests.userId, treeBelow(tdb, scope.managerId)), ne(requests.userId, scope.managerId))
          : ne(requests.userId, scope.exceptUserId);
  return and(
    eq(requests.tenantId, tdb.tenantId),
    whose,
    filters.requestType !== undefined ? eq(requests.requestType, filters.requestType) : undefined,
    filters.status !== undefined ? eq(requests.status, filters.status) : undefined,
  );
}

export async function countRequests(tdb: TenantDb, filters: RequestFilters): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(requests)
    .innerJoin(users, and(eq(users.id, requests.userId), eq(users.tenantId, requests.tenantId)))
    .where(whereOf(tdb, filters));
  return row?.n ?? 0;
}

/** Newest first; the id breaks ties so pages never overlap. */
export async function findRequests(tdb: TenantDb, filters: RequestFilters, limit: number, offset: number): Promise<RequestRecord[]> {
  return selectRequests(tdb).where(whereOf(tdb, filters)).orderBy(desc(requests.createdAt), desc(requests.id)).limit(limit).offset(offset);
}

export async function findRequest(tdb: TenantDb, id: string): Promise<RequestRecord | undefined> {
  const [row] = await selectRequests(tdb).where(and(eq(requests.tenantId, tdb.tenantId), eq(requests.id, id)));
  return row;
}

/** Locks the request row for the rest of the transaction, so two deciders cannot both act on it. */
export async function lockRequest(tdb: TenantDb, id: string): Promise<{ status: number } | undefined> {
  const [row] = await tdb.tx
    .select({ status: requests.status })
    .from(requests)
    .where(and(eq(requests.tenantId, tdb.tenantId), eq(requests.id, id)))
    .for('update');
  return row;
}

/** Whether `managerId` is above `userId` in the reporting chain (the direct manager or higher). */
export async function isAboveInChain(tdb: TenantDb, managerId: string, userId: string): Promise<boolean> {
  // raw SQL: a recursive CTE up the reporting chain, which the builder cannot express.
  const [row] = await queryRows<{ found: boolean }>(tdb.tx, sql`
    WITH RECURSIVE chain(id, manager_id, depth) AS (
      SELECT id, reporting_manager_id, 0 FROM users WHERE tenant_id = ${tdb.tenantId} AND id = ${userId}
      UNION ALL
      SELECT u.id, u.reporting_manager_id, c.depth + 1 FROM users u JOIN chain c ON u.id = c.manager_id
       WHERE u.tenant_id = ${tdb.tenantId} AND c.depth < 100)
    SELECT EXISTS (SELECT 1 FROM chain WHERE manager_id = ${managerId}) AS found`);
  return row?.found === true;
}

export interface Requester {
  dateOfJoining: string | null;
  timeZone: string;
  allowFutureDates: boolean;
}

/** What creating a request needs: the requester's joining date, the tenant's zone and the future-date setting. */
export async function findRequester(tdb: TenantDb, userId: string): Promise<Requester | undefined> {
  const [row] = await tdb.tx
    .select({
      dateOfJoining: users.dateOfJoining,
      timeZone: tenants.timeZone,
      allowFuture: sql<boolean | null>`(${attendanceSettings.settings} ->> 'isFutureDateRegularizationEnabled')::boolean`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(attendanceSettings, eq(attendanceSettings.tenantId, tenants.id))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId), inArray(users.status, LIVE_STATUSES)));
  if (!row) return undefined;
  return { dateOfJoining: row.dateOfJoining, timeZone: row.timeZone, allowFutureDates: row.allowFuture === true };
}

/** An Opened regularization of this user whose dates meet [startDate, endDate]. */
export async function hasOverlappingOpened(tdb: TenantDb, userId: string, startDate: string, endDate: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.tenantId, tdb.tenantId),
        eq(requests.userId, userId),
        eq(requests.requestType, 2),
        eq(requests.status, 5),
        lte(regularization('startDate'), endDate),
        gte(regularization('endDate'), startDate),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Serialises one user's request writes, so two identical submissions cannot both pass the overlap check. */
export async function lockUserRequests(tdb: TenantDb, userId: string): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`requests:${userId}`}))`);
}

export async function insertRequest(
  tdb: TenantDb,
  values: { userId: string; requestType: number; status: number; reason: string; additionalData: unknown; now: Date },
): Promise<string> {
  const [row] = await tdb.tx
    .insert(requests)
    .values({
      tenantId: tdb.tenantId,
      userId: values.userId,
      requestType: values.requestType,
      status: values.status,
      reason: values.reason,
      additionalData: values.additionalData,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: requests.id });
  if (!row) throw new Error('request insert returned nothing');
  return row.id;
}

export async function updateRequestStatus(tdb: TenantDb, id: string, values: { status: number; decidedBy: string | null; remarks: string | null; now: Date }): Promise<void> {
  await tdb.tx
    .update(requests)
    .set({ status: values.status, decidedBy: values.decidedBy, decidedAt: values.decidedBy ? values.now : null, remarks: values.remarks, updatedAt: values.now })
    .where(and(eq(requests.tenantId, tdb.tenantId), eq(requests.id, id)));
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId));
  return row?.timeZone ?? 'Asia/Kolkata';
}

/**
 * The approved regularization (DESIGN §5): each date from startDate to endDate gets exactly one
 * approved pair, replacing that day's logs. Times are tenant-zone wall-clock times; an end time
 * not after the start time is on the next day, and the pair belongs to the start date.
 */
export async function replaceLogsWithRegularization(
  tdb: TenantDb,
  values: { userId: string; startDate: string; endDate: string; startTime: string; endTime: string; timeZone: string; notes: string; now: Date },
): Promise<number> {
  await tdb.tx
    .delete(timeLogs)
    .where(and(eq(timeLogs.tenantId, tdb.tenantId), eq(timeLogs.userId, values.userId), gte(timeLogs.workDate, values.startDate), lte(timeLogs.workDate, values.endDate)));
  const crosses = values.endTime <= values.startTime;
  // raw SQL: one row per day from generate_series, zone arithmetic in the database; the builder has no set-returning FROM.
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status, notes, created_at, updated_at)
    SELECT ${tdb.tenantId}, ${values.userId}, d::date,
           (d::date + ${values.startTime}::time) AT TIME ZONE ${values.timeZone},
           (d::date + ${crosses ? 1 : 0}::int + ${values.endTime}::time) AT TIME ZONE ${values.timeZone},
           'regularization', 2, ${values.notes}, ${values.now.toISOString()}, ${values.now.toISOString()}
      FROM generate_series(${values.startDate}::date, ${values.endDate}::date, interval '1 day') AS d
    RETURNING id`);
  return rows.length;
}
