import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, MultiSelect, Select, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, leavePolicyInputSchema, type LeavePolicy } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { zodFieldErrors } from '../../ui/zod-form';
import { fetchEmploymentTypes } from '../people/employee-form/employee-form.api';
import { useActiveDepartments } from '../shifts/shifts-api';
import { LEAVE_KEY, deleteLeavePolicy, saveLeavePolicy, useLeavePolicies, useLeaveTypes } from './leave.api';
import { formFailure } from '../../ui/kit/form-failure';

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
  const etName = new Map((employmentTypes.data?.options ?? []).map((o) => [o.id, o.label]));
  const deptName = new Map((departments.data ?? []).map((d) => [d.id, d.name]));
  const names = (ids: readonly string[], lookup: Map<string, string>, all: string) => (ids.length === 0 ? all : ids.map((id) => lookup.get(id) ?? '—').join(', '));

  const remove = useDeleteDialog({
    mutationFn: (policy: LeavePolicy) => deleteLeavePolicy(policy.id),
    successText: LEAVE_MSG.policyDeleted,
    errorText: 'Failed to delete the leave policy',
    invalidates: [[LEAVE_KEY]],
  });

  const columns: ListColumn<LeavePolicy>[] = [
    { label: 'Name', primary: true, tdProps: { fw: 600 }, cell: (p) => p.name },
    { label: 'Leave Type', cell: (p) => p.leaveTypeName },
    { label: 'Employment Types', cell: (p) => names(p.employmentTypeIds, etName, 'All employment types') },
    { label: 'Departments', cell: (p) => names(p.departmentIds, deptName, 'All departments') },
    { label: 'Sandwich Rule', cell: (p) => (p.sandwichRule ? <Badge color="orange">On</Badge> : <Badge color="gray">Off</Badge>) },
    { label: 'Active', cell: (p) => (p.isActive ? 'Yes' : 'No') },
    {
      label: 'Actions',
      actions: true,
      cell: (p) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setForm({ policy: p, key: Date.now() })}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => remove.ask(p)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

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
      <ResponsiveList
        label="Leave policies"
        columns={columns}
        rows={policies.data ?? []}
        rowKey={(p) => p.id}
        minWidth={860}
        {...queryListState(policies, 'Failed to load leave policies.')}
        loadingLabel="Loading leave policies"
        emptyMessage="No leave policies yet. Every leave type applies to everyone, without the sandwich rule."
      />

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
      <ConfirmDeleteModal
        {...remove.dialog}
        title="Delete Leave Policy"
        message={`Delete the policy ${remove.target?.name ?? ''}? Its leave type then follows its other policies, or applies to everyone when none is left.`}
        confirmLabel="Delete"
      />
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
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the leave policy' });
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
