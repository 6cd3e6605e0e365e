import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { WORK_LOCATION_MSG, WORK_LOCATION_STATES, workLocationInputSchema, type WorkLocation } from '@tankha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { formFailure } from '../../ui/kit/form-failure';
import { WORK_LOCATIONS_KEY, saveWorkLocation } from './work-locations.api';

const FIELDS = ['name', 'stateCode', 'city', 'ptRegistrationNumber', 'lwfRegistrationNumber'] as const;
const STATE_OPTIONS = WORK_LOCATION_STATES.map((s) => ({ value: s.code, label: s.name }));

/** Add or edit a work location. Mount with a key per location so the form starts fresh. */
export function WorkLocationFormModal({ location, onClose }: { location: WorkLocation | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: location?.name ?? '',
      stateCode: location?.stateCode ?? '',
      city: location?.city ?? '',
      ptRegistrationNumber: location?.ptRegistrationNumber ?? '',
      lwfRegistrationNumber: location?.lwfRegistrationNumber ?? '',
    },
    validate: schemaResolver(workLocationInputSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const reply = await saveWorkLocation(location?.id ?? null, values);
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: [WORK_LOCATIONS_KEY] });
      onClose();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: WORK_LOCATION_MSG.saveFailed });
    }
  });
  return (
    <Modal opened onClose={onClose} title={location ? 'Edit work location' : 'Add work location'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Name" required placeholder="e.g. Bengaluru office" maxLength={100} {...form.getInputProps('name')} />
          <Select
            label="State"
            required
            searchable
            placeholder="Select the state"
            description="Its professional tax and labour welfare fund apply to the people here."
            data={STATE_OPTIONS}
            {...form.getInputProps('stateCode')}
            onChange={(v) => form.setFieldValue('stateCode', v ?? '')}
          />
          <TextInput label="City" maxLength={100} {...form.getInputProps('city')} />
          <TextInput label="PT registration number" maxLength={30} {...form.getInputProps('ptRegistrationNumber')} />
          <TextInput label="LWF registration number" maxLength={30} {...form.getInputProps('lwfRegistrationNumber')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {location ? 'Save changes' : 'Add location'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
