import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MSG,
  attendanceReminderRunReplySchema,
  notificationListQuerySchema,
  notificationListReplySchema,
  notificationReadInputSchema,
  notificationReadReplySchema,
  notificationUnreadCountReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** Notifications (platform §7.7): the signed-in user's own list, unread count and read marking. */
export const notificationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Notifications'];
  const own = { access: { permission: 'notifications.own' as const } };

  app.get('/Notifications/unread/count', { config: own, schema: { tags, response: { 200: notificationUnreadCountReplySchema } } }, async (request) =>
    ok({ count: await services.notification.unreadCount(scopeOf(request)) }),
  );

  app.get('/Notifications', { config: own, schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListReplySchema } } }, async (request) => {
    const page = await services.notification.list(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords);
  });

  app.post('/Notifications/read', { config: own, schema: { tags, body: notificationReadInputSchema, response: { 200: notificationReadReplySchema } } }, async (request) =>
    ok({ updated: await services.notification.markRead(scopeOf(request), request.body) }, NOTIFICATION_MSG.markedRead),
  );

  // Manual run of today's attendance reminder for the caller's organisation (administrators and
  // moderators). Same rules as the 06:00 job except the hour; an employee still gets one a day.
  app.post(
    '/Notifications/attendance-reminders/run',
    { config: { access: { permission: 'attendance.approve' as const } }, schema: { tags, response: { 200: attendanceReminderRunReplySchema } } },
    async (request) => {
      const notified = await services.notification.sendAttendanceRemindersNow(scopeOf(request));
      return ok({ notified }, NOTIFICATION_MSG.remindersSent);
    },
  );
};
