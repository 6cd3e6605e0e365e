import { useState } from 'react';
import { Button, Card, Group, Modal, NumberInput, Pagination, SegmentedControl, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_ADJUSTMENT_KIND_LABELS, LEAVE_ADJUSTMENT_KINDS, LEAVE_MSG, leaveAdjustmentInputSchema, type LeaveAdjustmentKind, type LeaveBalanceRow } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { displayDate } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { EmployeePicker } from '../payroll/ExitFormModal';
import { LEAVE_KEY, adjustLeaveBalance, useLeaveAdjustments, useLeaveBalances } from './leave.api';
import { formFailure } from '../../ui/kit/form-failure';

export const BALANCE_COLUMNS = ['Leave Type', 'Entitled', 'Carried Forward', 'Adjustment', 'Used', 'Pending', 'Available', 'Actions'] as const;
export const HISTORY_COLUMNS = ['Date', 'Leave Type', 'Change', 'Days', 'Before', 'After', 'Reason', 'By'] as const;
const HISTORY_PAGE_SIZE = 10;

const signed = (days: number) => (days > 0 ? `+${String(days)}` : String(days));

/**
 * /leaves/customize-balance (administrators and moderators): an employee's balances of a year, opening
 * balances and adjustments with a reason, and the audit trail of every change (who, when, before, after).
 */
