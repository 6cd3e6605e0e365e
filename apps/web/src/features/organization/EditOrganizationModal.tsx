import type { ChangeEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, organizationInputSchema, type Organization } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { organizationFormValues, organizationKey, updateOrganization } from './organization.api';

const FIELDS = ['tenantName', 'address', 'tan', 'pan', 'gstNumber'] as const;
type EditField = (typeof FIELDS)[number];
type EditValues = Record<EditField, string>;
const UPPER: readonly EditField[] = ['tan', 'pan', 'gstNumber'];

interface EditOrganizationModalProps {
  organization: Organization;
  opened: boolean;
  onClose: () => void;
}

/** 'Update Organization Details': tenantName, address, tan, pan, gstNumber → PUT /Tenants. */
export function EditOrganizationModal({ organization, opened, onClose }: EditOrganizationModalProps) {
  const queryClient = useQueryClient();
  const current = organizationFormValues(organization);
  const form = useForm<EditValues>({
    initialValues: { tenantName: current.tenantName, address: current.address, tan: current.tan, pan: current.pan, gstNumber: current.gstNumber },
    validate: (values) => {
      const errors = zodFieldErrors(organizationInputSchema, { ...current, ...values });
      return Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]));
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const updated = await updateOrganization({ ...current, ...values });
      queryClient.setQueryData(organizationKey(organization.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['organization'] });
      toast.success(MSG.orgUpdated);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        applyFieldErrors(FIELDS, error.errors, form.setErrors);
        if (error.handled) return;
      }
      toast.error(MSG.failedUpdateTenant);
    }
  });

  const field = (name: EditField) => {
    const props = form.getInputProps(name);
    if (!UPPER.includes(name)) return props;
    return { ...props, onChange: (e: ChangeEvent<HTMLInputElement>) => form.setFieldValue(name, e.currentTarget.value.toUpperCase()) };
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Update Organization Details" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Organization name" required {...field('tenantName')} />
          <Textarea label="Address" required autosize minRows={3} {...field('address')} />
          <Group grow align="flex-start">
            <TextInput label="PAN" required {...field('pan')} />
            <TextInput label="TAN" {...field('tan')} />
          </Group>
          <TextInput label="GST number" {...field('gstNumber')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
