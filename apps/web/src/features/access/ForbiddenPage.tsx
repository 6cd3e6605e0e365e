import { Button } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { StatusScreen } from '../../ui/StatusScreen';

export function ForbiddenPage() {
  return (
    <StatusScreen
      fullPage
      color="red"
      icon={<IconBan size={32} />}
      title="403 - Forbidden"
      actions={
        <Button component={Link} to={PATHS.home}>
          Go to Dashboard
        </Button>
      }
    >
      You do not have permission to view this page.
    </StatusScreen>
  );
}
