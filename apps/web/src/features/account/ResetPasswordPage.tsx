import { FormAlert } from '../../ui/FormAlert';
import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { MSG, resetPasswordSchema } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';
import { resetPassword } from './account.api';

export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

function ResetForm({ token, email }: { token: string; email: string }) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => zodFieldErrors(resetPasswordSchema, { ...values, token, email }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ ...values, token, email });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && (error.handled || applyFieldErrors(Object.keys(form.values), error.errors, form.setErrors))) return;
      setFailure(errorMessage(error, 'Could not reset the password. Please try again.'));
    }
  });

  if (done) {
    return (
      <Stack>
        <Alert color="teal" variant="light">
          {PASSWORD_RESET_DONE}
        </Alert>
        <Anchor component={Link} to={PATHS.login}>
          Login here
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert message={failure} />
        <Text size="sm" c="dimmed">
          Choose a new password for {email}.
        </Text>
        <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}

/** /reset-password/:token/:email; without them the link is invalid. */
export function ResetPasswordPage() {
  const { token, email } = useParams();
  return (
    <AuthCard title="Reset password">
      {token && email ? (
        <ResetForm token={token} email={email} />
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
