import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconCash, IconExternalLink, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYROLL_MSG, can, monthLabel, type PayrollRun } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { PATHS, payrollHistoryRunPath } from '../../app/paths';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { BankFileModal } from './BankFileModal';
import { MarkPaidModal } from './MarkPaidModal';
import { payslipDeliveryPending } from './payroll-format';
import { latestFinalizedRun, useCurrentRun, useRuns } from './payroll.api';
import { PayrollRunView } from './PayrollRunView';
import { PayslipDeliveryProgress } from './RunSummary';

/** Before setup there is no open month: say so and point to the checklist (platform §2.6). */
export function PayrollNotSetUp() {
  return (
    <Card padding="xl">
      <Stack align="center" gap="sm" py="xl" maw={520} mx="auto" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconSettings size={30} aria-hidden />
        </ThemeIcon>
        <Title order={3}>
          {PAYROLL_MSG.payrollNotEnabled}
        </Title>
        <Text c="dimmed">
          Set up salary components, statutory components and payroll settings, then complete the payroll setup. The first payroll month opens here as a draft.
        </Text>
        <Button component={Link} to={PATHS.payrollSetup} mt="sm">
          Go to Payroll Setup
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The month finalized last, while it still needs something: its payslips going out, or the
 * payment to be recorded. The open month below is already the next one.
 */
function LatestFinalizedCard({ currentRunId }: { currentRunId: string }) {
  const user = useCurrentUser();
  const runs = useRuns();
  const [paying, setPaying] = useState<PayrollRun | null>(null);
  const [bankFile, setBankFile] = useState(false);
  const latest = latestFinalizedRun(runs.data ?? []);
  if (!latest || latest.id === currentRunId) return null;
  const unpaid = latest.status === 'finalized';
  if (!unpaid && !payslipDeliveryPending(latest)) return null;
  return (
    <Card component="section" aria-label={`${monthLabel(latest.month)} finalized`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            {monthLabel(latest.month)} is finalized{unpaid ? ' and not marked as paid yet' : ''}.
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" component={Link} to={payrollHistoryRunPath(latest.id)} leftSection={<IconExternalLink size={14} />}>
              Open {monthLabel(latest.month)}
            </Button>
            {unpaid && can(user.roleId, 'payroll.bank.export') && (
              <Button variant="default" size="xs" leftSection={<IconBuildingBank size={14} />} onClick={() => setBankFile(true)}>
                Bank transfer file
              </Button>
            )}
            {unpaid && can(user.roleId, 'payroll.run.finalize') && (
              <Button color="green" size="xs" leftSection={<IconCash size={14} />} onClick={() => setPaying(latest)}>
                Mark as Paid
              </Button>
            )}
          </Group>
        </Group>
        {payslipDeliveryPending(latest) && <PayslipDeliveryProgress run={latest} />}
      </Stack>
      {bankFile && <BankFileModal run={latest} scope="all" onClose={() => setBankFile(false)} />}
      {paying && (
        <MarkPaidModal
          run={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            void runs.refetch();
          }}
        />
      )}
    </Card>
  );
}

/** /payroll/payroll-run (administrators): the open month, from draft to finalized. */
export function PayrollRunPage() {
  const current = useCurrentRun();
  if (current.isPending) return <PageLoader label="Loading payroll" />;
  if (current.isError) {
    if (current.error instanceof ApiError && current.error.status === 404) return <PayrollNotSetUp />;
    return <ErrorState message={errorMessage(current.error, 'Failed to load the payroll.')} onRetry={() => void current.refetch()} />;
  }
  return (
    <Stack gap="md">
      <LatestFinalizedCard currentRunId={current.data.id} />
      <PayrollRunView key={current.data.id} run={current.data} />
    </Stack>
  );
}
