import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { PEOPLE_MSG, ROLE_NAMES, type RoleId, type UserListItem } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { assignRole } from './users.api';
import { assignableRoles } from './user-list-rules';

interface RoleAssignModalProps {
  user: UserListItem;
  actor: { id: string; roleId: RoleId };
  onClose: () => void;
  onAssigned: () => void;
}

/** Role Assign modal (spec §2.7): name, Role select, Assign. */
export function RoleAssignModal({ user, actor, onClose, onAssigned }: RoleAssignModalProps) {
  const own = user.id === actor.id;
  const [roleId, setRoleId] = useState<RoleId>(user.roleId);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = assignableRoles(actor.roleId);
  const options = ([1, 2, 3] as RoleId[]).map((id) => ({
    value: String(id),
    label: ROLE_NAMES[id],
    disabled: !allowed.includes(id),
  }));

  const submit = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const code = await assignRole(user.id, roleId);
      if (code !== 200) throw new Error('not assigned');
      toast.success(PEOPLE_MSG.roleAssigned);
      onAssigned();
      onClose();
    } catch (error) {
      // Spec §5: after a failed assignment '* Role already assigned' is shown.
      setFailed(error instanceof ApiError && error.status === 403 ? error.message : PEOPLE_MSG.roleAlreadyAssigned);
      toast.error(PEOPLE_MSG.roleAssignError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Assign Role" centered>
      <Stack>
        <Text fw={500}>
          {user.firstName} {user.lastName}
        </Text>
        <Select
          label="Role"
          data={options}
          value={String(roleId)}
          onChange={(v) => {
            if (v) setRoleId(Number(v) as RoleId);
            setFailed(null);
          }}
          disabled={own}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {own && (
          <Text size="sm" c="red">
            {PEOPLE_MSG.ownRole}
          </Text>
        )}
        {!own && failed && (
          <Text size="sm" c="red" role="alert">
            {failed}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={own} loading={busy}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type ConfirmKind = 'delete' | 'deactivate' | 'reactivate';
const CONFIRM: Record<
  ConfirmKind,
  {
    title: string;
    text: (name: string) => string;
    button: string;
    color: string;
  }
> = {
  delete: {
    title: 'Delete employee',
    text: (name) => `${name} will be removed permanently: their access, profile and documents are deleted. Payroll already finalized is kept.`,
    button: 'Delete',
    color: 'red',
  },
  deactivate: {
    title: 'De-Activate user',
    text: (name) => `${name} will be signed out and will not be able to log in until re-activated.`,
    button: 'De-Activate',
    color: 'red',
  },
  reactivate: {
    title: 'Re-Activate user',
    text: (name) => `${name} will be able to log in again.`,
    button: 'Re-Activate',
    color: 'teal',
  },
};

interface ConfirmActionModalProps {
  kind: ConfirmKind;
  name: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** Confirmation modals (spec §2.8): the confirm button waits for the acknowledgement. */
export function ConfirmActionModal({ kind, name, onClose, onConfirm }: ConfirmActionModalProps) {
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const copy = CONFIRM[kind];
  return (
    <Modal opened onClose={onClose} title={copy.title} centered>
      <Stack>
        <Text size="sm">{copy.text(name)}</Text>
        <Checkbox label={PEOPLE_MSG.acknowledge} checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={copy.color}
            disabled={!ticked}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {copy.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
