import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCheck, IconChevronDown, IconChevronUp, IconRefresh, IconUpload } from '@tabler/icons-react';
import { BANK_EXCLUSION_LABELS, BANK_PAYMENT_STATE_LABELS, can, type BankFileScope, type BankPaymentRow, type BankPaymentState, type PayrollRun } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { displayDate, inr } from '../../ui/format';
import { BankFileModal } from './BankFileModal';
import { BankReturnModal } from './BankReturnModal';
import { MarkPaymentPaidModal } from './MarkPaymentPaidModal';
import { useBankPayments } from './bank.api';

export const PAYMENT_STATE_COLORS: Record<BankPaymentState, string> = {
  notSent: 'gray',
  sent: 'blue',
  paid: 'green',
  failed: 'red',
  leftOut: 'yellow',
};
const STATE_ORDER: readonly BankPaymentState[] = ['paid', 'sent', 'failed', 'notSent', 'leftOut'];
/** Rows shown at once; the counts cover everyone. */
const SHOWN = 100;
/** A payment not recorded yet can be marked paid by hand: one awaiting the bank, one never sent, a payout released from hold. */
const MARKABLE: readonly BankPaymentState[] = ['sent', 'notSent'];
const markable = (r: Pick<BankPaymentRow, 'state' | 'reason'>) => MARKABLE.includes(r.state) || (r.state === 'leftOut' && r.reason === BANK_EXCLUSION_LABELS.holdReleased);

/** A finalized (or paid) month has a bank transfer. */
export function hasBankTransfer(run: Pick<PayrollRun, 'status'>): boolean {
  return run.status === 'finalized' || run.status === 'paid';
}

/**
 * The bank transfer of a finalized month on the run page: how many payments are
 * paid, awaiting the bank, failed, not sent or left out, per employee; the bank file, the re-export
 * of failed payments and the bank's return file.
 */
