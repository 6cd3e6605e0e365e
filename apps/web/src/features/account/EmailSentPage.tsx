import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MSG } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { toast } from '../../app/toast';
import { AuthCard } from '../../ui/AuthCard';
import { readRegisteredEmail, resendVerification } from './account.api';

export const VERIFICATION_RESENT = 'Verification email sent again.';

/** /email-sent-notify: the registration confirmation (platform §2.9). */
export function EmailSentPage() {
  const [email] = useState(readRegisteredEmail);
  const [sending, setSending] = useState(false);

  const resend = async (address: string) => {
    setSending(true);
    try {
      await resendVerification(address);
      toast.success(VERIFICATION_RESENT);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not resend the email. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const loginLink = (
    <Anchor component={Link} to={PATHS.login}>
      Login here
    </Anchor>
  );

  if (!email) {
    return (
      <AuthCard title={MSG.verificationNotRequired}>
        <Text size="sm">{loginLink}</Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={MSG.emailSent}>
      <Stack>
        <Text>
          We have sent a verification link to <strong>{email}</strong>. The activation link expires in 48 hours.
        </Text>
        <Text size="sm" c="dimmed">
          Did not get it? Check your spam folder or send it again.
        </Text>
        <Button variant="light" loading={sending} onClick={() => void resend(email)}>
          Resend email
        </Button>
        <Text size="sm">
          Already verified? {loginLink}
        </Text>
      </Stack>
    </AuthCard>
  );
}
