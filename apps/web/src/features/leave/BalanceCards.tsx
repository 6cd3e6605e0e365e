import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LeaveBalanceRow } from '@tankha/contracts';
import { EmptyState } from '../../ui/EmptyState';

/** The figure of a card: available of entitled (with carry-in and adjustments), or Unlimited for unpaid types. */
export function balanceHeadline(b: LeaveBalanceRow): { value: string; of: string | null } {
  if (b.isUnlimited) return { value: 'Unlimited', of: null };
  const credited = b.entitled + b.carriedForward + b.adjustment;
  return { value: String(b.available), of: String(credited) };
}

/** One card per leave type: available / credited, then used, pending and what came forward. */
export function BalanceCards({ balances }: { balances: readonly LeaveBalanceRow[] }) {
  if (balances.length === 0) return <EmptyState message="No leave types yet. Your administrator sets them up." />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {balances.map((b) => {
        const headline = balanceHeadline(b);
        return (
          <Card key={b.leaveTypeId} withBorder radius="md" padding="md" aria-label={`${b.leaveTypeName} balance`} style={{ borderTop: `4px solid var(--mantine-color-${b.color}-6)` }}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {b.leaveTypeName}
                </Text>
                <Text size="xs" c="dimmed">
                  {b.isPaid ? 'Paid' : 'Unpaid'}
                </Text>
              </Group>
              <Group gap={4} align="baseline">
                <Text fz={28} fw={700} lh={1} data-testid="available">
                  {headline.value}
                </Text>
                {headline.of !== null && (
                  <Text size="sm" c="dimmed">
                    / {headline.of} available
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Used {b.used} · Pending {b.pending}
                {b.carriedForward > 0 ? ` · Carried forward ${String(b.carriedForward)}` : ''}
                {b.accruesMonthly ? ` · Accrues ${String(b.yearlyQuota / 12 === Math.floor(b.yearlyQuota / 12) ? b.yearlyQuota / 12 : (b.yearlyQuota / 12).toFixed(2))} a month` : ''}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
