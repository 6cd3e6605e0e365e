import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Pagination, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEPARTMENT_PAGE_SIZE, PEOPLE_MSG, can, type Department } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { displayText } from '../../ui/format';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { DepartmentDeleteModal } from './DepartmentDeleteModal';
import { DepartmentEmployeesModal } from './DepartmentEmployeesModal';
import { DepartmentFormModal } from './DepartmentFormModal';
import { DEPARTMENTS_KEY, updateDepartment, useDepartmentTable, type DepartmentPage } from './departments.api';

/** Descriptions are cut in the table; the full text is in the tooltip and the edit form. */
const DESCRIPTION_CHARS = 40;

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Departments at /users/departments (people spec §2.4, §4 Department, §8). */
export function DepartmentsPage() {
  const user = useCurrentUser();
  const canManage = can(user.roleId, 'departments.manage');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const table = useDepartmentTable(page);
  const [form, setForm] = useState<{ department: Department | null; key: number } | null>(null);
  const [viewing, setViewing] = useState<Department | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });

  /** People spec §4: the status toggle flips 1/0 through the update. */
  const toggleStatus = useApiMutation({
    mutationFn: (department: Department) => updateDepartment(department.id, { name: department.name, status: department.status === 1 ? 0 : 1 }),
    successText: PEOPLE_MSG.departmentStatusUpdated,
    errorText: (error) => PEOPLE_MSG.departmentStatusFailed.replace('{message}', errorMessage(error, PEOPLE_MSG.unexpected)),
    invalidates: [[DEPARTMENTS_KEY]],
    onSuccess: (updated) =>
      queryClient.setQueryData<DepartmentPage>([DEPARTMENTS_KEY, 'table', page], (old) =>
        old ? { ...old, rows: old.rows.map((row) => (row.id === updated.id ? updated : row)) } : old,
      ),
  });
  const toggling = toggleStatus.isPending ? toggleStatus.variables.id : null;

  const total = table.data?.totalRecords ?? 0;
  const rows = table.data?.rows ?? [];

  /** The table of people spec §2.4, in its order. */
  const columns: ListColumn<Department>[] = [
    { label: 'Name', primary: true, tdProps: { fw: 600 }, cell: (d) => d.name },
    { label: 'Code', cell: (d) => displayText(d.code) },
    {
      label: 'Description',
      cell: (d) =>
        d.description && d.description.length > DESCRIPTION_CHARS ? (
          <Tooltip label={d.description} multiline maw={360}>
            <Text size="sm">{truncate(d.description, DESCRIPTION_CHARS)}</Text>
          </Tooltip>
        ) : (
          displayText(d.description)
        ),
    },
    { label: 'Department Head', cell: (d) => displayText(d.departmentHeadName) },
    { label: 'Parent Department', cell: (d) => displayText(d.parentDepartmentName) },
    {
      label: 'Assigned Users',
      cell: (d) => (
        <Anchor component="button" type="button" onClick={() => setViewing(d)} aria-label={`Assigned users of ${d.name}: ${d.totalEmployees.toString()}`}>
          {d.totalEmployees}
        </Anchor>
      ),
    },
    {
      label: 'Status',
      cell: (d) => (
        <Switch checked={d.status === 1} onChange={() => toggleStatus.mutate(d)} disabled={!canManage || toggling === d.id} aria-label={`Active status of ${d.name}`} />
      ),
    },
    {
      label: 'Actions',
      actions: true,
      cell: (d) =>
        canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Edit ${d.name}`} onClick={() => setForm({ department: d, key: Date.now() })}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Departments</Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ department: null, key: Date.now() })}>
            Add Department
          </Button>
        )}
      </Group>

      <ResponsiveList
        label="Departments"
        columns={columns}
        rows={rows}
        rowKey={(d) => d.id}
        minWidth={960}
        {...queryListState(table, 'Failed to load departments.')}
        onRetry={() => (page > 1 && table.error instanceof ApiError && table.error.status === 404 ? setPage(1) : void table.refetch())}
        loadingLabel="Loading departments"
        emptyMessage={canManage ? 'No departments yet. Add one to organise your people.' : 'No departments yet.'}
      />

      {total > DEPARTMENT_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} departments
          </Text>
          <Pagination total={Math.ceil(total / DEPARTMENT_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Departments pages" />
        </Group>
      )}

      {form && (
        <DepartmentFormModal
          key={form.key}
          department={form.department}
          opened
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}

      <DepartmentEmployeesModal key={`employees-${viewing?.id ?? 'none'}`} department={viewing} onClose={() => setViewing(null)} />

      <DepartmentDeleteModal
        key={`delete-${deleting?.id ?? 'none'}`}
        department={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The last row of the last page: step back rather than ask for a page that no longer exists.
          if (page > 1 && table.data?.rows.length === 1) setPage(page - 1);
          setDeleting(null);
          void refresh();
        }}
      />
    </Stack>
  );
}
