import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { currentTabOf, type LinkTab } from '../../ui/kit/LinkTabs';

/** The My Investments area's sections (platform §2.1: /payroll/taxes and its pages), each with the paths it covers. */
const SECTIONS: readonly LinkTab[] = [
  { label: 'Declaration', to: '/payroll/taxes/employeeITDeclaration', match: ['/payroll/taxes/employeeITDeclaration', '/payroll/taxes/employeeDeclaration'] },
  { label: 'Proof of Investment', to: '/payroll/taxes/initialemployeePOI', match: ['/payroll/taxes/initialemployeePOI', '/payroll/taxes/employeePOI', '/payroll/taxes/summaryPOI'] },
  { label: 'Tax Calculator', to: '/payroll/taxes/taxCalculator', match: ['/payroll/taxes/taxCalculator'] },
  { label: 'Form 16', to: '/payroll/taxes/form16', match: ['/payroll/taxes/form16'] },
];

/**
 * /payroll/taxes/*: the sections of My Investments above the page (the child route, or `children`), as a
 * row of links (pills; the current one filled and aria-current) — navigation between pages, without
 * Mantine's Tabs on an employee's first load.
 */
export function InvestmentsArea({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const current = currentTabOf(SECTIONS, pathname);
  return (
    <Stack gap="md">
      <Group component="nav" aria-label="My Investments sections" gap="xs">
        {SECTIONS.map((s) => (
          <Button key={s.to} component={Link} to={s.to} radius="xl" size="sm" variant={current === s.to ? 'filled' : 'subtle'} aria-current={current === s.to ? 'page' : undefined}>
            {s.label}
          </Button>
        ))}
      </Group>
      {children ?? <Outlet />}
    </Stack>
  );
}
