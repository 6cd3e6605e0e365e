import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, MultiSelect, Select, Stack, Switch, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, leavePolicyInputSchema, type LeavePolicy } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { fetchEmploymentTypes } from '../people/employee-form/employee-form.api';
import { useActiveDepartments } from '../shifts/shifts-api';
import { LEAVE_KEY, deleteLeavePolicy, saveLeavePolicy, useLeavePolicies, useLeaveTypes } from './leave.api';

export const POLICY_COLUMNS = ['Name', 'Leave Type', 'Employment Types', 'Departments', 'Sandwich Rule', 'Active', 'Actions'] as const;

function useEmploymentTypes() {
  return useQuery({ queryKey: ['user-fields', 'employment-type'], queryFn: fetchEmploymentTypes, staleTime: 60_000 });
}

/**
 * /leaves/policies (administrators and moderators): which leave types apply to which employment types and
 * departments, and whether the sandwich rule counts the week-offs and holidays between leave days.
 */
export function LeavePoliciesPage() {
  const queryClient = useQueryClient();
  const policies = useLeavePolicies();
  const employmentTypes = useEmploymentTypes();
  const departments = useActiveDepartments(true);
  const [form, setForm] = useState<{ policy: LeavePolicy | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<LeavePolicy | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
  const etName = new Map((employmentTypes.data?.options ?? []).map((o) => [o.id, o.label]));
  const deptName = new Map((departments.data ?? []).map((d) => [d.id, d.name]));
  const names = (ids: readonly string[], lookup: Map<string, string>, all: string) => (ids.length === 0 ? all : ids.map((id) => lookup.get(id) ?? '—').join(', '));

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteLeavePolicy(deleting.id);
      toast.success(LEAVE_MSG.policyDeleted);
      setDeleting(null);
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toast.error(errorMessage(error, 'Failed to delete the leave policy'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Leave Policies</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ policy: null, key: Date.now() })}>
          Add Policy
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A leave type without an active policy applies to everyone. Once a type has policies, only the employees they cover can take it.
      </Text>
      <Card withBorder padding={0} radius="md">
        {policies.isPending ? (
          <PageLoader label="Loading leave policies" />
        ) : policies.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(policies.error, 'Failed to load leave policies.')} onRetry={() => void policies.refetch()} />
          </Stack>
        ) : policies.data.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No leave policies yet. Every leave type applies to everyone, without the sandwich rule." />
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={860} type="native">
            <Table aria-label="Leave policies" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {POLICY_COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policies.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td fw={600}>{p.name}</Table.Td>
                    <Table.Td>{p.leaveTypeName}</Table.Td>
                    <Table.Td>{names(p.employmentTypeIds, etName, 'All employment types')}</Table.Td>
                    <Table.Td>{names(p.departmentIds, deptName, 'All departments')}</Table.Td>
                    <Table.Td>{p.sandwichRule ? <Badge color="orange">On</Badge> : <Badge color="gray">Off</Badge>}</Table.Td>
                    <Table.Td>{p.isActive ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setForm({ policy: p, key: Date.now() })}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {form && (
        <PolicyFormModal
          key={form.key}
          policy={form.policy}
          employmentTypes={employmentTypes.data?.options ?? []}
          departments={departments.data ?? []}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Leave Policy" centered>
        <Stack>
          <Text size="sm">Delete the policy {deleting?.name}? Its leave type then follows its other policies, or applies to everyone when none is left.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface PolicyValues {
  name: string;
  leaveTypeId: string | null;
  employmentTypeIds: string[];
  departmentIds: string[];
  sandwichRule: boolean;
  isActive: boolean;
}
const FIELDS = ['name', 'leaveTypeId', 'employmentTypeIds', 'departmentIds'] as const;

function PolicyFormModal({
  policy,
  employmentTypes,
  departments,
  onClose,
  onSaved,
}: {
  policy: LeavePolicy | null;
  employmentTypes: readonly { id: string; label: string }[];
  departments: readonly { id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const types = useLeaveTypes(true);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PolicyValues>({
    initialValues: {
      name: policy?.name ?? '',
      leaveTypeId: policy?.leaveTypeId ?? null,
      employmentTypeIds: policy?.employmentTypeIds ?? [],
      departmentIds: policy?.departmentIds ?? [],
      sandwichRule: policy?.sandwichRule ?? false,
      isActive: policy?.isActive ?? true,
    },
    validate: (v) => zodFieldErrors(leavePolicyInputSchema, { ...v, leaveTypeId: v.leaveTypeId ?? '' }),
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveLeavePolicy(policy?.id ?? null, { ...v, leaveTypeId: v.leaveTypeId ?? '' });
      toast.success(policy ? LEAVE_MSG.policyUpdated : LEAVE_MSG.policyCreated);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && (applyFieldErrors(FIELDS, error.errors, form.setErrors) || error.handled)) return;
      setServerError(errorMessage(error, 'Failed to save the leave policy'));
    }
  });
  return (
    <Modal opened onClose={onClose} title={policy ? 'Edit Leave Policy' : 'Add Leave Policy'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Policy name" required placeholder="e.g. Sandwich rule for casual leave" {...form.getInputProps('name')} />
          <Select
            label="Leave type"
            required
            placeholder="Select leave type"
            allowDeselect={false}
            data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            {...form.getInputProps('leaveTypeId')}
          />
          <MultiSelect
            label="Employment types"
            placeholder="All employment types"
            clearable
            data={employmentTypes.map((o) => ({ value: o.id, label: o.label }))}
            {...form.getInputProps('employmentTypeIds')}
          />
          <MultiSelect label="Departments" placeholder="All departments" clearable searchable data={departments.map((d) => ({ value: d.id, label: d.name }))} {...form.getInputProps('departmentIds')} />
          <Switch
            label="Sandwich rule"
            description="Count week-offs and holidays between leave days of a request as leave."
            {...form.getInputProps('sandwichRule', { type: 'checkbox' })}
          />
          <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {policy ? 'Save Changes' : 'Add Policy'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
