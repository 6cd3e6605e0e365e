import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { completionStatusKey } from '../../app/setup-status';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { organizationKey, useOrganization } from './organization.api';
import { wizardValuesFrom } from './wizard/initial-values';
import { OrganizationWizard } from './wizard/OrganizationWizard';

/** Platform §4: after an update the wizard goes home 300 ms later. */
export const WIZARD_REDIRECT_MS = 300;

/** /required-details/organization. */
export function OrganizationSetupPage() {
  const user = useCurrentUser();
  const org = useOrganization();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onFinished = () => {
    setTimeout(() => {
      void (async () => {
        await queryClient.invalidateQueries({ queryKey: organizationKey(user.tenantId) });
        await queryClient.invalidateQueries({ queryKey: completionStatusKey(user.tenantId) });
        void navigate(PATHS.home, { replace: true });
      })();
    }, WIZARD_REDIRECT_MS);
  };

  return (
    <Container size="lg" py="xl">
      {org.isPending && <PageLoader label="Loading organization" />}
      {org.isError && <ErrorState message={MSG.failedFetchTenant} onRetry={() => void org.refetch()} />}
      {org.data && (
        <OrganizationWizard
          key={org.data.id}
          mode="update"
          initialValues={wizardValuesFrom(org.data)}
          existingLogoUrl={org.data.logoUrl}
          onClose={() => void navigate(PATHS.requiredDetails)}
          onFinished={onFinished}
        />
      )}
    </Container>
  );
}
