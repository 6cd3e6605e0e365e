import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Box, Button, Divider, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { NOTIFICATION_MSG, type NotificationItem } from '@tankha/contracts';
import { relativeTimeLabel } from '@tankha/domain';
import { NOTIFICATION_LIST_KEY, UNREAD_COUNT_KEY, markAllNotificationsRead, markNotificationsRead, useNotificationList, type NotificationPage } from './notifications.api';
import { useDebouncedReadMarking } from './useDebouncedReadMarking';

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
 * The bell's popover (platform §7.7): 4 notifications a page with 'Load more', shown items marked read
 * 900 ms later. Loaded on the bell's first click (NotificationBell), so Popover and floating-ui are not in
 * a page's first load; it opens at once, since it mounts because of that click. The bell's button is the
 * popover's target, so its aria-haspopup/aria-expanded sit on a button, not on the badge's div.
 */
export function NotificationPanel({
  count,
  bell,
  button,
}: {
  count: number;
  /** The badge around the button. */
  bell: (button: ReactElement) => ReactElement;
  button: (toggle: () => void) => ReactElement;
}) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(true);
  const list = useNotificationList(opened);

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

  const now = new Date().toISOString();

  // The popover is never wider than a phone's window (16 px of margin): the page must not scroll sideways.
  return (
    <Popover width="min(360px, calc(100vw - 16px))" position="bottom-end" shadow="md" opened={opened} onChange={setOpened} withinPortal>
      {bell(<Popover.Target>{button(() => setOpened((o) => !o))}</Popover.Target>)}
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
