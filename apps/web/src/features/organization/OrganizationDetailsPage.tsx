import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { BUSINESS_TYPE_LABELS, INDUSTRY_LABELS, MSG, can, type Organization } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { DetailsCard } from '../../ui/DetailsCard';
import { ErrorState } from '../../ui/ErrorState';
import { displayText } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { EditOrganizationModal } from './EditOrganizationModal';
import { OrgLogoButton } from './OrgLogoButton';
import { useOrganization } from './organization.api';

/** TAN and PAN are editable but not shown on the card (platform §2.5). */
function FinancialDetails({ org }: { org: Organization }) {
  const rows = [
    { label: 'Name', value: displayText(org.tenantName) },
    { label: 'Address', value: displayText(org.address) },
    { label: 'GST number', value: displayText(org.gstNumber) },
  ];
  return <DetailsCard title="Financial Details" rows={rows} cols={{ base: 1, sm: 3 }} />;
}

function BusinessDetails({ org }: { org: Organization }) {
  const rows = [
    { label: 'Legal company name', value: displayText(org.legalCompanyName) },
    { label: 'Business type', value: displayText(org.businessType ? BUSINESS_TYPE_LABELS[org.businessType] : null) },
    { label: 'Industry', value: displayText(org.industry ? INDUSTRY_LABELS[org.industry] : null) },
    { label: 'Team size', value: displayText(org.teamSize ? `${org.teamSize} employees` : null) },
    { label: 'Working hours per day', value: displayText(org.workingHours === null ? null : String(org.workingHours)) },
    { label: 'Weekly days off', value: displayText(org.weekDaysOff.join(', ')) },
  ];
  return <DetailsCard title="Business Details" rows={rows} cols={{ base: 1, sm: 3 }} />;
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
