import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { WORK_LOCATION_MSG, type WorkLocation } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { FormAlert } from '../../ui/FormAlert';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { WorkLocationFormModal } from './WorkLocationFormModal';
import { WORK_LOCATIONS_KEY, deleteWorkLocation, useWorkLocations } from './work-locations.api';

/** Organization > Work locations: where people work; each location's state decides their PT and LWF. */
export function WorkLocationsPage() {
  const locations = useWorkLocations();
  const [editing, setEditing] = useState<WorkLocation | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteDialog<WorkLocation>({
    mutationFn: (location) => deleteWorkLocation(location.id),
    successText: WORK_LOCATION_MSG.deleted,
    // A refusal (people still work there) stays in the dialog, under the question.
    errorText: () => null,
    invalidates: [[WORK_LOCATIONS_KEY]],
  });
  const ask = (location: WorkLocation | null) => {
    setRefusal(null);
    remove.ask(location);
  };

  const columns: ListColumn<WorkLocation>[] = [
    { label: 'Name', primary: true, cell: (l) => l.name },
    { label: 'State', cell: (l) => l.stateName },
    { label: 'City', cell: (l) => l.city ?? '—' },
    { label: 'PT registration', cell: (l) => l.ptRegistrationNumber ?? '—' },
    { label: 'LWF registration', cell: (l) => l.lwfRegistrationNumber ?? '—' },
    { label: 'Employees', cell: (l) => l.employeeCount },
    {
      label: 'Actions',
      actions: true,
      cell: (l) => (
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${l.name}`} onClick={() => setEditing(l)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${l.name}`} onClick={() => ask(l)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Work locations</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add location
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each employee’s professional tax and labour welfare fund follow the state of their work location. People without one follow the state in Statutory Components.
      </Text>
      <ResponsiveList
        label="Work locations"
        columns={columns}
        rows={locations.data ?? []}
        rowKey={(l) => l.id}
        loading={locations.isPending}
        error={locations.isError ? errorMessage(locations.error, 'Failed to load the work locations') : null}
        onRetry={() => void locations.refetch()}
        loadingLabel="Loading work locations"
        emptyMessage={WORK_LOCATION_MSG.noLocations}
        minWidth={720}
      />
      {editing !== null && <WorkLocationFormModal key={editing === 'new' ? 'new' : editing.id} location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal
        title="Delete work location"
        name={remove.target?.name}
        {...remove.dialog}
        onCancel={() => ask(null)}
        onConfirm={() => {
          setRefusal(null);
          if (remove.target) remove.mutation.mutate(remove.target, { onError: (error) => setRefusal(errorMessage(error, WORK_LOCATION_MSG.deleteFailed)) });
        }}
      >
        <FormAlert message={refusal} />
      </ConfirmDeleteModal>
    </Stack>
  );
}
