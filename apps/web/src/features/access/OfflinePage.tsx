import { Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@tankha/contracts';
import { clearOffline } from '../../app/offline';
import { PATHS } from '../../app/paths';
import { StatusScreen } from '../../ui/StatusScreen';

/** Shown instead of any page after a request could not reach the server (platform §2.3). */
export function OfflinePage() {
  return (
    <StatusScreen
      fullPage
      color="gray"
      icon={<IconWifiOff size={32} />}
      title="Connection problem"
      actions={
        <Button component={Link} to={PATHS.home} onClick={clearOffline}>
          Go to Dashboard
        </Button>
      }
    >
      {MSG.offline}
    </StatusScreen>
  );
}
