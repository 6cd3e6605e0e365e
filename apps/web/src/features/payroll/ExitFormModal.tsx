import { useMemo, useState } from 'react';
import { Button, Group, Loader, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, type ComboboxItem } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { EXIT_REASON_LABELS, EXIT_REASON_VALUES, exitSettlementInputSchema, exitSettlementUpdateSchema, type ExitReasonValue, type ExitSettlement } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { useUserSearch } from '../departments/departments.api';
import { recordExit, updateExit } from './settlement.api';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  userId: string | null;
  reason: string | null;
  resignationDate: string;
  lastWorkingDay: string;
  noticeRequiredDays: number | string;
  noticeServedDays: number | string;
  remarks: string;
}

const FIELDS = ['userId', 'reason', 'resignationDate', 'lastWorkingDay', 'noticeRequiredDays', 'noticeServedDays', 'remarks'] as const;
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? 0 : Number(v));

function body(v: Values) {
  return {
    // Validation runs on this body first (a missing reason is its message), so the cast holds when it is sent.
    reason: (v.reason ?? undefined) as ExitReasonValue,
    resignationDate: v.resignationDate || null,
    lastWorkingDay: v.lastWorkingDay,
    noticeRequiredDays: num(v.noticeRequiredDays),
    noticeServedDays: num(v.noticeServedDays),
    remarks: v.remarks.trim() || null,
  };
}

/** An employee of the organisation, searched on the server (GET /Users/search, debounced 300 ms). */
export function EmployeePicker({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string | undefined }) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  const query = picked && debounced === picked.label ? '' : debounced;
  const users = useUserSearch(query, opened || query !== '');
  const data = useMemo(() => {
    const items: ComboboxItem[] = (users.data ?? []).map((u) => ({ value: u.id, label: u.name || `${u.firstName} ${u.lastName}` }));
    if (picked && !items.some((i) => i.value === picked.value)) items.unshift(picked);
    return items;
  }, [users.data, picked]);
  return (
    <Select
      label="Employee"
      required
      placeholder="Search employees"
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(next !== null ? option : null);
        onChange(next);
      }}
      error={error}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No employees found'}
      rightSection={users.isFetching ? <Loader size="xs" aria-label="Searching employees" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** An approved resignation the new exit starts from (its employee, dates and notice period). */
export interface ExitPrefill {
  userId: string;
  employeeName: string;
  resignationDate: string;
  lastWorkingDay: string;
  noticeRequiredDays: number;
  noticeServedDays: number;
}

/** Record an exit (or edit a draft): the settlement is computed by the server on save. */
export function ExitFormModal({ settlement, prefill, onClose, onSaved }: { settlement: ExitSettlement | null; prefill?: ExitPrefill | null; onClose: () => void; onSaved: (s: ExitSettlement) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      userId: settlement?.userId ?? prefill?.userId ?? null,
      reason: settlement?.reason ?? (prefill ? 'resignation' : null),
      resignationDate: settlement?.resignationDate ?? prefill?.resignationDate ?? '',
      lastWorkingDay: settlement?.lastWorkingDay ?? prefill?.lastWorkingDay ?? '',
      noticeRequiredDays: settlement?.noticeRequiredDays ?? prefill?.noticeRequiredDays ?? 0,
      noticeServedDays: settlement?.noticeServedDays ?? prefill?.noticeServedDays ?? 0,
      remarks: settlement?.remarks ?? '',
    },
    validate: (v) => (settlement ? zodFieldErrors(exitSettlementUpdateSchema, body(v)) : zodFieldErrors(exitSettlementInputSchema, { ...body(v), userId: v.userId ?? undefined })),
  });
  const { values } = form;
  const noticeApplies = values.reason === 'resignation' || values.reason === 'termination';

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      const saved = settlement ? await updateExit(settlement.id, body(v)) : await recordExit({ ...body(v), userId: v.userId ?? '' });
      toast.success(settlement ? 'Exit updated' : 'Exit recorded');
      onSaved(saved);
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the exit' });
    }
  });

  return (
    <Modal opened onClose={onClose} title={settlement ? `Edit exit of ${settlement.employeeName}` : 'Record exit'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The full and final settlement is computed when you save: notice period, leave encashment, gratuity, loan and reimbursement balances, and TDS. The final month&apos;s salary is paid in that
            month&apos;s payroll run, prorated to the last working day.
          </Text>
          <FormAlert message={serverError} />
          {prefill && !settlement ? (
            <Text size="sm">
              <b>Employee:</b> {prefill.employeeName} (from the approved resignation)
            </Text>
          ) : null}
          {settlement || prefill ? null : <EmployeePicker value={values.userId} onChange={(id) => form.setFieldValue('userId', id)} error={form.errors.userId as string | undefined} />}
          <Select
            label="Reason for leaving"
            required
            placeholder="Select"
            data={EXIT_REASON_VALUES.map((r) => ({ value: r, label: EXIT_REASON_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('reason')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Resignation date"
              required={values.reason === 'resignation'}
              value={values.resignationDate}
              onChange={(d) => form.setFieldValue('resignationDate', d)}
              error={form.errors.resignationDate}
              clearable
            />
            <DateField label="Last working day" required value={values.lastWorkingDay} onChange={(d) => form.setFieldValue('lastWorkingDay', d)} error={form.errors.lastWorkingDay} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Notice period required (days)" min={0} max={365} allowDecimal={false} disabled={!noticeApplies} {...form.getInputProps('noticeRequiredDays')} />
            <NumberInput label="Notice period served (days)" min={0} max={365} allowDecimal={false} disabled={!noticeApplies} {...form.getInputProps('noticeServedDays')} />
          </SimpleGrid>
          {!noticeApplies && values.reason ? (
            <Text size="xs" c="dimmed">
              No notice period applies on {EXIT_REASON_LABELS[values.reason as ExitReasonValue].toLowerCase()}.
            </Text>
          ) : null}
          <Textarea label="Remarks" maxLength={500} autosize minRows={2} {...form.getInputProps('remarks')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {settlement ? 'Save and recompute' : 'Record exit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
