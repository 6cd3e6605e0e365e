import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { EPF_CONTRIBUTION_LABELS, SALARY_MSG, type TenantEarningRow } from '@tankha/contracts';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { pendingRow, useApiMutation } from '../../ui/kit/useApiMutation';
import { COMPONENTS_KEY, deleteEarning, setEarningActive, useEarnings } from './components.api';
import { calculationText, employeesText, isSystemEarning, yesNo } from './component-format';
import { EarningFormModal } from './EarningFormModal';

/** The Earnings tab: every earning with its calculation and flags; add, edit, activate, delete when unused. */
export function EarningsTab() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY] });
  const earnings = useEarnings();
  const [form, setForm] = useState<{ earning: TenantEarningRow | null; key: number } | null>(null);
  const toggle = useApiMutation({
    mutationFn: (e: TenantEarningRow) => setEarningActive(e.id, !e.isActive),
    successText: ({ message }) => message,
    errorText: 'Failed to update the earning',
    invalidates: [[COMPONENTS_KEY]],
  });
  const remove = useDeleteDialog({
    mutationFn: (e: TenantEarningRow) => deleteEarning(e.id),
    successText: SALARY_MSG.earningDeleted,
    errorText: 'Failed to delete the earning',
    invalidates: [[COMPONENTS_KEY]],
    closeOnError: true,
  });
  const busyId = pendingRow(toggle, remove.mutation)?.id;
  const rows = earnings.data ?? [];

  const columns: ListColumn<TenantEarningRow>[] = [
    {
      label: 'Name',
      primary: true,
      cell: (e) => (
        <>
          <Text size="sm" fw={600}>
            {e.earningName}
          </Text>
          <Text size="xs" c="dimmed">
            {e.code}
          </Text>
        </>
      ),
    },
    { label: 'Name in Payslip', cell: (e) => e.nameInPayslip },
    { label: 'Calculation', cell: (e) => calculationText(e) },
    { label: 'Pay Type', cell: (e) => (e.isFixedPay ? 'Fixed' : 'Variable') },
    { label: 'Taxable', cell: (e) => yesNo(e.isTaxableEarning) },
    { label: 'Pro-rata', cell: (e) => yesNo(e.isProRateBasis) },
    { label: 'EPF', cell: (e) => EPF_CONTRIBUTION_LABELS[e.epfContributionType as 0 | 1 | 2] ?? '—' },
    { label: 'ESI', cell: (e) => yesNo(e.isConsideredForESI) },
    { label: 'Employees', cell: (e) => e.employeeCount },
    {
      label: 'Active',
      cell: (e) => {
        const system = isSystemEarning(e);
        return (
          <Tooltip label="Part of every salary structure" disabled={!system}>
            <Switch checked={e.isActive} disabled={system || busyId === e.id} onChange={() => toggle.mutate(e)} aria-label={`Active status of ${e.earningName}`} />
          </Tooltip>
        );
      },
    },
    {
      label: 'Actions',
      actions: true,
      cell: (e) => {
        const system = isSystemEarning(e);
        return (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Edit ${e.earningName}`} onClick={() => setForm({ earning: e, key: Date.now() })}>
              <IconPencil size={18} />
            </ActionIcon>
            <Tooltip label={system ? 'Part of every salary structure' : `In use by ${employeesText(e.employeeCount)}: deactivate it instead`} disabled={!system && e.employeeCount === 0}>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${e.earningName}`} disabled={system || e.employeeCount > 0} onClick={() => remove.ask(e)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Earnings make up the salary structure. Employees keep their own values; changes here apply to new structures.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ earning: null, key: Date.now() })}>
          Add Earning
        </Button>
      </Group>
      <ResponsiveList
        label="Earnings"
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        minWidth={1100}
        {...queryListState(earnings, 'Failed to load earnings.')}
        loadingLabel="Loading earnings"
        emptyMessage="No earnings yet. Add one to build salary structures."
      />

      {form && (
        <EarningFormModal
          key={form.key}
          earning={form.earning}
          existing={rows}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDeleteModal {...remove.dialog} title="Delete Earning" name={remove.target?.earningName} />
    </Stack>
  );
}
