import { useMemo, useState } from 'react';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useUserSearch } from './departments.api';

/** People spec §7/§9: employee searches are debounced 300 ms. */
export const HEAD_SEARCH_DEBOUNCE_MS = 300;

interface DepartmentHeadPickerProps {
  value: string | null;
  /** The current head's name, shown before any search has run. */
  initialLabel: string | null;
  onChange: (userId: string | null, name: string | null) => void;
  error?: string;
}

/** One user of the organisation as the department head, searched on the server (GET /Users/search). */
export function DepartmentHeadPicker({ value, initialLabel, onChange, error }: DepartmentHeadPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), HEAD_SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const selectedName = value === null ? null : picked?.id === value ? picked.label : initialLabel;
  const query = debounced !== selectedName ? debounced : '';
  const [opened, setOpened] = useState(false);
  const users = useUserSearch(query, opened || query !== '');

  const data = useMemo(() => {
    const items: ComboboxItem[] = (users.data ?? []).map((u) => ({ value: u.id, label: u.name || `${u.firstName} ${u.lastName}` }));
    if (value !== null && selectedName && !items.some((i) => i.value === value)) items.unshift({ value, label: selectedName });
    return items;
  }, [users.data, value, selectedName]);

  return (
    <Select
      label="Department Head"
      placeholder="Search users"
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(next !== null && option ? { id: next, label: option.label } : null);
        onChange(next, option?.label ?? null);
      }}
      error={error}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users found'}
      rightSection={users.isFetching ? <Loader size="xs" aria-label="Searching users" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
