import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { EPF_CONTRIBUTION_LABELS, SALARY_MSG, type TenantEarningRow } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ListCard } from '../../ui/ListCard';
import { COMPONENTS_KEY, deleteEarning, setEarningActive, useEarnings } from './components.api';
import { calculationText, employeesText, isSystemEarning, yesNo } from './component-format';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { EarningFormModal } from './EarningFormModal';

export const EARNING_COLUMNS = ['Name', 'Name in Payslip', 'Calculation', 'Pay Type', 'Taxable', 'Pro-rata', 'EPF', 'ESI', 'Employees', 'Active', 'Actions'] as const;

/** The Earnings tab: every earning with its calculation and flags; add, edit, activate, delete when unused. */
export function EarningsTab() {
  const queryClient = useQueryClient();
  const earnings = useEarnings();
  const [form, setForm] = useState<{ earning: TenantEarningRow | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<TenantEarningRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY] });
  const rows = earnings.data ?? [];

  const toggle = async (e: TenantEarningRow) => {
    setBusy(e.id);
    try {
      const { message } = await setEarningActive(e.id, !e.isActive);
      toast.success(message);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to update the earning'));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await deleteEarning(deleting.id);
      toast.success(SALARY_MSG.earningDeleted);
      setDeleting(null);
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to delete the earning'));
      setDeleting(null);
    } finally {
      setBusy(null);
    }
  };

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
      <ListCard
        loading={earnings.isPending}
        error={earnings.isError ? errorMessage(earnings.error, 'Failed to load earnings.') : null}
        onRetry={() => void earnings.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading earnings"
        emptyMessage="No earnings yet. Add one to build salary structures."
      >
        <Table.ScrollContainer minWidth={1100} type="native">
          <Table aria-label="Earnings" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {EARNING_COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => {
                const system = isSystemEarning(e);
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {e.earningName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {e.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.nameInPayslip}</Table.Td>
                    <Table.Td>{calculationText(e)}</Table.Td>
                    <Table.Td>{e.isFixedPay ? 'Fixed' : 'Variable'}</Table.Td>
                    <Table.Td>{yesNo(e.isTaxableEarning)}</Table.Td>
                    <Table.Td>{yesNo(e.isProRateBasis)}</Table.Td>
                    <Table.Td>{EPF_CONTRIBUTION_LABELS[e.epfContributionType as 0 | 1 | 2] ?? '—'}</Table.Td>
                    <Table.Td>{yesNo(e.isConsideredForESI)}</Table.Td>
                    <Table.Td>{e.employeeCount}</Table.Td>
                    <Table.Td>
                      <Tooltip label="Part of every salary structure" disabled={!system}>
                        <Switch checked={e.isActive} disabled={system || busy === e.id} onChange={() => void toggle(e)} aria-label={`Active status of ${e.earningName}`} />
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${e.earningName}`} onClick={() => setForm({ earning: e, key: Date.now() })}>
                          <IconPencil size={18} />
                        </ActionIcon>
                        <Tooltip label={system ? 'Part of every salary structure' : `In use by ${employeesText(e.employeeCount)}: deactivate it instead`} disabled={!system && e.employeeCount === 0}>
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${e.earningName}`} disabled={system || e.employeeCount > 0} onClick={() => setDeleting(e)}>
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
      <ConfirmDeleteModal title="Delete Earning" name={deleting?.earningName ?? null} busy={busy !== null} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Stack>
  );
}
