import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_NAMES, sessionReplySchema, tenantsReplySchema, type TenantChoice } from '@tankha/contracts';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { api } from '../api';
import { setSessionUser } from '../session';
import { resetSetupDeferral } from '../setup-status';

function TenantRow({ tenant, busy, currentLabel, onSelect }: { tenant: TenantChoice; busy: boolean; currentLabel: 'badge' | 'button'; onSelect: () => void }) {
  const showButton = !tenant.isCurrent || currentLabel === 'button';
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
      {showButton ? (
        <Button size="xs" variant="light" loading={busy} onClick={onSelect} aria-label={`${currentLabel === 'button' ? 'Continue with' : 'Switch to'} ${tenant.tenantName}`}>
          {currentLabel === 'button' ? 'Continue' : 'Switch'}
        </Button>
      ) : (
        <Badge variant="light">Current</Badge>
      )}
    </Group>
  );
}

/**
 * The account's organisations (GET /Account/tenants, active memberships only). Choosing another
 * one calls POST /Account/select-tenant, stores the new session and forgets the old organisation's
 * cached data; choosing the current one (after login) changes nothing. `onChosen` runs after either.
 * `current` says how the current organisation shows: a 'Current' badge (switching) or a Continue
 * button (the picker after login).
 */
export function OrganizationChoiceList({ current, onChosen }: { current: 'badge' | 'button'; onChosen: () => void }) {
  const queryClient = useQueryClient();
  const tenants = useQuery({
    queryKey: ['account-tenants'],
    queryFn: async () => (await api.get('/Account/tenants', tenantsReplySchema)).data,
  });
  const select = useMutation({
    mutationFn: async (tenantId: string) => (await api.post('/Account/select-tenant', sessionReplySchema, undefined, { query: { tenantId } })).data,
    onSuccess: (user) => {
      setSessionUser(user);
      resetSetupDeferral();
      queryClient.clear();
      onChosen();
    },
  });

  if (tenants.isPending) return <PageLoader label="Loading organizations" />;
  if (tenants.isError) return <ErrorState message="Could not load your organizations." onRetry={() => void tenants.refetch()} />;
  if (tenants.data.length === 0) return <EmptyState message="You belong to no other organization." />;
  return (
    <Stack>
      {tenants.data.map((tenant) => (
        <TenantRow
          key={tenant.id}
          tenant={tenant}
          currentLabel={current}
          busy={select.isPending && select.variables === tenant.id}
          onSelect={() => (tenant.isCurrent ? onChosen() : select.mutate(tenant.id))}
        />
      ))}
    </Stack>
  );
}
