import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Input, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { PEOPLE_MSG, type UserSearchItem } from '@tankha/contracts';
import { searchManagers } from './employee-form.api';

/** People spec §7, §9: the reporting-manager search is debounced 300 ms. */
export const MANAGER_SEARCH_DEBOUNCE_MS = 300;

export interface ManagerPickerProps {
  selected: { id: string; name: string } | null;
  onChange: (manager: { id: string; name: string } | null) => void;
  /** The user being edited: nobody reports to themselves. */
  excludeId?: string | null;
  error?: string | null;
}

/** Search by name, e-mail or number; one manager only (people spec §5). */
export function ManagerPicker({ selected, onChange, excludeId, error }: ManagerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), MANAGER_SEARCH_DEBOUNCE_MS);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['manager-search', debounced],
    queryFn: ({ signal }) => searchManagers(debounced, signal),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  });

  const pick = (item: UserSearchItem) => {
    if (selected && selected.id !== item.id) {
      setRuleError(PEOPLE_MSG.oneManagerOnly);
      return;
    }
    setRuleError(null);
    setSearch('');
    onChange({
      id: item.id,
      name: item.name || `${item.firstName} ${item.lastName}`,
    });
  };

  const options = (results.data ?? []).filter((u) => u.id !== excludeId);
  return (
    <Stack gap={4}>
      <TextInput
        label="Reporting manager"
        placeholder="Search users"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        error={ruleError ?? error ?? undefined}
      />
      {selected ? (
        <Group gap={4}>
          <Badge variant="light" size="lg" tt="none">
            {selected.name}
          </Badge>
          <CloseButton
            size="sm"
            aria-label={`Remove ${selected.name}`}
            onClick={() => {
              setRuleError(null);
              onChange(null);
            }}
          />
        </Group>
      ) : null}
      {debounced.length > 0 && !results.isFetching && results.isSuccess ? (
        <Paper withBorder p={4} role="listbox" aria-label="Matching users">
          {options.length === 0 ? (
            <Input.Description p="xs">No users found</Input.Description>
          ) : (
            options.map((u) => (
              <Button key={u.id} variant="subtle" fullWidth justify="flex-start" role="option" aria-selected={selected?.id === u.id} onClick={() => pick(u)}>
                <Text size="sm">
                  {u.name || `${u.firstName} ${u.lastName}`}
                  <Text span size="xs" c="dimmed" ml="xs">
                    {u.email}
                  </Text>
                </Text>
              </Button>
            ))
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
