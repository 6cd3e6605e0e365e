import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { StatusScreen } from '../../ui/StatusScreen';

export function NotFoundPage() {
  return (
    <StatusScreen
      fullPage
      icon={<IconMapQuestion size={32} />}
      title="Page not found"
      actions={
        <Button component={Link} to={PATHS.home}>
          Go to Dashboard
        </Button>
      }
    >
      The page you are looking for does not exist or has moved.
    </StatusScreen>
  );
}
