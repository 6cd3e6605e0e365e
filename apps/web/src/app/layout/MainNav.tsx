import type { ReactNode } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity, IconCreditCard, IconLayoutDashboard, IconPhoto, IconUsers } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { can } from '@tankha/contracts';
import { useCurrentUser } from '../current-user';
import { PATHS } from '../paths';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

function NavItems({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return items.map((item) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={item.icon}
      active={item.to === PATHS.home ? pathname === PATHS.home : pathname.startsWith(item.to)}
      onClick={onNavigate}
    />
  ));
}

/** The navbar by role; it links only to screens that exist. */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const peopleItems: NavItem[] = [];
  if (can(user.roleId, 'users.list')) peopleItems.push({ label: 'My people', to: PATHS.myPeople, icon: <IconUsers size={18} /> });
  if (can(user.roleId, 'departments.list')) peopleItems.push({ label: 'Departments', to: PATHS.departments, icon: <IconBuildingCommunity size={18} /> });
  const organizationItems: NavItem[] = [];
  if (can(user.roleId, 'org.update'))
    organizationItems.push({ label: 'Organization details', to: PATHS.organizationDetails, icon: <IconBuilding size={18} /> });
  if (can(user.roleId, 'org.logo')) organizationItems.push({ label: 'Logo and branding', to: PATHS.logoBranding, icon: <IconPhoto size={18} /> });
  if (can(user.roleId, 'subscription.view'))
    organizationItems.push({ label: 'Subscription', to: PATHS.subscription, icon: <IconCreditCard size={18} /> });

  return (
    <Stack gap={4} component="nav" aria-label="Main navigation">
      <NavItems items={[{ label: 'Dashboard', to: PATHS.home, icon: <IconLayoutDashboard size={18} /> }]} onNavigate={onNavigate} />
      {peopleItems.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
            People
          </Text>
          <NavItems items={peopleItems} onNavigate={onNavigate} />
        </>
      )}
      {organizationItems.length > 0 && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
            Organization
          </Text>
          <NavItems items={organizationItems} onNavigate={onNavigate} />
        </>
      )}
    </Stack>
  );
}
