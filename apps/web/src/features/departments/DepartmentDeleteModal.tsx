import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DEPARTMENT_MSG, type Department } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DepartmentSelect } from './DepartmentSelect';
import { deleteDepartment } from './departments.api';

export interface DepartmentDeleteModalProps {
  department: Department | null;
  onClose: () => void;
  onDeleted: () => void;
}

const people = (n: number) => `${n.toString()} ${n === 1 ? 'person' : 'people'}`;

/**
 * The delete confirmation (people spec §2.4, 'Yes, delete it'). A department with people offers to
 * move them to another active department first (deleting Finance had left 7 people with
 * no department); the server refuses a parent of other departments, and that message shows here.
 */
export function DepartmentDeleteModal({ department, onClose, onDeleted }: DepartmentDeleteModalProps) {
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const count = department?.totalEmployees ?? 0;
  const mustMove = count > 0;

  const confirm = async () => {
    if (!department || (mustMove && moveTo === null)) return;
    setRemoving(true);
    setRefusal(null);
    try {
      await deleteDepartment(department.id, mustMove ? (moveTo ?? undefined) : undefined);
      toast.success(DEPARTMENT_MSG.deleted);
      onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      // A refusal (409: people arrived meanwhile, sub-departments; 400: the target) belongs in the dialog.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) setRefusal(errorMessage(error, DEPARTMENT_MSG.deleteFailed));
      else toast.error(errorMessage(error, DEPARTMENT_MSG.deleteFailed));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Modal opened={department !== null} onClose={onClose} title="Delete Department" centered>
      <Stack>
        {mustMove ? (
          <>
            <Text size="sm">
              <b>{department?.name}</b> has {people(count)}. Move them to another department and delete <b>{department?.name}</b>? This cannot be undone.
            </Text>
            <DepartmentSelect label="Move them to" placeholder="Select department" value={moveTo} onChange={setMoveTo} excludeId={department?.id} />
          </>
        ) : (
          <Text size="sm">
            Are you sure you want to delete <b>{department?.name}</b>? This cannot be undone.
          </Text>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={removing}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={removing} disabled={mustMove && moveTo === null}>
            {mustMove ? 'Move and delete' : 'Yes, delete it'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
