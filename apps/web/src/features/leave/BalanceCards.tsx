import { Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { LeaveBalanceRow } from '@tankha/contracts';
import { EmptyState } from '../../ui/EmptyState';

/** The figure of a card: available of entitled (with carry-in and adjustments), or Unlimited for unpaid types. */
export function balanceHeadline(b: LeaveBalanceRow): { value: string; of: string | null } {
  if (b.isUnlimited) return { value: 'Unlimited', of: null };
  const credited = b.entitled + b.carriedForward + b.adjustment;
  return { value: String(b.available), of: String(credited) };
}

const BALANCE_GRID = { base: 1, xs: 2, md: 4 } as const;

/**
 * While the balances load: four cards of the loaded cards' height in the same grid, so the requests
 * below do not jump down when the figures arrive (a spinner of 240 px measured a layout shift of 0.15
 * at a phone's width, where the cards stack).
 */
export function BalanceCardsSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid cols={BALANCE_GRID} spacing="md" role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder radius="md" padding="md" style={{ borderTop: '4px solid var(--mantine-color-gray-3)' }}>
          <Stack gap={6}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={28} width="40%" />
            <Skeleton height={16} width="80%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** One card per leave type: available / credited, then used, pending and what came forward. */
export function BalanceCards({ balances }: { balances: readonly LeaveBalanceRow[] }) {
  if (balances.length === 0) return <EmptyState message="No leave types yet. Your administrator sets them up." />;
  return (
    <SimpleGrid cols={BALANCE_GRID} spacing="md">
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
              {b.entitlementNote !== null && (
                <Text size="xs" c="dimmed" data-testid="entitlement-note">
                  {b.entitlementNote}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
