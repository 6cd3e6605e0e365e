import { useState } from 'react';
import { Button, Checkbox, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { ATTENDANCE_MSG } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { RANGE_PRESETS, presetRange, type RangePreset } from './attendance-rules';
import { downloadAttendanceReport, useTeamMembers } from './attendance.api';

/** 'Export': a date range (the presets of people spec §9) and employees → the XLSX of GET /Attendances/reports. */
export function ExportModal({ opened, onClose, today }: { opened: boolean; onClose: () => void; today: string }) {
  const [preset, setPreset] = useState<RangePreset>('This Month');
  const [range, setRange] = useState(() => presetRange('This Month', today));
  const [everyone, setEveryone] = useState(true);
  const [employeeIds, setEmployeeIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const team = useTeamMembers(search, opened && !everyone);

  const choose = (value: string | null) => {
    const next = (value ?? 'This Month') as RangePreset;
    setPreset(next);
    if (next !== 'Custom') setRange(presetRange(next, today));
  };
  const submit = async () => {
    setError(null);
    if (!range.startDate || !range.endDate) return setError(ATTENDANCE_MSG.rangeRequired);
    if (range.startDate > range.endDate) return setError(ATTENDANCE_MSG.rangeOrder);
    if (!everyone && employeeIds.length === 0) return setError(ATTENDANCE_MSG.employeesRequired);
    setBusy(true);
    try {
      await downloadAttendanceReport({ ...range, employeeIds: everyone ? [] : employeeIds, isBulkReport: everyone });
      onClose();
    } catch (e) {
      const message = errorMessage(e, 'Failed to download the report');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export attendance" centered>
      <Stack>
        <FormAlert message={error} />
        <Select label="Date range" data={[...RANGE_PRESETS]} value={preset} onChange={choose} allowDeselect={false} />
        <Group grow>
          <DateField label="Start date" value={range.startDate} disabled={preset !== 'Custom'} onChange={(startDate) => setRange({ ...range, startDate })} />
          <DateField label="End date" value={range.endDate} disabled={preset !== 'Custom'} onChange={(endDate) => setRange({ ...range, endDate })} />
        </Group>
        <Checkbox label="All employees" checked={everyone} onChange={(e) => setEveryone(e.currentTarget.checked)} />
        {!everyone && (
          <MultiSelect
            label="Employees"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={(team.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))}
            value={employeeIds}
            onChange={setEmployeeIds}
            nothingFoundMessage="No employees found"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
