import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  notificationListReplySchema,
  notificationReadReplySchema,
  notificationUnreadCountReplySchema,
  type NotificationItem,
} from '@tankha/contracts';
import { api } from '../../app/api';

/** Every notification query starts with this key: one invalidation refreshes the badge and the list. */
export const NOTIFICATIONS_KEY = 'notifications';
export const UNREAD_COUNT_KEY = [NOTIFICATIONS_KEY, 'unread'] as const;
export const NOTIFICATION_LIST_KEY = [NOTIFICATIONS_KEY, 'list'] as const;

export interface NotificationPage {
  rows: NotificationItem[];
  totalRecords: number;
}

/** GET /Notifications/unread/count (platform §7.7). Quiet: a failed badge shows nothing. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const reply = await api.get('/Notifications/unread/count', notificationUnreadCountReplySchema, { quiet: true, signal });
  return reply.data.count;
}

/** GET /Notifications?pageNo&pageSize=4, newest first. */
export async function fetchNotifications(pageNo: number, signal?: AbortSignal): Promise<NotificationPage> {
  const reply = await api.get('/Notifications', notificationListReplySchema, { query: { pageNo, pageSize: NOTIFICATION_PAGE_SIZE }, quiet: true, signal });
  return { rows: reply.data, totalRecords: reply.totalRecords };
}

/** POST /Notifications/read { ids }. */
export async function markNotificationsRead(ids: readonly string[]): Promise<number> {
  const reply = await api.post('/Notifications/read', notificationReadReplySchema, { ids }, { quiet: true });
  return reply.data.updated;
}

/** POST /Notifications/read { all: true }. */
export async function markAllNotificationsRead(): Promise<number> {
  const reply = await api.post('/Notifications/read', notificationReadReplySchema, { all: true }, { quiet: true });
  return reply.data.updated;
}

/** The badge: refetched when the window regains focus and (by invalidation) on every push. */
export function useUnreadCount() {
  return useQuery({ queryKey: UNREAD_COUNT_KEY, queryFn: ({ signal }) => fetchUnreadCount(signal), refetchOnWindowFocus: true, staleTime: 0 });
}

/** The popover's list, 4 a page, loaded while the popover is open. */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery<NotificationPage, Error, InfiniteData<NotificationPage, number>, typeof NOTIFICATION_LIST_KEY, number>({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return loaded < last.totalRecords && last.rows.length > 0 ? pages.length + 1 : undefined;
    },
    enabled,
    staleTime: 0,
  });
}
