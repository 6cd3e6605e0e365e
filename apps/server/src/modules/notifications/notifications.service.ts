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
import type { Clock } from '../../platform/clock';
import type { GlobalScope, Scope, TenantScope } from '../../platform/tenancy';
import type { AttendanceService } from '../attendance/attendance.service';
import * as repo from './notifications.repo';

/** The reminder goes out from 06:00 in the organisation's time zone, once a day. */
export const REMINDER_HOUR = 6;
/** Absent days are looked for in the 7 days before today (today is still provisional). */
export const REMINDER_LOOKBACK_DAYS = 7;

/** Where a reminder is pushed in real time (the Socket.IO hub); the service knows no transport. */
export interface NotificationPush {
  attendanceReminder(tenantId: string, userId: string, payload: AttendanceReminderPush): void;
}

/** One employee's reminder push, sent by a job once the notification row is committed. */
export interface NotificationPushJob {
  userId: string;
  payload: AttendanceReminderPush;
}

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** The 15-minute schedule (no payload): finds the organisations whose 06:00 reminder is due. */
    'attendance.reminders': Record<string, never>;
    /** One organisation's reminders; `now` is the schedule's instant (ISO), so the day is the same. */
    'attendance.reminders.tenant': { now: string };
    /** A real-time push to one employee. */
    'notifications.push': NotificationPushJob;
  }
}

function toItem(row: repo.NotificationRecord): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
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
  /** Organisations this process has already scheduled today (tenant id → local date): saves the jobs. */
  private readonly remindedOn = new Map<string, string>();

  constructor(private readonly deps: { clock: Clock; push: NotificationPush; attendance: Pick<AttendanceService, 'recompute'> }) {}

  async unreadCount({ db: tdb, ctx }: Scope): Promise<number> {
    return repo.countUnread(tdb, ctx.userId);
  }

  /** The signed-in user's notifications, newest first; a page past the end is empty. */
  async list({ db: tdb, ctx }: Scope, query: NotificationListQuery): Promise<{ rows: NotificationItem[]; totalRecords: number }> {
    const totalRecords = await repo.countAll(tdb, ctx.userId);
    const offset = (query.pageNo - 1) * query.pageSize;
    const rows = offset >= totalRecords ? [] : await repo.findPage(tdb, ctx.userId, query.pageSize, offset);
    return { rows: rows.map(toItem), totalRecords };
  }

  /** Marks the user's own notifications read; ids of other users' (or unknown) notifications change nothing. */
  async markRead({ db: tdb, ctx }: Scope, input: NotificationReadInput): Promise<number> {
    const ids = input.all === true ? null : [...new Set(input.ids ?? [])];
    if (ids !== null && ids.length === 0) return 0;
    return repo.markRead(tdb, ctx.userId, ids);
  }

  /**
   * The 15-minute schedule: every organisation whose local time is past 06:00 and that this process
   * has not scheduled today gets one 'attendance.reminders.tenant' job, so one organisation's
   * failure does not stop the others. Safe to run as often as wanted and from several processes:
   * the per-organisation job sends once per employee per day (advisory lock + the day's key in the row).
   */
  async scheduleAttendanceReminders(scope: GlobalScope, now: Date): Promise<void> {
    // Cross-tenant read of the organisation list: this is the scheduler, not a request.
    const tenants = await repo.findTenants(scope.global);
    for (const tenant of tenants) {
      const zone = zoneOf(tenant.timeZone);
      const today = dateInZone(now, zone);
      if (hourInZone(now, zone) < REMINDER_HOUR || this.remindedOn.get(tenant.id) === today) continue;
      await scope.asTenant(tenant.id, async (tenantScope) => tenantScope.enqueue('attendance.reminders.tenant', { now: now.toISOString() }));
      this.remindedOn.set(tenant.id, today);
    }
  }

  /** The 'attendance.reminders.tenant' job: one organisation's reminders for the day of `now` in its zone. */
  async sendAttendanceReminders(scope: TenantScope, now: Date): Promise<void> {
    await this.remind(scope, now);
  }

  /**
   * The manual run for the caller's organisation: the same rules except the 06:00 gate; an employee
   * still gets one a day. Answers how many were notified.
   */
  async sendAttendanceRemindersNow(scope: Scope): Promise<number> {
    return this.remind(scope, this.deps.clock.now());
  }

  /**
   * Each active employee with 'Absent' days in the last 7 days gets one notification a day, and a
   * real-time push once it is committed. Answers how many were notified.
   */
  private async remind(scope: TenantScope, now: Date): Promise<number> {
    const { db: tdb } = scope;
    const tenant = await repo.findReminderTenant(tdb);
    if (!tenant) return 0;
    const today = dateInZone(now, zoneOf(tenant.timeZone));
    const yesterday = addDaysToDate(today, -1);
    const from = addDaysToDate(today, -REMINDER_LOOKBACK_DAYS);
    if (!(await repo.tryReminderLock(tdb, today))) return 0;
    // Yesterday was provisional while it lasted (NotCalculated rather than Absent): settle it first.
    await this.deps.attendance.recompute(scope, { from: yesterday, to: yesterday });

    const absent = await repo.findAbsentEmployees(tdb, from, yesterday, today);
    const reminders = absent.map((row) => {
      const absentDates = row.absentDates;
      const payload: AttendanceReminderPush = {
        title: NOTIFICATION_MSG.reminderTitle,
        message: attendanceReminderMessage(absentDates),
        data: { tenantName: tenant.name, employeeName: `${row.firstName} ${row.lastName}`.trim(), absentDates },
      };
      return { userId: row.userId, payload };
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
    // Pushed by a job after the commit, so a client that refetches on the push sees the row.
    for (const r of reminders) scope.enqueue('notifications.push', { userId: r.userId, payload: r.payload });
    return reminders.length;
  }

  /**
   * In-app notifications from another module (exit requests): rows in the bell's list, written in the
   * caller's transaction, so they exist if and only if what they announce was committed.
   */
  async notify(scope: TenantScope, rows: readonly { userId: string; type: string; title: string; message: string; data: Record<string, unknown> }[]): Promise<void> {
    const createdAt = this.deps.clock.now();
    await repo.insertNotifications(scope.db, rows.map((r) => ({ ...r, createdAt })));
  }

  /** The 'notifications.push' job: the real-time push to the employee's group. */
  push(scope: TenantScope, data: NotificationPushJob): void {
    this.deps.push.attendanceReminder(scope.tenantId, data.userId, data.payload);
  }
}
