import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { resetPasswordSchema } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { FormAlert } from '../../ui/FormAlert';
import { applyFieldErrors } from '../../ui/server-errors';
import { zodFieldErrors } from '../../ui/zod-form';

export interface SetPasswordFormProps {
  token: string;
  email: string;
  intro: string;
  passwordLabel: string;
  submitLabel: string;
  /** Sends the password; resolves to the message shown once it is set. */
  onSubmit: (values: { token: string; email: string; password: string; confirmPassword: string }) => Promise<string>;
  failureMessage: string;
}

/**
 * The form behind an e-mailed link that sets a password (reset, invitation): the registration
 * password rule, field errors from the server, and a 'Login here' link when done.
 */
export function SetPasswordForm({ token, email, intro, passwordLabel, submitLabel, onSubmit, failureMessage }: SetPasswordFormProps) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => zodFieldErrors(resetPasswordSchema, { ...values, token, email }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setDone(await onSubmit({ ...values, token, email }));
    } catch (error) {
      if (error instanceof ApiError && (error.handled || applyFieldErrors(Object.keys(form.values), error.errors, form.setErrors))) return;
      setFailure(errorMessage(error, failureMessage));
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
          {intro}
        </Text>
        <PasswordInput label={passwordLabel} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