export function CustomizeBalancePage() {
  const queryClient = useQueryClient();
  const thisYear = Number(useToday().slice(0, 4));
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [year, setYear] = useState(thisYear);
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<LeaveBalanceRow | null>(null);
  const balances = useLeaveBalances(employeeId ?? undefined, year, employeeId !== null);
  const history = useLeaveAdjustments(employeeId, year, page);
  const paid = (balances.data ?? []).filter((b) => !b.isUnlimited);

  return (
    <Stack gap="md">
      <Title order={2}>Customize Balance</Title>
      <Group align="flex-end">
        <div style={{ minWidth: 280 }}>
          <EmployeePicker
            value={employeeId}
            onChange={(id) => {
              setEmployeeId(id);
              setPage(1);
            }}
          />
        </div>
        <Select
          label="Year"
          w={120}
          allowDeselect={false}
          data={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: String(y), label: String(y) }))}
          value={String(year)}
          onChange={(v) => {
            if (v) setYear(Number(v));
            setPage(1);
          }}
        />
      </Group>

      {employeeId === null ? (
        <Card withBorder radius="md" p="xl">
          <EmptyState message="Select an employee to see and customize their leave balances." />
        </Card>
      ) : (
        <>
          <Card withBorder padding={0} radius="md">
            {balances.isPending ? (
              <PageLoader label="Loading leave balances" />
            ) : balances.isError ? (
              <Stack p="md">
                <ErrorState message={errorMessage(balances.error, 'Failed to load leave balances.')} onRetry={() => void balances.refetch()} />
              </Stack>
            ) : paid.length === 0 ? (
              <Stack p="xl">
                <EmptyState message="No paid leave types apply to this employee." />
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={820} type="native">
                <Table aria-label="Leave balances" verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      {BALANCE_COLUMNS.map((c) => (
                        <Table.Th key={c}>{c}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {paid.map((b) => (
                      <Table.Tr key={b.leaveTypeId}>
                        <Table.Td>{b.leaveTypeName}</Table.Td>
                        <Table.Td>{b.entitled}</Table.Td>
                        <Table.Td>{b.carriedForward}</Table.Td>
                        <Table.Td>{signed(b.adjustment)}</Table.Td>
                        <Table.Td>{b.used}</Table.Td>
                        <Table.Td>{b.pending}</Table.Td>
                        <Table.Td fw={600}>{b.available}</Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="light" aria-label={`Adjust ${b.leaveTypeName}`} onClick={() => setAdjusting(b)}>
                            Adjust
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>

          <Title order={4}>Adjustment History</Title>
          <Card withBorder padding={0} radius="md">
            {history.isPending ? (
              <PageLoader label="Loading adjustment history" />
            ) : history.isError ? (
              <Stack p="md">
                <ErrorState message={errorMessage(history.error, 'Failed to load the adjustment history.')} onRetry={() => void history.refetch()} />
              </Stack>
            ) : history.data.rows.length === 0 ? (
              <Stack p="xl">
                <EmptyState message="No balance changes recorded for this year." />
              </Stack>
            ) : (
              <Stack gap="sm">
                <Table.ScrollContainer minWidth={900} type="native">
                  <Table aria-label="Adjustment history" verticalSpacing="sm" horizontalSpacing="md">
                    <Table.Thead>
                      <Table.Tr>
                        {HISTORY_COLUMNS.map((c) => (
                          <Table.Th key={c}>{c}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {history.data.rows.map((r) => (
                        <Table.Tr key={r.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(r.createdAt)}</Table.Td>
                          <Table.Td>{r.leaveTypeName}</Table.Td>
                          <Table.Td>{LEAVE_ADJUSTMENT_KIND_LABELS[r.kind]}</Table.Td>
                          <Table.Td>{signed(r.days)}</Table.Td>
                          <Table.Td>{r.balanceBefore}</Table.Td>
                          <Table.Td>{r.balanceAfter}</Table.Td>
                          <Table.Td>{r.reason}</Table.Td>
                          <Table.Td>{r.createdByName ?? '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {history.data.totalRecords > HISTORY_PAGE_SIZE && (
                  <Group justify="flex-end" p="sm">
                    <Pagination total={Math.ceil(history.data.totalRecords / HISTORY_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Adjustment history pages" />
                  </Group>
                )}
              </Stack>
            )}
          </Card>
        </>
      )}

      {adjusting && employeeId && (
        <AdjustBalanceModal
          balance={adjusting}
          employeeId={employeeId}
          year={year}
          onClose={() => setAdjusting(null)}
          onSaved={() => {
            setAdjusting(null);
            void queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
          }}
        />
      )}
    </Stack>
  );
}

interface AdjustValues {
  kind: LeaveAdjustmentKind;
  days: number | string;
  reason: string;
}
const FIELDS = ['days', 'reason', 'kind'] as const;
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

function AdjustBalanceModal({ balance, employeeId, year, onClose, onSaved }: { balance: LeaveBalanceRow; employeeId: string; year: number; onClose: () => void; onSaved: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AdjustValues>({
    initialValues: { kind: 'adjustment', days: '', reason: '' },
    validate: (v) => zodFieldErrors(leaveAdjustmentInputSchema, { employeeId, leaveTypeId: balance.leaveTypeId, year, kind: v.kind, days: num(v.days), reason: v.reason }),
  });
  const opening = form.values.kind === 'opening';
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await adjustLeaveBalance({ employeeId, leaveTypeId: balance.leaveTypeId, year, kind: v.kind, days: num(v.days), reason: v.reason.trim() });
      toast.success(LEAVE_MSG.adjustmentSaved);
      onSaved();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to update the leave balance' });
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Adjust ${balance.leaveTypeName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Text size="sm">
            Available now: <b>{balance.available}</b> · Carried forward: {balance.carriedForward}
          </Text>
          <SegmentedControl
            aria-label="Change type"
            value={form.values.kind}
            onChange={(v) => form.setFieldValue('kind', v as LeaveAdjustmentKind)}
            data={LEAVE_ADJUSTMENT_KINDS.map((k) => ({ value: k, label: LEAVE_ADJUSTMENT_KIND_LABELS[k] }))}
          />
          <NumberInput
            label={opening ? 'Opening balance (days)' : 'Days to add or deduct'}
            description={opening ? 'The days brought into the year; the history records the difference.' : 'Use a minus sign to deduct, e.g. -1.5.'}
            required
            step={0.5}
            decimalScale={1}
            min={opening ? 0 : -365}
            max={365}
            {...form.getInputProps('days')}
          />
          <Textarea label="Reason" required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
