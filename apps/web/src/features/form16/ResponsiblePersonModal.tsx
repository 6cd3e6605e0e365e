import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { FORM16_MSG, FORM16_PERSON_MAX, form16ResponsiblePersonInputSchema, type Form16ResponsiblePersonSettings } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { formFailure } from '../../ui/kit/form-failure';
import { FORM16_KEY, saveResponsiblePerson } from './form16.api';

const FIELDS = ['name', 'fatherName', 'designation', 'place'] as const;

/** The person responsible for deducting tax, who signs Form 16 Part B's verification, and the place printed with the date. */
export function ResponsiblePersonModal({ settings, onClose }: { settings: Form16ResponsiblePersonSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: settings.name ?? '', fatherName: settings.fatherName ?? '', designation: settings.designation ?? '', place: settings.place ?? '' },
    validate: schemaResolver(form16ResponsiblePersonInputSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveResponsiblePerson(v);
      toast.success(FORM16_MSG.responsiblePersonSaved);
      await queryClient.invalidateQueries({ queryKey: [FORM16_KEY] });
      onClose();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the person responsible' });
    }
  });

  return (
    <Modal opened onClose={onClose} title="Person responsible for deducting tax" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Text size="sm" c="dimmed">
            Signs the verification of every Form 16 Part B (and Form 12BA): &ldquo;I, name, son/daughter of father&rsquo;s name working in the capacity of designation do hereby certify…&rdquo;.
          </Text>
          <TextInput label="Full name" required maxLength={FORM16_PERSON_MAX} {...form.getInputProps('name')} />
          <TextInput label="Father's name" required maxLength={FORM16_PERSON_MAX} {...form.getInputProps('fatherName')} />
          <TextInput label="Designation" required maxLength={FORM16_PERSON_MAX} placeholder="e.g. Finance Manager" {...form.getInputProps('designation')} />
          <TextInput label="Place" required maxLength={FORM16_PERSON_MAX} placeholder="e.g. Bengaluru" {...form.getInputProps('place')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
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
