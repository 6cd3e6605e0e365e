import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Modal, Pagination, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ROSTER_PAGE_SIZE, SHIFT_MSG, type RosterDayShift, type RosterRow, type Shift } from '@tankha/contracts';
import { addDaysToDate } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { toastUnlessHandled } from '../../ui/kit/api-error-toast';
import { DAY_NAMES, formatDay, formatShiftRange } from './shift-time';
import { SHIFTS_KEY, assignShiftToEmployees, useAllShifts, useRoster } from './shifts-api';

/** One roster cell: the shift name and its 12-hour times, or 'No Shift'; non-default shifts highlighted. */
export function RosterCell({ day }: { day: RosterDayShift }) {
  if (!day.shiftId) {
    return (
      <Text size="sm" c="dimmed">
        {SHIFT_MSG.noShift}
      </Text>
    );
  }
  const body = (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {day.shiftName}
      </Text>
      <Text size="xs" c={day.isDefault ? 'dimmed' : undefined}>
        {formatShiftRange(day.shiftStart, day.shiftEnd)}
      </Text>
    </Stack>
  );
  return day.isDefault ? (
    body
  ) : (
    // A tinted block rather than a Badge: a Badge's label is cut with an ellipsis at the cell's width.
    <Box bg="teal.0" c="teal.9" py={4} px={6} data-highlighted="true" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      {body}
    </Box>
  );
}

/** The weekly roster Sunday–Saturday (people spec §2.2 "Weekly roster"). */
export function ShiftRoster({ initialWeekStart }: { initialWeekStart: string }) {
  const queryClient = useQueryClient();
  const [weekStart, setWeekStart] = useState(initialWeekStart);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const weekEnd = addDaysToDate(weekStart, 6);
  const roster = useRoster(weekStart, weekEnd, page, debounced);
  const [editing, setEditing] = useState<{ row: RosterRow; day: RosterDayShift } | null>(null);

  const total = roster.data?.totalRecords ?? 0;
  const rows = roster.data?.rows ?? [];
  const dates = Array.from({ length: 7 }, (_, i) => addDaysToDate(weekStart, i));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="Previous week" onClick={() => setWeekStart(addDaysToDate(weekStart, -7))}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {formatDay(weekStart)} - {formatDay(weekEnd)}
          </Text>
          <ActionIcon variant="default" aria-label="Next week" onClick={() => setWeekStart(addDaysToDate(weekStart, 7))}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        <TextInput
          aria-label="Search employees"
          placeholder="Search employees"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {roster.isPending ? (
        <PageLoader label="Loading roster" />
      ) : roster.isError ? (
        <ErrorState message={errorMessage(roster.error, SHIFT_MSG.rosterFailed)} onRetry={() => void roster.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message="No employees found" />
      ) : (
        <Table.ScrollContainer minWidth={980} type="native">
          <Table aria-label="Shift roster" withTableBorder withColumnBorders verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                {dates.map((d, i) => (
                  <Table.Th key={d}>
                    {DAY_NAMES[i]}
                    <Text size="xs" c="dimmed">
                      {formatDay(d).slice(0, 6)}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.employeeId}>
                  <Table.Td fw={600}>{row.employeeName}</Table.Td>
                  {row.dailyShifts.map((day) => (
                    <Table.Td key={day.date}>
                      <UnstyledButton aria-label={`Shift of ${row.employeeName} on ${day.date}`} onClick={() => setEditing({ row, day })} w="100%">
                        <RosterCell day={day} />
                      </UnstyledButton>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > ROSTER_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(total / ROSTER_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Roster pages" />
        </Group>
      )}
      {editing && (
        <DayShiftModal
          row={editing.row}
          day={editing.day}
          onClose={() => setEditing(null)}
          onAssigned={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: [SHIFTS_KEY, 'roster'] });
          }}
        />
      )}
    </Stack>
  );
}

/** The other shifts an employee could work on a day (everything but the cell's own). */
export function otherShifts(all: readonly Shift[], currentShiftId: string | null): Shift[] {
  return all.filter((s) => s.id !== currentShiftId);
}

/** Per-day Edit Shift modal: the other shifts, each with Assign (a one-day assignment). */
function DayShiftModal({ row, day, onClose, onAssigned }: { row: RosterRow; day: RosterDayShift; onClose: () => void; onAssigned: () => void }) {
  const shifts = useAllShifts();
  const [busy, setBusy] = useState<string | null>(null);
  const others = otherShifts(shifts.data ?? [], day.shiftId);

  const assign = async (shift: Shift) => {
    if (busy) return;
    setBusy(shift.id);
    try {
      await assignShiftToEmployees({ employeeIds: [row.employeeId], shiftId: shift.id, startDate: day.date, endDate: day.date, notes: null, updateAttendance: true });
      toast.success(SHIFT_MSG.assigned);
      onAssigned();
    } catch (e) {
      toastUnlessHandled(e, SHIFT_MSG.assignFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Edit Shift" centered>
      <Stack>
        <Text size="sm">
          {row.employeeName} · {formatDay(day.date)} · {day.shiftName ?? SHIFT_MSG.noShift}
        </Text>
        {shifts.isPending ? (
          <PageLoader label="Loading shifts" />
        ) : others.length === 0 ? (
          <Text c="dimmed">{SHIFT_MSG.noOtherShifts}</Text>
        ) : (
          others.map((s) => (
            <Group key={s.id} justify="space-between">
              <div>
                <Text fw={600}>{s.shiftName}</Text>
                <Text size="xs" c="dimmed">
                  {formatShiftRange(s.shiftStart, s.shiftEnd)}
                </Text>
              </div>
              <Button size="xs" onClick={() => void assign(s)} loading={busy === s.id} disabled={busy !== null && busy !== s.id} aria-label={`Assign ${s.shiftName}`}>
                Assign
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Modal>
  );
}
