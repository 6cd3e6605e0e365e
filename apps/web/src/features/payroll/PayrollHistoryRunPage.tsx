import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { useRun } from './payroll.api';
import { PayrollRunView } from './PayrollRunView';

/** /payroll/payroll-history/:runId (administrators): one run, read-only. */
export function PayrollHistoryRunPage() {
  const { runId = '' } = useParams();
  const run = useRun(runId);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.payrollHistory} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Payroll history
        </Group>
      </Anchor>
      {run.isPending ? (
        <PageLoader label="Loading payroll run" />
      ) : run.isError ? (
        <ErrorState message={errorMessage(run.error, 'Failed to load the payroll run.')} onRetry={() => void run.refetch()} />
      ) : (
        <PayrollRunView key={run.data.id} run={run.data} readOnly />
      )}
    </Stack>
  );
}
