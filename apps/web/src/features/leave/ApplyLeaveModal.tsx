import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEAVE_MSG, LEAVE_PORTION_LABELS, LEAVE_PORTIONS, type LeaveBalanceRow, type LeavePortionValue, type LeaveRequest } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { applyLeave, useLeaveDays, useLeaveSettings } from './leave.api';
import { FORM_ERROR, applyLeaveErrors, portionFor, type ApplyLeaveValues } from './apply-rules';
import { formatDays } from './leave-format';

const FIELDS = ['leaveTypeId', 'startDate', 'endDate', 'portion', 'reason'] as const;

interface ApplyLeaveModalProps {
  opened: boolean;
  balances: readonly LeaveBalanceRow[];
  onClose: () => void;
  onApplied: (request: LeaveRequest) => void;
}

/** 'Apply Leave': type, dates, the half for a single date, reason; shows the days it takes and the balance left. */
export function ApplyLeaveModal({ opened, balances, onClose, onApplied }: ApplyLeaveModalProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ApplyLeaveValues>({ initialValues: { leaveTypeId: null, startDate: '', endDate: '', portion: 'full', reason: '' } });
  const { values } = form;
  const portion = portionFor(values);
  const singleDate = values.startDate !== '' && values.startDate === values.endDate;
  const rangeReady = values.startDate !== '' && values.endDate !== '' && values.startDate <= values.endDate && values.startDate.slice(0, 4) === values.endDate.slice(0, 4);
  // With the leave type, the server applies its policy's sandwich rule to the count.
  const days = useLeaveDays(opened && rangeReady ? { startDate: values.startDate, endDate: values.endDate, portion, ...(values.leaveTypeId ? { leaveTypeId: values.leaveTypeId } : {}) } : null);
  const settings = useLeaveSettings();
  const halfDayAllowed = settings.data?.allowHalfDay ?? true;
  const shownBalance = balances.find((b) => b.leaveTypeId === values.leaveTypeId);
  // With negative balances allowed, the server alone decides; the modal does not refuse on the balance.
  const balance = settings.data?.allowNegativeBalance ? undefined : shownBalance;
  const knownDays = rangeReady && days.data !== undefined ? days.data : null;

  const submit = form.onSubmit(async (raw) => {
    setServerError(null);
    const current = { ...raw, portion: portionFor(raw) };
    const errors = applyLeaveErrors(current, { days: knownDays, balance });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    try {
      const created = await applyLeave({ leaveTypeId: current.leaveTypeId ?? '', startDate: current.startDate, endDate: current.endDate, portion: current.portion, reason: current.reason });
      toast.success(LEAVE_MSG.applied);
      onApplied(created);
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      if (error instanceof ApiError && Object.keys(error.errors).some((f) => (FIELDS as readonly string[]).includes(f))) {
        form.setErrors(error.errors);
        return;
      }
      setServerError(errorMessage(error, LEAVE_MSG.applyFailed));
    }
  });

  const typeOptions = balances.map((b) => ({
    value: b.leaveTypeId,
    label: b.isUnlimited ? `${b.leaveTypeName} (unpaid)` : `${b.leaveTypeName} (${String(b.available)} available)`,
  }));
  const setDate = (field: 'startDate' | 'endDate', value: string) => {
    form.setFieldValue(field, value);
    // Picking the first date fills an empty end date, the usual single-day case.
    if (field === 'startDate' && value !== '' && (values.endDate === '' || values.endDate < value)) form.setFieldValue('endDate', value);
    form.clearFieldError(FORM_ERROR);
  };
  const formError = (form.errors[FORM_ERROR] as string | undefined) ?? serverError;

  return (
    <Modal opened={opened} onClose={onClose} title="Apply Leave" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={formError} />
          <Select label="Leave type" placeholder="Select leave type" required data={typeOptions} allowDeselect={false} {...form.getInputProps('leaveTypeId')} />
          <Group grow align="flex-start">
            <DateField label="From" required value={values.startDate} onChange={(value) => setDate('startDate', value)} error={form.errors.startDate} />
            <DateField label="To" required value={values.endDate} min={values.startDate} onChange={(value) => setDate('endDate', value)} error={form.errors.endDate} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="leave-portion-label">
              Day
            </Text>
            <SegmentedControl
              aria-labelledby="leave-portion-label"
              value={portion}
              onChange={(v) => form.setFieldValue('portion', v as LeavePortionValue)}
              disabled={!singleDate || !halfDayAllowed}
              data={LEAVE_PORTIONS.map((p) => ({ value: p, label: LEAVE_PORTION_LABELS[p] }))}
            />
            {!halfDayAllowed ? (
              <Text size="xs" c="dimmed">
                {LEAVE_MSG.halfDayNotAllowed}
              </Text>
            ) : (
              !singleDate && (
                <Text size="xs" c="dimmed">
                  A half day can be chosen when From and To are the same date.
                </Text>
              )
            )}
            {typeof form.errors.portion === 'string' && (
              <Text size="xs" c="red">
                {form.errors.portion}
              </Text>
            )}
          </Stack>
          <Textarea label="Reason" required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
          <Text size="sm" aria-live="polite" data-testid="leave-days">
            {rangeReady ? (days.isFetching && knownDays === null ? 'Counting days…' : knownDays !== null ? `Days: ${formatDays(knownDays)}` : '') : 'Choose the dates to see the days.'}
            {knownDays !== null && shownBalance && !shownBalance.isUnlimited ? ` · Balance after: ${String(shownBalance.available - knownDays)}` : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
