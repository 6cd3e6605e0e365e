import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, type LeaveType } from '@tankha/contracts';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { pendingRow, useApiMutation } from '../../ui/kit/useApiMutation';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { LeaveTypeFormModal } from './LeaveTypeFormModal';
import { LEAVE_KEY, deleteLeaveType, saveLeaveType, useLeaveTypes } from './leave.api';

/** /leaves/leave-types (administrators and moderators): the organisation's leave types. */
export function LeaveTypesPage() {
  const queryClient = useQueryClient();
  const types = useLeaveTypes(true);
  const [form, setForm] = useState<{ type: LeaveType | null; key: number } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
  const toggle = useApiMutation({
    mutationFn: (t: LeaveType) => saveLeaveType(t.id, { ...t, color: t.color as 'blue', isActive: !t.isActive }),
    successText: LEAVE_MSG.typeUpdated,
    errorText: 'Failed to update the leave type',
    invalidates: [[LEAVE_KEY]],
  });
  const remove = useDeleteDialog({
    mutationFn: (t: LeaveType) => deleteLeaveType(t.id),
    successText: LEAVE_MSG.typeDeleted,
    errorText: 'Failed to delete the leave type',
    invalidates: [[LEAVE_KEY]],
  });
  const busyId = pendingRow(toggle, remove.mutation)?.id;

  const columns: ListColumn<LeaveType>[] = [
    {
      label: 'Name',
      primary: true,
      cell: (t) => (
        <Group gap={8} wrap="nowrap">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${t.color}-6)`, display: 'inline-block' }} />
          <Text size="sm" fw={600}>
            {t.name}
          </Text>
        </Group>
      ),
    },
    { label: 'Code', cell: (t) => t.code },
    {
      label: 'Paid',
      cell: (t) => (
        <Badge variant="light" color={t.isPaid ? 'green' : 'gray'}>
          {t.isPaid ? 'Paid' : 'Unpaid'}
        </Badge>
      ),
    },
    { label: 'Yearly Quota', cell: (t) => (!t.isPaid ? 'Unlimited' : t.accrualRule === 'codes-180-days' ? 'By days worked' : `${String(t.yearlyQuota)} days`) },
    { label: 'Accrual', cell: (t) => (!t.isPaid ? '—' : t.accrualRule === 'codes-180-days' ? '1 per 20 days worked' : t.accruesMonthly ? 'Monthly' : 'Yearly') },
    { label: 'Carry Forward', cell: (t) => (t.carryForward ? `Up to ${String(t.maxCarryForward)} days` : 'No') },
    {
      label: 'Active',
      cell: (t) => <Switch checked={t.isActive} disabled={busyId === t.id} onChange={() => toggle.mutate(t)} aria-label={`Active status of ${t.name}`} />,
    },
    {
      label: 'Actions',
      actions: true,
      cell: (t) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => setForm({ type: t, key: Date.now() })}>
            <IconPencil size={18} />
          </ActionIcon>
          <Tooltip label="In use: deactivate it instead" disabled={t.requestCount === 0}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} disabled={t.requestCount > 0} onClick={() => remove.ask(t)}>
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
        <Title order={2}>Leave Types</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ type: null, key: Date.now() })}>
          Add Leave Type
        </Button>
      </Group>
      <ResponsiveList
        label="Leave types"
        columns={columns}
        rows={types.data ?? []}
        rowKey={(t) => t.id}
        minWidth={860}
        {...queryListState(types, 'Failed to load leave types.')}
        loadingLabel="Loading leave types"
        emptyMessage="No leave types yet. Add one so employees can apply for leave."
      />

      {form && (
        <LeaveTypeFormModal
          key={form.key}
          leaveType={form.type}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDeleteModal {...remove.dialog} title="Delete Leave Type" name={remove.target?.name} />
    </Stack>
  );
}
