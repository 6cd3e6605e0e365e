import { useState } from 'react';
import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MY_TEAM_MSG, TEAM_DAY_STATE_LABELS, teamOverviewReplySchema } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { Link } from 'react-router';
import { api } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';

const FILTERS = [
  { value: 'all', label: 'Everyone' },
  { value: 'in', label: 'In' },
  { value: 'late', label: 'Late' },
  { value: 'onLeave', label: 'On leave' },
  { value: 'notIn', label: 'Not in yet' },
];

/** My team > Overview: who is in, late, on leave or not in today, and what waits for a decision. */
export function MyTeamOverviewPage() {
  const [state, setState] = useState('all');
  const overview = useQuery({
    queryKey: ['my-team', 'overview', state],
    queryFn: async ({ signal }) =>
      (await api.get(`/MyTeam/overview?pageSize=100${state === 'all' ? '' : `&state=${state}`}`, teamOverviewReplySchema, { signal })).data,
  });
  if (overview.isPending) return <PageLoader label="Loading your team" />;
  if (overview.isError) return <ErrorState message={overview.error.message} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const tiles: [string, number][] = [
    ['In', o.counts.in + o.counts.out],
    ['Late', o.counts.late],
    ['On leave', o.counts.onLeave],
    ['Not in yet', o.counts.notIn],
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Team overview</Title>
        <Text c="dimmed">Today · {formatDisplayDate(o.date)}</Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {tiles.map(([label, n]) => (
          <Card key={label} withBorder component="section" aria-label={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {n} / {o.teamSize}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder component="section" aria-label="Pending approvals">
        <Title order={3} size="h5" mb="xs">
          Pending approvals
        </Title>
        <Group>
          <Text component={Link} to="/leaves/my-approvals">
            Leave: <strong>{o.pendingApprovals.leave}</strong>
          </Text>
          <Text component={Link} to="/my-team/requests">
            Regularization: <strong>{o.pendingApprovals.regularization}</strong>
          </Text>
          <Text component={Link} to="/my-team/approvals">
            Attendance: <strong>{o.pendingApprovals.attendance}</strong>
          </Text>
        </Group>
      </Card>
      <Card withBorder component="section" aria-label="Team today">
        <SegmentedControl data={FILTERS} value={state} onChange={setState} mb="sm" aria-label="Show" />
        {o.teamSize === 0 ? (
          <EmptyState message={MY_TEAM_MSG.noTeam} />
        ) : o.people.length === 0 ? (
          <EmptyState message={MY_TEAM_MSG.noneInState} />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Today</Table.Th>
                <Table.Th>First in</Table.Th>
                <Table.Th>Last out</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.people.map((p) => (
                <Table.Tr key={p.userId}>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[p.employeeNumber, p.designation].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge
                        variant="light"
                        color={p.state === 'in' || p.state === 'out' ? 'green' : p.state === 'onLeave' ? 'blue' : p.state === 'notIn' ? 'red' : 'gray'}
                      >
                        {TEAM_DAY_STATE_LABELS[p.state]}
                      </Badge>
                      {p.isLate && (
                        <Badge variant="light" color="orange">
                          Late
                        </Badge>
                      )}
                      {(p.leave ?? p.dayOff) && (
                        <Text size="xs" c="dimmed">
                          {p.leave ?? p.dayOff}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{p.firstIn ?? '—'}</Table.Td>
                  <Table.Td>{p.lastOut ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
