import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { SALARY_MSG, type StatutoryComponentName, type StatutoryComponentSetting } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { COMPONENTS_KEY, disableStatutory, saveStatutory } from './components.api';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { formFailure } from '../../ui/kit/form-failure';

export const STATUTORY_TITLES: Record<StatutoryComponentName, string> = {
  EPF: 'Employees’ Provident Fund (EPF)',
  ESI: 'Employees’ State Insurance (ESI)',
  ProfessionalTax: 'Professional Tax',
  LWF: 'Labour Welfare Fund (LWF)',
};

/**
 * One statutory component's card: its status, its form and the read-only rates. Enabled: 'Save
 * Changes' (PUT) and 'Disable' (DELETE, settings kept). Disabled: 'Enable' saves the form switched on.
 */
export function StatutoryCard<V extends Record<string, unknown>>({
  component,
  setting,
  form,
  body,
  children,
}: {
  component: StatutoryComponentName;
  setting: StatutoryComponentSetting;
  form: UseFormReturnType<V>;
  /** The PUT body from the form's values (isEnabled is added here). */
  body: (values: V) => Record<string, unknown>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'disable' | null>(null);
  const title = STATUTORY_TITLES[component];

  const save = form.onSubmit(async (values) => {
    setBusy('save');
    try {
      await saveStatutory(component, { ...body(values), isEnabled: true });
      toast.success(SALARY_MSG.statutoryUpdated);
      await queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY, 'statutory'] });
    } catch (error) {
      formFailure(error, { fields: Object.keys(form.values), setErrors: form.setErrors, show: (message) => toast.error(message), fallback: `Failed to save ${title}` });
    } finally {
      setBusy(null);
    }
  });

  const disable = async () => {
    setBusy('disable');
    try {
      await disableStatutory(component);
      toast.success(SALARY_MSG.statutoryDisabled);
      await queryClient.invalidateQueries({ queryKey: [COMPONENTS_KEY, 'statutory'] });
    } catch (error) {
      toastApiError(error, `Failed to disable ${title}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={4}>{title}</Title>
            <Badge variant="light" color={setting.isEnabled ? 'teal' : 'gray'}>
              {setting.isEnabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Group>
          {!setting.isEnabled && (
            <Text size="sm" c="dimmed">
              Not deducted from salaries. Review the settings below and enable it when it applies to your organisation.
            </Text>
          )}
          {children}
          <Group justify="flex-end">
            {setting.isEnabled ? (
              <>
                <Button variant="default" color="red" loading={busy === 'disable'} disabled={busy !== null} onClick={() => void disable()} aria-label={`Disable ${title}`}>
                  Disable
                </Button>
                <Button type="submit" loading={busy === 'save'} disabled={busy !== null} aria-label={`Save ${title}`}>
                  Save Changes
                </Button>
              </>
            ) : (
              <Button type="submit" loading={busy === 'save'} aria-label={`Enable ${title}`}>
                Enable
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
