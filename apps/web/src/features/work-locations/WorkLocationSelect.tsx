import { Select } from '@mantine/core';
import { WORK_LOCATION_MSG } from '@tankha/contracts';
import { useWorkLocations } from './work-locations.api';

export interface WorkLocationSelectProps {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}

/** The employee form's Work location: one of the organisation's locations, or none. */
export function WorkLocationSelect({ value, onChange, error }: WorkLocationSelectProps) {
  const locations = useWorkLocations();
  const data = (locations.data ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.stateName})` }));
  return (
    <Select
      label="Work location"
      placeholder={locations.isPending ? 'Loading…' : data.length === 0 ? WORK_LOCATION_MSG.noLocations : 'Select work location'}
      description={WORK_LOCATION_MSG.employeeLocationHint}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      error={error}
    />
  );
}
