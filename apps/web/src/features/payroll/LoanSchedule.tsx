import { Badge, Drawer, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { LOAN_KIND_LABELS, LOAN_PURPOSE_LABELS, LOAN_STATUS_LABELS, monthLabel, type Loan } from '@tankha/contracts';
import { inr } from '../../ui/format';

const STATUS_COLORS: Record<Loan['status'], string> = { active: 'blue', closed: 'green', cancelled: 'gray' };
const INSTALMENT_LABELS: Record<Loan['schedule'][number]['status'], string> = { recovered: 'Recovered', pending: 'In the open month', scheduled: 'Scheduled' };

export function LoanStatusBadge({ status }: { status: Loan['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm">
      {LOAN_STATUS_LABELS[status]}
    </Badge>
  );
}

const rate = (percent: number) => (percent === 0 ? 'Interest-free' : `${percent.toFixed(2)}% a year`);

/** Terms, balance and the month-by-month schedule of one loan (the administrator's drawer and the employee's page). */
export function LoanDetails({ loan }: { loan: Loan }) {
  const facts: [string, string][] = [
    ['Type', `${LOAN_KIND_LABELS[loan.kind]} · ${LOAN_PURPOSE_LABELS[loan.purpose]}`],
    ['Amount', inr(loan.amount)],
    ['Interest', rate(loan.interestRate)],
    ['Instalments', `${String(loan.instalments)} × ${inr(loan.emi)}${loan.schedule.length > 1 && loan.schedule[loan.schedule.length - 1]?.amount !== loan.emi ? ' (the last one differs)' : ''}`],
    ['Recovered', `${String(loan.recoveredCount)} of ${String(loan.instalments)}: principal ${inr(loan.recoveredPrincipal)}, interest ${inr(loan.recoveredInterest)}`],
    ['Balance', inr(loan.balance)],
    ['Next instalment', loan.nextInstalment ? `${inr(loan.nextInstalment.amount)} in ${monthLabel(loan.nextInstalment.month)}` : '—'],
    ['Perquisite for tax this year', loan.sbiRate === null ? 'No SBI rate recorded' : `${inr(loan.perquisiteThisYear)} (SBI rate ${loan.sbiRate.toFixed(2)}%)`],
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="xs">
        {facts.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={label === 'Balance' ? 700 : 500}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {loan.deferrals.length > 0 && (
        <Text size="sm" c="orange.8">
          Deferred: {loan.deferrals.map((d) => `instalment ${String(d.instalmentNo)} in ${monthLabel(d.month)}`).join(', ')} (the pay could not cover it; taken the next month).
        </Text>
      )}
      {loan.note && (
        <Text size="sm" c="dimmed">
          {loan.note}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560} type="native">
        <Table aria-label={`Repayment schedule of ${loan.employeeName}'s ${LOAN_KIND_LABELS[loan.kind].toLowerCase()}`} striped verticalSpacing={4} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              {['No.', 'Month', 'Principal', 'Interest', 'Instalment', 'Balance after', 'Status'].map((c) => (
                <Table.Th key={c} ta={['Principal', 'Interest', 'Instalment', 'Balance after'].includes(c) ? 'right' : undefined}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loan.schedule.map((i) => (
              <Table.Tr key={i.no}>
                <Table.Td>{i.no}</Table.Td>
                <Table.Td>{loan.status === 'cancelled' ? '—' : monthLabel(i.month)}</Table.Td>
                <Table.Td ta="right">{inr(i.principal)}</Table.Td>
                <Table.Td ta="right">{inr(i.interest)}</Table.Td>
                <Table.Td ta="right">{inr(i.amount)}</Table.Td>
                <Table.Td ta="right">{inr(i.closing)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c={i.status === 'recovered' ? 'green.8' : 'dimmed'}>
                    {loan.status === 'cancelled' ? 'Cancelled' : INSTALMENT_LABELS[i.status]}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function LoanScheduleDrawer({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={600}>
            {loan.employeeName}: {LOAN_KIND_LABELS[loan.kind].toLowerCase()} of {inr(loan.amount)}
          </Text>
          <LoanStatusBadge status={loan.status} />
        </Group>
      }
    >
      <LoanDetails loan={loan} />
    </Drawer>
  );
}
