import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Switch, Table, Text, TextInput, Textarea, Title, Tooltip, ActionIcon, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REIMBURSEMENT_MSG as MSG, reimbursementTypeInputSchema, type ReimbursementType, type ReimbursementTypeInput } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ListCard } from '../../ui/ListCard';
import { rupeesText } from '../../ui/format';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { usePageTitleOrder } from '../payroll-setup/PayrollLayout';
import { REIMBURSEMENTS_KEY, deleteReimbursementType, saveReimbursementType, setReimbursementTypeActive, useReimbursementTypes } from './reimbursements.api';

export const REIMBURSEMENT_TYPE_COLUMNS = ['Name', 'Description', 'Max Limit', 'Status', 'Delete'] as const;

interface Values {
  name: string;
  description: string;
  maxLimit: string | number;
  isTaxable: boolean;
}

/** The body the contract checks: a blank limit is sent blank (0, No Limit); text that is no number stays text. */
function bodyOf(v: Values): Record<string, unknown> {
  return { name: v.name, description: v.description, maxLimit: v.maxLimit, isTaxable: v.isTaxable };
}

/** 'New Reimbursement' / 'Edit Reimbursement' (payroll spec §2, §5). */
function TypeFormModal({ type, onClose, onSaved }: { type: ReimbursementType | null; onClose: () => void; onSaved: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: type?.name ?? '', description: type?.description ?? '', maxLimit: type && type.maxLimit > 0 ? type.maxLimit : '', isTaxable: type?.isTaxable ?? false },
    validate: (v) => zodFieldErrors(reimbursementTypeInputSchema, bodyOf(v)),
  });
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setSaving(true);
    try {
      await saveReimbursementType(type?.id ?? null, reimbursementTypeInputSchema.parse(bodyOf(values)) as ReimbursementTypeInput);
      toast.success(type ? MSG.updated : MSG.created);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(['name', 'description', 'maxLimit'], error.errors, form.setErrors)) return;
      if (!(error instanceof ApiError && error.handled)) setServerError(errorMessage(error, MSG.saveFailed));
    } finally {
      setSaving(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={type ? 'Edit Reimbursement' : 'New Reimbursement'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Name" withAsterisk maxLength={120} {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <NumberInput
            label="Max Limit"
            description="A financial year's limit per employee; leave blank for No Limit"
            prefix="₹"
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            decimalScale={2}
            allowNegative
            {...form.getInputProps('maxLimit')}
          />
          <Checkbox label="Taxable (paid as taxable salary)" {...form.getInputProps('isTaxable', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {type ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /payroll/payroll-components/reimbursement-types (payroll spec §2 "Reimbursement Types admin", Reimbursement
 * gate): the table, the status toggle, add and edit dialogs, the delete warning. Without the Reimbursement
 * feature (the free plan) the add button is disabled with 'Upgrade to premium' and nothing is asked of the server.
 */
export function ReimbursementTypesPage() {
  const user = useCurrentUser();
  const premium = user.accessableFeatures.some((f) => f.key === 'Reimbursement');
  const order = usePageTitleOrder();
  const queryClient = useQueryClient();
  const types = useReimbursementTypes(true, premium);
  const [form, setForm] = useState<{ type: ReimbursementType | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<ReimbursementType | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [REIMBURSEMENTS_KEY] });
  const rows = types.data ?? [];

  const toggle = async (t: ReimbursementType) => {
    setBusy(t.id);
    try {
      await setReimbursementTypeActive(t.id, !t.isActive);
      toast.success(MSG.statusUpdated);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, MSG.somethingWrong));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await deleteReimbursementType(deleting.id);
      toast.success(MSG.deleted);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(MSG.deleteFailed);
    } finally {
      setDeleting(null);
      setBusy(null);
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} disabled={!premium} onClick={() => setForm({ type: null, key: Date.now() })}>
      Add Reimbursement Type
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={order}>Reimbursement Types</Title>
        {premium ? (
          addButton
        ) : (
          <Tooltip label={MSG.upgrade}>
            <span>{addButton}</span>
          </Tooltip>
        )}
      </Group>
      <ListCard
        loading={premium && types.isPending}
        error={types.isError ? errorMessage(types.error, MSG.fetchTypesFailed) : null}
        onRetry={() => void types.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading reimbursement types"
        emptyMessage={MSG.noTypes}
      >
        <Table.ScrollContainer minWidth={700} type="native">
          <Table aria-label="Reimbursement types" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {REIMBURSEMENT_TYPE_COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                // Clicking a row opens 'Edit Reimbursement' (payroll spec §2); the toggle and delete do not.
                <Table.Tr key={t.id} style={{ cursor: 'pointer' }} onClick={() => setForm({ type: t, key: Date.now() })}>
                  <Table.Td>
                    <UnstyledButton aria-label={`Edit ${t.name}`} fw={600} fz="sm">
                      {t.name}
                    </UnstyledButton>
                    {t.isTaxable && (
                      <Text size="xs" c="dimmed">
                        Taxable
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t.description ?? '—'}</Table.Td>
                  <Table.Td>{t.maxLimit > 0 ? rupeesText(t.maxLimit, { paise: 'auto' }) : MSG.noLimit}</Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Switch checked={t.isActive} disabled={busy === t.id} onChange={() => void toggle(t)} aria-label={`Status of ${t.name}`} />
                  </Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {form && (
        <TypeFormModal
          key={form.key}
          type={form.type}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Reimbursement Type" centered>
        <Stack>
          <Text size="sm">{MSG.deleteWarning}</Text>
          <Text size="sm" fw={600}>
            {deleting?.name}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={busy !== null}>
              Cancel
            </Button>
            <Button color="red" loading={busy !== null && busy === deleting?.id} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
