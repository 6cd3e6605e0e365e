import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { IconCash, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LOAN_KIND_LABELS, LOAN_MSG, can, monthLabel, type Loan } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { ListCard } from '../../ui/ListCard';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { LoanFormModal } from './LoanFormModal';
import { LoanScheduleDrawer, LoanStatusBadge } from './LoanSchedule';
import { cancelLoan, useLoans } from './loans.api';
import { PAYROLL_KEY, useCurrentRun } from './payroll.api';
import { inr } from '../../ui/format';

const COLUMNS = ['Employee', 'Type', 'Amount', 'Interest', 'EMI', 'Recovered', 'Balance', 'Next instalment', 'Status', 'Actions'] as const;
const RIGHT = new Set<string>(['Amount', 'EMI', 'Balance']);

/** /payroll/loans (administrators and moderators): every loan and salary advance, its balance and schedule. */
/** The page brings its own ModalsProvider (its cancel confirmation): the app's providers have none, so Modal is not in every page's first load. */
export function LoansPage() {
  return (
    <ModalsProvider>
      <LoansPageBody />
    </ModalsProvider>
  );
}

function LoansPageBody() {
  const loans = useLoans();
  const current = useCurrentRun();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const order = usePageTitleOrder();
  const [editing, setEditing] = useState<Loan | 'new' | null>(null);
  const [viewing, setViewing] = useState<Loan | null>(null);
  const canManage = can(user.roleId, 'payroll.loans.manage');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
  const today = useToday();
  const defaultStartMonth = current.data?.month ?? today.slice(0, 7);

  const confirmCancel = (loan: Loan) =>
    modals.openConfirmModal({
      title: 'Cancel loan',
      children: <Text size="sm">Cancel the {LOAN_KIND_LABELS[loan.kind].toLowerCase()} of {inr(loan.amount)} to {loan.employeeName}? Nothing has been recovered yet; the open month stops deducting it.</Text>,
      labels: { confirm: 'Cancel loan', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await cancelLoan(loan.id);
          toast.success(LOAN_MSG.cancelled);
          refresh();
        } catch (error) {
          toast.error(errorMessage(error, 'Failed to cancel the loan'));
        }
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={order}>Loans and advances</Title>
        {canManage ? (
          <Button leftSection={<IconCash size={16} />} onClick={() => setEditing('new')}>
            Add loan
          </Button>
        ) : null}
      </Group>
      <ListCard
        loading={loans.isPending}
        error={loans.isError ? errorMessage(loans.error, 'Failed to load the loans.') : null}
        onRetry={() => void loans.refetch()}
        empty={(loans.data ?? []).length === 0}
        loadingLabel="Loading loans"
        emptyMessage="No loans or advances recorded yet. Add one and the payroll run deducts its instalments."
      >
        <Table.ScrollContainer minWidth={1000} type="native">
          <Table aria-label="Loans and advances" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={RIGHT.has(c) ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(loans.data ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" fw={600} size="sm" onClick={() => setViewing(l)}>
                      {l.employeeName}
                    </Anchor>
                    {l.employeeNumber ? (
                      <Text size="xs" c="dimmed">
                        {l.employeeNumber}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{LOAN_KIND_LABELS[l.kind]}</Table.Td>
                  <Table.Td ta="right">{inr(l.amount)}</Table.Td>
                  <Table.Td>{l.interestRate === 0 ? 'Interest-free' : `${l.interestRate.toFixed(2)}%`}</Table.Td>
                  <Table.Td ta="right">{inr(l.emi)}</Table.Td>
                  <Table.Td>
                    {l.recoveredCount} of {l.instalments}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {inr(l.balance)}
                  </Table.Td>
                  <Table.Td>{l.nextInstalment ? `${inr(l.nextInstalment.amount)}, ${monthLabel(l.nextInstalment.month)}` : '—'}</Table.Td>
                  <Table.Td>
                    <LoanStatusBadge status={l.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Schedule">
                        <ActionIcon variant="subtle" aria-label={`Schedule of ${l.employeeName}'s ${LOAN_KIND_LABELS[l.kind].toLowerCase()}`} onClick={() => setViewing(l)}>
                          <IconEye size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {canManage && l.status === 'active' ? (
                        <>
                          <Tooltip label="Edit">
                            <ActionIcon variant="subtle" aria-label={`Edit ${l.employeeName}'s ${LOAN_KIND_LABELS[l.kind].toLowerCase()}`} onClick={() => setEditing(l)}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {l.recoveredCount === 0 ? (
                            <Tooltip label="Cancel">
                              <ActionIcon variant="subtle" color="red" aria-label={`Cancel ${l.employeeName}'s ${LOAN_KIND_LABELS[l.kind].toLowerCase()}`} onClick={() => confirmCancel(l)}>
                                <IconX size={16} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {editing && (
        <LoanFormModal
          loan={editing === 'new' ? null : editing}
          defaultStartMonth={defaultStartMonth}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {viewing && <LoanScheduleDrawer loan={(loans.data ?? []).find((l) => l.id === viewing.id) ?? viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
