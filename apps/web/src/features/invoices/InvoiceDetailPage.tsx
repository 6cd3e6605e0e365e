import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { INVOICE_MSG as MSG, INVOICE_STATUS_BADGE, InvoiceFieldGroup, type Invoice, type StoredInvoiceStatus } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { INVOICE_PATHS } from './InvoicesLayout';
import { InvoiceTemplate } from './InvoiceTemplate';
import { DRAFT_INVOICE_KEY, INVOICES_KEY, createCustomField, deleteInvoice, downloadInvoicePdf, removeCustomFieldValue, saveCustomFieldValue, setInvoiceStatus, useCustomFields, useInvoice } from './invoices.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

const GROUPS = [
  { id: InvoiceFieldGroup.Header, label: 'Header fields' },
  { id: InvoiceFieldGroup.Terms, label: 'Terms' },
  { id: InvoiceFieldGroup.Notes, label: 'Notes' },
] as const;

/** Custom fields (platform spec §3): the organisation's fields of a group, with this invoice's values. */
function CustomFieldGroup({ invoice, groupId, label, onChanged }: { invoice: Invoice; groupId: number; label: string; onChanged: () => Promise<unknown> }) {
  const fields = useCustomFields(groupId, invoice.id);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(ok);
      setValue('');
      setNewName('');
      setFieldId(null);
      await onChanged();
    } catch (error) {
      toastApiError(error, MSG.fetchCustomFieldsFailed);
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    run(async () => {
      const id = fieldId ?? (await createCustomField(newName, groupId)).id;
      await saveCustomFieldValue(invoice.id, id, value);
    }, MSG.associationSaved);
  const used = invoice.customFields.filter((f) => f.groupId === groupId);
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {label}
      </Text>
      {fields.isError ? <Text c="red">{MSG.fetchCustomFieldsFailed}</Text> : null}
      <Stack gap={4}>
        {used.map((f) => (
          <Group key={f.associationId} justify="space-between">
            <Text size="sm">{f.value ? `${f.fieldName}: ${f.value}` : f.fieldName}</Text>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${f.fieldName}`} onClick={() => void run(() => removeCustomFieldValue(f.associationId, invoice.id), MSG.associationDeleted)}>
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Stack gap="xs" mt="sm">
        <Select aria-label={`${label}: field`} placeholder="New field" clearable data={(fields.data ?? []).map((f) => ({ value: f.id, label: f.fieldName }))} value={fieldId} onChange={setFieldId} />
        {fieldId ? null : <TextInput aria-label={`${label}: new field name`} placeholder="Field name" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} />}
        <TextInput aria-label={`${label}: value`} placeholder="Value" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        <Button size="xs" variant="light" disabled={busy || (!fieldId && !newName.trim())} onClick={() => void add()}>
          Add
        </Button>
      </Stack>
    </Card>
  );
}

/** /Invoices/{id}: the invoice, its status actions, custom fields, customization and the PDF. */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInvoice(id);
  const [busy, setBusy] = useState(false);
  if (query.isPending) return <PageLoader label="Loading invoice" />;
  if (query.isError) return <ErrorState message={errorMessage(query.error, MSG.notFound)} onRetry={() => void query.refetch()} />;
  const invoice = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [INVOICES_KEY] });
  const act = async (fn: () => Promise<unknown>, ok: string | null) => {
    setBusy(true);
    try {
      await fn();
      if (ok) toast.success(ok);
      await refresh();
    } catch (error) {
      toastApiError(error, 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const status = (s: StoredInvoiceStatus) => act(() => setInvoiceStatus(invoice.id, s), MSG.statusUpdated);
  const badge = INVOICE_STATUS_BADGE[invoice.status];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group>
          <Title order={2}>{`Invoice ${invoice.invoiceNumber}`}</Title>
          <Badge color={badge.color}>{badge.label}</Badge>
        </Group>
        <Group>
          {invoice.status === 'draft' ? (
            <>
              <Button variant="default" onClick={() => navigate(`${INVOICE_PATHS.create}?id=${invoice.id}`)}>
                Edit
              </Button>
              <Button variant="default" color="red" disabled={busy} onClick={() => void act(async () => { await deleteInvoice(invoice.id); navigate(INVOICE_PATHS.all); }, MSG.deleted)}>
                Delete
              </Button>
              <Button disabled={busy} onClick={() => void status('sent')}>
                Mark as Sent
              </Button>
            </>
          ) : null}
          {invoice.status === 'sent' || invoice.status === 'overdue' ? (
            <Button disabled={busy} onClick={() => void status('paid')}>
              Mark as Paid
            </Button>
          ) : null}
          {invoice.status === 'paid' ? (
            <Button variant="default" disabled={busy} onClick={() => void status('sent')}>
              Mark as Unpaid
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => {
              localStorage.setItem(DRAFT_INVOICE_KEY, JSON.stringify(invoice));
              navigate(INVOICE_PATHS.customize);
            }}
          >
            Customize
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => void act(() => downloadInvoicePdf(invoice), null)}>
            Download PDF
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {GROUPS.map((g) => (
          <CustomFieldGroup key={g.id} invoice={invoice} groupId={g.id} label={g.label} onChanged={refresh} />
        ))}
      </SimpleGrid>
      <div style={{ overflow: 'auto' }}>
        <InvoiceTemplate invoice={invoice} style={invoice.customization} />
      </div>
    </Stack>
  );
}
