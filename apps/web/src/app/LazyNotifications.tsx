import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// Through a module of ours: a dynamic import of the package itself would keep the whole package (the container
// included) in the entry, which imports its store statically.
const Notifications = lazy(async () => ({ default: (await import('./ToastContainer')).ToastContainer }));

/**
 * Mantine's toast container, mounted (and downloaded) when the first toast is shown: toast() only writes
 * to the notifications store, which is small; the container with its transitions and portal is not in a
 * page's first load. Once mounted it stays.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
