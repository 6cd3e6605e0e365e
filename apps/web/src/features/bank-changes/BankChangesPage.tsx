import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { BANK_CHANGE_MSG, BANK_CHANGE_REASON_MAX, rejectBankChangeSchema, type BankChange } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { FormAlert } from '../../ui/FormAlert';
import { formFailure } from '../../ui/kit/form-failure';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { toast } from '../../app/toast';
import { BANK_CHANGES_KEY, approveBankChange, rejectBankChange, usePendingBankChanges } from './bank-changes.api';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const details = (d: BankChange['current']) => [d.bankAccountNumber ?? '—', d.ifscCode ?? '—', d.bankName, d.accountHolderName].filter(Boolean).join(' · ');

/** Settings › Bank changes: changes of employees' bank details awaiting a second administrator. */
export function BankChangesPage() {
  const user = useCurrentUser();
  const list = usePendingBankChanges();
  const [rejecting, setRejecting] = useState<BankChange | null>(null);
  const approve = useApiMutation({
    mutationFn: (id: string) => approveBankChange(id),
    errorText: 'Failed to approve the bank details change',
    successText: BANK_CHANGE_MSG.approved,
    invalidates: [[BANK_CHANGES_KEY]],
  });
  const columns: ListColumn<BankChange>[] = [
    { label: 'Employee', cell: (c) => `${c.employeeName}${c.employeeNumber ? ` (${c.employeeNumber})` : ''}`, primary: true },
    { label: 'Current account', cell: (c) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{details(c.current)}</Text> },
    { label: 'Requested account', cell: (c) => <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{details(c.requested)}</Text> },
    { label: 'Requested', cell: (c) => `${c.requestedByName ?? 'Unknown'} · ${when(c.requestedAt)}` },
    { label: 'Takes effect', cell: (c) => (c.effectiveAt ? when(c.effectiveAt) : 'On approval') },
    {
      label: 'Actions',
      ownClicks: true,
      cell: (c) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            onClick={() => approve.mutate(c.id)}
            loading={approve.isPending && approve.variables === c.id}
            disabled={c.requestedById === user.id}
            title={c.requestedById === user.id ? BANK_CHANGE_MSG.ownRequest : undefined}
            aria-label={`Approve the bank change of ${c.employeeName}`}
          >
            Approve
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={() => setRejecting(c)} aria-label={`Reject the bank change of ${c.employeeName}`}>
            Reject
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>Bank changes awaiting approval</Title>
      <Text size="sm" c="dimmed">
        A change of an employee&apos;s bank account takes effect when an administrator other than the one who made it approves it. Until then salary is paid to the current account.
      </Text>
      <ResponsiveList
        label="Bank changes awaiting approval"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(c) => c.id}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error, 'Failed to load the bank details changes.') : null}
        onRetry={() => void list.refetch()}
        loadingLabel="Loading bank details changes"
        emptyMessage={BANK_CHANGE_MSG.emptyList}
        minWidth={760}
      />
      {rejecting ? <RejectModal change={rejecting} onClose={() => setRejecting(null)} onDone={() => { setRejecting(null); void list.refetch(); }} /> : null}
    </Stack>
  );
}

function RejectModal({ change, onClose, onDone }: { change: BankChange; onClose: () => void; onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(rejectBankChangeSchema, { sync: true }) });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await rejectBankChange(change.id, v.reason.trim());
      toast.success(BANK_CHANGE_MSG.rejected);
      onDone();
    } catch (error) {
      formFailure(error, { fields: ['reason'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to reject the bank details change' });
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Reject the bank change of ${change.employeeName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Textarea label="Reason" required autosize minRows={3} maxLength={BANK_CHANGE_REASON_MAX} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
