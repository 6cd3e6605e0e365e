import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BANK_CHANGE_MSG, BANK_FILE_TEMPLATE_LABELS, can, monthLabel, type BankFileScope, type PayrollRun } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { BankSettingsModal } from './BankSettingsModal';
import { downloadBankFile, useBankFilePreview, useBankSettings } from './bank.api';
import { inr } from '../../ui/format';
import { PAYROLL_KEY } from './payroll.api';

/**
 * The bank transfer file of a finalized month: the organisation's template and
 * debit account, the value date, the control figures and how they are reached from the month's net
 * pay, who is left out and why — then the download. `scope` 'failed' re-exports only the payments
 * the bank returned as failed; 'released' pays the payouts whose hold was released after finalize.
 */
export function BankFileModal({ run, scope, onClose, today: todayProp }: { run: PayrollRun; scope: BankFileScope; onClose: () => void; today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [valueDate, setValueDate] = useState('');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const settings = useBankSettings(can(user.roleId, 'payroll.settings.view'));
  const preview = useBankFilePreview(run.id, { scope, valueDate });
  const p = preview.data;
  const title =
    scope === 'failed'
      ? `Re-export failed payments — ${monthLabel(run.month)}`
      : scope === 'released'
        ? `Released payouts — ${monthLabel(run.month)}`
        : `Bank transfer file — ${monthLabel(run.month)}`;

  const download = async () => {
    if (!p) return;
    setBusy(true);
    setFailure(null);
    try {
      await downloadBankFile(run.id, { scope, valueDate }, p.fileName);
      toast.success(`${p.fileName} downloaded`);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      setFailure(errorMessage(error, 'Failed to download the bank file'));
    } finally {
      setBusy(false);
    }
  };

  const previewError = preview.error instanceof ApiError ? preview.error : null;
  const dateError = previewError?.errors.valueDate ?? null;

  return (
    <Modal opened onClose={onClose} title={title} centered size="xl">
      <Stack>
        <Card withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text size="sm">
                Template:{' '}
                <strong>{p ? (p.formatName ?? BANK_FILE_TEMPLATE_LABELS[p.template]) : settings.data ? (settings.data.bankFormatName ?? BANK_FILE_TEMPLATE_LABELS[settings.data.template]) : '—'}</strong>
              </Text>
              <Text size="sm" c="dimmed">
                Debit account: {p?.debitAccount ? `${p.debitAccount.accountNumber} · ${p.debitAccount.ifsc}` : 'not set'}
              </Text>
            </Stack>
            {settings.data && can(user.roleId, 'payroll.settings.manage') && (
              <Button variant="subtle" size="xs" leftSection={<IconSettings size={14} />} onClick={() => setEditing(true)}>
                Change
              </Button>
            )}
          </Group>
        </Card>
        {run.status === 'paid' && scope === 'all' && (
          <Alert color="yellow" variant="light" title={`${monthLabel(run.month)} is marked as paid`}>
            {run.paymentReference ? `Payment reference ${run.paymentReference}. ` : ''}Payments recorded as paid (by Mark as Paid, a bank return file or one by one) are left out of this file; anyone else in it is paid again. Download it only for a transfer that did not go through.
          </Alert>
        )}
        <DateField
          label="Value date"
          description="The day the bank pays the salaries. Defaults to the pay date, or today once it has passed."
          value={valueDate || p?.valueDate || ''}
          min={today}
          onChange={setValueDate}
          error={dateError}
          maw={420}
        />
        {preview.isPending ? (
          <PageLoader label="Preparing the bank file" />
        ) : preview.isError && !dateError ? (
          <ErrorState message={errorMessage(preview.error, 'Failed to prepare the bank file.')} onRetry={() => void preview.refetch()} />
        ) : p ? (
          <>
            <SimpleGrid cols={3}>
              <Figure label="Payments in the file" value={String(p.employees)} />
              <Figure label="File total" value={inr(p.total)} />
              <Figure label="Left out" value={String(p.excluded.length)} hint={p.excluded.length > 0 ? inr(p.excludedNetPay) : undefined} />
            </SimpleGrid>
            <List size="sm" spacing={2} aria-label="How the file total is reached">
              {p.explanation.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            {p.records.some((r) => r.accountChangedRecently) && (
              <Alert color="yellow" title={BANK_CHANGE_MSG.recentFlag} aria-label={BANK_CHANGE_MSG.recentFlag}>
                <Text size="sm">Check these payments before uploading the file: the account was changed recently.</Text>
                <List size="sm" spacing={2}>
                  {p.records
                    .filter((r) => r.accountChangedRecently)
                    .map((r) => (
                      <List.Item key={r.payslipId}>
                        {r.name}
                        {r.employeeNumber ? ` (${r.employeeNumber})` : ''} · {r.accountNumber} · {r.ifsc}
                      </List.Item>
                    ))}
                </List>
              </Alert>
            )}
            {scope === 'failed' && p.records.length > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  In this file
                </Text>
                <ScrollArea.Autosize mah={200}>
                  <Table aria-label="Payments re-exported" striped verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Employee</Table.Th>
                        <Table.Th>Account</Table.Th>
                        <Table.Th>New reference</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.records.map((r) => (
                        <Table.Tr key={r.payslipId}>
                          <Table.Td>
                            <Text size="sm">{r.name}</Text>
                            <Text size="xs" c="dimmed">
                              {r.employeeNumber ?? '—'}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{r.accountNumber}</Text>
                            <Text size="xs" c="dimmed">
                              {r.ifsc}
                            </Text>
                            {r.accountChangedRecently && (
                              <Badge color="yellow" variant="light" size="xs">
                                Changed recently
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" ff="monospace">
                              {r.reference}
                            </Text>
                            <Text size="xs" c="dimmed">
                              attempt {r.attempt}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{inr(r.amount)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Stack>
            )}
            {p.excluded.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  Left out of this file
                </Text>
                <ScrollArea.Autosize mah={240}>
                  <Table aria-label="Left out of the bank file" striped verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Employee</Table.Th>
                        <Table.Th ta="right">Net pay</Table.Th>
                        <Table.Th>Reason</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.excluded.map((e) => (
                        <Table.Tr key={e.payslipId}>
                          <Table.Td>
                            <Text size="sm">{e.name}</Text>
                            <Text size="xs" c="dimmed">
                              {e.employeeNumber ?? '—'}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{inr(e.netPay)}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={e.reason === 'alreadyPaid' ? 'green' : e.reason === 'payoutHold' ? 'yellow' : 'red'} size="sm" style={{ textTransform: 'none' }}>
                              {e.reasonText}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
                {p.excluded.some((e) => ['noBankAccount', 'invalidBankAccount', 'noIfsc', 'invalidIfsc', 'unknownIfsc', 'noBeneficiaryName'].includes(e.reason)) && (
                  <Text size="xs" c="dimmed">
                    Correct the bank details in the employee’s profile; the next file (or the re-export of failed payments) uses them.
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Nobody is left out.
              </Text>
            )}
            {p.employees === 0 && (
              <Alert color="yellow" variant="light">
                {scope === 'failed'
                  ? 'No failed payments to re-export.'
                  : scope === 'released'
                    ? 'No released payouts to pay: they are paid already or in a file awaiting the bank.'
                    : 'Nobody to pay in this file: every employee of the month is left out or already paid.'}
                {scope === 'all' && p.failedCount > 0 ? ` ${String(p.failedCount)} failed ${p.failedCount === 1 ? 'payment is' : 'payments are'} re-exported from “Re-export failed”.` : ''}
              </Alert>
            )}
          </>
        ) : null}
        {p && p.formatProblems.length > 0 && (
          <Alert color="red" variant="light" title={`The file cannot be written in ${p.formatName ?? 'this format'}`}>
            <List size="sm">
              {p.formatProblems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
            {p && (
              <>
                {p.fileName} · every download is recorded in{' '}
                <Anchor component={Link} to={PATHS.payrollReports} size="xs">
                  Reports
                </Anchor>
              </>
            )}
          </Text>
          <Group wrap="nowrap" gap="sm" style={{ flexShrink: 0 }}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconDownload size={16} />} loading={busy} disabled={!p || p.employees === 0 || p.formatProblems.length > 0 || preview.isFetching} onClick={() => void download()}>
              Download file
            </Button>
          </Group>
        </Group>
      </Stack>
      {editing && settings.data && <BankSettingsModal settings={settings.data} onClose={() => setEditing(false)} />}
    </Modal>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
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
