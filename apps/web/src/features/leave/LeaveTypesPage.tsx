import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, type LeaveType } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { LeaveTypeFormModal } from './LeaveTypeFormModal';
import { LEAVE_KEY, deleteLeaveType, saveLeaveType, useLeaveTypes } from './leave.api';

export const LEAVE_TYPE_COLUMNS = ['Name', 'Code', 'Paid', 'Yearly Quota', 'Accrual', 'Carry Forward', 'Active', 'Actions'] as const;

/** /leaves/leave-types (administrators and moderators): the organisation's leave types. */
export function LeaveTypesPage() {
  const queryClient = useQueryClient();
  const types = useLeaveTypes(true);
  const [form, setForm] = useState<{ type: LeaveType | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<LeaveType | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });

  const toggle = async (t: LeaveType) => {
    setBusy(t.id);
    try {
      await saveLeaveType(t.id, { ...t, color: t.color as 'blue', isActive: !t.isActive });
      toast.success(LEAVE_MSG.typeUpdated);
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to update the leave type'));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await deleteLeaveType(deleting.id);
      toast.success(LEAVE_MSG.typeDeleted);
      setDeleting(null);
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to delete the leave type'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Leave Types</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ type: null, key: Date.now() })}>
          Add Leave Type
        </Button>
      </Group>
      <Card withBorder padding={0} radius="md">
        {types.isPending ? (
          <PageLoader label="Loading leave types" />
        ) : types.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(types.error, 'Failed to load leave types.')} onRetry={() => void types.refetch()} />
          </Stack>
        ) : types.data.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No leave types yet. Add one so employees can apply for leave." />
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={860} type="native">
            <Table aria-label="Leave types" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {LEAVE_TYPE_COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.data.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Group gap={8} wrap="nowrap">
                        <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${t.color}-6)`, display: 'inline-block' }} />
                        <Text size="sm" fw={600}>
                          {t.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{t.code}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={t.isPaid ? 'green' : 'gray'}>
                        {t.isPaid ? 'Paid' : 'Unpaid'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t.isPaid ? `${String(t.yearlyQuota)} days` : 'Unlimited'}</Table.Td>
                    <Table.Td>{t.accruesMonthly ? 'Monthly' : t.isPaid ? 'Yearly' : '—'}</Table.Td>
                    <Table.Td>{t.carryForward ? `Up to ${String(t.maxCarryForward)} days` : 'No'}</Table.Td>
                    <Table.Td>
                      <Switch checked={t.isActive} disabled={busy === t.id} onChange={() => void toggle(t)} aria-label={`Active status of ${t.name}`} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => setForm({ type: t, key: Date.now() })}>
                          <IconPencil size={18} />
                        </ActionIcon>
                        <Tooltip label="In use: deactivate it instead" disabled={t.requestCount === 0}>
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} disabled={t.requestCount > 0} onClick={() => setDeleting(t)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

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
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Leave Type" centered>
        <Stack>
          <Text size="sm">
            Are you sure you want to delete <b>{deleting?.name}</b>? This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={busy !== null}>
              Cancel
            </Button>
            <Button color="red" loading={busy !== null} onClick={() => void confirmDelete()}>
              Yes, delete it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
