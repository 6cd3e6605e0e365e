import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, can, type Holiday } from '@tankha/contracts';
import { dayOfWeekOf } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { displayDate } from '../../ui/format';
import { HolidayFormModal } from './HolidayFormModal';
import { HOLIDAYS_KEY, deleteHoliday, useHolidays } from './leave.api';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The year's holidays grouped by month, in date order. */
export function holidaysByMonth(holidays: readonly Holiday[]): { month: string; holidays: Holiday[] }[] {
  const groups = new Map<number, Holiday[]>();
  for (const h of [...holidays].sort((a, b) => a.date.localeCompare(b.date))) {
    const m = Number(h.date.slice(5, 7)) - 1;
    groups.set(m, [...(groups.get(m) ?? []), h]);
  }
  return [...groups.entries()].map(([m, list]) => ({ month: MONTHS[m] ?? '', holidays: list }));
}

/** /holidays and /leaves/holidays: the holiday calendar; administrators and moderators edit it. */
export function HolidaysPage() {
  const user = useCurrentUser();
  const canManage = can(user.roleId, 'holidays.manage');
  const queryClient = useQueryClient();
  const today = useToday();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const holidays = useHolidays(year);
  const [form, setForm] = useState<{ holiday: Holiday | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [removing, setRemoving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [HOLIDAYS_KEY] });

  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await deleteHoliday(deleting.id);
      toast.success(LEAVE_MSG.holidayDeleted);
      setDeleting(null);
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to delete the holiday'));
    } finally {
      setRemoving(false);
    }
  };

  const groups = holidaysByMonth(holidays.data ?? []);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Holidays</Title>
          <ActionIcon variant="subtle" aria-label="Previous year" onClick={() => setYear(year - 1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text fw={600} aria-label="Year">
            {year}
          </Text>
          <ActionIcon variant="subtle" aria-label="Next year" onClick={() => setYear(year + 1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ holiday: null, key: Date.now() })}>
            Add Holiday
          </Button>
        )}
      </Group>
      <Card withBorder padding={0} radius="md">
        {holidays.isPending ? (
          <PageLoader label="Loading holidays" />
        ) : holidays.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(holidays.error, 'Failed to load holidays.')} onRetry={() => void holidays.refetch()} />
          </Stack>
        ) : groups.length === 0 ? (
          <Stack p="xl">
            <EmptyState message={canManage ? `No holidays for ${String(year)} yet. Add the organisation's holidays.` : `No holidays for ${String(year)} yet.`} />
          </Stack>
        ) : (
          <Table aria-label={`Holidays ${String(year)}`} verticalSpacing="sm" horizontalSpacing="md">
            <Table.Tbody>
              {groups.map((g) => [
                <Table.Tr key={g.month}>
                  <Table.Th colSpan={canManage ? 5 : 4} bg="var(--mantine-color-gray-0)">
                    {g.month}
                  </Table.Th>
                </Table.Tr>,
                ...g.holidays.map((h) => (
                  <Table.Tr key={h.id} style={h.date < today ? { opacity: 0.6 } : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(h.date)}</Table.Td>
                    <Table.Td>{WEEKDAYS[dayOfWeekOf(h.date)]}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={600}>
                          {h.name}
                        </Text>
                        {h.isOptional && (
                          <Badge size="xs" variant="light" color="grape">
                            Optional
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {h.description ?? ''}
                      </Text>
                    </Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon variant="subtle" aria-label={`Edit ${h.name}`} onClick={() => setForm({ holiday: h, key: Date.now() })}>
                            <IconPencil size={18} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${h.name}`} onClick={() => setDeleting(h)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                )),
              ])}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      {form && (
        <HolidayFormModal
          key={form.key}
          holiday={form.holiday}
          defaultDate={year === Number(today.slice(0, 4)) ? today : `${String(year)}-01-01`}
          onClose={() => setForm(null)}
          onSaved={(h) => {
            setForm(null);
            setYear(Number(h.date.slice(0, 4)));
            void refresh();
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Holiday" centered>
        <Stack>
          <Text size="sm">
            Delete <b>{deleting?.name}</b> on {deleting ? displayDate(deleting.date) : ''}? The day becomes a working day again for everyone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={removing}>
              Cancel
            </Button>
            <Button color="red" loading={removing} onClick={() => void confirmDelete()}>
              Yes, delete it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
