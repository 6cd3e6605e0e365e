import { useState, type ComponentType } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconRefresh, IconSettings, IconUpload } from '@tabler/icons-react';
import {
  BANK_FILE_TEMPLATE_LABELS,
  PAYROLL_RUN_STATUS_LABELS,
  can,
  monthLabel,
  payrollReportKindLabel,
  type BankFileTemplate,
  type PayrollReport,
  type PayrollReportKind,
  type PayrollRun,
  type PermissionAction,
} from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { DEFAULT_TIME_ZONE } from '../../app/today';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { displayDate, inr } from '../../ui/format';
import { BankFileModal } from './BankFileModal';
import { BankReturnModal } from './BankReturnModal';
import { BankSettingsModal } from './BankSettingsModal';
import { hasBankTransfer } from './BankPaymentsPanel';
import { useBankPayments, useBankSettings, usePayrollReports } from './bank.api';
import { useRuns } from './payroll.api';
import { RegisterButton, hasRegister } from './RegisterDownload';
import { RunStatusBadge } from './RunStatusBadge';
import { StatutoryFiles } from './StatutoryFiles';
import { Form24QCard } from './Form24QCard';

/**
 * One output of a payroll month on the Reports page: what it is, when the month has it, and its
 * buttons. Adding an output is one entry in PAYROLL_OUTPUTS; the statutory returns and the journal
 * have their own card (StatutoryFiles, with the ECR and ESIC checks), shown under it.
 */
export interface PayrollOutput {
  kind: PayrollReportKind;
  description: string;
  /** Whether the month has this output yet (the register once processed, the bank file once finalized). */
  available: (run: PayrollRun) => boolean;
  /** Said instead of the buttons while the month does not have it. */
  unavailableText: string;
  /** Who sees the row (default: everyone who sees the page). */
  permission?: PermissionAction;
  Actions: ComponentType<{ run: PayrollRun }>;
}

export const PAYROLL_OUTPUTS: readonly PayrollOutput[] = [
  {
    kind: 'register',
    description: 'Every payslip of the month, one column per component, with totals (Excel).',
    available: hasRegister,
    unavailableText: 'Ready once the month is processed',
    Actions: RegisterButton,
  },
  {
    kind: 'bank',
    description: 'The salary transfer in the organisation’s bank template; who is left out (payout on hold, missing bank details) is listed before the download.',
    available: hasBankTransfer,
    unavailableText: 'Ready once the month is finalized',
    permission: 'payroll.bank.export',
    Actions: BankFileActions,
  },
];

/** The month's newest finalized (or paid) run first, else the newest with figures, else the newest. */
function defaultMonth(runs: readonly PayrollRun[]): string | null {
  return (runs.find((r) => hasBankTransfer(r)) ?? runs.find((r) => hasRegister(r)) ?? runs[0])?.month ?? null;
}

/** /payroll/reports (administrators and moderators): the month's outputs and every file generated for it. */
export function PayrollReportsPage() {
  const user = useCurrentUser();
  const runs = useRuns();
  const [chosen, setChosen] = useState<string | null>(null);
  const [editingSettings, setEditingSettings] = useState(false);
  const mayManageBank = can(user.roleId, 'payroll.settings.manage');
  const bankSettings = useBankSettings(mayManageBank);
  const month = chosen ?? defaultMonth(runs.data ?? []);
  const run = (runs.data ?? []).find((r) => r.month === month) ?? null;
  const reports = usePayrollReports(month);

  if (runs.isPending) return <PageLoader label="Loading payroll reports" />;
  if (runs.isError) return <ErrorState message={errorMessage(runs.error, 'Failed to load the payroll months.')} onRetry={() => void runs.refetch()} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>Payroll Reports</Title>
        <Group gap="sm" align="flex-end">
          {mayManageBank && bankSettings.data && (
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setEditingSettings(true)}>
              Bank file settings
            </Button>
          )}
          <Select
            label="Month"
            w={220}
            allowDeselect={false}
            value={month}
            onChange={setChosen}
            data={(runs.data ?? []).map((r) => ({
              value: r.month,
              label: `${monthLabel(r.month)} · ${PAYROLL_RUN_STATUS_LABELS[r.status]}`,
            }))}
            placeholder={runs.data?.length ? 'Choose a month' : 'No payroll months yet'}
          />
        </Group>
      </Group>

      {run ? (
        <Card withBorder component="section" aria-label={`Outputs for ${monthLabel(run.month)}`}>
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={4}>Outputs for {monthLabel(run.month)}</Title>
              <RunStatusBadge status={run.status} size="sm" />
            </Group>
            <ResponsiveList
              bare
              withHeader={false}
              label="Payroll outputs"
              columns={outputColumns(run)}
              rows={PAYROLL_OUTPUTS.filter((o) => !o.permission || can(user.roleId, o.permission))}
              rowKey={(o) => o.kind}
              loading={false}
              error={null}
              onRetry={() => undefined}
              loadingLabel="Loading the outputs"
              emptyMessage="No outputs"
            />
          </Stack>
        </Card>
      ) : (
        <Card withBorder>
          <Text c="dimmed">No payroll months yet. Outputs appear here once payroll is set up and a month is processed.</Text>
        </Card>
      )}

      {/* The month's returns and journal (ECR, ESIC, PT, LWF, journal): shown for a finalized month to who may download them. */}
      {run && <StatutoryFiles key={run.id} run={run} />}

      {/* Form 24Q is per quarter of the financial year, not per month. */}
      <Form24QCard />

      {month && (
        <Stack gap="xs">
          <Title order={4}>Generated files</Title>
          <ResponsiveList
            label="Generated files"
            columns={GENERATED_FILE_COLUMNS}
            rows={reports.data ?? []}
            rowKey={(r) => r.id}
            {...queryListState(reports, 'Failed to load the generated files.')}
            loadingLabel="Loading generated files"
            emptyMessage={`No files have been generated for ${monthLabel(month)} yet.`}
            minWidth={980}
          />
        </Stack>
      )}
      {editingSettings && bankSettings.data && <BankSettingsModal settings={bankSettings.data} onClose={() => setEditingSettings(false)} />}
    </Stack>
  );
}

