import type { ReactNode } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** The My Investments area's sections (platform §2.1: /payroll/taxes and its pages), each with the paths it covers. */
const SECTIONS = [
  { label: 'Declaration', to: '/payroll/taxes/employeeITDeclaration', match: ['/payroll/taxes/employeeITDeclaration', '/payroll/taxes/employeeDeclaration'] },
  { label: 'Proof of Investment', to: '/payroll/taxes/initialemployeePOI', match: ['/payroll/taxes/initialemployeePOI', '/payroll/taxes/employeePOI', '/payroll/taxes/summaryPOI'] },
  { label: 'Tax Calculator', to: '/payroll/taxes/taxCalculator', match: ['/payroll/taxes/taxCalculator'] },
  { label: 'Form 16', to: '/payroll/taxes/form16', match: ['/payroll/taxes/form16'] },
] as const;

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** /payroll/taxes/*: the sections of My Investments above the page (the child route, or `children`). */
export function InvestmentsArea({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.find((s) => s.match.some((m) => under(pathname, m)))?.to ?? null;
  return (
    <Stack gap="md">
      <Tabs variant="pills" value={current} onChange={(value) => value && void navigate(value)}>
        <Tabs.List aria-label="My Investments sections">
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.to} value={s.to}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children ?? <Outlet />}
    </Stack>
  );
}
