import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, can, type Holiday } from '@tankha/contracts';
import { dayOfWeekOf } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { useToday } from '../../app/today';
import { displayDate } from '../../ui/format';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: [HOLIDAYS_KEY] });

  const remove = useDeleteDialog({
    mutationFn: (holiday: Holiday) => deleteHoliday(holiday.id),
    successText: LEAVE_MSG.holidayDeleted,
    errorText: 'Failed to delete the holiday',
    invalidates: [[HOLIDAYS_KEY]],
  });

  const columns: ListColumn<Holiday>[] = [
    { label: 'Date', tdProps: { style: { whiteSpace: 'nowrap' } }, cell: (h) => displayDate(h.date) },
    { label: 'Day', cell: (h) => WEEKDAYS[dayOfWeekOf(h.date)] },
    {
      label: 'Holiday',
      primary: true,
      cell: (h) => (
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
      ),
    },
    {
      label: 'Description',
      cell: (h) => (
        <Text size="sm" c="dimmed">
          {h.description ?? ''}
        </Text>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      label: 'Actions',
      actions: true,
      cell: (h) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon variant="subtle" aria-label={`Edit ${h.name}`} onClick={() => setForm({ holiday: h, key: Date.now() })}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${h.name}`} onClick={() => remove.ask(h)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    });
  }

  const sorted = holidaysByMonth(holidays.data ?? []).flatMap((g) => g.holidays);
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
      <ResponsiveList
        label={`Holidays ${String(year)}`}
        columns={columns}
        rows={sorted}
        rowKey={(h) => h.id}
        groupOf={(h) => MONTHS[Number(h.date.slice(5, 7)) - 1] ?? ''}
        withHeader={false}
        rowStyle={(h) => (h.date < today ? { opacity: 0.6 } : undefined)}
        {...queryListState(holidays, 'Failed to load holidays.')}
        loadingLabel="Loading holidays"
        emptyMessage={canManage ? `No holidays for ${String(year)} yet. Add the organisation's holidays.` : `No holidays for ${String(year)} yet.`}
      />

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
      <ConfirmDeleteModal
        {...remove.dialog}
        title="Delete Holiday"
        message={
          <>
            Delete <b>{remove.target?.name}</b> on {remove.target ? displayDate(remove.target.date) : ''}? The day becomes a working day again for everyone.
          </>
        }
      />
    </Stack>
  );
}
