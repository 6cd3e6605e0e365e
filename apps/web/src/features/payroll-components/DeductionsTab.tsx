import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DeductionType, SALARY_MSG, type TenantDeductionRow } from '@tankha/contracts';
import { displayText } from '../../ui/format';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { pendingRow, useApiMutation } from '../../ui/kit/useApiMutation';
import { COMPONENTS_KEY, deleteDeduction, setDeductionActive, useDeductions } from './components.api';
import { employeesText, yesNo } from './component-format';
import { DeductionFormModal } from './DeductionFormModal';

/** The Deductions tab: pre-tax and post-tax deductions; add, edit, activate, delete when unused. */
export function DeductionsTab() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY] });
  const deductions = useDeductions();
  const [form, setForm] = useState<{ deduction: TenantDeductionRow | null; key: number } | null>(null);
  const toggle = useApiMutation({
    mutationFn: (d: TenantDeductionRow) => setDeductionActive(d.id, !d.isActive),
    successText: ({ message }) => message,
    errorText: 'Failed to update the deduction',
    invalidates: [[COMPONENTS_KEY]],
  });
  const remove = useDeleteDialog({
    mutationFn: (d: TenantDeductionRow) => deleteDeduction(d.id),
    successText: SALARY_MSG.deductionDeleted,
    errorText: 'Failed to delete the deduction',
    invalidates: [[COMPONENTS_KEY]],
    closeOnError: true,
  });
  const busyId = pendingRow(toggle, remove.mutation)?.id;

  const columns: ListColumn<TenantDeductionRow>[] = [
    {
      label: 'Name',
      primary: true,
      cell: (d) => (
        <Text size="sm" fw={600}>
          {d.deductionName}
        </Text>
      ),
    },
    {
      label: 'Description',
      tdProps: { maw: 320 },
      cell: (d) => (
        <Text size="sm" lineClamp={2}>
          {displayText(d.description)}
        </Text>
      ),
    },
    {
      label: 'Type',
      cell: (d) => {
        const preTax = d.deductionType === DeductionType.PreTax;
        return (
          <Badge variant="light" color={preTax ? 'teal' : 'gray'}>
            {preTax ? 'Pre-tax' : 'Post-tax'}
          </Badge>
        );
      },
    },
    { label: 'Section', cell: (d) => displayText(d.preTaxDeductionSection) },
    { label: 'Recurring', cell: (d) => yesNo(d.isRecurring) },
    { label: 'Employees', cell: (d) => d.employeeCount },
    {
      label: 'Active',
      cell: (d) => <Switch checked={d.isActive} disabled={busyId === d.id} onChange={() => toggle.mutate(d)} aria-label={`Active status of ${d.deductionName}`} />,
    },
    {
      label: 'Actions',
      actions: true,
      cell: (d) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${d.deductionName}`} onClick={() => setForm({ deduction: d, key: Date.now() })}>
            <IconPencil size={18} />
          </ActionIcon>
          <Tooltip label={`In use by ${employeesText(d.employeeCount)}: deactivate it instead`} disabled={d.employeeCount === 0}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.deductionName}`} disabled={d.employeeCount > 0} onClick={() => remove.ask(d)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Pre-tax deductions reduce taxable salary under their income-tax section; post-tax deductions do not.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ deduction: null, key: Date.now() })}>
          Add Deduction
        </Button>
      </Group>
      <ResponsiveList
        label="Deductions"
        columns={columns}
        rows={deductions.data ?? []}
        rowKey={(d) => d.id}
        minWidth={900}
        {...queryListState(deductions, 'Failed to load deductions.')}
        loadingLabel="Loading deductions"
        emptyMessage="No deductions yet. Add one to deduct it from salaries."
      />

      {form && (
        <DeductionFormModal
          key={form.key}
          deduction={form.deduction}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDeleteModal {...remove.dialog} title="Delete Deduction" name={remove.target?.deductionName} />
    </Stack>
  );
}
