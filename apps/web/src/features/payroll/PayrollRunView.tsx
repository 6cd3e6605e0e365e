import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Stack, Text, Tooltip } from '@mantine/core';
import { IconCash, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYROLL_MSG, can, payrollMonthHasBegun, type PayrollRun } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { BankPaymentsPanel, hasBankTransfer } from './BankPaymentsPanel';
import { FinalizeModal } from './FinalizeModal';
import { MarkPaidModal } from './MarkPaidModal';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { isProcessingStopped, isRunEditable, payslipDeliveryPending } from './payroll-format';
import { PAYROLL_KEY, processRun, type EmployeeFilter } from './payroll.api';
import { RegisterButton, hasRegister } from './RegisterDownload';
import { RunEmployeesTable } from './RunEmployeesTable';
import { StaleNotice } from './StaleNotice';
import { StatutoryFiles } from './StatutoryFiles';
import { PayslipDeliveryProgress, ProcessingProgress, RunHeader, RunTotals } from './RunSummary';
import { VariancePanel } from './VariancePanel';
import { WarningsPanel } from './WarningsPanel';

interface PayrollRunViewProps {
  run: PayrollRun;
  /** History: figures only, no changes (a finalized run can still be marked as paid). */
  readOnly?: boolean;
}

/**
 * One payroll month: header and actions, live processing progress, totals, warnings before
 * processing, the employees table and the variance against last month.
 */
export function PayrollRunView({ run, readOnly = false }: PayrollRunViewProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const editable = !readOnly && can(user.roleId, 'payroll.run.manage') && isRunEditable(run);
  const mayFinalize = can(user.roleId, 'payroll.run.finalize');
  // A month that has not begun cannot be processed or finalized (the server refuses it the same way).
  const begun = payrollMonthHasBegun(run);
  const notBegun = begun ? null : PAYROLL_MSG.monthNotBegun(run.month, run.periodStart);
  const [filter, setFilter] = useState<EmployeeFilter>('all');
  // Once nobody is stale (re-processed here or elsewhere) the 'changed' filter has nothing to keep: back to all.
  if (filter === 'stale' && run.staleCount === 0) setFilter('all');
  const [dialog, setDialog] = useState<'finalize' | 'paid' | null>(null);
  const [starting, setStarting] = useState(false);

  // When processing ends (or any status change), the rows, warnings and variance have new figures.
  const previousStatus = useRef(run.status);
  useEffect(() => {
    if (previousStatus.current === run.status) return;
    previousStatus.current = run.status;
    for (const part of ['employees', 'warnings', 'variance', 'runs']) void queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY, part] });
  }, [queryClient, run.status]);

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });

  const startProcessing = async () => {
    setStarting(true);
    try {
      await processRun(run.id);
      toast.success(PAYROLL_MSG.processingStarted);
      await refreshAll();
    } catch (error) {
      toastApiError(error, 'Failed to start processing');
    } finally {
      setStarting(false);
    }
  };

  const actions = (
    <>
      {hasRegister(run) && <RegisterButton run={run} />}
      {editable && (
        <Tooltip label={notBegun} disabled={begun}>
          <span>
            <Button leftSection={<IconPlayerPlay size={16} />} loading={starting} disabled={!begun} onClick={() => void startProcessing()}>
              Process Payroll
            </Button>
          </span>
        </Tooltip>
      )}
      {!readOnly && mayFinalize && isRunEditable(run) && (
        <Tooltip label={notBegun ?? PAYROLL_MSG.runNotProcessed} disabled={begun && run.status === 'processed'}>
          {/* The span receives the hover a disabled button does not, so the reason still shows. */}
          <span>
            <Button color="red" leftSection={<IconLock size={16} />} disabled={!begun || run.status !== 'processed'} onClick={() => setDialog('finalize')}>
              Finalize Payroll
            </Button>
          </span>
        </Tooltip>
      )}
      {mayFinalize && run.status === 'finalized' && (
        <Button color="green" leftSection={<IconCash size={16} />} onClick={() => setDialog('paid')}>
          Mark as Paid
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <RunHeader run={run} actions={actions} />
      {run.lastError && (
        <Alert color="red" variant="light" title="Processing stopped" role="alert">
          {run.lastError}
          {editable ? ' Fix the cause and press Process Payroll again; employees already done are kept.' : ''}
        </Alert>
      )}
      {notBegun && !readOnly && isRunEditable(run) && (
        <Alert color="blue" variant="light" title="This month has not begun" role="status">
          {`${notBegun}.`}
          {editable ? ' One-time earnings and deductions and holds can be added meanwhile.' : ''}
        </Alert>
      )}
      {begun && run.status === 'draft' && !run.lastError && editable && (
        <Text size="sm" c="dimmed">
          Not processed yet. Add one-time earnings and deductions and holds, fix the warnings, then press Process Payroll.
        </Text>
      )}
      {run.processingNotice && (
        <Alert color={run.processingNotice.kind === 'stalled' ? 'yellow' : 'blue'} variant="light" title={run.processingNotice.kind === 'stalled' ? 'Processing is not moving' : 'Processing resumed by itself'} role="status">
          {run.processingNotice.message}
        </Alert>
      )}
      {run.status === 'processing' && !isProcessingStopped(run) && <ProcessingProgress run={run} />}
      {payslipDeliveryPending(run) && (
        <Card>
          <PayslipDeliveryProgress run={run} title="Payslips are being generated and e-mailed" />
        </Card>
      )}
      {!readOnly && <StaleNotice run={run} editable={editable} filtered={filter === 'stale'} onShowThem={() => setFilter('stale')} />}
      <RunTotals run={run} />
      {hasBankTransfer(run) && can(user.roleId, 'payroll.bank.export') && <BankPaymentsPanel run={run} />}
      <StatutoryFiles run={run} />
      {!readOnly && (isRunEditable(run) || run.status === 'processing') && <WarningsPanel run={run} />}
      <RunEmployeesTable run={run} editable={editable} filter={filter} onFilterChange={setFilter} />
      <VariancePanel run={run} onShowEmployees={() => setFilter('variance')} />

      {dialog === 'finalize' && (
        <FinalizeModal
          run={run}
          onClose={() => setDialog(null)}
          onFinalized={() => {
            setDialog(null);
            void refreshAll();
          }}
          onRefused={() => void refreshAll()}
        />
      )}
      {dialog === 'paid' && (
        <MarkPaidModal
          run={run}
          onClose={() => setDialog(null)}
          onPaid={() => {
            setDialog(null);
            void refreshAll();
          }}
        />
      )}
    </Stack>
  );
}
