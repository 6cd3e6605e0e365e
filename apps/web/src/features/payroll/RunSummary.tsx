import type { ReactNode } from 'react';
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { monthLabel, type PayrollRun } from '@tankha/contracts';
import { groupIndian } from '@tankha/domain';
import { displayDate } from '../../ui/format';
import { percentOf, runTotal } from './payroll-format';
import { RunStatusBadge } from './RunStatusBadge';

/** Month, period, pay date and status; once finalized or paid, who did it and when. */
export function RunHeader({ run, actions }: { run: PayrollRun; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={3}>{monthLabel(run.month)}</Title>
          <RunStatusBadge status={run.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Pay period {displayDate(run.periodStart)} – {displayDate(run.periodEnd)} · Pay date {displayDate(run.payDate)}
        </Text>
        {run.finalizedAt && (
          <Text size="sm" c="dimmed">
            Finalized{run.finalizedByName ? ` by ${run.finalizedByName}` : ''} on {displayDate(run.finalizedAt)}
          </Text>
        )}
        {run.paidOn && (
          <Text size="sm" c="dimmed">
            Paid on {displayDate(run.paidOn)}
            {run.paymentReference ? ` · Reference ${run.paymentReference}` : ''}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function holdsHint(run: PayrollRun): string | undefined {
  const parts: string[] = [];
  if (run.holds.payout > 0) parts.push(`${String(run.holds.payout)} payout on hold`);
  // Paid with a released payout the bank has not reported paid: said, so "Paid" does not hide it.
  if ((run.holds.releasedUnpaid ?? 0) > 0) parts.push(`${String(run.holds.releasedUnpaid ?? 0)} released payout awaiting payment`);
  if (run.holds.processing > 0) parts.push(`${String(run.holds.processing)} excluded`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

export function RunTotals({ run }: { run: PayrollRun }) {
  const money = (rupees: number) => runTotal(run, rupees);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label="Payroll totals">
      <StatCard label="Employees" value={groupIndian(run.employeeCount)} hint={holdsHint(run)} />
      <StatCard label="Gross earnings" value={money(run.grossEarnings)} />
      <StatCard label="Deductions" value={money(run.totalDeductions)} />
      <StatCard label="Net pay" value={money(run.netPay)} />
      <StatCard label="Employer cost" value={money(run.employerCost)} />
    </SimpleGrid>
  );
}

/** The live bar while the processing job works through the employees (polled every second). */
export function ProcessingProgress({ run }: { run: PayrollRun }) {
  const { done, total } = run.progress;
  const percent = percentOf(done, total);
  return (
    <Card component="section" aria-label="Processing progress">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Processing payroll…</Text>
          <Text size="sm" fw={600}>
            {groupIndian(done)} of {groupIndian(total)} employees ({percent}%)
          </Text>
        </Group>
        <Progress value={percent} size="lg" striped animated aria-label="Payroll processing progress" />
        <Text size="xs" c="dimmed">
          You can leave this page: processing continues on the server and its progress shows here when you come back.
        </Text>
      </Stack>
    </Card>
  );
}

/** Payslip PDFs rendered and e-mails sent after finalize, while either is incomplete. */
export function PayslipDeliveryProgress({ run, title }: { run: PayrollRun; title?: string }) {
  const { total, rendered, emailed } = run.payslips;
  const rows = [
    { label: 'Payslip PDFs generated', done: rendered },
    { label: 'Payslips e-mailed', done: emailed },
  ];
  return (
    <Stack gap="xs" aria-label={title ?? 'Payslip delivery'}>
      {title && <Text fw={600}>{title}</Text>}
      {rows.map((row) => (
        <Stack key={row.label} gap={2}>
          <Group justify="space-between">
            <Text size="sm">{row.label}</Text>
            <Text size="sm" c="dimmed">
              {groupIndian(row.done)} of {groupIndian(total)} ({percentOf(row.done, total)}%)
            </Text>
          </Group>
          <Progress value={percentOf(row.done, total)} aria-label={row.label} />
        </Stack>
      ))}
    </Stack>
  );
}
