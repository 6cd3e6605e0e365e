import { useState } from 'react';
import { Button, Checkbox, ColorSwatch, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEAVE_MSG, LEAVE_TYPE_COLORS, leaveTypeInputSchema, type LeaveAccrualRuleValue, type LeaveType } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { saveLeaveType } from './leave.api';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  name: string;
  code: string;
  isPaid: boolean;
  yearlyQuota: number | string;
  accruesMonthly: boolean;
  accrualRule: LeaveAccrualRuleValue;
  carryForward: boolean;
  maxCarryForward: number | string;
  isEncashable: boolean;
  color: string;
  isActive: boolean;
}
const FIELDS = ['name', 'code', 'yearlyQuota', 'maxCarryForward', 'color'] as const;
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** Add/Edit Leave Type. Unpaid types are unlimited, so quota, accrual and carry forward hide for them. */
export function LeaveTypeFormModal({ leaveType, onClose, onSaved }: { leaveType: LeaveType | null; onClose: () => void; onSaved: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: leaveType?.name ?? '',
      code: leaveType?.code ?? '',
      isPaid: leaveType?.isPaid ?? true,
      yearlyQuota: leaveType?.yearlyQuota ?? 12,
      accruesMonthly: leaveType?.accruesMonthly ?? false,
      accrualRule: leaveType?.accrualRule ?? 'quota',
      carryForward: leaveType?.carryForward ?? false,
      maxCarryForward: leaveType?.maxCarryForward ?? 0,
      isEncashable: leaveType?.isEncashable ?? false,
      color: leaveType?.color ?? 'blue',
      isActive: leaveType?.isActive ?? true,
    },
    validate: (v) => zodFieldErrors(leaveTypeInputSchema, { ...v, yearlyQuota: num(v.yearlyQuota), maxCarryForward: num(v.maxCarryForward) }),
  });
  const { values } = form;

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveLeaveType(leaveType?.id ?? null, { ...v, yearlyQuota: num(v.yearlyQuota), maxCarryForward: num(v.maxCarryForward), color: v.color as (typeof LEAVE_TYPE_COLORS)[number] });
      toast.success(leaveType ? LEAVE_MSG.typeUpdated : LEAVE_MSG.typeCreated);
      onSaved();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the leave type' });
    }
  });

  return (
    <Modal opened onClose={onClose} title={leaveType ? 'Edit Leave Type' : 'Add Leave Type'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Name" required placeholder="e.g. Casual Leave" {...form.getInputProps('name')} />
          <TextInput label="Code" required placeholder="e.g. CL" maxLength={10} {...form.getInputProps('code')} />
          <Switch label="Paid leave" {...form.getInputProps('isPaid', { type: 'checkbox' })} />
          {values.isPaid ? (
            <>
              <Checkbox
                label="Annual leave under the labour codes (OSH Code s.32)"
                description="Credits on 1 January one day per 20 days worked last year, for 180 or more days worked (paid leave counts toward the 180); the yearly quota does not apply."
                checked={values.accrualRule === 'codes-180-days'}
                onChange={(e) => form.setFieldValue('accrualRule', e.currentTarget.checked ? 'codes-180-days' : 'quota')}
              />
              {values.accrualRule === 'quota' ? (
                <>
                  <NumberInput label="Yearly quota (days)" required min={0} max={365} step={0.5} decimalScale={1} {...form.getInputProps('yearlyQuota')} />
                  <Checkbox label="Accrues monthly (quota ÷ 12 each month)" {...form.getInputProps('accruesMonthly', { type: 'checkbox' })} />
                </>
              ) : null}
              <Checkbox label="Carry forward unused days to next year" {...form.getInputProps('carryForward', { type: 'checkbox' })} />
              {values.carryForward && <NumberInput label="Maximum carry forward (days)" required min={0} max={365} step={0.5} decimalScale={1} {...form.getInputProps('maxCarryForward')} />}
              <Checkbox label="Encashable on exit (the balance is paid in the full and final settlement)" {...form.getInputProps('isEncashable', { type: 'checkbox' })} />
            </>
          ) : null}
          <Select
            label="Colour"
            data={LEAVE_TYPE_COLORS.map((c) => ({ value: c, label: c.charAt(0).toUpperCase() + c.slice(1) }))}
            leftSection={<ColorSwatch color={`var(--mantine-color-${values.color}-6)`} size={14} />}
            allowDeselect={false}
            {...form.getInputProps('color')}
          />
          <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {leaveType ? 'Save Changes' : 'Add Leave Type'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
