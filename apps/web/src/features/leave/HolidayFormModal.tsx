import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LEAVE_MSG, holidayInputSchema, type Holiday } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { saveHoliday } from './leave.api';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  date: string;
  name: string;
  description: string;
  isOptional: boolean;
}
const FIELDS = ['date', 'name', 'description'] as const;

/** Add/Edit Holiday: one per date in the organisation. */
export function HolidayFormModal({ holiday, defaultDate, onClose, onSaved }: { holiday: Holiday | null; defaultDate: string; onClose: () => void; onSaved: (h: Holiday) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { date: holiday?.date ?? defaultDate, name: holiday?.name ?? '', description: holiday?.description ?? '', isOptional: holiday?.isOptional ?? false },
    validate: schemaResolver(holidayInputSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      const saved = await saveHoliday(holiday?.id ?? null, v);
      toast.success(holiday ? LEAVE_MSG.holidayUpdated : LEAVE_MSG.holidayCreated);
      onSaved(saved);
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the holiday' });
    }
  });
  return (
    <Modal opened onClose={onClose} title={holiday ? 'Edit Holiday' : 'Add Holiday'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <DateField label="Date" required {...form.getInputProps('date')} value={form.values.date} />
          <TextInput label="Name" required placeholder="e.g. Republic Day" maxLength={100} {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} maxLength={500} {...form.getInputProps('description')} />
          <Checkbox label="Optional (restricted) holiday: a working day unless taken as leave" {...form.getInputProps('isOptional', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {holiday ? 'Save Changes' : 'Add Holiday'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
