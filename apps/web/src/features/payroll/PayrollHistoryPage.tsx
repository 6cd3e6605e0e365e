import { ActionIcon, Anchor, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { monthLabel } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { payrollHistoryRunPath } from '../../app/paths';
import { displayDate } from '../../ui/format';
import { ListCard } from '../../ui/ListCard';
import { runTotal } from './payroll-format';
import { useRuns } from './payroll.api';
import { RegisterIcon } from './RegisterDownload';
import { RunStatusBadge } from './RunStatusBadge';

export const HISTORY_COLUMNS = ['Month', 'Employees', 'Gross', 'Deductions', 'Net pay', 'Employer cost', 'Status', 'Finalized by', 'Finalized on', 'Actions'] as const;
const AMOUNT_COLUMNS = new Set<string>(['Employees', 'Gross', 'Deductions', 'Net pay', 'Employer cost']);

/** /payroll/payroll-history (administrators): every run, newest first; each opens read-only. */
export function PayrollHistoryPage() {
  const runs = useRuns();
  return (
    <Stack gap="md">
      <Title order={3}>Payroll History</Title>
      <ListCard
        loading={runs.isPending}
        error={runs.isError ? errorMessage(runs.error, 'Failed to load the payroll history.') : null}
        onRetry={() => void runs.refetch()}
        empty={(runs.data ?? []).length === 0}
        loadingLabel="Loading payroll history"
        emptyMessage="No payroll runs yet. The first month appears here once payroll is set up."
      >
        <Table.ScrollContainer minWidth={1100} type="native">
          <Table aria-label="Payroll runs" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {HISTORY_COLUMNS.map((c) => (
                  <Table.Th key={c} ta={AMOUNT_COLUMNS.has(c) ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(runs.data ?? []).map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>
                    <Anchor component={Link} to={payrollHistoryRunPath(run.id)} fw={600} size="sm">
                      {monthLabel(run.month)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{run.employeeCount}</Table.Td>
                  <Table.Td ta="right">{runTotal(run, run.grossEarnings)}</Table.Td>
                  <Table.Td ta="right">{runTotal(run, run.totalDeductions)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {runTotal(run, run.netPay)}
                  </Table.Td>
                  <Table.Td ta="right">{runTotal(run, run.employerCost)}</Table.Td>
                  <Table.Td>
                    <RunStatusBadge status={run.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{run.finalizedByName ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>{displayDate(run.finalizedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Open">
                        <ActionIcon variant="subtle" component={Link} to={payrollHistoryRunPath(run.id)} aria-label={`Open ${monthLabel(run.month)}`}>
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <RegisterIcon run={run} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
    </Stack>
  );
}
