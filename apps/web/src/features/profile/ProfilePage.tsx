import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MSG, can, canActOn, type Employee, type SessionUser } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { EmployeeFormModal } from '../people/employee-form/EmployeeFormModal';
import { profileKeys, useEmployee, useOwnEmployee } from './profile.api';
import { ProfileView } from './ProfileView';
import { OwnHistoryCard } from '../audit-log/OwnHistoryCard';
import { DownloadMyDataCard } from '../data-rights/DownloadMyDataCard';
import { ErasePersonalDataSection } from '../data-rights/ErasePersonalDataSection';
import { PendingBankChangeAlert } from '../bank-changes/PendingBankChangeAlert';

function permissionsFor(actor: SessionUser, employee: Employee) {
  const own = actor.id === employee.id;
  const manages = can(actor.roleId, 'users.documents.manage') && canActOn(actor, employee, 'edit');
  return {
    canEdit: can(actor.roleId, 'users.update') && canActOn(actor, employee, 'edit'),
    canReveal: own || can(actor.roleId, 'users.viewProfile'),
    canManageDocuments: own || manages,
    canDeclareOnBehalf: !own && can(actor.roleId, 'declarations.onBehalf'),
  };
}

function LoadFailure({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <ErrorState title="Profile not found" message={MSG.notFound} />;
  return <ErrorState title="Could not load the profile" message={error.message} onRetry={retry} />;
}

/** /profile?userId=…: administrators and moderators (members are sent to /403-Forbidden by the route guard). */
export function ProfilePage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? user.id;
  const employee = useEmployee(userId);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);

  if (employee.isPending) return <PageLoader label="Loading profile" />;
  if (employee.isError) return <LoadFailure error={employee.error} retry={() => void employee.refetch()} />;
  const permissions = permissionsFor(user, employee.data);
  return (
    <>
      {permissions.canEdit && <PendingBankChangeAlert userId={userId} />}
      <ProfileView employee={employee.data} {...permissions} onEdit={() => setEditing(true)} />
      {can(user.roleId, 'dataRights.erase') && userId !== user.id && <ErasePersonalDataSection userId={userId} name={`${employee.data.firstName} ${employee.data.lastName}`} />}
      {permissions.canEdit && (
        <EmployeeFormModal
          mode="edit"
          userId={userId}
          opened={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void client.invalidateQueries({ queryKey: profileKeys.employee(userId) });
            void client.invalidateQueries({ queryKey: profileKeys.salary(userId) });
            void client.invalidateQueries({ queryKey: profileKeys.me });
          }}
        />
      )}
    </>
  );
}

/** /my-profile: the signed-in user's own details and documents, for every role. */
export function MyProfilePage() {
  const user = useCurrentUser();
  const employee = useOwnEmployee();
  if (employee.isPending) return <PageLoader label="Loading profile" />;
  if (employee.isError) return <LoadFailure error={employee.error} retry={() => void employee.refetch()} />;
  // One's own record is edited by HR; here it is read-only apart from one's own documents.
  return (
    <>
      <PendingBankChangeAlert userId="mine" />
      <ProfileView employee={employee.data} {...permissionsFor(user, employee.data)} canEdit={false} />
      <DownloadMyDataCard />
      <OwnHistoryCard />
    </>
  );
}
