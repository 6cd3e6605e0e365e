import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Table, TextInput, Textarea, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INVOICE_MSG as MSG, PARTY_LABEL, invoicePartyInputSchema, type InvoiceParty, type PartyKind } from '@tankha/contracts';
import { GST_STATES } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ListCard } from '../../ui/ListCard';
import { applyFieldErrors } from '../../ui/server-errors';
import { INVOICES_KEY, deleteParty, saveParty, useParties } from './invoices.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

export const STATE_OPTIONS = Object.entries(GST_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const FIELDS = ['name', 'address', 'stateCode', 'gstin', 'pan', 'email', 'bankName', 'accountNumber', 'ifscCode', 'upiId'] as const;
type Values = Record<(typeof FIELDS)[number], string> & { turnoverAboveFiveCrore: boolean };

function PartyFormModal({ kind, party, onClose, onSaved }: { kind: PartyKind; party: InvoiceParty | null; onClose: () => void; onSaved: (p: InvoiceParty) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: { ...(Object.fromEntries(FIELDS.map((f) => [f, party?.[f] ?? ''])) as Record<(typeof FIELDS)[number], string>), turnoverAboveFiveCrore: party?.turnoverAboveFiveCrore ?? false },
    validate: schemaResolver(invoicePartyInputSchema, { sync: true }),
  });
  const label = PARTY_LABEL[kind];
  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setSaving(true);
    try {
      const saved = await saveParty(kind, party?.id ?? null, values);
      toast.success(party ? MSG.partyUpdated(label) : MSG.partyCreated(label));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(FIELDS, error.errors, form.setErrors)) return;
      if (!(error instanceof ApiError && error.handled)) setServerError(errorMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      setSaving(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={`${party ? 'Edit' : 'Add'} ${label}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <Textarea label="Address" withAsterisk autosize minRows={2} {...form.getInputProps('address')} />
          <SimpleGrid cols={2}>
            <Select label="State" withAsterisk searchable data={STATE_OPTIONS} {...form.getInputProps('stateCode')} />
            <TextInput label="GSTIN" maxLength={15} {...form.getInputProps('gstin')} />
            <TextInput label="PAN" maxLength={10} {...form.getInputProps('pan')} />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Bank Name" {...form.getInputProps('bankName')} />
            <TextInput label="Account Number" inputMode="numeric" {...form.getInputProps('accountNumber')} />
            <TextInput label="IFSC Code" maxLength={11} {...form.getInputProps('ifscCode')} />
            <TextInput label="UPI Id" placeholder="name@bank" {...form.getInputProps('upiId')} />
          </SimpleGrid>
          {kind === 'business' ? (
            <Checkbox
              label="Turnover in the previous financial year was more than ₹5 crore"
              description="Invoices then need 6-digit HSN/SAC codes; up to ₹5 crore, 4 digits (none for unregistered clients)"
              {...form.getInputProps('turnoverAboveFiveCrore', { type: 'checkbox' })}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /invoices/businesses and /invoices/clients: the billed-by and billed-to parties. */
export function PartiesPage({ kind }: { kind: PartyKind }) {
  const queryClient = useQueryClient();
  const list = useParties(kind);
  const [editing, setEditing] = useState<{ party: InvoiceParty | null } | null>(null);
  const label = PARTY_LABEL[kind];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [INVOICES_KEY] });
  const remove = async (p: InvoiceParty) => {
    try {
      await deleteParty(kind, p.id);
      toast.success(MSG.partyDeleted(label));
      await refresh();
    } catch (error) {
      toastApiError(error, 'Something went wrong. Please try again.');
    }
  };
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ party: null })}>
          {`Add ${label}`}
        </Button>
      </Group>
      <ListCard loading={list.isPending} error={list.isError ? errorMessage(list.error, 'Failed to fetch') : null} onRetry={() => void list.refetch()} empty={rows.length === 0} loadingLabel={`Loading ${label.toLowerCase()}s`} emptyMessage={`No ${label.toLowerCase()}s added yet`}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>GSTIN</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>UPI Id</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.stateName}</Table.Td>
                <Table.Td>{p.gstin ?? '—'}</Table.Td>
                <Table.Td>{p.email ?? '—'}</Table.Td>
                <Table.Td>{p.upiId ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Tooltip label="Edit">
                      <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing({ party: p })}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => void remove(p)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
      {editing ? (
        <PartyFormModal
          kind={kind}
          party={editing.party}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}

export function BusinessesPage() {
  return <PartiesPage kind="business" />;
}
export function ClientsPage() {
  return <PartiesPage kind="client" />;
}
