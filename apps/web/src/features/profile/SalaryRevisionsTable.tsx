import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { monthLabel, type SalaryRevision } from '@tankha/contracts';
import { displayDate, rupeesText } from '../../ui/format';


function changes(revision: SalaryRevision): string[] {
  return revision.components
    .filter((c) => c.previousMonthly !== c.monthly)
    .map((c) => {
      const what = c.kind === 'deduction' ? `${c.name} (deduction)` : c.name;
      if (c.previousMonthly === null) return `${what}: added, ${rupeesText(c.monthly, { paise: 'auto' })} a month`;
      if (c.monthly === null) return `${what}: removed (was ${rupeesText(c.previousMonthly, { paise: 'auto' })} a month)`;
      return `${what}: ${rupeesText(c.previousMonthly, { paise: 'auto' })} → ${rupeesText(c.monthly, { paise: 'auto' })} a month`;
    });
}

function ArrearsCell({ revision }: { revision: SalaryRevision }) {
  if (revision.arrears.status === 'pending') {
    return (
      <Badge color="yellow" variant="light">
        Next payroll run
      </Badge>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">Paid in {monthLabel(revision.arrears.month ?? '')}</Text>
      {revision.arrears.amount ? (
        <Text size="xs" c="dimmed">
          Arrears {rupeesText(revision.arrears.amount, { paise: 'auto' })}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          No arrears
        </Text>
      )}
    </Stack>
  );
}

/** Revision history: effective date, CTC old → new, component changes, when the arrears were paid. */
export function SalaryRevisionsTable({ revisions }: { revisions: readonly SalaryRevision[] }) {
  return (
    <Stack gap="xs" mt="md">
      <Title order={4} size="h6">
        Revision history
      </Title>
      {revisions.length === 0 ? (
        <Text c="dimmed" size="sm">
          No salary revisions yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Revision history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Effective from</Table.Th>
                <Table.Th>Annual CTC</Table.Th>
                <Table.Th>Changes</Table.Th>
                <Table.Th>Arrears</Table.Th>
                <Table.Th>Revised by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revisions.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{displayDate(r.effectiveFrom)}</Table.Td>
                  <Table.Td>
                    {rupeesText(r.previousAnnualCTC, { paise: 'auto' })} → {rupeesText(r.annualCTC, { paise: 'auto' })}
                  </Table.Td>
                  <Table.Td>
                    {changes(r).map((line) => (
                      <Text size="sm" key={line}>
                        {line}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <ArrearsCell revision={r} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.createdByName ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {displayDate(r.createdAt.slice(0, 10))}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
