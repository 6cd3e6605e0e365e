import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { MSG } from '@tankha/contracts';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { resetPassword } from './account.api';
import { SetPasswordForm } from './SetPasswordForm';

export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

/** /reset-password/:token/:email; without them the link is invalid. */
export function ResetPasswordPage() {
  const { token, email } = useParams();
  return (
    <AuthCard title="Reset password">
      {token && email ? (
        <SetPasswordForm
          token={token}
          email={email}
          intro={`Choose a new password for ${email}.`}
          passwordLabel="New password"
          submitLabel="Reset password"
          onSubmit={async (values) => {
            await resetPassword(values);
            return PASSWORD_RESET_DONE;
          }}
          failureMessage="Could not reset the password. Please try again."
        />
      ) : (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {MSG.invalidLink}
          </Alert>
          <Anchor component={Link} to={PATHS.forgotPassword}>
            Request a new link
          </Anchor>
        </Stack>
      )}
    </AuthCard>
  );
}
