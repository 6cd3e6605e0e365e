import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { usePayslip } from './payslips.api';
import { PayslipView } from './PayslipView';

interface PayslipPageProps {
  /** Where Back goes when the page was not opened from another screen. */
  backTo: string;
  backLabel: string;
}

function isFrom(state: unknown): state is { from: string } {
  return typeof state === 'object' && state !== null && typeof (state as { from?: unknown }).from === 'string';
}

/** One payslip: an employee's own (/payslips/:id) or anyone's for administrators (/payroll/details/:id). */
export function PayslipPage({ backTo, backLabel }: PayslipPageProps) {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const payslip = usePayslip(id);
  const back = isFrom(state) ? { to: state.from, label: 'Back' } : { to: backTo, label: backLabel };
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <OfflineNotice />
      {payslip.isPending ? (
        <PageLoader label="Loading payslip" />
      ) : payslip.isError ? (
        <ErrorState message={errorMessage(payslip.error, 'Failed to load the payslip.')} onRetry={() => void payslip.refetch()} />
      ) : (
        <PayslipView payslip={payslip.data} />
      )}
    </Stack>
  );
}

export function MyPayslipPage() {
  const { pathname } = useLocation();
  const list = pathname.startsWith(PATHS.payrollPayslips) ? PATHS.payrollPayslips : PATHS.myPayslips;
  return <PayslipPage backTo={list} backLabel="Payslips" />;
}

export function PayrollDetailsPage() {
  return <PayslipPage backTo={PATHS.payrollRun} backLabel="Payroll run" />;
}
