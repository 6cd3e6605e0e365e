import { useContext } from 'react';
import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { can } from '@tankha/contracts';
import { CurrentUserContext } from '../../app/current-user';
import { PATHS } from '../../app/paths';

/**
 * The sections of Payroll Settings: the pay period settings and the journal's ledger accounts
 *. The ledger tab is shown to those who may read it on a plan with Payroll.
 */
export function PayrollSettingsTabs({ current }: { current: 'general' | 'ledger' }) {
  // Read without requiring it: the settings page is also rendered on its own (its tests).
  const user = useContext(CurrentUserContext);
  const navigate = useNavigate();
  if (!user) return null;
  const ledger = can(user.roleId, 'payroll.ledger.view') && user.accessableFeatures.some((f) => f.key === 'Payroll');
  const general = can(user.roleId, 'payroll.settings.view') && user.accessableFeatures.some((f) => f.key === 'Settings');
  if (!ledger) return null;
  return (
    <Tabs value={current} onChange={(value) => void navigate(value === 'ledger' ? PATHS.ledgerAccounts : PATHS.payrollSettings)} variant="pills">
      <Tabs.List aria-label="Payroll settings sections">
        {general && <Tabs.Tab value="general">Pay period</Tabs.Tab>}
        <Tabs.Tab value="ledger">Ledger accounts</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
