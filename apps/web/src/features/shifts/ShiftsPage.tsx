import { useState } from 'react';
import { ActionIcon, Button, Group, Pagination, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SHIFT_MSG, SHIFT_PAGE_SIZE, can, type Shift } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { AssignShiftModal } from './AssignShiftModal';
import { ShiftFormModal } from './ShiftFormModal';
import { ShiftRoster } from './ShiftRoster';
import { formatShiftRange, weekStartOf } from './shift-time';
import { SHIFTS_KEY, deleteShift, useShiftTable } from './shifts-api';

/** A premium button: disabled with 'Upgrade to premium' without AdvancedShifts (people spec §1). */
function PremiumButton({ premium, label, onClick }: { premium: boolean; label: string; onClick: () => void }) {
  const button = (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} disabled={!premium}>
      {label}
    </Button>
  );
  return premium ? (
    button
  ) : (
    <Tooltip label={SHIFT_MSG.upgrade}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** Shifts at /attendance/shifts: Manage Shifts and User Shift Mapping (people spec §2.2). */
export function ShiftsPage({ today: todayProp }: { today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const user = useCurrentUser();
  const premium = user.accessableFeatures.some((f) => f.key === 'AdvancedShifts');
  const canManage = can(user.roleId, 'shifts.manage');
  const canAssign = can(user.roleId, 'shifts.assign');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const table = useShiftTable(page);
  const [form, setForm] = useState<{ shift: Shift | null; key: number } | null>(null);
  const [assigning, setAssigning] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [SHIFTS_KEY] });
  const total = table.data?.totalRecords ?? 0;
  const rows = table.data?.rows ?? [];

  const remove = useDeleteDialog({
    mutationFn: (shift: Shift) => deleteShift(shift.id),
    successText: SHIFT_MSG.deleted,
    errorText: (error) => (error instanceof ApiError && error.status === 400 ? error.message : SHIFT_MSG.deleteFailed),
    invalidates: [[SHIFTS_KEY]],
    onDeleted: () => {
      if (page > 1 && rows.length === 1) setPage(page - 1);
    },
  });
  const confirmDelete = () => {
    if (remove.target?.isDefault) {
      toast.error(SHIFT_MSG.defaultNotDeletable);
      remove.ask(null);
      return;
    }
    remove.dialog.onConfirm();
  };

  const columns: ListColumn<Shift>[] = [
    {
      label: 'Shift Name',
      primary: true,
      tdProps: { fw: 600 },
      cell: (s) => (
        <>
          {s.shiftName}
          {s.isDefault && (
            <Text span size="xs" c="dimmed" ml={6}>
              (Default)
            </Text>
          )}
        </>
      ),
    },
    { label: 'Shift Time', cell: (s) => formatShiftRange(s.shiftStart, s.shiftEnd) },
    {
      label: 'Actions',
      actions: true,
      cell: (s) =>
        canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Edit ${s.shiftName}`} disabled={!s.isDefault && !premium} onClick={() => setForm({ shift: s, key: Date.now() })}>
              <IconPencil size={18} />
            </ActionIcon>
            {/* People spec §6: the default shift has no delete icon. */}
            {!s.isDefault && (
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.shiftName}`} onClick={() => remove.ask(s)}>
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>Shifts</Title>
      <Tabs defaultValue="manage" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="manage">Manage Shifts</Tabs.Tab>
          <Tabs.Tab value="mapping">User Shift Mapping</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="manage" pt="md">
          <Stack gap="md">
            {canManage && (
              <Group justify="flex-end">
                <PremiumButton premium={premium} label="Add Shift" onClick={() => setForm({ shift: null, key: Date.now() })} />
              </Group>
            )}
            <ResponsiveList
              label="Shifts"
              columns={columns}
              rows={rows}
              rowKey={(s) => s.id}
              {...queryListState(table, 'Failed to load shifts.')}
              loadingLabel="Loading shifts"
              emptyMessage="No shifts yet."
            />
            {total > SHIFT_PAGE_SIZE && (
              <Group justify="flex-end">
                <Pagination total={Math.ceil(total / SHIFT_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Shifts pages" />
              </Group>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="mapping" pt="md">
          <Stack gap="md">
            {canAssign && (
              <Group justify="flex-end">
                <PremiumButton premium={premium} label="Assign Shift" onClick={() => setAssigning(true)} />
              </Group>
            )}
            <ShiftRoster initialWeekStart={weekStartOf(today)} />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      {form && (
        <ShiftFormModal
          today={today}
          key={form.key}
          shift={form.shift}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      {assigning && (
        <AssignShiftModal
          today={today}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            setAssigning(false);
            void refresh();
          }}
        />
      )}
      <ConfirmDeleteModal
        {...remove.dialog}
        title="Delete Shift"
        message={
          <>
            Are you sure you want to delete <b>{remove.target?.shiftName}</b>? Its department links and employee assignments end, and those people move to their department's shift
            or the default shift.
          </>
        }
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
