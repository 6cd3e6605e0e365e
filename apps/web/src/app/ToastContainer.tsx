import { Notifications } from '@mantine/notifications';

/** Mantine's toast container (LazyNotifications mounts it on the first toast). */
export function ToastContainer() {
  return <Notifications position="top-right" limit={4} />;
}
