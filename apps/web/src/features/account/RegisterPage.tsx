import { FormAlert } from '../../ui/FormAlert';
import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { registerSchema, type Register } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { SiteFooter } from '../../ui/SiteFooter';
import { usePageTitle } from '../../ui/usePageTitle';
import { FOOTER_LINKS } from '../public/site-links';
import { applyFieldErrors } from '../../ui/server-errors';
import { register, storeRegisteredEmail } from './account.api';

export function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Register>({
    initialValues: { firstName: '', lastName: '', organizationName: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim().toLowerCase();
    try {
      await register({ ...values, email });
      storeRegisteredEmail(email);
      void navigate(PATHS.emailSent);
    } catch (error) {
      if (error instanceof ApiError && (error.handled || applyFieldErrors(Object.keys(form.values), error.errors, form.setErrors))) return;
      setFailure(errorMessage(error, 'Registration failed. Please try again.'));
    }
  });

  return (
    <AuthCard footer={<SiteFooter links={FOOTER_LINKS} />} title="Create your account" subtitle="Set up Tankha for your organization in a few minutes">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={failure} />
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label="Organization name" autoComplete="organization" required {...form.getInputProps('organizationName')} />
          <TextInput label="Work email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={PATHS.login}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
