import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEPARTMENT_MSG, departmentInputSchema, type Department, type DepartmentInputBody } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { DepartmentHeadPicker } from './DepartmentHeadPicker';
import { DepartmentSelect } from './DepartmentSelect';
import { createDepartment, updateDepartment } from './departments.api';

interface FormValues {
  name: string;
  code: string;
  description: string;
  departmentHeadId: string | null;
  parentDepartmentId: string | null;
}
const FIELDS = ['name', 'code', 'description', 'departmentHeadId', 'parentDepartmentId'] as const;

interface DepartmentFormModalProps {
  /** The department to edit; null adds one. */
  department: Department | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (department: Department) => void;
}

/** Add/Edit Department (people spec §2.4, §5 Department). Mount with a key per department so the form starts fresh. */
export function DepartmentFormModal({ department, opened, onClose, onSaved }: DepartmentFormModalProps) {
  const editing = department !== null;
  const form = useForm<FormValues>({
    initialValues: {
      name: department?.name ?? '',
      code: department?.code ?? '',
      description: department?.description ?? '',
      departmentHeadId: department?.departmentHeadId ?? null,
      parentDepartmentId: department?.parentDepartmentId ?? null,
    },
    validate: (values) => {
      const errors = zodFieldErrors(departmentInputSchema, values);
      return Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]));
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body: DepartmentInputBody = {
      name: values.name,
      code: values.code,
      description: values.description,
      departmentHeadId: values.departmentHeadId,
      parentDepartmentId: values.parentDepartmentId,
      ...(department ? { status: department.status } : {}),
    };
    try {
      const saved = department ? await updateDepartment(department.id, body) : await createDepartment(body);
      toast.success(editing ? DEPARTMENT_MSG.updated : DEPARTMENT_MSG.created);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        if (applyFieldErrors(FIELDS, error.errors, form.setErrors) || error.handled) return;
        if (error.status > 0) {
          toast.error(error.message);
          return;
        }
      }
      toast.error(editing ? DEPARTMENT_MSG.updateFailed : DEPARTMENT_MSG.createFailed);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Department' : 'Add Department'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required placeholder="e.g. Engineering" {...form.getInputProps('name')} />
          <TextInput label="Code" placeholder="e.g. ENG" {...form.getInputProps('code')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <DepartmentHeadPicker
            value={form.values.departmentHeadId}
            initialLabel={department?.departmentHeadName ?? null}
            onChange={(id) => form.setFieldValue('departmentHeadId', id)}
            error={form.errors.departmentHeadId as string | undefined}
          />
          <DepartmentSelect
            label="Parent Department"
            placeholder="Select parent department"
            value={form.values.parentDepartmentId}
            onChange={(id) => form.setFieldValue('parentDepartmentId', id)}
            excludeId={department?.id}
            error={form.errors.parentDepartmentId as string | undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {editing ? 'Save Changes' : 'Add Department'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
