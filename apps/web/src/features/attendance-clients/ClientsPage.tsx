import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, MultiSelect, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_SITE_MSG,
  CLIENT_SITE_RADIUS,
  attendanceLocationSettingsReplySchema,
  clientSiteEmployeesReplySchema,
  clientSiteInputSchema,
  clientSiteListReplySchema,
  clientSiteReplySchema,
  teamReplySchema,
  type ClientSite,
  type ClientSiteInput,
} from '@tankha/contracts';
import { api } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';

const KEY = ['attendance-clients'];

/** Attendance > Clients (administrators and moderators): sites with a geofence, who is assigned, and 'require location at check-in'. */
export function ClientsPage() {
  const client = useQueryClient();
  const sites = useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: async ({ signal }) =>
      (
        await api.get('/AttendanceClients', clientSiteListReplySchema, {
          signal,
        })
      ).data,
  });
  const settings = useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: async ({ signal }) => (await api.get('/AttendanceClients/settings', attendanceLocationSettingsReplySchema, { signal })).data,
  });
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<ClientSite | null>(null);
  const [deleting, setDeleting] = useState<ClientSite | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  // The calls are not quiet: the API client shows their failures itself.
  const toggle = useApiMutation({
    mutationFn: async (requireLocation: boolean) => api.put('/AttendanceClients/settings', attendanceLocationSettingsReplySchema, { requireLocation }),
    successText: (reply) => reply.message,
    errorText: null,
    invalidates: [KEY],
  });
  const remove = useApiMutation({
    mutationFn: async (id: string) => api.send('DELETE', `/AttendanceClients/${id}`),
    successText: (reply) => reply.message,
    errorText: null,
    invalidates: [KEY],
    onSuccess: () => setDeleting(null),
  });
  const columns: ListColumn<ClientSite>[] = [
    { label: 'Client', primary: true, cell: (s) => s.name },
    { label: 'Address', cell: (s) => s.address },
    {
      label: 'Geofence',
      cell: (s) => (
        <>
          {s.latitude.toFixed(6)}, {s.longitude.toFixed(6)} · {s.radiusMetres.toLocaleString('en-IN')} m
        </>
      ),
    },
    { label: 'Employees', cell: (s) => s.employeeCount },
    {
      label: 'Actions',
      actions: true,
      cell: (s) => (
        <Group gap="xs">
          <ActionIcon variant="subtle" aria-label={`Assign employees to ${s.name}`} onClick={() => setAssigning(s)}>
            <IconUsers size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];
  if (sites.isPending) return <PageLoader label="Loading client sites" />;
  if (sites.isError) return <ErrorState message={sites.error.message} onRetry={() => void sites.refetch()} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Clients</Title>
        <Button onClick={() => setAdding(true)}>Add client site</Button>
      </Group>
      <Card withBorder>
        <Switch
          label="Require location at check-in"
          description="Employees' browsers send their location when they check in; employees assigned to client sites must be inside one of them."
          checked={settings.data?.requireLocation ?? false}
          disabled={settings.isPending || toggle.isPending}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
        />
      </Card>
      <Card withBorder component="section" aria-label="Client sites">
        <ResponsiveList
          label="Client sites"
          columns={columns}
          rows={sites.data}
          rowKey={(s) => s.id}
          loading={false}
          error={null}
          onRetry={() => void sites.refetch()}
          loadingLabel="Loading client sites"
          emptyMessage={CLIENT_SITE_MSG.noSites}
        />
      </Card>
      {adding && <SiteModal onClose={() => setAdding(false)} onSaved={refresh} />}
      {assigning && <AssignModal site={assigning} onClose={() => setAssigning(null)} onSaved={refresh} />}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete client site"
        message={deleting ? CLIENT_SITE_MSG.deleteWarning(deleting.name) : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}

function SiteModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<void> }) {
  const form = useForm<ClientSiteInput>({
    initialValues: {
      name: '',
      address: '',
      latitude: 0,
      longitude: 0,
      radiusMetres: CLIENT_SITE_RADIUS.default,
    },
    validate: schemaResolver(clientSiteInputSchema, { sync: true }),
  });
  const save = useMutation({
    mutationFn: async (values: ClientSiteInput) => api.post('/AttendanceClients', clientSiteReplySchema, values),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await onSaved();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Add client site">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} aria-label="Client site">
        <Stack>
          <TextInput label="Client name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
          <Group grow>
            <NumberInput label="Latitude" decimalScale={6} min={-90} max={90} {...form.getInputProps('latitude')} />
            <NumberInput label="Longitude" decimalScale={6} min={-180} max={180} {...form.getInputProps('longitude')} />
          </Group>
          <NumberInput
            label="Radius (metres)"
            allowDecimal={false}
            min={CLIENT_SITE_RADIUS.min}
            max={CLIENT_SITE_RADIUS.max}
            {...form.getInputProps('radiusMetres')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AssignModal({ site, onClose, onSaved }: { site: ClientSite; onClose: () => void; onSaved: () => Promise<void> }) {
  const people = useQuery({
    queryKey: ['users', 'team', 100],
    queryFn: async ({ signal }) => (await api.get('/Users/team?pageSize=100', teamReplySchema, { signal })).data.data,
  });
  const assigned = useQuery({
    queryKey: [...KEY, site.id, 'employees'],
    queryFn: async ({ signal }) => (await api.get(`/AttendanceClients/${site.id}/employees`, clientSiteEmployeesReplySchema, { signal })).data,
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const value = chosen ?? (assigned.data ?? []).map((e) => e.userId);
  const save = useMutation({
    mutationFn: async () => api.put(`/AttendanceClients/${site.id}/employees`, clientSiteEmployeesReplySchema, { userIds: value }),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await onSaved();
      onClose();
    },
  });
  const data = [
    ...(people.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    ...(assigned.data ?? []).filter((a) => !(people.data ?? []).some((p) => p.id === a.userId)).map((a) => ({ value: a.userId, label: a.name })),
  ];
  return (
    <Modal opened onClose={onClose} title={`Employees at ${site.name}`}>
      <Stack>
        <MultiSelect label="Assigned employees" searchable data={data} value={value} onChange={setChosen} nothingFoundMessage="No employees found" />
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {CLIENT_SITE_MSG.noEmployees}
          </Text>
        )}
        <Group justify="flex-end">
          <Button loading={save.isPending} disabled={assigned.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
