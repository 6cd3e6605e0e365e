import { useEffect } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MSG } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { AuthCard } from '../../ui/AuthCard';
import { PageLoader } from '../../ui/PageLoader';
import { forgetRegisteredEmail, verifyUser } from './account.api';

export const EMAIL_VERIFIED = 'Your email has been verified';

function LoginHere() {
  return (
    <Anchor component={Link} to={PATHS.login}>
      Login here
    </Anchor>
  );
}

function Verification({ token, email }: { token: string; email: string }) {
  // A query (not an effect) so that a re-mount does not spend the one-time link twice.
  const result = useQuery({
    queryKey: ['verify-user', token, email],
    queryFn: async () => {
      await verifyUser(token, email);
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (result.isSuccess) forgetRegisteredEmail();
  }, [result.isSuccess]);

  if (result.isPending) return <PageLoader label="Verifying your email" />;
  if (result.isError) {
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(result.error, MSG.invalidLink)}
        </Alert>
        <Text size="sm">
          <LoginHere />
        </Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
        {EMAIL_VERIFIED}
      </Alert>
      <Text size="sm">
        <LoginHere />
      </Text>
    </Stack>
  );
}

/** /verify-user/:token/:email: spends the verification link on arrival. */
export function VerifyUserPage() {
  const { token, email } = useParams();
  return (
    <AuthCard title="Email verification">
      {token && email ? (
        <Verification token={token} email={email} />
      ) : (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {MSG.invalidLink}
          </Alert>
          <Text size="sm">
            <LoginHere />
          </Text>
        </Stack>
      )}
    </AuthCard>
  );
}
