import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Switch, Text, TextInput, Textarea, Title, Tooltip, ActionIcon, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REIMBURSEMENT_MSG as MSG, reimbursementTypeInputSchema, type ReimbursementType, type ReimbursementTypeInput } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { pendingRow, useApiMutation } from '../../ui/kit/useApiMutation';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { rupeesText } from '../../ui/format';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: [REIMBURSEMENTS_KEY] });
  const rows = types.data ?? [];

  const toggle = useApiMutation({
    mutationFn: (t: ReimbursementType) => setReimbursementTypeActive(t.id, !t.isActive),
    successText: MSG.statusUpdated,
    errorText: MSG.somethingWrong,
    invalidates: [[REIMBURSEMENTS_KEY]],
  });
  const remove = useDeleteDialog({
    mutationFn: (t: ReimbursementType) => deleteReimbursementType(t.id),
    successText: MSG.deleted,
    errorText: () => MSG.deleteFailed,
    invalidates: [[REIMBURSEMENTS_KEY]],
    closeOnError: true,
  });
  const busyId = pendingRow(toggle, remove.mutation)?.id;

  const columns: ListColumn<ReimbursementType>[] = [
    {
      label: 'Name',
      primary: true,
      cell: (t) => (
        <>
          <UnstyledButton aria-label={`Edit ${t.name}`} fw={600} fz="sm">
            {t.name}
          </UnstyledButton>
          {t.isTaxable && (
            <Text size="xs" c="dimmed">
              Taxable
            </Text>
          )}
        </>
      ),
    },
    { label: 'Description', cell: (t) => t.description ?? '—' },
    { label: 'Max Limit', cell: (t) => (t.maxLimit > 0 ? rupeesText(t.maxLimit, { paise: 'auto' }) : MSG.noLimit) },
    {
      label: 'Status',
      ownClicks: true,
      cell: (t) => <Switch checked={t.isActive} disabled={busyId === t.id} onChange={() => toggle.mutate(t)} aria-label={`Status of ${t.name}`} />,
    },
    {
      label: 'Delete',
      actions: true,
      ownClicks: true,
      cell: (t) => (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => remove.ask(t)}>
          <IconTrash size={18} />
        </ActionIcon>
      ),
    },
  ];

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
      <ResponsiveList
        label="Reimbursement types"
        columns={columns}
        rows={rows}
        rowKey={(t) => t.id}
        minWidth={700}
        // Clicking a row opens 'Edit Reimbursement' (payroll spec §2); the toggle and delete do not.
        onRowClick={(t) => setForm({ type: t, key: Date.now() })}
        loading={premium && types.isPending}
        error={types.isError ? errorMessage(types.error, MSG.fetchTypesFailed) : null}
        onRetry={() => void types.refetch()}
        loadingLabel="Loading reimbursement types"
        emptyMessage={MSG.noTypes}
      />
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
      <ConfirmDeleteModal {...remove.dialog} title="Delete Reimbursement Type" message={MSG.deleteWarning} confirmLabel="Delete">
        <Text size="sm" fw={600}>
          {remove.target?.name}
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
