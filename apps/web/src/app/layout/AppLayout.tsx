import { Suspense } from 'react';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AccessModal } from '../../features/access/AccessModal';
import { NotificationBell } from '../../features/notifications';
import { PageLoader } from '../../ui/PageLoader';
import { MainNav } from './MainNav';
import { OrganizationBrand } from './OrganizationBrand';
import { UserMenu } from './UserMenu';
import { useRefreshSession } from './useRefreshSession';

/**
 * The main area reaches under the fixed navbar (its left padding is the navbar's width). Painting that
 * strip in the navbar's own colours, border included, keeps the sidebar running the full page height
 * wherever the page is taller than the window: a full-page capture, print, a long scroll.
 * --app-shell-navbar-offset is Mantine's, 0 when the navbar is collapsed on a phone.
 */
const MAIN_BACKGROUND = {
  background: [
    'linear-gradient(to right,',
    'var(--mantine-color-body) 0 calc(var(--app-shell-navbar-offset, 0rem) - 1px),',
    'var(--app-shell-border-color) 0 var(--app-shell-navbar-offset, 0rem),',
    'var(--mantine-color-gray-0) 0)',
  ].join(' '),
} as const;

const NAV_SCROLL = { minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain', scrollbarWidth: 'thin' } as const;

/** The shell of the authenticated area: header (brand, user menu), navbar by role, page. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  useRefreshSession();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {/* A 44 px box around the small burger: the least touch target on a phone. */}
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" w={44} h={44} aria-label="Toggle navigation" />
            <OrganizationBrand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {/* The navbar scrolls on its own when its sections are taller than the window (the browser's own
            scrolling: Mantine's ScrollArea is not worth its weight in every page's first load). */}
        <AppShell.Section grow style={NAV_SCROLL}>
          <MainNav onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main style={MAIN_BACKGROUND}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AccessModal />
    </AppShell>
  );
}
