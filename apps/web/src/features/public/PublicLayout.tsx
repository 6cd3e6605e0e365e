import { Suspense } from 'react';
import { Anchor, Box, Button, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCurrencyRupee } from '@tabler/icons-react';
import { Link, NavLink, Outlet } from 'react-router';
import { PATHS } from '../../app/paths';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/PageLoader';
import { SiteFooter } from '../../ui/SiteFooter';
import { FOOTER_LINKS } from './site-links';

const NAV = [
  { label: 'Pricing', to: PATHS.pricing },
  { label: 'About us', to: PATHS.aboutUs },
  { label: 'Contact us', to: PATHS.contactUs },
];

function NavItem({ label, to }: { label: string; to: string }) {
  return (
    <NavLink to={to} style={{ textDecoration: 'none' }}>
      {({ isActive }) => (
        <Text size="sm" fw={isActive ? 700 : 500} c={isActive ? 'indigo.7' : 'dark.4'} aria-current={isActive ? 'page' : undefined}>
          {label}
        </Text>
      )}
    </NavLink>
  );
}

/**
 * The frame of the public marketing pages: logo, Pricing / About us / Contact us, Login (or the
 * dashboard when signed in), the page, and the footer links. Links into the app reload the document,
 * so that on a host of the marketing domain the server can send them to the app host (platform §2.1).
 */
export function PublicLayout() {
  const user = useSession();
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }} bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 10 }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={PATHS.pricing} underline="never" c="dark" aria-label="Tankha home">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon size="lg" radius="md" aria-hidden>
                  <IconCurrencyRupee size={20} />
                </ThemeIcon>
                <Text fw={800} size="xl">
                  Tankha
                </Text>
              </Group>
            </Anchor>
            <Group component="nav" aria-label="Main" gap="lg" wrap="nowrap">
              <Group gap="lg" visibleFrom="sm" wrap="nowrap">
                {NAV.map((item) => (
                  <NavItem key={item.to} {...item} />
                ))}
              </Group>
              <Box hiddenFrom="sm">
                <NavItem label="Pricing" to={PATHS.pricing} />
              </Box>
              {user ? (
                <Button component={Link} to={PATHS.home} reloadDocument size="sm">
                  Go to Dashboard
                </Button>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button component={Link} to={PATHS.login} reloadDocument variant="default" size="sm">
                    Login
                  </Button>
                  <Button component={Link} to={PATHS.register} reloadDocument size="sm" visibleFrom="xs">
                    Start free trial
                  </Button>
                </Group>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" bg="white" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <SiteFooter links={FOOTER_LINKS} align="spread" />
        </Container>
      </Box>
    </Box>
  );
}
