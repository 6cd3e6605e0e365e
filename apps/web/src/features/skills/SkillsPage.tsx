import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  SKILL_LEVELS,
  SKILL_MSG,
  employeeSkillListReplySchema,
  employeeSkillReplySchema,
  skillListReplySchema,
  skillReplySchema,
  teamReplySchema,
  type Skill,
} from '@tankha/contracts';
import { api } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';

const KEY = ['skills'];
const levels = Object.entries(SKILL_LEVELS).map(([value, label]) => ({
  value,
  label,
}));

/** Users > Skills management: the catalogue and employees' skills with a level. */
export function SkillsPage() {
  const skills = useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: async ({ signal }) => (await api.get('/Skills', skillListReplySchema, { signal })).data,
  });
  const people = useQuery({
    queryKey: ['users', 'team', 100],
    queryFn: async ({ signal }) => (await api.get('/Users/team?pageSize=100', teamReplySchema, { signal })).data.data,
  });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Skill | null>(null);
  const [deleting, setDeleting] = useState<Skill | null>(null);
  const [employee, setEmployee] = useState<string | null>(null);
  const [skillId, setSkillId] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>('2');
  const held = useQuery({
    queryKey: [...KEY, 'employee', employee],
    enabled: employee !== null,
    queryFn: async ({ signal }) => (await api.get(`/EmployeeSkills?userId=${employee ?? ''}`, employeeSkillListReplySchema, { signal })).data,
  });
  const saveSkill = useApiMutation({
    mutationFn: async (input: { id: string | null; name: string }) =>
      input.id ? api.put(`/Skills/${input.id}`, skillReplySchema, { name: input.name }) : api.post('/Skills', skillReplySchema, { name: input.name }),
    successText: (reply) => reply.message,
    // The calls are not quiet: the API client shows their failures itself.
    errorText: null,
    invalidates: [KEY],
    onSuccess: () => {
      setName('');
      setEditing(null);
    },
  });
  const removeSkill = useApiMutation({
    mutationFn: async (id: string) => api.send('DELETE', `/Skills/${id}`),
    successText: (reply) => reply.message,
    // The calls are not quiet: the API client shows their failures itself.
    errorText: null,
    invalidates: [KEY],
    onSuccess: () => {
      setDeleting(null);
    },
  });
  const setEmployeeSkill = useApiMutation({
    mutationFn: async () =>
      api.put('/EmployeeSkills', employeeSkillReplySchema, {
        userId: employee,
        skillId,
        level: Number(level),
      }),
    successText: (reply) => reply.message,
    // The calls are not quiet: the API client shows their failures itself.
    errorText: null,
    invalidates: [KEY],
    onSuccess: () => {
      setSkillId(null);
    },
  });
  const removeEmployeeSkill = useApiMutation({
    mutationFn: async (id: string) => api.send('DELETE', `/EmployeeSkills/${employee ?? ''}/${id}`),
    successText: (reply) => reply.message,
    // The calls are not quiet: the API client shows their failures itself.
    errorText: null,
    invalidates: [KEY],
  });

  const columns: ListColumn<Skill>[] = [
    { label: 'Skill', primary: true, cell: (s) => s.name },
    { label: 'Employees', cell: (s) => s.employeeCount },
    {
      label: 'Actions',
      actions: true,
      cell: (s) => (
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => setEditing(s)}>
            Rename
          </Button>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  if (skills.isPending) return <PageLoader label="Loading skills" />;
  if (skills.isError) return <ErrorState message={skills.error.message} onRetry={() => void skills.refetch()} />;
  return (
    <Stack>
      <Title order={2}>Skills management</Title>
      <Card withBorder component="section" aria-label="Skills catalogue">
        <Stack>
          <Title order={3} size="h5">
            Skills
          </Title>
          <Group
            align="flex-end"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              saveSkill.mutate({ id: null, name });
            }}
          >
            <TextInput label="Skill name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} />
            <Button type="submit" loading={saveSkill.isPending && !editing}>
              Add skill
            </Button>
          </Group>
          <ResponsiveList
            label="Skills"
            columns={columns}
            rows={skills.data}
            rowKey={(s) => s.id}
            loading={false}
            error={null}
            onRetry={() => void skills.refetch()}
            loadingLabel="Loading skills"
            emptyMessage={SKILL_MSG.noSkills}
          />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label="Employee skills">
        <Stack>
          <Title order={3} size="h5">
            Employee skills
          </Title>
          <Select
            label="Employee"
            searchable
            placeholder="Choose an employee"
            data={(people.data ?? []).map((p) => ({
              value: p.id,
              label: p.name,
            }))}
            value={employee}
            onChange={setEmployee}
          />
          {employee && (
            <>
              <Group align="flex-end">
                <Select
                  label="Skill"
                  data={skills.data.map((s) => ({
                    value: s.id,
                    label: s.name,
                  }))}
                  value={skillId}
                  onChange={setSkillId}
                  searchable
                />
                <Select label="Level" data={levels} value={level} onChange={setLevel} allowDeselect={false} />
                <Button disabled={!skillId} loading={setEmployeeSkill.isPending} onClick={() => setEmployeeSkill.mutate()}>
                  Save level
                </Button>
              </Group>
              {held.data && held.data.length === 0 && <EmptyState message={SKILL_MSG.noEmployeeSkills} />}
              {held.data && held.data.length > 0 && (
                <Table aria-label="Skills of the employee">
                  <Table.Tbody>
                    {held.data.map((r) => (
                      <Table.Tr key={r.skillId}>
                        <Table.Td>{r.skillName}</Table.Td>
                        <Table.Td>{SKILL_LEVELS[r.level as keyof typeof SKILL_LEVELS]}</Table.Td>
                        <Table.Td>
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${r.skillName}`} onClick={() => removeEmployeeSkill.mutate(r.skillId)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </>
          )}
        </Stack>
      </Card>
      <RenameModal
        skill={editing}
        onClose={() => setEditing(null)}
        onSave={(n) => editing && saveSkill.mutate({ id: editing.id, name: n })}
        saving={saveSkill.isPending}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete skill"
        message={deleting ? SKILL_MSG.deleteWarning(deleting.name, deleting.employeeCount) : ''}
        confirmLabel="Delete"
        busy={removeSkill.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && removeSkill.mutate(deleting.id)}
      />
    </Stack>
  );
}

function RenameModal({ skill, onClose, onSave, saving }: { skill: Skill | null; onClose: () => void; onSave: (name: string) => void; saving: boolean }) {
  const [value, setValue] = useState('');
  return (
    <Modal opened={skill !== null} onClose={onClose} title="Rename skill" onEnterTransitionEnd={() => setValue(skill?.name ?? '')}>
      <TextInput label="Skill name" value={value} onChange={(e) => setValue(e.currentTarget.value)} maxLength={60} />
      <Group justify="flex-end" mt="md">
        <Button loading={saving} onClick={() => onSave(value)}>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
