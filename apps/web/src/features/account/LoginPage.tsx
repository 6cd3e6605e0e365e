import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { z } from 'zod';
import { MSG, type Login, type OAuthProviderId } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import type { LoginState } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { forgetSignOutDestination, setSessionUser, useSession } from '../../app/session';
import { resetToastSuppression, toast } from '../../app/toast';
import { AuthCard } from '../../ui/AuthCard';
import { SiteFooter } from '../../ui/SiteFooter';
import { usePageTitle } from '../../ui/usePageTitle';
import { FOOTER_LINKS } from '../public/site-links';
import { login, oauthProviders, resendVerification } from './account.api';
import { afterSignIn, returnPath, startOAuthSignIn } from './sign-in';

const emailFormat = z.email();

const PROVIDER_BUTTONS: Record<OAuthProviderId, { label: string; icon: typeof IconBrandGoogle }> = {
  google: { label: 'Sign in with Google', icon: IconBrandGoogle },
  microsoft: { label: 'Sign in with Microsoft', icon: IconBrandWindows },
};

/** Google / Microsoft buttons, for the providers the server has configured (none: nothing shown). */
function ProviderButtons({ origin, onFailure }: { origin: LoginState; onFailure: (message: string) => void }) {
  const providers = useQuery({ queryKey: ['oauth-providers'], queryFn: oauthProviders, staleTime: Infinity, retry: false });
  const [starting, setStarting] = useState<OAuthProviderId | null>(null);
  if (!providers.data || providers.data.length === 0) return null;
  const start = async (provider: OAuthProviderId) => {
    setStarting(provider);
    try {
      await startOAuthSignIn(provider, origin);
    } catch (error) {
      setStarting(null);
      onFailure(errorMessage(error, MSG.oauthStartFailed));
    }
  };
  return (
    <>
      <Divider label="or" labelPosition="center" />
      {providers.data.map((provider) => {
        const { label, icon: Icon } = PROVIDER_BUTTONS[provider];
        return (
          <Button key={provider} variant="default" fullWidth leftSection={<Icon size={18} aria-hidden />} loading={starting === provider} onClick={() => void start(provider)}>
            {label}
          </Button>
        );
      })}
    </>
  );
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
  // Where the signed-in user goes next: set before the session appears, which re-renders this page.
  const [next, setNext] = useState<{ to: string; state?: LoginState } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm<Login>({ initialValues: { email: '', password: '' } });

  useEffect(() => forgetSignOutDestination(), []);

  if (user) {
    const target = next ?? { to: returnPath(location.state) };
    return <Navigate to={target.to} state={target.state} replace />;
  }

  const submit = form.onSubmit(async (values) => {
    setResent(false);
    const problem = validate(values);
    setFailure(problem.form);
    form.setErrors({ email: problem.email });
    if (problem.form || problem.email) return;
    try {
      const sessionUser = await login({ email: values.email.trim(), password: values.password });
      resetToastSuppression();
      flushSync(() => setNext(afterSignIn(sessionUser, location.state)));
      setSessionUser(sessionUser);
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
          <ProviderButtons origin={(location.state as LoginState | null) ?? {}} onFailure={setFailure} />
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
