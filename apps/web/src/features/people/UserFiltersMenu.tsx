import { ActionIcon, Checkbox, Indicator, Popover, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { ROLE_NAMES, type RoleId } from '@tankha/contracts';
import { activeFilterCount, type UserFilters } from './user-list-rules';

interface Props {
  filters: UserFilters;
  onChange: (next: UserFilters) => void;
  departments: { id: string; name: string }[];
}

const ROLE_OPTIONS = [
  { value: 'all', label: 'All Roles' },
  ...([1, 2, 3] as RoleId[]).map((id) => ({
    value: String(id),
    label: ROLE_NAMES[id],
  })),
];

/** Filter menu (spec §2.5): Department, Designation, Role; the badge counts the active filters. */
export function UserFiltersMenu({ filters, onChange, departments }: Props) {
  const count = activeFilterCount(filters);
  const set = (patch: Partial<UserFilters>) => onChange({ ...filters, ...patch });
  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal={false}>
      <Popover.Target>
        <Indicator label={count} size={16} disabled={count === 0} aria-label={`${count.toString()} active filters`}>
          <Tooltip label="Filters">
            <ActionIcon variant="default" size="lg" aria-label="Filters">
              <IconFilter size={18} />
            </ActionIcon>
          </Tooltip>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Filters
          </Text>
          <Checkbox label="Department" checked={filters.departmentOn} onChange={(e) => set({ departmentOn: e.currentTarget.checked })} />
          <Select
            aria-label="Department filter"
            data={[{ value: 'all', label: 'All Departments' }, ...departments.map((d) => ({ value: d.id, label: d.name }))]}
            value={filters.departmentId ?? 'all'}
            onChange={(v) =>
              set({
                departmentId: v && v !== 'all' ? v : null,
                departmentOn: true,
              })
            }
            disabled={!filters.departmentOn}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Checkbox label="Designation" checked={filters.designationOn} onChange={(e) => set({ designationOn: e.currentTarget.checked })} />
          <TextInput
            aria-label="Designation filter"
            placeholder="Designation"
            value={filters.designation}
            onChange={(e) => set({ designation: e.currentTarget.value })}
            disabled={!filters.designationOn}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={filters.roleId === null ? 'all' : String(filters.roleId)}
            onChange={(v) => set({ roleId: v && v !== 'all' ? (Number(v) as RoleId) : null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
