import { defineModule, provide } from '../module';
import { NotificationService } from './notifications.service';
import { notificationRoutes } from './notifications.routes';

declare module '../module' {
  interface Services {
    notification: NotificationService;
  }
}

/** Notifications and attendance reminders (the Socket.IO hub is attached by app.ts). */
export const notificationsModule = defineModule({
  name: 'notifications',
  services: {
    notification: provide(['attendance'], ({ clock, push, attendance }) => new NotificationService({ clock, push, attendance })),
  },
  routes: [notificationRoutes],
  jobs: ({ uow, queue, services, clock, log }) => {
    uow.defineGlobalJob(queue, 'attendance.reminders', (scope) => services.notification.scheduleAttendanceReminders(scope, clock.now()), {
      // 06:00 in every organisation's zone falls on a quarter hour in every zone India's customers use.
      cron: { expression: '*/15 * * * *', tz: 'UTC' },
      retryLimit: 2,
    });
    uow.defineTenantJob(queue, 'attendance.reminders.tenant', (scope, data) => services.notification.sendAttendanceReminders(scope, new Date(data.now)));
    uow.defineTenantJob(queue, 'notifications.push', async (scope, data) => {
      services.notification.push(scope, data);
      log.debug({ tenantId: scope.tenantId, userId: data.userId }, 'notification pushed');
    });
  },
});
