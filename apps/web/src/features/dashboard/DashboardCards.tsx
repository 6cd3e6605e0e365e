import { Avatar, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '@tankha/contracts';
import { EmptyState } from '../../ui/EmptyState';
import { displayDate, displayText } from '../../ui/format';
import { DetailsCard } from '../../ui/DetailsCard';

type Organization = Dashboard['organization'];
type Counts = NonNullable<Dashboard['counts']>;

function planBadge(org: Organization): { label: string; color: string } {
  if (org.isTenantOnTrial) {
    const days = org.trialDaysLeft ?? 0;
    return { label: `Trial · ${days.toString()} ${days === 1 ? 'day' : 'days'} left`, color: 'yellow' };
  }
  if (org.planName) return { label: `${org.planName} plan`, color: 'teal' };
  return { label: 'No active plan', color: 'red' };
}

export function OrganizationCard({ org }: { org: Organization }) {
  const badge = planBadge(org);
  return (
    <Card component="section" aria-label="Organization">
      <Group wrap="nowrap">
        <Avatar src={org.logoUrl} alt={`${org.tenantName} logo`} size={56} radius="md" color="indigo">
          {org.tenantName.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Text fw={600} size="lg">
            {org.tenantName}
          </Text>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
          {org.address && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {org.address}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

const COUNT_CARDS: { key: keyof Counts; label: string }[] = [
  { key: 'activeUsers', label: 'Active employees' },
  { key: 'pendingUsers', label: 'Pending verification' },
  { key: 'inactiveUsers', label: 'Inactive' },
  { key: 'departments', label: 'Departments' },
  { key: 'joinedThisMonth', label: 'Joined this month' },
];

export function CountCards({ counts }: { counts: Counts }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label="People at a glance">
      {COUNT_CARDS.map(({ key, label }) => (
        <Card key={key} padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} size="xl" aria-label={`${label}: ${counts[key].toString()}`}>
            {counts[key]}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function DepartmentBreakdown({ departments }: { departments: NonNullable<Dashboard['departments']> }) {
  const total = departments.reduce((sum, d) => sum + d.employees, 0);
  return (
    <Card component="section" aria-label="Departments">
      <Title order={3} size="h5" mb="sm">
        Departments
      </Title>
      {departments.length === 0 ? (
        <EmptyState message="No departments yet" />
      ) : (
        <Stack gap="sm">
          {departments.map((d) => (
            <div key={d.id}>
              <Group justify="space-between" mb={4}>
                <Text size="sm">{d.name}</Text>
                <Text size="sm" c="dimmed">
                  {d.employees}
                </Text>
              </Group>
              <Progress value={total === 0 ? 0 : (d.employees / total) * 100} aria-label={`${d.name} share of employees`} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

interface PersonRow {
  id: string;
  name: string;
  detail: string;
}

export function PeopleList({ title, rows, empty }: { title: string; rows: PersonRow[]; empty: string }) {
  return (
    <Card component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <Stack gap="sm">
          {rows.map((row) => (
            <Group key={row.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar radius="xl" size="sm" color="indigo">
                  {row.name.charAt(0).toUpperCase()}
                </Avatar>
                <Text size="sm">{row.name}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {row.detail}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function MyDetailsCard({ me }: { me: Dashboard['me'] }) {
  const rows = [
    { label: 'Designation', value: displayText(me.designation) },
    { label: 'Department', value: displayText(me.departmentName) },
    { label: 'Reporting manager', value: displayText(me.reportingManagerName) },
    { label: 'Joining date', value: displayDate(me.dateOfJoining) },
  ];
  return <DetailsCard title="My details" rows={rows} cols={2} />;
}
