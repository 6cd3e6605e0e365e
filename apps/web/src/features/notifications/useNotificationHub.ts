import { useEffect, useRef } from 'react';
import type { AttendanceReminderPush } from '@tankha/contracts';
import { signOutDeactivated } from '../../app/api';
import { getSessionUser, onSessionCleared } from '../../app/session';
import { NotificationHubConnection, type HubConnectionOptions } from './connection';

/** Builds the hub connection; replaced in unit tests. */
export const hubConnectionFactory = {
  create: (options: HubConnectionOptions): Pick<NotificationHubConnection, 'start' | 'stop'> => new NotificationHubConnection(options),
};

/**
 * Keeps the signed-in user connected to the notification hub while mounted: joins their employee
 * group, hands every ReceiveAttendanceReminder to `onReminder`, and leaves on sign-out or unmount.
 */
export function useNotificationHub(userId: string, onReminder: (payload: AttendanceReminderPush) => void): void {
  const handler = useRef(onReminder);
  useEffect(() => {
    handler.current = onReminder;
  }, [onReminder]);

  useEffect(() => {
    const connection = hubConnectionFactory.create({
      userId,
      getToken: () => getSessionUser()?.token ?? null,
      onReminder: (payload) => handler.current(payload),
      onDeactivated: (message, token) => signOutDeactivated(message, token),
    });
    connection.start();
    const off = onSessionCleared(() => connection.stop());
    return () => {
      off();
      connection.stop();
    };
  }, [userId]);
}
