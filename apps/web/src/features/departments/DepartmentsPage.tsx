import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Pagination, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEPARTMENT_PAGE_SIZE, PEOPLE_MSG, can, type Department } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ListCard } from '../../ui/ListCard';
import { displayText } from '../../ui/format';
import { DepartmentDeleteModal } from './DepartmentDeleteModal';
import { DepartmentEmployeesModal } from './DepartmentEmployeesModal';
import { DepartmentFormModal } from './DepartmentFormModal';
import { DEPARTMENTS_KEY, updateDepartment, useDepartmentTable, type DepartmentPage } from './departments.api';

/** The table of people spec §2.4, in its order. */
export const DEPARTMENT_COLUMNS = ['Name', 'Code', 'Description', 'Department Head', 'Parent Department', 'Assigned Users', 'Status', 'Actions'] as const;
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
  const [toggling, setToggling] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });

  /** People spec §4: the status toggle flips 1/0 through the update. */
  const toggleStatus = async (department: Department) => {
    setToggling(department.id);
    try {
      const updated = await updateDepartment(department.id, { name: department.name, status: department.status === 1 ? 0 : 1 });
      queryClient.setQueryData<DepartmentPage>([DEPARTMENTS_KEY, 'table', page], (old) =>
        old ? { ...old, rows: old.rows.map((row) => (row.id === updated.id ? updated : row)) } : old,
      );
      toast.success(PEOPLE_MSG.departmentStatusUpdated);
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) {
        toast.error(PEOPLE_MSG.departmentStatusFailed.replace('{message}', errorMessage(error, PEOPLE_MSG.unexpected)));
      }
    } finally {
      setToggling(null);
    }
  };

  const total = table.data?.totalRecords ?? 0;
  const rows = table.data?.rows ?? [];

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

      <ListCard
        loading={table.isPending}
        error={table.isError ? errorMessage(table.error, 'Failed to load departments.') : null}
        onRetry={() => (page > 1 && table.error instanceof ApiError && table.error.status === 404 ? setPage(1) : void table.refetch())}
        empty={rows.length === 0}
        loadingLabel="Loading departments"
        emptyMessage={canManage ? 'No departments yet. Add one to organise your people.' : 'No departments yet.'}
      >
          <Table.ScrollContainer minWidth={960} type="native">
            <Table aria-label="Departments" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {DEPARTMENT_COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td fw={600}>{d.name}</Table.Td>
                    <Table.Td>{displayText(d.code)}</Table.Td>
                    <Table.Td>
                      {d.description && d.description.length > DESCRIPTION_CHARS ? (
                        <Tooltip label={d.description} multiline maw={360}>
                          <Text size="sm">{truncate(d.description, DESCRIPTION_CHARS)}</Text>
                        </Tooltip>
                      ) : (
                        displayText(d.description)
                      )}
                    </Table.Td>
                    <Table.Td>{displayText(d.departmentHeadName)}</Table.Td>
                    <Table.Td>{displayText(d.parentDepartmentName)}</Table.Td>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => setViewing(d)} aria-label={`Assigned users of ${d.name}: ${d.totalEmployees.toString()}`}>
                        {d.totalEmployees}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={d.status === 1}
                        onChange={() => void toggleStatus(d)}
                        disabled={!canManage || toggling === d.id}
                        aria-label={`Active status of ${d.name}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      {canManage && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={`Edit ${d.name}`} onClick={() => setForm({ department: d, key: Date.now() })}>
                            <IconPencil size={18} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
      </ListCard>

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

      <DepartmentEmployeesModal key={viewing?.id ?? 'none'} department={viewing} onClose={() => setViewing(null)} />

      <DepartmentDeleteModal
        key={deleting?.id ?? 'none'}
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
