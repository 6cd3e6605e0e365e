import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';

/** /org/*: the Org Details and Logo And Branding tabs (branding for administrators and moderators). */
export function OrganizationLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.startsWith(PATHS.logoBranding) ? PATHS.logoBranding : PATHS.organizationDetails;
  return (
    <Stack gap="md">
      <Title order={2}>Organization</Title>
      <Tabs value={current} onChange={(value) => value && void navigate(value)}>
        <Tabs.List>
          <Tabs.Tab value={PATHS.organizationDetails}>Org Details</Tabs.Tab>
          {can(user.roleId, 'org.logo') && <Tabs.Tab value={PATHS.logoBranding}>Logo And Branding</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
