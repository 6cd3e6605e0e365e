import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { MSG, OAUTH_PROVIDER_IDS, type SessionUser } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import type { LoginState } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { setSessionUser } from '../../app/session';
import { resetToastSuppression } from '../../app/toast';
import { AuthCard } from '../../ui/AuthCard';
import { PageLoader } from '../../ui/PageLoader';
import { validateOAuth } from './account.api';
import { afterSignIn, takePendingSignIn } from './sign-in';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'done'; to: string; state?: LoginState };

const isKnownProvider = (value: string): boolean => (OAUTH_PROVIDER_IDS as readonly string[]).includes(value);

/**
 * /auth/callback/{provider}: the provider sends the browser back with a code and our state. The state
 * must be the one this tab sent; the code, the provider, the redirect and this tab's PKCE verifier
 * go to POST /Account/validate-oauth, whose reply must carry data.token.
 */
export function OAuthCallbackPage() {
  const { provider = '' } = useParams();
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const pending = takePendingSignIn();
    const fail = (message: string) => setOutcome({ kind: 'failed', message });
    if (!isKnownProvider(provider)) return fail(MSG.unsupportedProvider(provider));
    const code = params.get('code');
    const state = params.get('state');
    // The provider's own refusal (the person cancelled, or the app is not allowed).
    if (params.get('error') || !code || !state) return fail(MSG.oauthFailed);
    if (!pending || pending.provider !== provider || pending.state !== state) return fail(MSG.oauthFailed);
    void (async () => {
      try {
        const user: SessionUser = await validateOAuth({ code, provider, redirectUri: pending.redirectUri, state, codeVerifier: pending.codeVerifier });
        resetToastSuppression();
        const next = afterSignIn(user, pending.origin);
        setSessionUser(user);
        setOutcome({ kind: 'done', ...next });
      } catch (error) {
        fail(errorMessage(error, error instanceof Error && error.message === MSG.noTokenReceived ? MSG.noTokenReceived : MSG.oauthFailed));
      }
    })();
  }, [provider, search]);

  if (outcome.kind === 'done') return <Navigate to={outcome.to} state={outcome.state} replace />;
  return (
    <AuthCard title={outcome.kind === 'failed' ? 'Sign-in failed' : 'Signing you in'}>
      {outcome.kind === 'working' ? (
        <PageLoader label="Signing you in" />
      ) : (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{outcome.message}</Text>
          </Alert>
          <Anchor component={Link} to={PATHS.login} size="sm">
            Back to login
          </Anchor>
        </Stack>
      )}
    </AuthCard>
  );
}
