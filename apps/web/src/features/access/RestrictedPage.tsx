import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconUserOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { MSG } from '@tankha/contracts';
import { PATHS } from '../../app/paths';
import { StatusScreen } from '../../ui/StatusScreen';

export const SUPPORT_EMAIL = 'support@tankha.in';

/** /403-Restricted: a deactivated or restricted account, or one with no organisation (platform §2.3). */
export function RestrictedPage() {
  // The API client passes the server's reason (deactivated, no login access, no organisation).
  const reason = (useLocation().state as { message?: string } | null)?.message ?? MSG.deactivated;
  return (
    <StatusScreen
      fullPage
      color="red"
      icon={<IconUserOff size={32} />}
      title="Access Restricted"
      actions={
        <Group justify="center">
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} leftSection={<IconMail size={16} />}>
            Contact Support
          </Button>
          <Button component={Link} to={PATHS.login} variant="default">
            Back to login
          </Button>
        </Group>
      }
    >
      <Stack gap="xs">
        <Text c="dimmed">{reason}</Text>
        {reason !== MSG.noOrganization && <Text c="dimmed">{MSG.noOrganization}</Text>}
      </Stack>
    </StatusScreen>
  );
}
