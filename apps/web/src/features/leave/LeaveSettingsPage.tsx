import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { LEAVE_MSG, leaveSettingsInputSchema, type LeaveSettings } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { zodFieldErrors } from '../../ui/zod-form';
import { LEAVE_KEY, saveLeaveSettings, useLeaveSettings } from './leave.api';
import { formFailure } from '../../ui/kit/form-failure';

/** /leaves/settings (administrators and moderators): the rules every leave application follows. */
export function LeaveSettingsPage() {
  const settings = useLeaveSettings();
  return (
    <Stack gap="md">
      <Title order={2}>Leave Settings</Title>
      <Card withBorder radius="md" p="lg" maw={640}>
        {settings.isPending ? (
          <PageLoader label="Loading leave settings" />
        ) : settings.isError ? (
          <ErrorState message={errorMessage(settings.error, 'Failed to load leave settings.')} onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Card>
    </Stack>
  );
}

interface Values {
  allowHalfDay: boolean;
  limitBackdated: boolean;
  maxBackdatedDays: number | string;
  allowNegativeBalance: boolean;
}
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));
const toBody = (v: Values): LeaveSettings => ({ allowHalfDay: v.allowHalfDay, maxBackdatedDays: v.limitBackdated ? num(v.maxBackdatedDays) : null, allowNegativeBalance: v.allowNegativeBalance });

function SettingsForm({ settings }: { settings: LeaveSettings }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      allowHalfDay: settings.allowHalfDay,
      limitBackdated: settings.maxBackdatedDays !== null,
      maxBackdatedDays: settings.maxBackdatedDays ?? 7,
      allowNegativeBalance: settings.allowNegativeBalance,
    },
    validate: (v) => zodFieldErrors(leaveSettingsInputSchema, toBody(v)),
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveLeaveSettings(toBody(v));
      toast.success(LEAVE_MSG.settingsSaved);
      void queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
    } catch (error) {
      formFailure(error, { fields: ['maxBackdatedDays'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save leave settings' });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert message={serverError} />
        <Switch label="Allow half-day leave" description="Employees may take the first or the second half of a single day." {...form.getInputProps('allowHalfDay', { type: 'checkbox' })} />
        <Switch label="Limit backdated leave" description="Leave may start only this many days before today." {...form.getInputProps('limitBackdated', { type: 'checkbox' })} />
        {form.values.limitBackdated && <NumberInput label="Days in the past" required min={0} max={365} step={1} allowDecimal={false} w={200} {...form.getInputProps('maxBackdatedDays')} />}
        <Switch
          label="Allow negative balance"
          description="Paid leave may be applied for and approved beyond the available balance."
          {...form.getInputProps('allowNegativeBalance', { type: 'checkbox' })}
        />
        <Text size="xs" c="dimmed">
          The sandwich rule and which leave types apply to whom are set per leave type on Leave Policies.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
