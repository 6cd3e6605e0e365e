import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PERMISSION_AREAS, ROLE_NAMES, Role, permissionRows, type RoleId } from '@tankha/contracts';

const ROLES: RoleId[] = [Role.Administrator, Role.Moderator, Role.Member];

/**
 * Users > Roles: the permission table the server answers 403 from (contracts'
 * PERMISSIONS, shared by both sides), shown read-only per role.
 */
export function RolesPage() {
  const rows = permissionRows();
  return (
    <Stack>
      <Title order={2}>Roles</Title>
      <Text c="dimmed" size="sm">
        What each role may do. Roles are fixed; change a person’s role from My people. Managers also see their own reports’ attendance, leave and requests.
      </Text>
      {PERMISSION_AREAS.map((area) => {
        const inArea = rows.filter((r) => r.area === area);
        if (inArea.length === 0) return null;
        return (
          <Card key={area} withBorder component="section" aria-label={area}>
            <Title order={3} size="h5" mb="sm">
              {area}
            </Title>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Permission</Table.Th>
                  {ROLES.map((r) => (
                    <Table.Th key={r} ta="center">
                      {ROLE_NAMES[r]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inArea.map((row) => (
                  <Table.Tr key={row.action}>
                    <Table.Td>{row.label}</Table.Td>
                    {ROLES.map((r) => (
                      <Table.Td key={r} ta="center" aria-label={`${ROLE_NAMES[r]}: ${row.allowed[r] ? 'allowed' : 'not allowed'}`}>
                        {row.allowed[r] ? (
                          <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
                            Allowed
                          </Badge>
                        ) : (
                          <IconX size={16} color="var(--mantine-color-gray-5)" />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
    </Stack>
  );
}
