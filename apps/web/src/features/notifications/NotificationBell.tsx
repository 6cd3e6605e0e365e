import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconCalendarExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { AttendanceReminderPush } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { useTouchSize } from '../../ui/kit/touch';
import { NOTIFICATIONS_KEY, useUnreadCount } from './notifications.api';
import { reminderToast } from './reminder';
import { useNotificationHub } from './useNotificationHub';

const loadPanel = () => import('./NotificationPanel');
// The popover (Popover, floating-ui, the list) loads on the bell's first click, not with every page.
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/** The badge text: the count, capped at 99+. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : count.toString();
}

/**
 * The header's notification bell (platform §7.7, §9): unread count badge, the live reminder toast, and on
 * click the popover listing the notifications (NotificationPanel).
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;

  const onReminder = useCallback(
    (payload: AttendanceReminderPush) => {
      notifications.show({ ...reminderToast(payload), color: 'orange', withBorder: true, icon: <IconCalendarExclamation size={18} /> });
      void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
    },
    [queryClient],
  );
  useNotificationHub(user.id, onReminder);

  const touch = useTouchSize();
  const label = count > 0 ? `Notifications, ${count.toString()} unread` : 'Notifications';
  const prefetch = () => void loadPanel();

  const bell = (button: ReactElement) => (
    <Indicator label={unreadBadge(count)} size={18} color="red" offset={6} disabled={count === 0} inline data-testid="notification-badge">
      {button}
    </Indicator>
  );
  const button = (onClick: () => void, extra: object = {}) => (
    <ActionIcon variant="subtle" color="gray" size={touch.icon ?? 'lg'} radius="xl" aria-label={label} onClick={onClick} {...extra}>
      <IconBell size={20} />
    </ActionIcon>
  );
  const placeholder = bell(button(() => setWanted(true), { onPointerEnter: prefetch, onFocus: prefetch, 'aria-haspopup': 'dialog', 'aria-expanded': false }));
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationPanel count={count} bell={bell} button={(toggle) => button(toggle)} />
    </Suspense>
  );
}
