import { FormAlert } from '../../ui/FormAlert';
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { requestPasswordReset } from './account.api';

export function resetLinkSent(email: string): string {
  return `If an account exists for ${email}, we have sent a link to reset your password.`;
}

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(forgotPasswordSchema, { sync: true }) });

  const submit = form.onSubmit(async ({ email }) => {
    setFailure(null);
    const address = email.trim().toLowerCase();
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) setFailure(errorMessage(error, 'Could not send the reset link. Please try again.'));
    }
  });

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a link to reset your password">
      {sentTo ? (
        <Stack>
          <Alert color="teal" variant="light">
            {resetLinkSent(sentTo)}
          </Alert>
          <Anchor component={Link} to={PATHS.login} size="sm">
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormAlert message={failure} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" fullWidth loading={form.submitting}>
              Send reset link
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to={PATHS.login}>
                Back to login
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
