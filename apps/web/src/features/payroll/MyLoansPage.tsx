import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { LOAN_KIND_LABELS } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { ListCard } from '../../ui/ListCard';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { LoanDetails, LoanStatusBadge } from './LoanSchedule';
import { useMyLoans } from './loans.api';
import { inr } from '../../ui/format';

/** /payroll/my-loans (every employee): their own loans and advances, balance and schedule. */
export function MyLoansPage() {
  const loans = useMyLoans();
  const order = usePageTitleOrder();
  const list = loans.data ?? [];
  return (
    <Stack gap="md">
      <Title order={order}>My loans and advances</Title>
      {list.length === 0 ? (
        <ListCard
          loading={loans.isPending}
          error={loans.isError ? errorMessage(loans.error, 'Failed to load your loans.') : null}
          onRetry={() => void loans.refetch()}
          empty
          loadingLabel="Loading your loans"
          emptyMessage="You have no loans or advances."
        >
          {null}
        </ListCard>
      ) : (
        list.map((l) => (
          <Card key={l.id} withBorder component="section" aria-label={`${LOAN_KIND_LABELS[l.kind]} of ${inr(l.amount)}`}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>
                  {LOAN_KIND_LABELS[l.kind]} of {inr(l.amount)}
                </Text>
                <Group gap="xs">
                  <Text size="sm">
                    Balance <b>{inr(l.balance)}</b>
                  </Text>
                  <LoanStatusBadge status={l.status} />
                </Group>
              </Group>
              <LoanDetails loan={l} />
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
