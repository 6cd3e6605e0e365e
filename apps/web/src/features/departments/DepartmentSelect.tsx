import { useMemo, useRef, useState } from 'react';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DEPARTMENTS_KEY, fetchDepartmentOptions, useDepartmentName } from './departments.api';

/**
 * The department dropdown of the people spec §7: 10 per page, loading more on scroll near the
 * bottom, stopping on a 404.
 */
export interface DepartmentSelectProps {
  label?: string;
  placeholder?: string;
  value: string | null;
  onChange: (departmentId: string | null) => void;
  error?: string;
  /** A department to leave out (a department cannot be its own parent). */
  excludeId?: string;
  disabled?: boolean;
}

/** How close to the bottom of the list (px) the next page starts loading. */
export const LOAD_MORE_THRESHOLD_PX = 40;
export const DEPARTMENT_SEARCH_DEBOUNCE_MS = 300;

/**
 * Searchable (on the server, by name or code) and offering active departments; the selected
 * department's name shows even when it is not among the loaded pages (or is inactive).
 */
export function DepartmentSelect({ label = 'Department', placeholder = 'Select department', value, onChange, error, excludeId, disabled }: DepartmentSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEPARTMENT_SEARCH_DEBOUNCE_MS);
  const viewport = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  // The selected department's name, whether or not its page is loaded (or it is inactive).
  const name = useDepartmentName(value, value !== null && picked?.id !== value);
  const selectedName = value === null ? null : picked?.id === value ? picked.label : (name.data ?? null);

  // Typing searches the server; the input merely holding the selected name (Mantine shows it there) lists everything.
  const query = debounced !== '' && debounced !== selectedName ? debounced : '';
  const pages = useInfiniteQuery({
    queryKey: [DEPARTMENTS_KEY, 'options', query],
    queryFn: ({ pageParam, signal }) => fetchDepartmentOptions(pageParam, query, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.done ? undefined : all.length + 1),
    enabled: !disabled,
  });
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.rows) ?? [], [pages.data]);
  const currentLabel = selectedName ?? loaded.find((d) => d.id === value)?.name ?? null;

  const data = useMemo(() => {
    const items: ComboboxItem[] = [];
    const seen = new Set<string>();
    for (const d of loaded) {
      if (d.id === excludeId || seen.has(d.id)) continue;
      seen.add(d.id);
      items.push({ value: d.id, label: d.name });
    }
    if (value !== null && !seen.has(value) && currentLabel) items.push({ value, label: currentLabel });
    return items;
  }, [loaded, excludeId, value, currentLabel]);

  const loadMoreIfNearBottom = (y: number) => {
    const el = viewport.current;
    if (!el || !pages.hasNextPage || pages.isFetchingNextPage) return;
    if (el.scrollHeight - (y + el.clientHeight) <= LOAD_MORE_THRESHOLD_PX) void pages.fetchNextPage();
  };

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(next !== null && option ? { id: next, label: option.label } : null);
        onChange(next);
      }}
      error={error}
      disabled={disabled}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={pages.isFetching ? 'Loading…' : 'No departments found'}
      rightSection={pages.isFetching ? <Loader size="xs" aria-label="Loading departments" /> : undefined}
      scrollAreaProps={{ viewportRef: viewport, onScrollPositionChange: ({ y }) => loadMoreIfNearBottom(y) }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
