import { Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { OrganizationChoiceList } from '../../app/layout/OrganizationChoiceList';
import { AuthCard } from '../../ui/AuthCard';
import { returnPath } from './sign-in';

/**
 * After login, for an account that can work in several organisations: it picks one (the session
 * opened in the last one used; choosing another switches to it), then goes where it was going.
 */
export function SelectOrganizationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AuthCard title="Choose an organization" subtitle="Your account belongs to more than one organization.">
      <Text size="sm" c="dimmed">
        You can switch later from the user menu.
      </Text>
      <OrganizationChoiceList current="button" onChosen={() => void navigate(returnPath(location.state), { replace: true })} />
    </AuthCard>
  );
}
