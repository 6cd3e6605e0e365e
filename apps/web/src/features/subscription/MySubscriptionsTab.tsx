import { Badge, Card, Table } from '@mantine/core';
import { useCurrentUser } from '../../app/current-user';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { currentSubscriptionRow, statusColor } from './subscription-row';
import { useTrial } from './subscription.api';

/** Platform §2.4: the My Subscriptions table's columns. */
export const SUBSCRIPTION_COLUMNS = ['Plan', 'Start Date', 'End Date', 'Billing Type', 'Status', 'Seats Purchased', 'Billing Duration', 'Actions'] as const;
export const NO_SUBSCRIPTIONS = 'No subscriptions yet';
export const SUBSCRIPTIONS_FAILED = 'Failed to load subscriptions';

/**
 * The My Subscriptions tab. Until the subscriptions list endpoint exists, the one row is the plan
 * in force, from the session and the trial (cancel and invoice download come with purchase).
 */
export function MySubscriptionsTab() {
  const user = useCurrentUser();
  const trial = useTrial();

  if (user.isTenantOnTrial && trial.isPending) return <PageLoader label="Loading subscriptions" />;
  if (trial.isError) return <ErrorState message={SUBSCRIPTIONS_FAILED} onRetry={() => void trial.refetch()} retryLabel="Retry" />;
  const row = currentSubscriptionRow(user, trial.data ?? null);

  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={880} type="native">
        <Table aria-label="My subscriptions" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {SUBSCRIPTION_COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row ? (
              <Table.Tr>
                <Table.Td fw={600}>{row.plan}</Table.Td>
                <Table.Td>{row.startDate}</Table.Td>
                <Table.Td>{row.endDate}</Table.Td>
                <Table.Td>{row.billingType}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor(row.status)} variant="light" tt="capitalize">
                    {row.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.seats}</Table.Td>
                <Table.Td>{row.billingDuration}</Table.Td>
                <Table.Td />
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Td colSpan={SUBSCRIPTION_COLUMNS.length}>
                  <EmptyState message={NO_SUBSCRIPTIONS} />
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
