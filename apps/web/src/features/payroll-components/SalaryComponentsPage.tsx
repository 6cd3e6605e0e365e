import { Group, Stack, Tabs, Title } from '@mantine/core';
import { MarkStepCompleted } from '../payroll-setup/MarkStepCompleted';
import { DeductionsTab } from './DeductionsTab';
import { EarningsTab } from './EarningsTab';

/** /payroll/payroll-components/salary (payroll spec §3, §7 "Salary structure"): earnings and deductions. */
export function SalaryComponentsPage() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Salary Components</Title>
        <MarkStepCompleted step="salaryComponents" />
      </Group>
      <Tabs defaultValue="earnings" keepMounted={false}>
        <Tabs.List aria-label="Salary component kinds">
          <Tabs.Tab value="earnings">Earnings</Tabs.Tab>
          <Tabs.Tab value="deductions">Deductions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="earnings" pt="md">
          <EarningsTab />
        </Tabs.Panel>
        <Tabs.Panel value="deductions" pt="md">
          <DeductionsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
