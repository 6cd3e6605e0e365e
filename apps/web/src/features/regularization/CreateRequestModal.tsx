import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { REQUEST_MSG, REQUEST_REASON_MAX, RequestType, validateRegularization, type RegularizationField, type RequestRow } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { createRequest } from './requests.api';

interface Values {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  reason: string;
}
const EMPTY: Values = { startDate: '', endDate: '', startTime: '', endTime: '', reason: '' };

interface CreateRequestModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (row: RequestRow) => void;
  /** For tests: the date the pickers stop at. */
  today?: string;
}

/**
 * 'Create Attendance Regularization Request' (people spec §2.3, §5): every field required, the
 * reason trimmed, dates at most today. The same rules run on the server (validateRegularization).
 */
export function CreateRequestModal({ opened, onClose, onCreated, today: todayProp }: CreateRequestModalProps) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<{ field: RegularizationField | null; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setValue = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => setValue(field)(event.currentTarget.value);
  const invalid = (field: RegularizationField) => problem?.field === field;
  const close = () => {
    if (submitting) return;
    setValues(EMPTY);
    setProblem(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const checked = validateRegularization(values, today);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    setProblem(null);
    setSubmitting(true);
    try {
      const { startDate, endDate, startTime, endTime, reason } = checked.value;
      const row = await createRequest({ requestType: RequestType.AttendanceRegularization, reason, additionalData: { attendanceRegularization: { startDate, endDate, startTime, endTime } } });
      toast.success(REQUEST_MSG.submitted);
      setValues(EMPTY);
      onCreated(row);
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      const field = error instanceof ApiError ? ((Object.keys(error.errors)[0] ?? null) as RegularizationField | null) : null;
      setProblem({ field, message: error instanceof ApiError && error.status > 0 ? error.message : REQUEST_MSG.submitFailed });
    } finally {
      setSubmitting(false);
    }
  };

  const crossesMidnight = values.startTime !== '' && values.endTime !== '' && values.endTime < values.startTime;

  return (
    <Modal opened={opened} onClose={close} title="Create Attendance Regularization Request" centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <FormAlert message={problem?.message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Start Date" required max={today} value={values.startDate} onChange={setValue('startDate')} error={invalid('startDate')} />
            <DateField label="End Date" required max={today} min={values.startDate} value={values.endDate} onChange={setValue('endDate')} error={invalid('endDate')} />
            <TextInput type="time" label="Start Time" required value={values.startTime} onChange={set('startTime')} error={invalid('startTime')} />
            <TextInput type="time" label="End Time" required value={values.endTime} onChange={set('endTime')} error={invalid('endTime')} />
          </SimpleGrid>
          {crossesMidnight && (
            <Text size="xs" c="dimmed">
              The end time is before the start time, so it is taken as the next morning (a night shift).
            </Text>
          )}
          <Textarea label="Reason" required autosize minRows={3} maxLength={REQUEST_REASON_MAX} value={values.reason} onChange={set('reason')} error={invalid('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
