import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useNoConnection } from '../app/offline';

/** Over the pages that stay readable without a connection (app/offline-cache.ts): what is shown, and that it is read-only. */
export function OfflineNotice() {
  if (!useNoConnection()) return null;
  return (
    <Alert color="yellow" icon={<IconWifiOff size={18} />} title="You are offline">
      Showing the payslips and attendance you last viewed, read-only. They refresh when you are back online; checking in
      and other changes need a connection.
    </Alert>
  );
}
