import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { EXIT_REASON_LABELS, can, daysOfNotice, type ExitSettlement } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { exitSettlementPath } from '../../app/paths';
import { displayDate, inr } from '../../ui/format';
import { ListCard } from '../../ui/ListCard';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { ExitFormModal, type ExitPrefill } from './ExitFormModal';
import { PAYROLL_KEY } from './payroll.api';
import { useExitSettlements, useExitsAwaitingSettlement } from './settlement.api';

export const SETTLEMENT_STATUS_LABELS: Record<ExitSettlement['status'], string> = { draft: 'Draft', approved: 'Approved', settled: 'Settled' };
const STATUS_COLORS: Record<ExitSettlement['status'], string> = { draft: 'gray', approved: 'blue', settled: 'green' };

export function SettlementStatusBadge({ status, size = 'sm' }: { status: ExitSettlement['status']; size?: 'sm' | 'lg' }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {SETTLEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const COLUMNS = ['Employee', 'Reason', 'Last working day', 'Service', 'Net amount', 'Status', 'Actions'] as const;

/** /payroll/exits (administrators and moderators): every exit with its full and final settlement. */
export function ExitsPage() {
  const exits = useExitSettlements();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  const order = usePageTitleOrder();
  const canManage = can(user.roleId, 'payroll.settlement.manage');
  const awaiting = useExitsAwaitingSettlement(canManage);
  const [prefill, setPrefill] = useState<ExitPrefill | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={order}>Exit / Full and final</Title>
        {canManage ? (
          <Button leftSection={<IconUserMinus size={16} />} onClick={() => setRecording(true)}>
            Record exit
          </Button>
        ) : null}
      </Group>
      {(awaiting.data ?? []).length > 0 ? (
        <Card withBorder radius="md" padding="md" component="section" aria-label="Approved resignations awaiting settlement">
          <Stack gap="xs">
            <Text fw={600}>Approved resignations awaiting settlement</Text>
            {(awaiting.data ?? []).map((r) => (
              <Group key={r.id} justify="space-between">
                <Text size="sm">
                  {r.employeeName} · last working day {displayDate(r.lastWorkingDay)} · {r.noticePeriodDays} days notice
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Start settlement of ${r.employeeName}`}
                  onClick={() => {
                    const lastWorkingDay = r.lastWorkingDay ?? r.requestedLastWorkingDay;
                    setPrefill({
                      userId: r.userId,
                      employeeName: r.employeeName,
                      resignationDate: r.resignationDate,
                      lastWorkingDay,
                      noticeRequiredDays: r.noticePeriodDays,
                      noticeServedDays: Math.min(r.noticePeriodDays, daysOfNotice(r.resignationDate, lastWorkingDay)),
                    });
                    setRecording(true);
                  }}
                >
                  Start settlement
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
      <ListCard
        loading={exits.isPending}
        error={exits.isError ? errorMessage(exits.error, 'Failed to load the exits.') : null}
        onRetry={() => void exits.refetch()}
        empty={(exits.data ?? []).length === 0}
        loadingLabel="Loading exits"
        emptyMessage="No exits recorded yet. Record an exit to compute the employee's full and final settlement."
      >
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label="Exits" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'Net amount' ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(exits.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={exitSettlementPath(s.id)} fw={600} size="sm">
                      {s.employeeName}
                    </Anchor>
                    {s.employeeNumber ? (
                      <Text size="xs" c="dimmed">
                        {s.employeeNumber}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{EXIT_REASON_LABELS[s.reason]}</Table.Td>
                  <Table.Td>{displayDate(s.lastWorkingDay)}</Table.Td>
                  <Table.Td>{s.servicePeriod}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {inr(s.netPay)}
                  </Table.Td>
                  <Table.Td>
                    <SettlementStatusBadge status={s.status} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="View settlement">
                      <ActionIcon variant="subtle" component={Link} to={exitSettlementPath(s.id)} aria-label={`View settlement of ${s.employeeName}`}>
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {recording ? (
        <ExitFormModal
          settlement={null}
          prefill={prefill}
          onClose={() => {
            setRecording(false);
            setPrefill(null);
          }}
          onSaved={(s) => {
            setRecording(false);
            setPrefill(null);
            void queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
            void navigate(exitSettlementPath(s.id));
          }}
        />
      ) : null}
    </Stack>
  );
}
