import {
  NOTIFICATION_MSG,
  NotificationType,
  attendanceReminderMessage,
  type AttendanceReminderPush,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationReadInput,
} from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { unscoped, withTenant, type RequestContext } from '../../platform/tenancy';
import * as repo from './notifications.repo';

/** The reminder goes out from 06:00 in the organisation's time zone, once a day. */
export const REMINDER_HOUR = 6;
/** Absent days are looked for in the 7 days before today (today is still provisional). */
export const REMINDER_LOOKBACK_DAYS = 7;

/** Where a reminder is pushed in real time (the Socket.IO hub); the service knows no transport. */
export interface NotificationPush {
  attendanceReminder(tenantId: string, userId: string, payload: AttendanceReminderPush): void;
}

/** Finalises computed attendance days (AttendanceService.recompute) before the reminder reads them. */
export type RecomputeAttendance = (tenantId: string, scope: { from: string; to: string }) => Promise<void>;

export interface ReminderRunOptions {
  /** Only this organisation (the manual trigger); its errors are thrown instead of collected. */
  tenantId?: string;
  /** Ignore the 06:00 gate (the manual trigger). Idempotency per employee per day still holds. */
  force?: boolean;
}

export interface ReminderRunResult {
  notified: number;
  failedTenants: { tenantId: string; error: unknown }[];
}

function toItem(row: repo.NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data ?? {},
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The hour (0–23) of an instant in a time zone. */
function hourInZone(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).formatToParts(instant).find((p) => p.type === 'hour')?.value;
  return Number(hour ?? '0');
}

/** Platform §9: the Calcutta zone name is remapped to Kolkata. */
function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone || timeZone === 'Asia/Calcutta') return 'Asia/Kolkata';
  return timeZone;
}

/** In-app notifications (platform §7.7) and the daily attendance reminder (platform §3, §4). */
export class NotificationService {
  /** Organisations this process has already reminded today (tenant id → local date): saves the query. */
  private readonly remindedOn = new Map<string, string>();

  constructor(private readonly deps: { db: Db; clock: Clock; push: NotificationPush; recompute?: RecomputeAttendance }) {}

  async unreadCount(ctx: RequestContext): Promise<number> {
    return withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.countUnread(tdb, ctx.userId));
  }

  /** The signed-in user's notifications, newest first; a page past the end is empty. */
  async list(ctx: RequestContext, query: NotificationListQuery): Promise<{ rows: NotificationItem[]; totalRecords: number }> {
    return withTenant(this.deps.db, ctx.tenantId, async (tdb) => {
      const totalRecords = await repo.countAll(tdb, ctx.userId);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows = offset >= totalRecords ? [] : await repo.findPage(tdb, ctx.userId, query.pageSize, offset);
      return { rows: rows.map(toItem), totalRecords };
    });
  }

  /** Marks the user's own notifications read; ids of other users' (or unknown) notifications change nothing. */
  async markRead(ctx: RequestContext, input: NotificationReadInput): Promise<number> {
    const ids = input.all === true ? null : [...new Set(input.ids ?? [])];
    if (ids !== null && ids.length === 0) return 0;
    return withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.markRead(tdb, ctx.userId, ids));
  }

  /**
   * The daily job: for every organisation whose local time is past 06:00, each active employee with
   * 'Absent' days in the last 7 days gets one notification a day and a real-time push. Safe to run
   * as often as wanted and from several processes (advisory lock + the day's key in the row).
   */
  async runAttendanceReminders(now: Date = this.deps.clock.now(), options: ReminderRunOptions = {}): Promise<ReminderRunResult> {
    // Cross-tenant read of the organisation list: this is the scheduler, not a request.
    const tenants = await repo.findTenants(unscoped(this.deps.db), options.tenantId);
    const result: ReminderRunResult = { notified: 0, failedTenants: [] };
    for (const tenant of tenants) {
      const zone = zoneOf(tenant.time_zone);
      const today = dateInZone(now, zone);
      if (!options.force && (hourInZone(now, zone) < REMINDER_HOUR || this.remindedOn.get(tenant.id) === today)) continue;
      try {
        result.notified += await this.remindTenant(tenant, today, now);
        this.remindedOn.set(tenant.id, today);
      } catch (error) {
        if (options.tenantId) throw error;
        result.failedTenants.push({ tenantId: tenant.id, error });
      }
    }
    return result;
  }

  private async remindTenant(tenant: repo.ReminderTenantRow, today: string, now: Date): Promise<number> {
    const yesterday = addDaysToDate(today, -1);
    const from = addDaysToDate(today, -REMINDER_LOOKBACK_DAYS);
    // Yesterday was provisional while it lasted (NotCalculated rather than Absent): settle it first.
    if (this.deps.recompute) await this.deps.recompute(tenant.id, { from: yesterday, to: yesterday });

    const sent = await withTenant(this.deps.db, tenant.id, async (tdb) => {
      if (!(await repo.tryReminderLock(tdb, today))) return [];
      const absent = await repo.findAbsentEmployees(tdb, from, yesterday, today);
      const reminders = absent.map((row) => {
        const absentDates = row.absent_dates;
        const payload: AttendanceReminderPush = {
          title: NOTIFICATION_MSG.reminderTitle,
          message: attendanceReminderMessage(absentDates),
          data: { tenantName: tenant.name, employeeName: `${row.first_name} ${row.last_name}`.trim(), absentDates },
        };
        return { userId: row.user_id, payload };
      });
      await repo.insertNotifications(
        tdb,
        reminders.map((r) => ({
          userId: r.userId,
          type: NotificationType.AttendanceReminder,
          title: r.payload.title,
          message: r.payload.message,
          data: { ...r.payload.data, reminderDate: today },
          createdAt: now,
        })),
      );
      return reminders;
    });
    // Pushed after the commit, so a client that refetches on the push sees the row.
    for (const r of sent) this.deps.push.attendanceReminder(tenant.id, r.userId, r.payload);
    return sent.length;
  }
}
