import { Suspense } from 'react';
import { AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AccessModal } from '../../features/access/AccessModal';
import { NotificationBell } from '../../features/notifications';
import { PageLoader } from '../../ui/PageLoader';
import { MainNav } from './MainNav';
import { OrganizationBrand } from './OrganizationBrand';
import { UserMenu } from './UserMenu';
import { useRefreshSession } from './useRefreshSession';

/** The shell of the authenticated area: header (brand, user menu), navbar by role, page. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  useRefreshSession();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <OrganizationBrand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {/* The navbar scrolls on its own when its sections are taller than the window. */}
        <AppShell.Section grow component={ScrollArea} type="scroll">
          <MainNav onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AccessModal />
    </AppShell>
  );
}
