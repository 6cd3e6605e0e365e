/** Placeholder: the notification bell with unread count (platform §7.7). */
export function NotificationBell() {
  return null;
}
