import { useEffect } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEmployeeNumber, userSettingsReplySchema, userSettingsSchema, type UserSettings } from '@tankha/contracts';
import { api } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';

const KEY = ['users', 'settings'];

/** Users > Settings: employee numbering and the default role of new users. */
export function UserSettingsPage() {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await api.get('/Users/settings', userSettingsReplySchema, { signal })).data,
  });
  const client = useQueryClient();
  const form = useForm<UserSettings>({
    initialValues: {
      employeeNumberPrefix: '',
      nextEmployeeNumber: 1,
      employeeNumberDigits: 4,
      defaultRoleId: 3,
    },
    validate: schemaResolver(userSettingsSchema, { sync: true }),
  });
  useEffect(() => {
    if (settings.data) {
      const { nextEmployeeNumberPreview: _preview, ...values } = settings.data;
      form.setValues(values);
      form.resetDirty(values);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is stable; reset when the settings arrive
  }, [settings.data]);
  const save = useMutation({
    mutationFn: async (values: UserSettings) => api.put('/Users/settings', userSettingsReplySchema, values),
    onSuccess: (reply) => {
      client.setQueryData(KEY, reply.data);
      toast.success(reply.message);
    },
  });
  if (settings.isPending) return <PageLoader label="Loading user settings" />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  const v = form.getValues();
  const example = formatEmployeeNumber(v.employeeNumberPrefix, Number(v.nextEmployeeNumber) || 1, Number(v.employeeNumberDigits) || 1);
  return (
    <Stack>
      <Title order={2}>User settings</Title>
      <Card withBorder component="form" aria-label="User settings" onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack>
          <Title order={3} size="h5">
            Employee numbers
          </Title>
          <Group grow align="flex-start">
            <TextInput label="Prefix" description="Letters, digits, - and /" {...form.getInputProps('employeeNumberPrefix')} />
            <NumberInput label="Next number" min={1} allowDecimal={false} {...form.getInputProps('nextEmployeeNumber')} />
            <NumberInput label="Digits" min={1} max={8} allowDecimal={false} {...form.getInputProps('employeeNumberDigits')} />
          </Group>
          <Text size="sm" c="dimmed">
            The next new employee gets <strong>{form.isDirty() ? example : settings.data.nextEmployeeNumberPreview}</strong> (a number already taken is
            skipped).
          </Text>
          <Title order={3} size="h5">
            New users
          </Title>
          <Select
            label="Default role"
            description="Used when a new user's role is not chosen (the employee form and the import)"
            data={[
              { value: '3', label: 'Member' },
              { value: '2', label: 'Moderator' },
            ]}
            value={String(v.defaultRoleId)}
            onChange={(value) => form.setFieldValue('defaultRoleId', value === '2' ? 2 : 3)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
