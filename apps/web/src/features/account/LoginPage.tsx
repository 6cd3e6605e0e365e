import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { MSG, type Login } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import type { LoginState } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { forgetSignOutDestination, setSessionUser, useSession } from '../../app/session';
import { resetToastSuppression, toast } from '../../app/toast';
import { AuthCard } from '../../ui/AuthCard';
import { SiteFooter } from '../../ui/SiteFooter';
import { usePageTitle } from '../../ui/usePageTitle';
import { FOOTER_LINKS } from '../public/site-links';
import { login, resendVerification } from './account.api';

const emailFormat = z.email();

/** Where to go after login: the remembered origin, or home. */
function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from || from.pathname === PATHS.login) return PATHS.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function validate(values: Login): { form: string | null; email: string | null } {
  if (values.email.trim() === '' || values.password === '') return { form: MSG.enterEmailPassword, email: null };
  if (!emailFormat.safeParse(values.email.trim()).success) return { form: null, email: MSG.validEmail };
  return { form: null, email: null };
}

export function LoginPage() {
  const user = useSession();
  usePageTitle('Login');
  const location = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm<Login>({ initialValues: { email: '', password: '' } });

  useEffect(() => forgetSignOutDestination(), []);

  if (user) return <Navigate to={returnPath(location.state)} replace />;

  const submit = form.onSubmit(async (values) => {
    setResent(false);
    const problem = validate(values);
    setFailure(problem.form);
    form.setErrors({ email: problem.email });
    if (problem.form || problem.email) return;
    try {
      const sessionUser = await login({ email: values.email.trim(), password: values.password });
      resetToastSuppression();
      setSessionUser(sessionUser);
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      setFailure(errorMessage(error, MSG.loginFailed));
    }
  });

  const resend = async () => {
    try {
      await resendVerification(form.values.email.trim());
      setResent(true);
    } catch (error) {
      toast.error(errorMessage(error, MSG.loginFailed));
    }
  };

  return (
    <AuthCard footer={<SiteFooter links={FOOTER_LINKS} />} title="Sign in to Tankha" subtitle="HR, attendance and payroll for your organization">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failure}</Text>
                {failure === MSG.emailNotVerified && !resent && (
                  <Button size="xs" variant="light" onClick={() => void resend()}>
                    Resend verification email
                  </Button>
                )}
                {resent && <Text size="sm">A new verification link is on its way.</Text>}
              </Stack>
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={form.submitting}>
            Login
          </Button>
          <Text size="sm" ta="center">
            New to Tankha?{' '}
            <Anchor component={Link} to={PATHS.register}>
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
