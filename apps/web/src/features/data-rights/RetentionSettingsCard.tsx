import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { dataRetentionSettingsSchema, type DataRetentionSettings } from '@tankha/contracts';
import { RETENTION_YEARS } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { dataRightsKeys, saveRetentionSettings, useRetentionSettings } from './data-rights.api';

/** Settings → Data retention (Administrator): how long a relieved employee's personal data is kept before it may be erased. */
export function RetentionSettingsCard() {
  const settings = useRetentionSettings();
  if (settings.isPending) return <PageLoader label="Loading the retention period" />;
  if (settings.isError) return <ErrorState message={errorMessage(settings.error, 'Failed to load the retention period.')} onRetry={() => void settings.refetch()} />;
  return <RetentionForm key={settings.dataUpdatedAt} initial={settings.data} />;
}

function RetentionForm({ initial }: { initial: DataRetentionSettings }) {
  const form = useForm<DataRetentionSettings>({ initialValues: initial, validate: schemaResolver(dataRetentionSettingsSchema, { sync: true }) });
  const save = useApiMutation({
    mutationFn: saveRetentionSettings,
    errorText: 'Could not save the retention period.',
    successText: 'Retention period saved',
    invalidates: [dataRightsKeys.settings],
  });
  return (
    <Card withBorder component="section" aria-label="Data retention">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="xs">
          <Title order={4}>Data retention</Title>
          <Text size="sm" c="dimmed">
            Years after a relieved employee’s last working day before their personal data may be erased. Payroll, PF, ESI and TDS records are always kept. The default,{' '}
            {RETENTION_YEARS.default} years, follows the eight years books of account are kept (Companies Act 2013 s.128(5)).
          </Text>
          <NumberInput label="Retention period (years)" min={RETENTION_YEARS.min} max={RETENTION_YEARS.max} allowDecimal={false} maw={240} {...form.getInputProps('retentionYears')} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
