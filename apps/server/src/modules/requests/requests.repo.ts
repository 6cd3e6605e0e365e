import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/** Users who may still raise or be the subject of a request: Active and Restricted Login (people spec §1). */
const LIVE_STATUSES = sql`(1, 4)`;

export interface RequestDbRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  employee_name: string;
  request_type: number;
  status: number;
  reason: string;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  date_created: string;
  decided_by_name: string | null;
  remarks: string | null;
  manager_id: string | null;
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

const COLUMNS = sql`
  r.id, r.user_id, r.request_type::int AS request_type, r.status::int AS status, r.reason,
  u.first_name || ' ' || u.last_name AS employee_name,
  u.reporting_manager_id AS manager_id,
  r.additional_data #>> '{attendanceRegularization,startDate}' AS start_date,
  r.additional_data #>> '{attendanceRegularization,endDate}' AS end_date,
  r.additional_data #>> '{attendanceRegularization,startTime}' AS start_time,
  r.additional_data #>> '{attendanceRegularization,endTime}' AS end_time,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date_created,
  CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END AS decided_by_name,
  r.remarks`;

const JOINS = sql`
  JOIN users u ON u.id = r.user_id AND u.tenant_id = r.tenant_id
  LEFT JOIN users d ON d.id = r.decided_by AND d.tenant_id = r.tenant_id`;

/** The reporting tree below a manager; the depth bound guards against a cycle that should not exist. */
function treeBelow(tdb: TenantDb, managerId: string): SQL {
  return sql`WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM users WHERE tenant_id = ${tdb.tenantId} AND reporting_manager_id = ${managerId}
      UNION
      SELECT c.id, t.depth + 1 FROM users c JOIN tree t ON c.reporting_manager_id = t.id
       WHERE c.tenant_id = ${tdb.tenantId} AND t.depth < 100)`;
}

function whereOf(tdb: TenantDb, filters: RequestFilters): SQL {
  const parts: SQL[] = [sql`r.tenant_id = ${tdb.tenantId}`];
  const { scope } = filters;
  if (scope.kind === 'own') parts.push(sql`r.user_id = ${scope.userId}`);
  else if (scope.kind === 'direct') parts.push(sql`u.reporting_manager_id = ${scope.managerId} AND r.user_id <> ${scope.managerId}`);
  else if (scope.kind === 'tree') parts.push(sql`r.user_id IN (SELECT id FROM tree) AND r.user_id <> ${scope.managerId}`);
  else parts.push(sql`r.user_id <> ${scope.exceptUserId}`);
  if (filters.requestType !== undefined) parts.push(sql`r.request_type = ${filters.requestType}`);
  if (filters.status !== undefined) parts.push(sql`r.status = ${filters.status}`);
  return sql.join(parts, sql` AND `);
}

function withTree(tdb: TenantDb, filters: RequestFilters): SQL {
  return filters.scope.kind === 'tree' ? treeBelow(tdb, filters.scope.managerId) : sql``;
}

export async function countRequests(tdb: TenantDb, filters: RequestFilters): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    ${withTree(tdb, filters)}
    SELECT count(*)::int AS n FROM requests r ${JOINS} WHERE ${whereOf(tdb, filters)}`);
  return row?.n ?? 0;
}

/** Newest first; the id breaks ties so pages never overlap. */
export async function findRequests(tdb: TenantDb, filters: RequestFilters, limit: number, offset: number): Promise<RequestDbRow[]> {
  return queryRows<RequestDbRow>(tdb.tx, sql`
    ${withTree(tdb, filters)}
    SELECT ${COLUMNS} FROM requests r ${JOINS}
     WHERE ${whereOf(tdb, filters)}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findRequest(tdb: TenantDb, id: string): Promise<RequestDbRow | undefined> {
  const [row] = await queryRows<RequestDbRow>(tdb.tx, sql`SELECT ${COLUMNS} FROM requests r ${JOINS} WHERE r.tenant_id = ${tdb.tenantId} AND r.id = ${id}`);
  return row;
}

/** Locks the request row for the rest of the transaction, so two deciders cannot both act on it. */
export async function lockRequest(tdb: TenantDb, id: string): Promise<{ status: number } | undefined> {
  const [row] = await queryRows<{ status: number }>(tdb.tx, sql`SELECT status::int AS status FROM requests WHERE tenant_id = ${tdb.tenantId} AND id = ${id} FOR UPDATE`);
  return row;
}

/** Whether `managerId` is above `userId` in the reporting chain (the direct manager or higher). */
export async function isAboveInChain(tdb: TenantDb, managerId: string, userId: string): Promise<boolean> {
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
  const [row] = await queryRows<{ date_of_joining: string | null; time_zone: string; allow_future: boolean | null }>(tdb.tx, sql`
    SELECT to_char(u.date_of_joining, 'YYYY-MM-DD') AS date_of_joining, t.time_zone,
           (SELECT (s.settings ->> 'isFutureDateRegularizationEnabled')::boolean FROM attendance_settings s WHERE s.tenant_id = t.id) AS allow_future
      FROM users u JOIN tenants t ON t.id = u.tenant_id
     WHERE u.tenant_id = ${tdb.tenantId} AND u.id = ${userId} AND u.status IN ${LIVE_STATUSES}`);
  if (!row) return undefined;
  return { dateOfJoining: row.date_of_joining, timeZone: row.time_zone, allowFutureDates: row.allow_future === true };
}

/** An Opened regularization of this user whose dates meet [startDate, endDate]. */
export async function hasOverlappingOpened(tdb: TenantDb, userId: string, startDate: string, endDate: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM requests
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND request_type = 2 AND status = 5
       AND (additional_data #>> '{attendanceRegularization,startDate}') <= ${endDate}
       AND (additional_data #>> '{attendanceRegularization,endDate}') >= ${startDate}
     LIMIT 1`);
  return row !== undefined;
}

/** Serialises one user's request writes, so two identical submissions cannot both pass the overlap check. */
export async function lockUserRequests(tdb: TenantDb, userId: string): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`requests:${userId}`}))`);
}

export async function insertRequest(
  tdb: TenantDb,
  values: { userId: string; requestType: number; status: number; reason: string; additionalData: unknown; now: Date },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO requests (tenant_id, user_id, request_type, status, reason, additional_data, created_at, updated_at)
    VALUES (${tdb.tenantId}, ${values.userId}, ${values.requestType}, ${values.status}, ${values.reason},
            ${JSON.stringify(values.additionalData)}::jsonb, ${values.now.toISOString()}, ${values.now.toISOString()})
    RETURNING id`);
  if (!row) throw new Error('request insert returned nothing');
  return row.id;
}

export async function updateRequestStatus(tdb: TenantDb, id: string, values: { status: number; decidedBy: string | null; remarks: string | null; now: Date }): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE requests
       SET status = ${values.status}, decided_by = ${values.decidedBy}, decided_at = ${values.decidedBy ? values.now.toISOString() : null},
           remarks = ${values.remarks}, updated_at = ${values.now.toISOString()}
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await queryRows<{ time_zone: string }>(tdb.tx, sql`SELECT time_zone FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.time_zone ?? 'Asia/Kolkata';
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
  await tdb.tx.execute(sql`
    DELETE FROM time_logs
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${values.userId}
       AND work_date BETWEEN ${values.startDate}::date AND ${values.endDate}::date`);
  const crosses = values.endTime <= values.startTime;
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
