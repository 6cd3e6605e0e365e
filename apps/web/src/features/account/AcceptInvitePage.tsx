import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { MSG, acceptInviteReplySchema, resetPasswordSchema, type AcceptInvite } from '@tankha/contracts';
import { ApiError, api, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { FormAlert } from '../../ui/FormAlert';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';

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

function AcceptForm({ token, email }: { token: string; email: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    // The page always asks for a password (the same rule as registration and reset).
    validate: (values) => zodFieldErrors(resetPasswordSchema, { ...values, token, email }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await acceptInvite({ ...values, token, email });
      setDone(result.passwordSet ? INVITE_ACCEPTED : INVITE_ACCEPTED_EXISTING);
    } catch (error) {
      if (error instanceof ApiError && (error.handled || applyFieldErrors(Object.keys(form.values), error.errors, form.setErrors))) return;
      setFailure(errorMessage(error, 'Could not accept the invitation. Please try again.'));
    }
  });

  if (done) {
    return (
      <Stack>
        <Alert color="teal" variant="light">
          {done}
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
          Set a password for {email} to activate your account.
        </Text>
        <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Set Password
        </Button>
      </Stack>
    </form>
  );
}

/** /accept-invite/:token/:email, the link of the invitation e-mail. */
export function AcceptInvitePage() {
  const { token, email } = useParams();
  return (
    <AuthCard title="Accept invitation">
      {token && email ? (
        <AcceptForm token={token} email={email} />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {MSG.invalidLink}
        </Alert>
      )}
    </AuthCard>
  );
}
