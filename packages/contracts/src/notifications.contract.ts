import { z } from 'zod';
import { formatDisplayDate } from '@tankha/domain';
import { envelope, listEnvelope } from './envelope';

/** In-app notifications and the attendance reminder (platform §3, §4 "Notification connection", §7.7, §9). */

/** Platform §9: the bell lists 4 notifications a page; the reminder toast closes after 15 s. */
export const NOTIFICATION_PAGE_SIZE = 4;
export const NOTIFICATION_MAX_PAGE_SIZE = 50;
export const NOTIFICATION_AUTO_CLOSE_MS = 15_000;
/** Platform §7.7: read marking is debounced 900 ms. */
export const NOTIFICATION_READ_DEBOUNCE_MS = 900;
/** Platform §4: the first connection is retried up to 3 times, waiting 2 s × the attempt number. */
export const NOTIFICATION_CONNECT_RETRIES = 3;
export const NOTIFICATION_CONNECT_RETRY_STEP_MS = 2000;
/** Platform §4: after a lost connection, reconnect after 0, 2 s, 10 s and 30 s, then give up. */
export const NOTIFICATION_RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000] as const;
/** Platform §4: the reminder lists the first 3 absent dates plus a count of the rest. */
export const REMINDER_LISTED_DATES = 3;

/** The real-time hub (platform §7.7): Socket.IO on the API's host, long polling then websocket. */
export const NOTIFICATION_HUB_PATH = '/backend/hubs/notifications';
export const HubEvent = {
  JoinEmployeeGroup: 'JoinEmployeeGroup',
  LeaveEmployeeGroup: 'LeaveEmployeeGroup',
  ReceiveAttendanceReminder: 'ReceiveAttendanceReminder',
} as const;

export const NotificationType = { AttendanceReminder: 'AttendanceReminder', ExitRequest: 'ExitRequest' } as const;

export const NOTIFICATION_MSG = {
  markedRead: 'Notifications marked as read',
  idsOrAll: 'Send the ids to mark as read, or all: true',
  tooManyIds: `At most ${NOTIFICATION_MAX_PAGE_SIZE.toString()} ids at a time`,
  invalidId: 'Each id must be a notification id',
  reminderTitle: 'Attendance missing',
  remindersSent: 'Attendance reminders sent',
  joinOwnOnly: 'You can only join your own notification group.',
  empty: 'No notifications',
} as const;

/** Platform §3 "Attendance reminder notification": data{tenantName, employeeName, absentDates}. */
export const attendanceReminderDataSchema = z.object({
  tenantName: z.string(),
  employeeName: z.string(),
  /** 'YYYY-MM-DD' in the tenant's zone, oldest first. */
  absentDates: z.array(z.string()),
});
export type AttendanceReminderData = z.infer<typeof attendanceReminderDataSchema>;

/** The payload of ReceiveAttendanceReminder: Title, message, data. */
export const attendanceReminderPushSchema = z.object({
  title: z.string(),
  message: z.string(),
  data: attendanceReminderDataSchema,
});
export type AttendanceReminderPush = z.infer<typeof attendanceReminderPushSchema>;

/** One notification of the bell's list. */
export const notificationItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
  isRead: z.boolean(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

const whole = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number between ${min.toString()} and ${max.toString()}` })
    .int(`${name} must be a whole number between ${min.toString()} and ${max.toString()}`)
    .min(min, `${name} must be a whole number between ${min.toString()} and ${max.toString()}`)
    .max(max, `${name} must be a whole number between ${min.toString()} and ${max.toString()}`)
    .default(fallback);

export const notificationListQuerySchema = z.object({
  pageNo: whole('pageNo', 1, 100_000, 1),
  pageSize: whole('pageSize', 1, NOTIFICATION_MAX_PAGE_SIZE, NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationListReplySchema = listEnvelope(notificationItemSchema);

export const notificationUnreadCountReplySchema = envelope(z.object({ count: z.number().int() }));

/** POST /Notifications/read: the given ids (own only; others are ignored), or every unread one. */
export const notificationReadInputSchema = z
  .object({
    ids: z.array(z.uuid({ error: NOTIFICATION_MSG.invalidId })).max(NOTIFICATION_MAX_PAGE_SIZE, NOTIFICATION_MSG.tooManyIds).optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all === true || (v.ids !== undefined && v.ids.length > 0), { error: NOTIFICATION_MSG.idsOrAll, path: ['ids'] });
export type NotificationReadInput = z.infer<typeof notificationReadInputSchema>;
export const notificationReadReplySchema = envelope(z.object({ updated: z.number().int() }));

export const attendanceReminderRunReplySchema = envelope(z.object({ notified: z.number().int() }));

/**
 * '03 Mar 2025, 04 Mar 2025, 05 Mar 2025 and 2 more': the first 3 absent dates in the display
 * format (platform §9 DD MMM YYYY) and a count of the rest (platform §4).
 */
export function formatAbsentDates(absentDates: readonly string[]): string {
  const listed = absentDates.slice(0, REMINDER_LISTED_DATES).map(formatDisplayDate).join(', ');
  const more = absentDates.length - REMINDER_LISTED_DATES;
  return more > 0 ? `${listed} and ${more.toString()} more` : listed;
}

/** The reminder's message, stored with the notification and shown by the toast. */
export function attendanceReminderMessage(absentDates: readonly string[]): string {
  return `Your attendance is missing for ${formatAbsentDates(absentDates)}. Please check in or raise a regularization request.`;
}