/**
 * The outputs as the web kit's list (ResponsiveList): a table from `sm` up, a card per output on a
 * phone, its buttons wrapping under the name rather than cut off at the table's edge.
 */
function outputColumns(run: PayrollRun): ListColumn<PayrollOutput>[] {
  return [
    {
      label: 'Output',
      primary: true,
      tdProps: { w: '60%' },
      cell: (o) => (
        <>
          <Text fw={600} size="sm">
            {payrollReportKindLabel(o.kind)}
          </Text>
          <Text size="sm" c="dimmed" fw={400}>
            {o.description}
          </Text>
        </>
      ),
    },
    {
      label: 'Files',
      cell: (o) => (
        <Group gap="xs" justify="flex-end">
          {o.available(run) ? (
            <o.Actions run={run} />
          ) : (
            <Text size="sm" c="dimmed">
              {o.unavailableText}
            </Text>
          )}
        </Group>
      ),
    },
  ];
}

const GENERATED_FILE_COLUMNS: readonly ListColumn<PayrollReport>[] = [
  {
    label: 'Output',
    primary: true,
    cell: (r) => (
      <Text size="sm" fw={500}>
        {payrollReportKindLabel(r.kind)}
      </Text>
    ),
  },
  {
    label: 'Generated on',
    tdProps: { style: { whiteSpace: 'nowrap' } },
    cell: (r) => (
      <>
        <Text size="sm">{displayDate(dateInZone(new Date(r.generatedAt), DEFAULT_TIME_ZONE))}</Text>
        <Text size="xs" c="dimmed">
          {timeOfDay(r.generatedAt)}
        </Text>
      </>
    ),
  },
  {
    label: 'File name',
    cell: (r) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {r.fileName}
      </Text>
    ),
  },
  { label: 'Employees', tdProps: { ta: 'right' }, cell: (r) => r.employees ?? '—' },
  { label: 'Total', tdProps: { ta: 'right' }, cell: (r) => (r.total === null ? '—' : inr(r.total)) },
  {
    label: 'Details',
    cell: (r) => (
      <Text size="xs" c="dimmed">
        {summaryText(r) || '—'}
      </Text>
    ),
  },
  { label: 'Generated by', cell: (r) => r.generatedByName ?? 'System' },
];

/** The bank file's row: the file, the re-export of failed payments, and the return file (the Administrator). */
function BankFileActions({ run }: { run: PayrollRun }) {
  const user = useCurrentUser();
  const payments = useBankPayments(run.id, true);
  const [dialog, setDialog] = useState<'all' | 'failed' | 'return' | null>(null);
  const failed = payments.data?.counts.failed ?? 0;
  return (
    <>
      <Button size="xs" leftSection={<IconBuildingBank size={14} />} onClick={() => setDialog('all')}>
        Bank transfer file
      </Button>
      {failed > 0 && (
        <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => setDialog('failed')}>
          Re-export failed ({failed})
        </Button>
      )}
      {can(user.roleId, 'payroll.bank.import') && (
        <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} onClick={() => setDialog('return')}>
          Return file
        </Button>
      )}
      {(dialog === 'all' || dialog === 'failed') && <BankFileModal run={run} scope={dialog} onClose={() => setDialog(null)} />}
      {dialog === 'return' && <BankReturnModal run={run} onClose={() => setDialog(null)} />}
    </>
  );
}

/** '10:53 am' in India (instants are stored in UTC). */
function timeOfDay(instant: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: DEFAULT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(instant));
}

const SCOPE_LABELS: Record<string, string> = {
  all: 'all payments',
  failed: 'failed payments only',
};

/** What else an output recorded about itself, in words (the bank file's template and value date, a return file's counts). */
export function summaryText(report: Pick<PayrollReport, 'kind' | 'summary'>): string {
  const s = report.summary;
  const parts: string[] = [];
  const num = (key: string) => (typeof s[key] === 'number' ? (s[key] as number) : null);
  if (typeof s.template === 'string' && s.template in BANK_FILE_TEMPLATE_LABELS) parts.push(BANK_FILE_TEMPLATE_LABELS[s.template as BankFileTemplate]);
  if (typeof s.scope === 'string' && SCOPE_LABELS[s.scope]) parts.push(SCOPE_LABELS[s.scope] ?? '');
  if (typeof s.valueDate === 'string') parts.push(`value date ${displayDate(s.valueDate)}`);
  const leftOut = num('leftOut');
  if (leftOut) parts.push(`${String(leftOut)} left out`);
  if (report.kind === 'bank-return') {
    parts.push(`${String(num('paid') ?? 0)} paid`, `${String(num('failed') ?? 0)} failed`);
    const unchanged = num('unchanged');
    if (unchanged) parts.push(`${String(unchanged)} unchanged`);
  }
  return parts.join(' · ');
}
