import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Role, can } from '@tankha/contracts';
import { isAdminOrModerator, useCurrentUser } from '../../app/current-user';
import { PATHS, profilePath } from '../../app/paths';
import { isSetupDeferred, isSetupIncomplete, useCompletionStatus } from '../../app/setup-status';
import { ErrorState } from '../../ui/ErrorState';
import { displayDate, displayText } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { CountCards, DepartmentBreakdown, MyDetailsCard, OrganizationCard, PeopleList } from './DashboardCards';
import { greetingFor, useDashboard } from './dashboard.api';
import { AttendanceCheckInCard } from './AttendanceCheckInCard';

export const SETUP_INCOMPLETE = 'Your organization setup is incomplete';

/** Shown to an Administrator who deferred the setup with Cancel on the welcome screen. */
function SetupBanner() {
  const user = useCurrentUser();
  const status = useCompletionStatus();
  if (user.roleId !== Role.Administrator || !status.data || !isSetupIncomplete(status.data) || !isSetupDeferred()) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} title={SETUP_INCOMPLETE}>
      <Group justify="space-between">
        <Text size="sm">Add your organization details and working days to get the most out of Tankha.</Text>
        <Button size="xs" component={Link} to={PATHS.requiredDetails}>
          Complete setup
        </Button>
      </Group>
    </Alert>
  );
}

function QuickLinks() {
  const user = useCurrentUser();
  const links: { label: string; to: string }[] = [];
  if (can(user.roleId, 'org.update')) links.push({ label: 'Organization details', to: PATHS.organizationDetails });
  if (can(user.roleId, 'org.logo')) links.push({ label: 'Logo and branding', to: PATHS.logoBranding });
  if (can(user.roleId, 'subscription.view')) links.push({ label: 'Subscription', to: PATHS.subscription });
  if (can(user.roleId, 'users.viewProfile')) links.push({ label: 'My profile', to: profilePath(user.id) });
  if (links.length === 0) return null;
  return (
    <Card component="section" aria-label="Quick links">
      <Title order={3} size="h5" mb="sm">
        Quick links
      </Title>
      <Stack gap={6}>
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}

/** / : the dashboard, from GET /dashboard only. */
export function DashboardPage() {
  const user = useCurrentUser();
  const dashboard = useDashboard();
  const hour = new Date().getHours();

  return (
    <Stack gap="lg">
      <SetupBanner />
      <div>
        <Title order={2}>
          {greetingFor(hour)}, {user.firstName}
        </Title>
        <Text c="dimmed">Here is what is happening in your organization.</Text>
      </div>
      <AttendanceCheckInCard />
      {dashboard.isPending && <PageLoader label="Loading dashboard" />}
      {dashboard.isError && <ErrorState message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <OrganizationCard org={dashboard.data.organization} />
            <MyDetailsCard me={dashboard.data.me} />
          </SimpleGrid>
          {isAdminOrModerator(user.roleId) && dashboard.data.counts && <CountCards counts={dashboard.data.counts} />}
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
            {dashboard.data.departments && <DepartmentBreakdown departments={dashboard.data.departments} />}
            {dashboard.data.recentJoiners && (
              <PeopleList
                title="Recent joiners"
                empty="No one has joined recently"
                rows={dashboard.data.recentJoiners.map((p) => ({
                  id: p.id,
                  name: p.name,
                  detail: `${displayText(p.designation)} · ${displayDate(p.dateOfJoining)}`,
                }))}
              />
            )}
            <PeopleList
              title="Upcoming birthdays"
              empty="No upcoming birthdays"
              rows={dashboard.data.upcomingBirthdays.map((p) => ({ id: p.id, name: p.name, detail: displayDate(p.date) }))}
            />
            <QuickLinks />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
