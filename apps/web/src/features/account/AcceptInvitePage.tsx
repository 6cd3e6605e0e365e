import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { MSG, acceptInviteReplySchema, type AcceptInvite } from '@tankha/contracts';
import { api } from '../../app/api';
import { AuthCard } from '../../ui/AuthCard';
import { SetPasswordForm } from './SetPasswordForm';

export const INVITE_ACCEPTED = 'Your password has been set and your account is active. You can now log in.';
export const INVITE_ACCEPTED_EXISTING = 'Your invitation has been accepted. Log in with your existing password.';

/** POST /Account/accept-invite; quiet, the page shows failures inline. */
async function acceptInvite(values: AcceptInvite): Promise<{ passwordSet: boolean }> {
  return (
    await api.post('/Account/accept-invite', acceptInviteReplySchema, values, {
      quiet: true,
    })
  ).data;
}

/** /accept-invite/:token/:email, the link of the invitation e-mail. */
export function AcceptInvitePage() {
  const { token, email } = useParams();
  return (
    <AuthCard title="Accept invitation">
      {token && email ? (
        <SetPasswordForm
          token={token}
          email={email}
          intro={`Set a password for ${email} to activate your account.`}
          passwordLabel="Password"
          submitLabel="Set Password"
          onSubmit={async (values) => ((await acceptInvite(values)).passwordSet ? INVITE_ACCEPTED : INVITE_ACCEPTED_EXISTING)}
          failureMessage="Could not accept the invitation. Please try again."
        />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {MSG.invalidLink}
        </Alert>
      )}
    </AuthCard>
  );
}