export function BankPaymentsPanel({ run }: { run: PayrollRun }) {
  const user = useCurrentUser();
  const payments = useBankPayments(run.id, hasBankTransfer(run));
  const [dialog, setDialog] = useState<{ kind: 'file'; scope: BankFileScope } | { kind: 'return' } | { kind: 'paid'; payment: BankPaymentRow } | null>(null);
  const [filter, setFilter] = useState<BankPaymentState | 'all'>('all');
  const [listOpen, setListOpen] = useState(false);
  const mayImport = can(user.roleId, 'payroll.bank.import');
  const data = payments.data;
  const failed = data?.counts.failed ?? 0;
  const rows = (data?.rows ?? []).filter((r) => filter === 'all' || r.state === filter);

  return (
    <Card component="section" aria-label="Bank transfer" withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4}>Bank transfer</Title>
            <Text size="sm" c="dimmed">
              Download the bank file, upload the bank’s return file (or mark payments paid one by one), and re-export the payments that failed.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button leftSection={<IconBuildingBank size={16} />} onClick={() => setDialog({ kind: 'file', scope: 'all' })}>
              Bank transfer file
            </Button>
            {(run.holds.released ?? 0) > 0 && (
              <Button variant="light" leftSection={<IconBuildingBank size={16} />} onClick={() => setDialog({ kind: 'file', scope: 'released' })}>
                Released payouts ({run.holds.released ?? 0})
              </Button>
            )}
            {failed > 0 && (
              <Button color="red" variant="light" leftSection={<IconRefresh size={16} />} onClick={() => setDialog({ kind: 'file', scope: 'failed' })}>
                Re-export failed ({failed})
              </Button>
            )}
            {mayImport && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'return' })}>
                Upload return file
              </Button>
            )}
          </Group>
        </Group>
        {payments.isPending ? (
          <PageLoader label="Loading payments" />
        ) : payments.isError ? (
          <ErrorState message={errorMessage(payments.error, 'Failed to load the payments.')} onRetry={() => void payments.refetch()} />
        ) : data ? (
          <>
            <Group gap="xs" role="list" aria-label="Payment status counts">
              {STATE_ORDER.map((state) => (
                <Badge
                  key={state}
                  role="listitem"
                  color={PAYMENT_STATE_COLORS[state]}
                  variant={data.counts[state] > 0 ? 'light' : 'outline'}
                  size="lg"
                  style={{ textTransform: 'none' }}
                  aria-label={`${BANK_PAYMENT_STATE_LABELS[state]}: ${String(data.counts[state])}`}
                >
                  {BANK_PAYMENT_STATE_LABELS[state]}: {data.counts[state]}
                </Badge>
              ))}
              <Text size="sm" c="dimmed" ml="xs">
                Paid so far {inr(data.paidAmount)}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                ml="auto"
                rightSection={listOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                onClick={() => setListOpen((open) => !open)}
                aria-expanded={listOpen}
              >
                {listOpen ? 'Hide payments' : `Show payments (${String(data.rows.length)})`}
              </Button>
            </Group>
            <Collapse expanded={listOpen}>
              <Stack gap="sm">
                <SegmentedControl
                  size="xs"
                  value={filter}
                  onChange={(v) => setFilter(v as BankPaymentState | 'all')}
                  aria-label="Show payments"
                  data={[
                    { value: 'all', label: 'All' },
                    ...STATE_ORDER.map((s) => ({
                      value: s,
                      label: BANK_PAYMENT_STATE_LABELS[s],
                    })),
                  ]}
                  style={{ alignSelf: 'flex-start' }}
                />
                {rows.length === 0 ? (
                  <Text size="sm" c="dimmed" py="sm">
                    No payments in this status.
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={820} type="native">
                    <Table aria-label="Payments" verticalSpacing={6} striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Employee</Table.Th>
                          <Table.Th ta="right">Net pay</Table.Th>
                          <Table.Th>Status</Table.Th>
                          <Table.Th>Reference</Table.Th>
                          <Table.Th>UTR / reason</Table.Th>
                          <Table.Th>Date</Table.Th>
                          {mayImport && <Table.Th aria-label="Actions" />}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.slice(0, SHOWN).map((r) => (
                          <Table.Tr key={r.payslipId}>
                            <Table.Td>
                              <Text size="sm">{r.name}</Text>
                              <Text size="xs" c="dimmed">
                                {r.employeeNumber ?? '—'}
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">{inr(r.netPay)}</Table.Td>
                            <Table.Td>
                              <Badge color={PAYMENT_STATE_COLORS[r.state]} variant="light" size="sm" style={{ textTransform: 'none' }}>
                                {BANK_PAYMENT_STATE_LABELS[r.state]}
                              </Badge>
                            </Table.Td>
                            <Table.Td>
                              <Text size="xs" ff="monospace">
                                {r.reference ?? '—'}
                              </Text>
                              {r.attempts > 1 && (
                                <Text size="xs" c="dimmed">
                                  attempt {r.attempts}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{r.utr ?? r.reason ?? '—'}</Text>
                            </Table.Td>
                            <Table.Td>{displayDate(r.statusDate)}</Table.Td>
                            {mayImport && (
                              <Table.Td>
                                {markable(r) && (
                                  <Button
                                    size="compact-xs"
                                    variant="subtle"
                                    leftSection={<IconCheck size={14} />}
                                    aria-label={`Mark the payment to ${r.name} as paid`}
                                    onClick={() => setDialog({ kind: 'paid', payment: r })}
                                  >
                                    Mark paid
                                  </Button>
                                )}
                              </Table.Td>
                            )}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                {rows.length > SHOWN && (
                  <Text size="xs" c="dimmed">
                    Showing {SHOWN} of {rows.length}; choose a status to narrow the list.
                  </Text>
                )}
              </Stack>
            </Collapse>
          </>
        ) : null}
      </Stack>
      {dialog?.kind === 'file' && <BankFileModal run={run} scope={dialog.scope} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'return' && <BankReturnModal run={run} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'paid' && <MarkPaymentPaidModal run={run} payment={dialog.payment} onClose={() => setDialog(null)} />}
    </Card>
  );
}
