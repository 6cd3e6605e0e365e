import { Button, Group, Text } from '@mantine/core';
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
        <Group justify="center" gap="sm">
          <Button variant="default" component={Link} to={PATHS.myPayslips}>
            My payslips
          </Button>
          <Button variant="default" component={Link} to={PATHS.myAttendance}>
            My attendance
          </Button>
          <Button component={Link} to={PATHS.home} onClick={clearOffline}>
            Go to Dashboard
          </Button>
        </Group>
      }
    >
      <Text c="dimmed">{MSG.offline}</Text>
      <Text size="sm">Without a connection you can still open the payslips and attendance you last viewed on this device, read-only. Checking in needs a connection.</Text>
    </StatusScreen>
  );
}
