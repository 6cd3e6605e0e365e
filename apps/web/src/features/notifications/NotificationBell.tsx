import { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconCalendarExclamation } from '@tabler/icons-react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { NOTIFICATION_MSG, type AttendanceReminderPush, type NotificationItem } from '@tankha/contracts';
import { relativeTimeLabel } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { useTouchSize } from '../../ui/kit/touch';
import {
  NOTIFICATIONS_KEY,
  NOTIFICATION_LIST_KEY,
  UNREAD_COUNT_KEY,
  markAllNotificationsRead,
  markNotificationsRead,
  useNotificationList,
  useUnreadCount,
  type NotificationPage,
} from './notifications.api';
import { reminderToast } from './reminder';
import { useDebouncedReadMarking } from './useDebouncedReadMarking';
import { useNotificationHub } from './useNotificationHub';

/** The badge text: the count, capped at 99+. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : count.toString();
}

function NotificationRow({ item, now }: { item: NotificationItem; now: string }) {
  return (
    <Box py={6} px={4} aria-label={item.title} data-unread={item.isRead ? undefined : 'true'} role="listitem">
      <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={item.isRead ? 500 : 700}>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {relativeTimeLabel(item.createdAt, now)}
        </Text>
      </Group>
      <Text size="xs" c={item.isRead ? 'dimmed' : undefined}>
        {item.message}
      </Text>
    </Box>
  );
}

/**
 * The header's notification bell (platform §7.7, §9): unread count badge, a popover listing 4 a
 * page with 'Load more', shown items marked read 900 ms later, and the live reminder toast.
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount();
  const list = useNotificationList(opened);
  const count = unread.data ?? 0;

  const onReminder = useCallback(
    (payload: AttendanceReminderPush) => {
      notifications.show({ ...reminderToast(payload), color: 'orange', withBorder: true, icon: <IconCalendarExclamation size={18} /> });
      void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
    },
    [queryClient],
  );
  useNotificationHub(user.id, onReminder);

  const setRead = useCallback(
    (ids: readonly string[] | 'all') => {
      const isRead = (id: string) => ids === 'all' || ids.includes(id);
      queryClient.setQueryData<InfiniteData<NotificationPage, number>>(NOTIFICATION_LIST_KEY, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.map((r) => (isRead(r.id) ? { ...r, isRead: true } : r)) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    },
    [queryClient],
  );

  const markShown = useDebouncedReadMarking(
    useCallback(
      (ids: string[]) => {
        markNotificationsRead(ids).then(
          () => setRead(ids),
          () => undefined,
        );
      },
      [setRead],
    ),
  );

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.rows) ?? [], [list.data]);
  const total = list.data?.pages[0]?.totalRecords ?? 0;

  useEffect(() => {
    if (!opened) return;
    const unreadIds = items.filter((i) => !i.isRead).map((i) => i.id);
    if (unreadIds.length > 0) markShown(unreadIds);
  }, [opened, items, markShown]);

  const markAll = () => {
    markAllNotificationsRead().then(
      () => setRead('all'),
      () => undefined,
    );
  };

  const touch = useTouchSize();
  const now = new Date().toISOString();
  const label = count > 0 ? `Notifications, ${count.toString()} unread` : 'Notifications';

  // The popover is never wider than a phone's window (16 px of margin): the page must not scroll sideways.
  return (
    <Popover width="min(360px, calc(100vw - 16px))" position="bottom-end" shadow="md" opened={opened} onChange={setOpened} withinPortal>
      {/* The button is the popover's target, so its aria-haspopup/aria-expanded sit on a button, not on the badge's div. */}
      <Indicator label={unreadBadge(count)} size={18} color="red" offset={6} disabled={count === 0} inline data-testid="notification-badge">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size={touch.icon ?? 'lg'} radius="xl" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb={4} px={4}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {count > 0 && (
            <UnstyledButton onClick={markAll}>
              <Text size="xs" c="indigo">
                Mark all as read
              </Text>
            </UnstyledButton>
          )}
        </Group>
        <Divider />
        {list.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : list.isError ? (
          <Text size="sm" c="red" ta="center" py="md">
            Could not load notifications.
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {NOTIFICATION_MSG.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380} type="auto">
            <Stack gap={0} role="list" aria-label="Notifications list">
              {items.map((item, index) => (
                <Box key={item.id}>
                  {index > 0 && <Divider />}
                  <NotificationRow item={item} now={now} />
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {list.hasNextPage && items.length < total && (
          <Button variant="subtle" size="xs" fullWidth mt={4} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
