import { Avatar, Group, Text } from '@mantine/core';
import { useOrganization } from '../../features/organization/organization.api';
import { useCurrentUser } from '../current-user';

/** Header brand: the organisation's logo and name. */
export function OrganizationBrand() {
  const user = useCurrentUser();
  const { data: org } = useOrganization();
  const name = org?.tenantName ?? user.tenantName;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={org?.logoUrl ?? null} alt={`${name} logo`} radius="md" color="indigo">
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Text fw={600} truncate maw={{ base: 160, sm: 320 }}>
        {name}
      </Text>
    </Group>
  );
}
