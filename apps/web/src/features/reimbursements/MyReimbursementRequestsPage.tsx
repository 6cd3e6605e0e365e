import { useState } from 'react';
import { Badge, Button, FileInput, Group, Menu, Modal, NumberInput, Pagination, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REIMBURSEMENT_MSG as MSG, type ReimbursementRequest, REIMBURSEMENT_RECEIPT_ACCEPT, REIMBURSEMENT_REQUEST_PAGE_SIZE, precheckReceipt, reimbursementRequestFieldsSchema } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { rupeesText } from '../../ui/format';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { REIMBURSEMENTS_KEY, submitReimbursementRequest, useMyReimbursementRequests, useReimbursementTypes } from './reimbursements.api';
import { STATUS_FILTERS, reimbursementStatusBadge, requestDate } from './request-format';

export const MY_REQUEST_COLUMNS = ['Date', 'Amount', 'Type', 'Reason', 'Status'] as const;

/** The claims' columns, in MY_REQUEST_COLUMNS' order; on a phone the type is the card's title. */
const MY_REQUEST_LIST: ListColumn<ReimbursementRequest>[] = [
  { label: MY_REQUEST_COLUMNS[0], cell: (r) => requestDate(r.dateCreated) },
  { label: MY_REQUEST_COLUMNS[1], cell: (r) => rupeesText(r.amount) },
  { label: MY_REQUEST_COLUMNS[2], cell: (r) => r.reimbursementTypeName, primary: true },
  {
    label: MY_REQUEST_COLUMNS[3],
    cell: (r) => (
      <>
        <Text size="sm">{r.reason}</Text>
        {r.remarks && (
          <Text size="xs" c="dimmed">
            Remarks: {r.remarks}
          </Text>
        )}
      </>
    ),
  },
  {
    label: MY_REQUEST_COLUMNS[4],
    cell: (r) => {
      const badge = reimbursementStatusBadge(r.status);
      return (
        <Group gap={6}>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
          {r.paidInMonth && (
            <Text size="xs" c="dimmed">
              Paid with {r.paidInMonth} salary
            </Text>
          )}
        </Group>
      );
    },
  },
];

interface Values {
  amount: string | number;
  reimbursementTypeId: string | null;
  reason: string;
  receipt: File | null;
}

/** 'Create Reimbursement Request' (payroll spec §2, §5): amount, type (active ones), reason and an optional receipt. */
export function CreateRequestModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const types = useReimbursementTypes(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const touch = useTouchSize();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    initialValues: { amount: '', reimbursementTypeId: null, reason: '', receipt: null },
    validate: (v) => ({
      ...zodFieldErrors(reimbursementRequestFieldsSchema, { amount: v.amount === '' ? undefined : String(v.amount), reimbursementTypeId: v.reimbursementTypeId ?? '', reason: v.reason, status: '1' }),
      ...(v.receipt && precheckReceipt(v.receipt) ? { receipt: precheckReceipt(v.receipt) ?? '' } : {}),
    }),
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    setSubmitting(true);
    try {
      await submitReimbursementRequest({ amount: Number(v.amount), reimbursementTypeId: v.reimbursementTypeId ?? '', reason: v.reason.trim(), receipt: v.receipt });
      toast.success(MSG.submitted);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(['amount', 'reimbursementTypeId', 'reason', 'receipt'], error.errors, form.setErrors)) return;
      if (!(error instanceof ApiError && error.handled)) setServerError(errorMessage(error, MSG.submitFailed));
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Create Reimbursement Request" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError ?? (types.isError ? MSG.fetchTypesFailed : null)} />
          <NumberInput label="Amount" withAsterisk prefix="₹" thousandSeparator="," thousandsGroupStyle="lakh" decimalScale={2} step={0.01} min={0} {...form.getInputProps('amount')} />
          <Select
            label="Reimbursement Type"
            withAsterisk
            placeholder={types.isPending ? 'Loading...' : 'Select reimbursement type'}
            data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            disabled={types.isPending}
            {...form.getInputProps('reimbursementTypeId')}
          />
          <Textarea label="Reason" withAsterisk autosize minRows={2} {...form.getInputProps('reason')} />
          <FileInput label="Receipt" description="PDF, JPG or PNG, at most 5MB" accept={REIMBURSEMENT_RECEIPT_ACCEPT} clearable {...form.getInputProps('receipt')} />
          <Group justify="flex-end">
            <Button size={touch.button} variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button size={touch.button} type="submit" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /payroll/reimbursement-requests (payroll spec §2 "My Reimbursement Requests", ReimbursementRequests gate):
 * the employee's claims, filtered by status and paged 8 at a time on the page (payroll spec §7, §9).
 */
export function MyReimbursementRequestsPage() {
  const order = usePageTitleOrder();
  const queryClient = useQueryClient();
  const requests = useMyReimbursementRequests();
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState<number | null>(null);
  const touch = useTouchSize();
  const filtered = (requests.data ?? []).filter((r) => status === '0' || String(r.status) === status);
  const pages = Math.max(1, Math.ceil(filtered.length / REIMBURSEMENT_REQUEST_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = filtered.slice((current - 1) * REIMBURSEMENT_REQUEST_PAGE_SIZE, current * REIMBURSEMENT_REQUEST_PAGE_SIZE);
  const statusLabel = STATUS_FILTERS.find((f) => f.value === status)?.label ?? 'All Status';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={order}>My Reimbursement Requests</Title>
        <Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size={touch.button} variant="default" leftSection={<IconFilter size={16} />} aria-label={`Status filter: ${statusLabel}`}>
                {statusLabel}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {STATUS_FILTERS.map((f) => (
                <Menu.Item
                  key={f.value}
                  onClick={() => {
                    setStatus(f.value);
                    setPage(1);
                  }}
                >
                  {f.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button size={touch.button} leftSection={<IconPlus size={16} />} onClick={() => setCreating(Date.now())}>
            Create Request
          </Button>
        </Group>
      </Group>
      <ResponsiveList
        label="My reimbursement requests"
        columns={MY_REQUEST_LIST}
        rows={rows}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        error={requests.isError && !(requests.error instanceof ApiError && requests.error.handled) ? MSG.fetchRequestsFailed : null}
        onRetry={() => void requests.refetch()}
        loadingLabel="Loading reimbursement requests"
        emptyMessage={MSG.noRequests}
        minWidth={640}
      />
      {filtered.length > 0 && <Pagination value={current} onChange={setPage} total={pages} aria-label="Pages" />}
      {creating !== null && (
        <CreateRequestModal
          key={creating}
          onClose={() => setCreating(null)}
          onSaved={() => {
            setCreating(null);
            void queryClient.invalidateQueries({ queryKey: [REIMBURSEMENTS_KEY] });
          }}
        />
      )}
    </Stack>
  );
}
