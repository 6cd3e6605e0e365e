import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SHIFT_MSG, type ShiftAssignmentRequestBody } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { toastUnlessHandled } from '../../ui/kit/api-error-toast';
import { assignShiftToEmployees, useAllShifts, useEmployeeSearch } from './shifts-api';

/** People spec §5 "Assign shift", in the spec's order. */
export function validateAssignment(v: { employeeIds: string[]; shiftId: string | null; startDate: string; endDate: string }): string | null {
  if (v.employeeIds.length === 0) return SHIFT_MSG.employeesRequired;
  if (!v.shiftId) return SHIFT_MSG.shiftRequired;
  if (!v.startDate) return SHIFT_MSG.startDateRequired;
  if (v.endDate && v.endDate < v.startDate) return SHIFT_MSG.endBeforeStart;
  return null;
}

/** Assign Shift modal (people spec §2.2, §4 "Shift assignment", §5). `today` is the tenant's date. */
export function AssignShiftModal({ today, onClose, onAssigned }: { today: string; onClose: () => void; onAssigned: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const people = useEmployeeSearch(debounced, true);
  const shifts = useAllShifts();
  const [employeeIds, setEmployeeIds] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [notes, setNotes] = useState('');
  const [updateAttendance, setUpdateAttendance] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const pastStart = startDate !== '' && startDate <= today;
  const options = [
    ...employeeIds.filter((id) => !(people.data ?? []).some((p) => p.id === id)).map((id) => ({ value: id, label: labels[id] ?? id })),
    ...(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name}${p.employeeNumber ? ` (${p.employeeNumber})` : ''}` })),
  ];

  const submit = async () => {
    // People spec §5: a second submit is blocked while one is processing.
    if (inFlight.current) return;
    const problem = validateAssignment({ employeeIds, shiftId, startDate, endDate });
    setError(problem);
    if (problem || !shiftId) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const body: ShiftAssignmentRequestBody = { employeeIds, shiftId, startDate, endDate: endDate || null, notes: notes.trim() || null, updateAttendance };
      await assignShiftToEmployees(body);
      toast.success(SHIFT_MSG.assigned);
      onAssigned();
    } catch (e) {
      toastUnlessHandled(e, SHIFT_MSG.assignFailed);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Assign Shift" size="lg" centered>
      <Stack>
        <MultiSelect
          label="Employees"
          withAsterisk
          placeholder="Search employees"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={options}
          value={employeeIds}
          onChange={(ids) => {
            setEmployeeIds(ids);
            setLabels((l) => ({ ...l, ...Object.fromEntries(options.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label])) }));
          }}
          nothingFoundMessage={people.isFetching ? 'Searching…' : 'No employees found'}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Shift"
          withAsterisk
          placeholder="Select a shift"
          data={(shifts.data ?? []).map((s) => ({ value: s.id, label: s.shiftName }))}
          value={shiftId}
          onChange={setShiftId}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start">
          <DateField
            label="Start Date"
            withAsterisk
            value={startDate}
            onChange={(value) => {
              setStartDate(value);
              // People spec §4: a start date today or in the past ticks 'Update existing attendance records'.
              if (value && value <= today) setUpdateAttendance(true);
              if (endDate && value && endDate < value) setEndDate('');
            }}
          />
          <DateField label="End Date" value={endDate} min={startDate} disabled={!startDate} onChange={setEndDate} />
        </Group>
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        <Checkbox label="Update existing attendance records" checked={updateAttendance} onChange={(e) => setUpdateAttendance(e.currentTarget.checked)} />
        {pastStart && (
          <Alert color="yellow" title="Start date is today or in the past">
            Attendance already recorded from the start date will be recalculated with this shift.
          </Alert>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
