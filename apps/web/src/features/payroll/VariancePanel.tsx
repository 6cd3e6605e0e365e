import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { monthLabel, type PayrollRun } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { changeColor } from './payroll-format';
import { inr, inrChange } from '../../ui/format';
import { useRunVariance } from './payroll.api';

const SECTION_LABELS = { earning: 'Earning', deduction: 'Deduction', employer: 'Employer contribution' } as const;

/**
 * This month against the last finalized one, per component. The reason for a change is recorded
 * per employee (the employees table's reason column); the button shows the employees whose net pay changed.
 */
export function VariancePanel({ run, onShowEmployees }: { run: PayrollRun; onShowEmployees?: () => void }) {
  const hasFigures = run.status !== 'draft' && run.status !== 'processing';
  const variance = useRunVariance(run.id, hasFigures);
  if (!hasFigures) return null;
  return (
    <Card component="section" aria-label="Variance by component">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} size="h5">
            Variance by component{variance.data?.comparedMonth ? ` against ${monthLabel(variance.data.comparedMonth)}` : ''}
          </Title>
          {onShowEmployees && (
            <Button variant="light" size="xs" onClick={onShowEmployees}>
              See the reasons per employee
            </Button>
          )}
        </Group>
        {variance.isPending ? (
          <PageLoader label="Loading variance" />
        ) : variance.isError ? (
          <ErrorState message={errorMessage(variance.error, 'Failed to load the variance.')} onRetry={() => void variance.refetch()} />
        ) : variance.data.comparedMonth === null ? (
          <EmptyState message="There is no earlier finalized month to compare with." />
        ) : variance.data.lines.length === 0 ? (
          <EmptyState message="No components to compare." />
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table aria-label="Variance by component" verticalSpacing={6} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Component</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">{monthLabel(variance.data.comparedMonth)}</Table.Th>
                  <Table.Th ta="right">{monthLabel(run.month)}</Table.Th>
                  <Table.Th ta="right">Difference</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {variance.data.lines.map((line) => (
                  <Table.Tr key={`${line.section}-${line.code}`}>
                    <Table.Td fw={line.difference !== 0 ? 600 : undefined}>{line.label}</Table.Td>
                    <Table.Td c="dimmed">{SECTION_LABELS[line.section]}</Table.Td>
                    <Table.Td ta="right">{inr(line.lastMonth)}</Table.Td>
                    <Table.Td ta="right">{inr(line.thisMonth)}</Table.Td>
                    <Table.Td ta="right">
                      <Text span size="sm" fw={line.difference !== 0 ? 600 : undefined} c={changeColor(line.difference)}>
                        {inrChange(line.difference)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
