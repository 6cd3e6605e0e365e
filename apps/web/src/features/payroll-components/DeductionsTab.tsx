import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DeductionType, SALARY_MSG, type TenantDeductionRow } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { displayText } from '../../ui/format';
import { ListCard } from '../../ui/ListCard';
import { COMPONENTS_KEY, deleteDeduction, setDeductionActive, useDeductions } from './components.api';
import { employeesText, yesNo } from './component-format';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { DeductionFormModal } from './DeductionFormModal';

export const DEDUCTION_COLUMNS = ['Name', 'Description', 'Type', 'Section', 'Recurring', 'Employees', 'Active', 'Actions'] as const;

/** The Deductions tab: pre-tax and post-tax deductions; add, edit, activate, delete when unused. */
export function DeductionsTab() {
  const queryClient = useQueryClient();
  const deductions = useDeductions();
  const [form, setForm] = useState<{ deduction: TenantDeductionRow | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<TenantDeductionRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY] });
  const rows = deductions.data ?? [];

  const toggle = async (d: TenantDeductionRow) => {
    setBusy(d.id);
    try {
      const { message } = await setDeductionActive(d.id, !d.isActive);
      toast.success(message);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to update the deduction'));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await deleteDeduction(deleting.id);
      toast.success(SALARY_MSG.deductionDeleted);
      setDeleting(null);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to delete the deduction'));
      setDeleting(null);
    } finally {
      setBusy(null);
    }
  };

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
      <ListCard
        loading={deductions.isPending}
        error={deductions.isError ? errorMessage(deductions.error, 'Failed to load deductions.') : null}
        onRetry={() => void deductions.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading deductions"
        emptyMessage="No deductions yet. Add one to deduct it from salaries."
      >
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label="Deductions" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {DEDUCTION_COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => {
                const preTax = d.deductionType === DeductionType.PreTax;
                return (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {d.deductionName}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {displayText(d.description)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={preTax ? 'teal' : 'gray'}>
                        {preTax ? 'Pre-tax' : 'Post-tax'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{displayText(d.preTaxDeductionSection)}</Table.Td>
                    <Table.Td>{yesNo(d.isRecurring)}</Table.Td>
                    <Table.Td>{d.employeeCount}</Table.Td>
                    <Table.Td>
                      <Switch checked={d.isActive} disabled={busy === d.id} onChange={() => void toggle(d)} aria-label={`Active status of ${d.deductionName}`} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${d.deductionName}`} onClick={() => setForm({ deduction: d, key: Date.now() })}>
                          <IconPencil size={18} />
                        </ActionIcon>
                        <Tooltip label={`In use by ${employeesText(d.employeeCount)}: deactivate it instead`} disabled={d.employeeCount === 0}>
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.deductionName}`} disabled={d.employeeCount > 0} onClick={() => setDeleting(d)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>

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
      <ConfirmDeleteModal title="Delete Deduction" name={deleting?.deductionName ?? null} busy={busy !== null} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Stack>
  );
}
