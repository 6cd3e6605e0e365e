import { ActionIcon, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { BUSINESS_TYPE_LABELS, INDUSTRY_LABELS, MSG, can, type Organization } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { ErrorState } from '../../ui/ErrorState';
import { displayText } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { EditOrganizationModal } from './EditOrganizationModal';
import { OrgLogoButton } from './OrgLogoButton';
import { useOrganization } from './organization.api';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {displayText(value)}
      </Text>
    </div>
  );
}

/** TAN and PAN are editable but not shown on the card (platform §2.5). */
function FinancialDetails({ org }: { org: Organization }) {
  return (
    <Card component="section" aria-label="Financial Details">
      <Title order={3} size="h5" mb="sm">
        Financial Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="Name" value={org.tenantName} />
        <Field label="Address" value={org.address} />
        <Field label="GST number" value={org.gstNumber} />
      </SimpleGrid>
    </Card>
  );
}

function BusinessDetails({ org }: { org: Organization }) {
  return (
    <Card component="section" aria-label="Business Details">
      <Title order={3} size="h5" mb="sm">
        Business Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label="Legal company name" value={org.legalCompanyName} />
        <Field label="Business type" value={org.businessType ? BUSINESS_TYPE_LABELS[org.businessType] : null} />
        <Field label="Industry" value={org.industry ? INDUSTRY_LABELS[org.industry] : null} />
        <Field label="Team size" value={org.teamSize ? `${org.teamSize} employees` : null} />
        <Field label="Working hours per day" value={org.workingHours === null ? null : String(org.workingHours)} />
        <Field label="Weekly days off" value={org.weekDaysOff.join(', ')} />
      </SimpleGrid>
    </Card>
  );
}

/** /org/organization-details. */
export function OrganizationDetailsPage() {
  const user = useCurrentUser();
  const org = useOrganization();
  const [editing, edit] = useDisclosure(false);

  if (org.isPending) return <PageLoader label="Loading organization" />;
  if (org.isError) return <ErrorState message={MSG.failedFetchTenant} onRetry={() => void org.refetch()} />;
  const data = org.data;
  const canEdit = can(user.roleId, 'org.update');

  return (
    <Stack>
      <Card>
        <Group align="flex-start" justify="space-between" wrap="nowrap">
          <Group align="flex-start" gap="lg">
            {can(user.roleId, 'org.logo') ? (
              <OrgLogoButton logoUrl={data.logoUrl} name={data.tenantName} />
            ) : null}
            <Stack gap={4}>
              <Title order={3}>{data.tenantName}</Title>
              <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {displayText(data.address)}
              </Text>
            </Stack>
          </Group>
          {canEdit && (
            <Tooltip label="Edit organization details">
              <ActionIcon variant="light" size="lg" aria-label="Edit organization details" onClick={edit.open}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Card>
      <FinancialDetails org={data} />
      <BusinessDetails org={data} />
      {editing && <EditOrganizationModal organization={data} opened={editing} onClose={edit.close} />}
    </Stack>
  );
}
