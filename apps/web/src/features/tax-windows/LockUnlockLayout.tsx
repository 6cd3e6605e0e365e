import { Stack, Tabs, Text, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';

/** /payroll/lock-unlock (payroll spec §2 "Lock/unlock settings page"): tabs Declarations and Proofs. */
export function LockUnlockLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const order = usePageTitleOrder();
  const current = pathname.startsWith(PATHS.lockUnlockProofs) ? PATHS.lockUnlockProofs : PATHS.lockUnlockDeclarations;
  return (
    <Stack gap="md">
      <div>
        <Title order={order}>Lock / Unlock</Title>
        <Text size="sm" c="dimmed">
          Release and lock the income-tax declaration and proof-of-investment windows, and remind employees before they lock.
        </Text>
      </div>
      <Tabs value={current} onChange={(value) => value && void navigate(value)}>
        <Tabs.List aria-label="Lock / Unlock sections">
          <Tabs.Tab value={PATHS.lockUnlockDeclarations}>Declarations</Tabs.Tab>
          <Tabs.Tab value={PATHS.lockUnlockProofs}>Proofs</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
