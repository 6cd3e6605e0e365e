import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SALARY_MSG, type StatutoryComponentName } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { isAdminOrModerator, useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { StatusScreen } from '../../ui/StatusScreen';
import { MarkStepCompleted } from '../payroll-setup/MarkStepCompleted';
import { useStatutory, useStatutoryTables } from './components.api';
import { EpfCard } from './EpfCard';
import { EsiCard } from './EsiCard';
import { StateLevyCard } from './StateLevyCard';

/** Platform §1: the free plan hides statutory components; gated places say 'Upgrade to premium'. */
function UpgradeHint() {
  const user = useCurrentUser();
  return (
    <StatusScreen
      icon={<IconCrown size={32} />}
      title="Statutory Components"
      actions={
        isAdminOrModerator(user.roleId) ? (
          <Button component={Link} to={PATHS.subscription}>
            {SALARY_MSG.upgrade}
          </Button>
        ) : undefined
      }
    >
      EPF, ESI, Professional Tax and Labour Welfare Fund are not included in your current plan. {SALARY_MSG.upgrade} to set them up.
    </StatusScreen>
  );
}

/**
 * /payroll/payroll-components/statutory: EPF, ESI, Professional Tax by the work
 * location's state and LWF by state, each with the law's rates and slabs shown read-only.
 */
export function StatutoryComponentsPage() {
  const user = useCurrentUser();
  const allowed = user.accessableFeatures.some((f) => f.key === 'StatutoryComponents');
  const statutory = useStatutory(allowed);
  const tables = useStatutoryTables(allowed);
  if (!allowed) return <UpgradeHint />;
  const find = (c: StatutoryComponentName) => statutory.data?.find((s) => s.component === c);
  const epf = find('EPF');
  const esi = find('ESI');
  const pt = find('ProfessionalTax');
  const lwf = find('LWF');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Statutory Components</Title>
        <MarkStepCompleted step="statutoryComponents" />
      </Group>
      {statutory.isPending || tables.isPending ? (
        <PageLoader label="Loading statutory components" />
      ) : statutory.isError || tables.isError ? (
        <ErrorState
          message={errorMessage(statutory.error ?? tables.error, 'Failed to load the statutory components.')}
          onRetry={() => {
            void statutory.refetch();
            void tables.refetch();
          }}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {epf && <EpfCard key={JSON.stringify(epf)} setting={epf} tables={tables.data} />}
          {esi && <EsiCard key={JSON.stringify(esi)} setting={esi} tables={tables.data} />}
          {pt && <StateLevyCard key={JSON.stringify(pt)} component="ProfessionalTax" setting={pt} tables={tables.data} />}
          {lwf && <StateLevyCard key={JSON.stringify(lwf)} component="LWF" setting={lwf} tables={tables.data} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
