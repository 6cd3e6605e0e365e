import { Avatar, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_NAMES, sessionReplySchema, tenantsReplySchema, type TenantChoice } from '@tankha/contracts';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { api } from '../api';
import { navigateTo } from '../navigation';
import { PATHS } from '../paths';
import { setSessionUser } from '../session';
import { resetSetupDeferral } from '../setup-status';

function TenantRow({ tenant, busy, onSelect }: { tenant: TenantChoice; busy: boolean; onSelect: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={tenant.logoUrl} alt="" radius="md" color="indigo">
          {tenant.tenantName.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Text fw={500}>{tenant.tenantName}</Text>
          <Text size="xs" c="dimmed">
            {ROLE_NAMES[tenant.roleId]}
          </Text>
        </div>
      </Group>
      {tenant.isCurrent ? (
        <Badge variant="light">Current</Badge>
      ) : (
        <Button size="xs" variant="light" loading={busy} onClick={onSelect} aria-label={`Switch to ${tenant.tenantName}`}>
          Switch
        </Button>
      )}
    </Group>
  );
}

/** User menu → Switch organization: GET /Account/tenants, then POST /Account/select-tenant. */
export function SwitchOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const tenants = useQuery({
    queryKey: ['account-tenants'],
    queryFn: async () => (await api.get('/Account/tenants', tenantsReplySchema)).data,
    enabled: opened,
  });
  const select = useMutation({
    mutationFn: async (tenantId: string) => (await api.post('/Account/select-tenant', sessionReplySchema, undefined, { query: { tenantId } })).data,
    onSuccess: (user) => {
      setSessionUser(user);
      resetSetupDeferral();
      queryClient.clear();
      onClose();
      navigateTo(PATHS.home, { replace: true });
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Switch organization" centered>
      {tenants.isPending && <PageLoader label="Loading organizations" />}
      {tenants.isError && <ErrorState message="Could not load your organizations." onRetry={() => void tenants.refetch()} />}
      {tenants.data && tenants.data.length === 0 && <EmptyState message="You belong to no other organization." />}
      {tenants.data && (
        <Stack>
          {tenants.data.map((tenant) => (
            <TenantRow
              key={tenant.id}
              tenant={tenant}
              busy={select.isPending && select.variables === tenant.id}
              onSelect={() => select.mutate(tenant.id)}
            />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
