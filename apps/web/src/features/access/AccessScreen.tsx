import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCreditCardOff, IconCrown, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Role, type SessionUser } from '@tankha/contracts';
import { isAdminOrModerator } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { useSession } from '../../app/session';
import { StatusScreen } from '../../ui/StatusScreen';

/** The three variants of the access screen (platform §2.3). */
export type AccessVariant = 'noSubscription' | 'permission' | 'premium';

export const ACCESS_COPY: Record<AccessVariant, { title: string; text: string; action: string }> = {
  noSubscription: {
    title: 'No Active Subscription',
    text: 'Your organization does not have an active subscription. Choose a plan to keep using Tankha.',
    action: 'Explore Plans',
  },
  permission: {
    title: 'Permission Required',
    text: 'You do not have permission to use this feature.',
    action: 'Explore Plans',
  },
  premium: {
    title: 'Premium Plan Required',
    text: 'This feature is not included in your current plan. Upgrade to premium to unlock it.',
    action: 'Upgrade',
  },
};

const ICONS: Record<AccessVariant, ReactNode> = {
  noSubscription: <IconCreditCardOff size={32} />,
  permission: <IconLock size={32} />,
  premium: <IconCrown size={32} />,
};

/** Which variant a user without a feature sees. */
export function accessVariantFor(user: Pick<SessionUser, 'roleId' | 'planName' | 'isTenantOnTrial'>): AccessVariant {
  if (!user.planName && !user.isTenantOnTrial) return 'noSubscription';
  return user.roleId === Role.Member ? 'permission' : 'premium';
}

/** Administrators and moderators get the plan button; members are told to contact their admin. */
export function AccessAction({ variant, onNavigate }: { variant: AccessVariant; onNavigate?: () => void }) {
  const user = useSession();
  if (user && isAdminOrModerator(user.roleId)) {
    return (
      <Button component={Link} to={PATHS.subscription} onClick={onNavigate}>
        {ACCESS_COPY[variant].action}
      </Button>
    );
  }
  return (
    <Stack gap={2} align="center">
      <Text fw={600}>Contact Admin</Text>
      <Text size="sm" c="dimmed">
        Ask your organization administrator for access.
      </Text>
    </Stack>
  );
}

export function AccessScreen({ variant }: { variant: AccessVariant }) {
  const copy = ACCESS_COPY[variant];
  return (
    <StatusScreen icon={ICONS[variant]} color={variant === 'premium' ? 'yellow' : 'indigo'} title={copy.title} actions={<AccessAction variant={variant} />}>
      {copy.text}
    </StatusScreen>
  );
}
