import { useState } from 'react';
import { Alert } from '@mantine/core';
import { DEPARTMENT_MSG, type Department } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { isHandledError } from '../../ui/kit/api-error-toast';
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
  const count = department?.totalEmployees ?? 0;
  const mustMove = count > 0;
  // A refusal (409: people arrived meanwhile, sub-departments; 400: the target) belongs in the dialog.
  const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 400);
  const remove = useApiMutation({
    mutationFn: (d: Department) => deleteDepartment(d.id, mustMove ? (moveTo ?? undefined) : undefined),
    successText: DEPARTMENT_MSG.deleted,
    errorText: (error) => (isRefusal(error) ? null : errorMessage(error, DEPARTMENT_MSG.deleteFailed)),
    onSuccess: onDeleted,
    onError: (error) => {
      if (isRefusal(error) && !isHandledError(error)) setRefusal(errorMessage(error, DEPARTMENT_MSG.deleteFailed));
    },
  });

  const confirm = () => {
    if (!department || (mustMove && moveTo === null)) return;
    setRefusal(null);
    remove.mutate(department);
  };

  return (
    <ConfirmDeleteModal
      opened={department !== null}
      title="Delete Department"
      name={department?.name}
      message={
        mustMove ? (
          <>
            <b>{department?.name}</b> has {people(count)}. Move them to another department and delete <b>{department?.name}</b>? This cannot be undone.
          </>
        ) : undefined
      }
      confirmLabel={mustMove ? 'Move and delete' : 'Yes, delete it'}
      busy={remove.isPending}
      confirmDisabled={mustMove && moveTo === null}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {mustMove && <DepartmentSelect label="Move them to" placeholder="Select department" value={moveTo} onChange={setMoveTo} excludeId={department?.id} />}
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
    </ConfirmDeleteModal>
  );
}
