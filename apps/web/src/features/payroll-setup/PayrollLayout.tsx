import { Stack, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { currentTabOf, LinkTabs, type LinkTab } from '../../ui/kit/LinkTabs';
import { InPayrollArea } from './page-title-order';

/** Payroll spec §2 "Payroll tab labels": administrators and moderators. */
export const ADMIN_PAYROLL_TABS: readonly LinkTab[] = [
  { label: 'Payroll', to: PATHS.payrollRun, match: [PATHS.payrollRun, PATHS.payrollHistory, PATHS.exits, PATHS.payrollDetails, PATHS.payslips] },
  { label: 'Components', to: PATHS.salaryComponents, match: [PATHS.payrollComponents] },
  { label: 'My Investments', to: PATHS.myInvestments, match: [PATHS.myInvestments] },
  // Form 16 management is part of the team review (payroll spec §2 "Team IT declarations", its Form 16 tab).
  { label: 'Requests', to: PATHS.payrollRequests, match: [PATHS.payrollRequests, PATHS.form16] },
  { label: 'Lock / Unlock', to: PATHS.lockUnlock, match: [PATHS.lockUnlock] },
  { label: 'My Reimbursement Requests', to: PATHS.reimbursementRequests, match: [PATHS.reimbursementRequests] },
  // Not among the spec's tab labels: loans and advances, the outputs of each month.
  { label: 'Loans', to: PATHS.loans, match: [PATHS.loans, PATHS.myLoans] },
  { label: 'Reports', to: PATHS.payrollReports, match: [PATHS.payrollReports] },
  { label: 'Settings', to: PATHS.payrollSettings, match: [PATHS.payrollSettings] },
];

/** Payroll spec §2: employees. */
export const EMPLOYEE_PAYROLL_TABS: readonly LinkTab[] = [
  { label: 'Payroll', to: PATHS.payslips, match: [PATHS.payslips] },
  { label: 'My Investments', to: PATHS.myInvestments, match: [PATHS.myInvestments] },
  { label: 'My Reimbursement Requests', to: PATHS.reimbursementRequests, match: [PATHS.reimbursementRequests] },
  // Not among the spec's tab labels: the employee's own loans and advances.
  { label: 'My Loans', to: PATHS.myLoans, match: [PATHS.myLoans] },
];

export function payrollTabsFor(roleId: Parameters<typeof can>[0]): readonly LinkTab[] {
  return can(roleId, 'payroll.run.view') ? ADMIN_PAYROLL_TABS : EMPLOYEE_PAYROLL_TABS;
}

/** /payroll/*: the Payroll area's tabs by role, then the page. */
export function PayrollLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const tabs = payrollTabsFor(user.roleId);
  const current = currentTabOf(tabs, pathname);
  return (
    <Stack gap="md">
      <Title order={2}>Payroll</Title>
      <LinkTabs tabs={tabs} current={current} label="Payroll sections" />
      <InPayrollArea.Provider value>
        <Outlet />
      </InPayrollArea.Provider>
    </Stack>
  );
}

/** /payroll itself: the first tab of the user's role. */
export function PayrollHome() {
  const user = useCurrentUser();
  return <Navigate to={payrollTabsFor(user.roleId)[0]?.to ?? PATHS.home} replace />;
}
