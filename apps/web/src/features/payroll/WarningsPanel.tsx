import { Alert, Anchor, Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAYROLL_WARNING_LABELS, type PayrollRun } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { profilePath } from '../../app/paths';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { useRunWarnings } from './payroll.api';

/**
 * Employees whose details would stop a payment or a return, listed before finalize so they are fixed first, not discovered after: no salary structure, bank
 * details a bank would refuse (that employee's bank line is held), a missing or malformed PAN, UAN or
 * ESI number, and deductions over half the wages. Each links to the profile where it is fixed.
 */
export function WarningsPanel({ run }: { run: PayrollRun }) {
  const warnings = useRunWarnings(run.id, run.warningCount > 0);
  if (run.warningCount === 0) return null;
  return (
    <Card component="section" aria-label="Warnings">
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-yellow-7)" aria-hidden />
          <Title order={4} size="h5">
            {run.warningCount === 1 ? '1 employee needs attention' : `${String(run.warningCount)} employees need attention`}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Without a salary structure an employee is paid nothing; with a missing or invalid bank account or IFSC their line is left out of the bank file (the
          others are paid); EPFO and ESIC refuse a line without a valid UAN or ESI number. Fix these in the employee's profile before finalizing. Deductions over
          half of the wages exceed what the Code on Wages 2019 (s.18(2)) allows.
        </Text>
        {warnings.isPending ? (
          <PageLoader label="Loading warnings" />
        ) : warnings.isError ? (
          <ErrorState message={errorMessage(warnings.error, 'Failed to load the warnings.')} onRetry={() => void warnings.refetch()} />
        ) : warnings.data.length === 0 ? (
          <Alert color="teal" variant="light">
            Every employee's details are now complete.
          </Alert>
        ) : (
          <ScrollArea.Autosize mah={280} type="auto">
            <Table aria-label="Employees with warnings" verticalSpacing={6}>
              <Table.Tbody>
                {warnings.data.map((w) => (
                  <Table.Tr key={w.userId}>
                    {/* One cell: on a narrow screen the badges move under the name instead of being cut short. */}
                    <Table.Td>
                      <Group justify="space-between" gap={6} wrap="wrap">
                        <div>
                          <Anchor component={Link} to={profilePath(w.userId)} size="sm" fw={600}>
                            {w.name}
                          </Anchor>
                          {w.employeeNumber && (
                            <Text span size="xs" c="dimmed" ml={6}>
                              {w.employeeNumber}
                            </Text>
                          )}
                        </div>
                        <Group gap={6}>
                          {w.bankLineHeld && (
                            <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
                              Bank line held
                            </Badge>
                          )}
                          {w.warnings.map((k) => (
                            <Badge key={k} color="yellow" variant="light" size="sm" style={{ flexShrink: 0 }}>
                              {PAYROLL_WARNING_LABELS[k]}
                            </Badge>
                          ))}
                        </Group>
                      </Group>
                      <Stack component="ul" gap={0} m={0} mt={4} pl="md">
                        {w.messages.map((m) => (
                          <Text component="li" key={m} size="xs" c="dimmed">
                            {m}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
