import { useState } from 'react';
import { Alert, Button, Card, Group, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { can, monthLabel } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { downloadForm24Q, useForm24QCheck } from './filings.api';
import { inr } from '../../ui/format';
import { Form24QFvuButton, TdsChallans } from './TdsChallans';

/** 'YYYY-YY' of the financial year starting in April `start`. */
const yearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;

/** The last quarter that has ended on `today` ('YYYY-MM-DD'): the one a return is due for. */
export function lastEndedQuarter(today: string): { yearStart: number; quarter: number } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const yearStart = m >= 4 ? y : y - 1;
  const current = m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4;
  return current === 1 ? { yearStart: yearStart - 1, quarter: 4 } : { yearStart, quarter: current - 1 };
}

/**
 * Form 24Q on the Reports page: pick a financial year and quarter, see Annexure I's
 * totals (and Annexure II's rows in Q4) with the validation list, download the workbook or the
 * text file for the File Validation Utility, and keep the quarter's TDS challans. Shown to who may
 * download the statutory files.
 */
export function Form24QCard() {
  const user = useCurrentUser();
  if (!can(user.roleId, 'payroll.filings.download')) return null;
  return <Form24QBody />;
}

function Form24QBody() {
  const today = useToday();
  const initial = lastEndedQuarter(today);
  const currentYearStart = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const [yearStart, setYearStart] = useState(initial.yearStart);
  const [quarter, setQuarter] = useState(initial.quarter);
  const [busy, setBusy] = useState(false);
  const financialYear = yearLabel(yearStart);
  const check = useForm24QCheck(financialYear, quarter);
  const years = [0, 1, 2, 3].map((i) => currentYearStart - i);
  const c = check.data;
  const problems = c ? c.organisationErrors.length + c.errors.length : 0;

  const download = async () => {
    if (!c) return;
    setBusy(true);
    try {
      await downloadForm24Q(financialYear, quarter, c.fileName);
      toast.success('Form 24Q downloaded');
    } catch (error) {
      toastApiError(error, 'Failed to download Form 24Q');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="section" aria-label="Form 24Q">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Title order={4}>Form 24Q (TDS on salary)</Title>
            <Text size="sm" c="dimmed">
              Annexure I every quarter; Annexure II (the year per employee) in Q4. Built from the finalized months.
            </Text>
          </Stack>
          <Group gap="sm" align="flex-end">
            <Select label="Financial year" w={140} allowDeselect={false} value={String(yearStart)} onChange={(v) => v && setYearStart(Number(v))} data={years.map((s) => ({ value: String(s), label: yearLabel(s) }))} />
            <Select label="Quarter" w={200} allowDeselect={false} value={String(quarter)} onChange={(v) => v && setQuarter(Number(v))} data={QUARTERS} />
            <Button leftSection={<IconDownload size={16} />} disabled={!c} loading={busy} onClick={() => void download()}>
              Download Form 24Q
            </Button>
            <Form24QFvuButton financialYear={financialYear} quarter={quarter} />
          </Group>
        </Group>

        {check.isPending && <Text size="sm" c="dimmed">Checking Q{quarter} {financialYear}…</Text>}
        {check.isError && (
          <Text size="sm" c="dimmed">
            {errorMessage(check.error, 'Could not check Form 24Q.')}
          </Text>
        )}
        {c && (
          <>
            <Table aria-label="Form 24Q months" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Employees</Table.Th>
                  <Table.Th ta="right">Amount paid</Table.Th>
                  <Table.Th ta="right">TDS deducted</Table.Th>
                  <Table.Th ta="right">TDS deposited</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.monthTotals.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>
                      {monthLabel(m.month)}
                      {c.missingMonths.includes(m.month) ? ' (not finalized)' : ''}
                    </Table.Td>
                    {c.missingMonths.includes(m.month) ? (
                      <Table.Td colSpan={4} ta="right" c="dimmed">
                        —
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td ta="right">{m.deductees}</Table.Td>
                        <Table.Td ta="right">{inr(m.amountPaid)}</Table.Td>
                        <Table.Td ta="right">{inr(m.tdsDeducted)}</Table.Td>
                        <Table.Td ta="right">{inr(m.tdsDeposited)}</Table.Td>
                      </>
                    )}
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td>Total</Table.Td>
                  <Table.Td ta="right">{c.totals.deductees}</Table.Td>
                  <Table.Td ta="right">{inr(c.totals.amountPaid)}</Table.Td>
                  <Table.Td ta="right">{inr(c.totals.tdsDeducted)}</Table.Td>
                  <Table.Td ta="right">{inr(c.totals.tdsDeposited)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {c.annexureII && (
              <Text size="sm" c="dimmed">
                Annexure II: {c.annexureII.length} employee{c.annexureII.length === 1 ? '' : 's'}, {c.annexureII.filter((r) => r.newRegime === 'Y').length} in the new regime.
              </Text>
            )}
            {problems === 0 && c.warnings.length === 0 ? (
              <Text size="sm" c="teal">
                No problems found.
              </Text>
            ) : (
              <Alert color={problems > 0 ? 'red' : 'yellow'} title={problems > 0 ? `${String(problems)} problem${problems === 1 ? '' : 's'} to fix` : 'Note'}>
                <List size="sm" aria-label="Form 24Q problems">
                  {c.organisationErrors.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                  {c.errors.map((e) => (
                    <List.Item key={`${e.userId}-${e.field}`}>
                      {e.employeeNumber ? `${e.employeeNumber} ${e.name}` : e.name}: {e.message}
                    </List.Item>
                  ))}
                  {c.warnings.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </>
        )}
        <TdsChallans yearStart={yearStart} financialYear={financialYear} quarter={quarter} />
      </Stack>
    </Card>
  );
}

const QUARTERS = [
  { value: '1', label: 'Q1 (April–June)' },
  { value: '2', label: 'Q2 (July–September)' },
  { value: '3', label: 'Q3 (October–December)' },
  { value: '4', label: 'Q4 (January–March)' },
];
