import { and, asc, between, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { NotificationType } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { attendanceDays, notifications, tenants, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

export type NotificationRecord = Pick<typeof notifications.$inferSelect, 'id' | 'type' | 'title' | 'message' | 'isRead' | 'createdAt'> & {
  data: Record<string, unknown>;
};

const ownedBy = (tdb: TenantDb, userId: string) => and(eq(notifications.tenantId, tdb.tenantId), eq(notifications.userId, userId));

export async function countUnread(tdb: TenantDb, userId: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(tdb, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function countAll(tdb: TenantDb, userId: string): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(notifications).where(ownedBy(tdb, userId));
  return row?.n ?? 0;
}

/** A page of the user's notifications, newest first; id breaks ties so pages never overlap. */
export async function findPage(tdb: TenantDb, userId: string, limit: number, offset: number): Promise<NotificationRecord[]> {
  const rows = await tdb.tx
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(ownedBy(tdb, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, data: (r.data ?? {}) as Record<string, unknown> }));
}

/** Marks the user's own notifications read: the given ids (others' ids match nothing), or all when ids is null. */
export async function markRead(tdb: TenantDb, userId: string, ids: readonly string[] | null): Promise<number> {
  const rows = await tdb.tx
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownedBy(tdb, userId), eq(notifications.isRead, false), ids === null ? undefined : inArray(notifications.id, [...ids])))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface ReminderTenant {
  id: string;
  name: string;
  timeZone: string;
}

const REMINDER_TENANT = { id: tenants.id, name: tenants.name, timeZone: tenants.timeZone };

/** The scheduler's cross-tenant read: every organisation that still exists, with its zone. */
export async function findTenants(global: GlobalDb): Promise<ReminderTenant[]> {
  return global.tx.select(REMINDER_TENANT).from(tenants).where(isNull(tenants.deletedAt)).orderBy(asc(tenants.id));
}

/** The organisation of a reminder job, unless it has been deleted since the job was scheduled. */
export async function findReminderTenant(tdb: TenantDb): Promise<ReminderTenant | undefined> {
  const [row] = await tdb.tx
    .select(REMINDER_TENANT)
    .from(tenants)
    .where(and(eq(tenants.id, tdb.tenantId), isNull(tenants.deletedAt)));
  return row;
}

/**
 * A transaction-scoped advisory lock on (tenant, day): two server processes running the reminder
 * at the same moment do not both send; the second one skips the tenant. Works on PGlite too.
 */
export async function tryReminderLock(tdb: TenantDb, reminderDate: string): Promise<boolean> {
  const key = `attendance-reminder:${tdb.tenantId}:${reminderDate}`;
  // raw SQL: an advisory lock function call, no table to build from.
  const [row] = await queryRows<{ locked: boolean }>(tdb.tx, sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked`);
  return row?.locked === true;
}

export interface AbsentEmployee {
  userId: string;
  firstName: string;
  lastName: string;
  absentDates: string[];
}

/**
 * One query per tenant: active employees with computed 'Absent' days in [from, to] who have not had
 * today's reminder yet (the reminder row's data.reminderDate is the day's idempotency key).
 */
export async function findAbsentEmployees(tdb: TenantDb, from: string, to: string, reminderDate: string): Promise<AbsentEmployee[]> {
  const remindedToday = tdb.tx
    .select({ one: sql`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, attendanceDays.tenantId),
        eq(notifications.userId, users.id),
        eq(notifications.type, NotificationType.AttendanceReminder),
        sql`${notifications.data}->>'reminderDate' = ${reminderDate}`,
      ),
    );
  return tdb.tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      absentDates: sql<string[]>`json_agg(to_char(${attendanceDays.workDate}, 'YYYY-MM-DD') ORDER BY ${attendanceDays.workDate})`,
    })
    .from(attendanceDays)
    .innerJoin(users, and(eq(users.id, attendanceDays.userId), eq(users.tenantId, attendanceDays.tenantId)))
    .where(
      and(
        eq(attendanceDays.tenantId, tdb.tenantId),
        eq(attendanceDays.status, 'Absent'),
        between(attendanceDays.workDate, from, to),
        eq(users.status, 1),
        notExists(remindedToday),
      ),
    )
    .groupBy(users.id, users.firstName, users.lastName)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
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
export async function insertNotifications(tdb: TenantDb, rows: readonly NewNotification[]): Promise<{ id: string; userId: string }[]> {
  if (rows.length === 0) return [];
  return tdb.tx
    .insert(notifications)
    .values(rows.map((r) => ({ tenantId: tdb.tenantId, ...r })))
    .returning({ id: notifications.id, userId: notifications.userId });
}
