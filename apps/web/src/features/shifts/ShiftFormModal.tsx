import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { DEFAULT_SHIFT_WEEKENDS, SHIFT_MSG, type Shift, type ShiftWeekend } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { DAY_NAMES, WEEK_COLUMNS } from './shift-time';
import { createShift, updateShift, useActiveDepartments } from './shifts-api';

type Grid = boolean[][];

/** The weekends list as a 7 × 6 grid (rows Sunday..Saturday, columns All, 1..5). */
export function weekendsToGrid(weekends: readonly ShiftWeekend[]): Grid {
  const grid = DAY_NAMES.map(() => WEEK_COLUMNS.map(() => false));
  for (const w of weekends) {
    const row = grid[w.dayOfWeek];
    if (row && w.weekNumber >= 0 && w.weekNumber <= 5) row[w.weekNumber] = w.isWeekend;
  }
  return grid;
}

/** Only ticked cells are sent. */
export function gridToWeekends(grid: Grid): ShiftWeekend[] {
  return grid.flatMap((row, dayOfWeek) => row.flatMap((ticked, weekNumber) => (ticked ? [{ dayOfWeek, weekNumber, isWeekend: true }] : [])));
}

/** People spec §5 "Shift form" checks, in the spec's order. */
export function validateShiftForm(values: { shiftName: string; shiftStart: string; shiftEnd: string; departmentIds: string[] }, creating: boolean): string | null {
  if (!values.shiftName.trim()) return SHIFT_MSG.nameRequired;
  if (!values.shiftStart) return SHIFT_MSG.startRequired;
  if (!values.shiftEnd) return SHIFT_MSG.endRequired;
  if (creating && values.departmentIds.length === 0) return SHIFT_MSG.departmentsRequired;
  return null;
}

/**
 * Add/Edit Shift modal (people spec §2.2, §5). The change takes effect from 'Effective From' (today
 * by default); an earlier date needs 'Update existing attendance records', as in Assign Shift, so a
 * new or edited shift never rewrites past attendance by accident. `today` is the tenant's date.
 */
export function ShiftFormModal({ shift, today, onClose, onSaved }: { shift: Shift | null; today: string; onClose: () => void; onSaved: () => void }) {
  const creating = shift === null;
  const [shiftName, setShiftName] = useState(shift?.shiftName ?? '');
  const [shiftStart, setShiftStart] = useState(shift?.shiftStart.slice(0, 5) ?? '');
  const [shiftEnd, setShiftEnd] = useState(shift?.shiftEnd.slice(0, 5) ?? '');
  const [departmentIds, setDepartmentIds] = useState<string[]>(shift?.departmentIds ?? []);
  const [grid, setGrid] = useState<Grid>(weekendsToGrid(shift?.weekends ?? DEFAULT_SHIFT_WEEKENDS));
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [updateAttendance, setUpdateAttendance] = useState(false);
  const pastStart = effectiveFrom !== '' && effectiveFrom < today;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const departments = useActiveDepartments(true);

  const submit = async () => {
    const problem = validateShiftForm({ shiftName, shiftStart, shiftEnd, departmentIds }, creating) ?? (pastStart && !updateAttendance ? SHIFT_MSG.effectiveFromPast : null);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const fields = { shiftName: shiftName.trim(), shiftStart, shiftEnd, weekends: gridToWeekends(grid), effectiveFrom: effectiveFrom || today, updateAttendance: pastStart && updateAttendance };
      if (creating) {
        await createShift({ ...fields, departmentIds });
        toast.success(SHIFT_MSG.created);
      } else {
        await updateShift({ id: shift.id, ...fields, ...(shift.isDefault ? {} : { departmentIds }) });
        toast.success(SHIFT_MSG.updated);
      }
      onSaved();
    } catch (e) {
      toastApiError(e, creating ? SHIFT_MSG.createFailed : SHIFT_MSG.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={creating ? 'Add Shift' : 'Edit Shift'} size="lg" centered>
      <Stack>
        <TextInput label="Shift Name" withAsterisk value={shiftName} onChange={(e) => setShiftName(e.currentTarget.value)} maxLength={50} />
        <Group grow>
          <TextInput label="Start Time" type="time" withAsterisk value={shiftStart} onChange={(e) => setShiftStart(e.currentTarget.value)} />
          <TextInput label="End Time" type="time" withAsterisk value={shiftEnd} onChange={(e) => setShiftEnd(e.currentTarget.value)} />
        </Group>
        {!shift?.isDefault && (
          <MultiSelect
            label="Departments"
            withAsterisk={creating}
            placeholder="Select departments"
            searchable
            data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            value={departmentIds}
            onChange={setDepartmentIds}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <DateField label="Effective From" value={effectiveFrom} onChange={setEffectiveFrom} />
        {pastStart && (
          <>
            <Checkbox label="Update existing attendance records" checked={updateAttendance} onChange={(e) => setUpdateAttendance(e.currentTarget.checked)} />
            <Alert color="yellow" title="Effective date is in the past">
              Attendance already recorded from the effective date will be recalculated with this shift.
            </Alert>
          </>
        )}
        {!pastStart && (
          <Text size="xs" c="dimmed">
            Days before the effective date keep the shift they had.
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Weekends
          </Text>
          <Table aria-label="Weekends" withTableBorder ta="center">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                {WEEK_COLUMNS.map((c) => (
                  <Table.Th key={c} ta="center">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {DAY_NAMES.map((day, d) => (
                <Table.Tr key={day}>
                  <Table.Td ta="left">{day}</Table.Td>
                  {WEEK_COLUMNS.map((c, w) => (
                    <Table.Td key={c}>
                      <Checkbox
                        aria-label={`${day} ${c === 'All' ? 'all weeks' : `week ${c}`}`}
                        checked={grid[d]?.[w] ?? false}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          setGrid((g) => g.map((row, i) => (i === d ? row.map((cell, j) => (j === w ? checked : cell)) : row)));
                        }}
                        style={{ display: 'inline-block' }}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving}>
            {creating ? 'Add Shift' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
