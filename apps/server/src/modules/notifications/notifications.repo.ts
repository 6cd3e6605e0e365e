import { sql } from 'drizzle-orm';
import { NotificationType } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

export interface NotificationRow extends Record<string, unknown> {
  id: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown> | null;
  is_read: boolean;
  created_at: Date | string;
}

export async function countUnread(tdb: TenantDb, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    SELECT count(*)::int AS n FROM notifications
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND is_read = false`);
  return row?.n ?? 0;
}

export async function countAll(tdb: TenantDb, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`
    SELECT count(*)::int AS n FROM notifications WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId}`);
  return row?.n ?? 0;
}

/** A page of the user's notifications, newest first; id breaks ties so pages never overlap. */
export async function findPage(tdb: TenantDb, userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(tdb.tx, sql`
    SELECT id, type, title, message, data, is_read, created_at
      FROM notifications
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId}
     ORDER BY created_at DESC, id DESC
     LIMIT ${limit} OFFSET ${offset}`);
}

/** Marks the user's own notifications read: the given ids (others' ids match nothing), or all when ids is null. */
export async function markRead(tdb: TenantDb, userId: string, ids: readonly string[] | null): Promise<number> {
  const which = ids === null ? sql`` : sql` AND id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`;
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`
    UPDATE notifications SET is_read = true
     WHERE tenant_id = ${tdb.tenantId} AND user_id = ${userId} AND is_read = false${which}
     RETURNING id`);
  return rows.length;
}

export interface ReminderTenantRow extends Record<string, unknown> {
  id: string;
  name: string;
  time_zone: string;
}

/** The scheduler's cross-tenant read: every organisation that still exists, with its zone. */
export async function findTenants(global: GlobalDb): Promise<ReminderTenantRow[]> {
  return queryRows<ReminderTenantRow>(global.tx, sql`SELECT id, name, time_zone FROM tenants WHERE deleted_at IS NULL ORDER BY id`);
}

/** The organisation of a reminder job, unless it has been deleted since the job was scheduled. */
export async function findReminderTenant(tdb: TenantDb): Promise<ReminderTenantRow | undefined> {
  const [row] = await queryRows<ReminderTenantRow>(tdb.tx, sql`SELECT id, name, time_zone FROM tenants WHERE id = ${tdb.tenantId} AND deleted_at IS NULL`);
  return row;
}

/**
 * A transaction-scoped advisory lock on (tenant, day): two server processes running the reminder
 * at the same moment do not both send; the second one skips the tenant. Works on PGlite too.
 */
export async function tryReminderLock(tdb: TenantDb, reminderDate: string): Promise<boolean> {
  const key = `attendance-reminder:${tdb.tenantId}:${reminderDate}`;
  const [row] = await queryRows<{ locked: boolean }>(tdb.tx, sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked`);
  return row?.locked === true;
}

export interface AbsentEmployeeRow extends Record<string, unknown> {
  user_id: string;
  first_name: string;
  last_name: string;
  absent_dates: string[];
}

/**
 * One query per tenant: active employees with computed 'Absent' days in [from, to] who have not had
 * today's reminder yet (the reminder row's data.reminderDate is the day's idempotency key).
 */
export async function findAbsentEmployees(tdb: TenantDb, from: string, to: string, reminderDate: string): Promise<AbsentEmployeeRow[]> {
  return queryRows<AbsentEmployeeRow>(tdb.tx, sql`
    SELECT u.id AS user_id, u.first_name, u.last_name,
           json_agg(to_char(d.work_date, 'YYYY-MM-DD') ORDER BY d.work_date) AS absent_dates
      FROM attendance_days d
      JOIN users u ON u.id = d.user_id AND u.tenant_id = d.tenant_id
     WHERE d.tenant_id = ${tdb.tenantId}
       AND d.status = 'Absent'
       AND d.work_date BETWEEN ${from}::date AND ${to}::date
       AND u.status = 1
       AND NOT EXISTS (
         SELECT 1 FROM notifications n
          WHERE n.tenant_id = d.tenant_id AND n.user_id = u.id
            AND n.type = ${NotificationType.AttendanceReminder}
            AND n.data->>'reminderDate' = ${reminderDate})
     GROUP BY u.id, u.first_name, u.last_name
     ORDER BY u.first_name, u.last_name, u.id`);
}

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** One multi-row insert; answers the ids per user. */
export async function insertNotifications(tdb: TenantDb, rows: readonly NewNotification[]): Promise<{ id: string; user_id: string }[]> {
  if (rows.length === 0) return [];
  const values = rows.map(
    (r) => sql`(${tdb.tenantId}::uuid, ${r.userId}::uuid, ${r.type}, ${r.title}, ${r.message}, ${JSON.stringify(r.data)}::jsonb, ${r.createdAt.toISOString()}::timestamptz)`,
  );
  return queryRows<{ id: string; user_id: string }>(tdb.tx, sql`
    INSERT INTO notifications (tenant_id, user_id, type, title, message, data, created_at)
    VALUES ${sql.join(values, sql`, `)}
    RETURNING id, user_id`);
}
