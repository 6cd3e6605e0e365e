import { Tabs } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';

/**
 * /payroll/payroll-components/*: Salary Components, Statutory Components and Reimbursement Types. The checklist's links
 * carry the spec's ?activeTab=2&activeSubTab=0|1 (platform §2.6); activeSubTab picks the sub-tab.
 */
export function ComponentsLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sub = new URLSearchParams(search).get('activeSubTab');
  const wanted = sub === '1' ? PATHS.statutoryComponents : sub === '0' ? PATHS.salaryComponents : null;
  if (wanted && pathname !== wanted) return <Navigate to={`${wanted}${search}`} replace />;
  const current = pathname.startsWith(PATHS.statutoryComponents) ? PATHS.statutoryComponents : pathname.startsWith(PATHS.reimbursementTypes) ? PATHS.reimbursementTypes : PATHS.salaryComponents;
  return (
    <>
      <Tabs value={current} onChange={(value) => value && void navigate(value)} variant="pills">
        <Tabs.List aria-label="Component types">
          <Tabs.Tab value={PATHS.salaryComponents}>Salary Components</Tabs.Tab>
          <Tabs.Tab value={PATHS.statutoryComponents}>Statutory Components</Tabs.Tab>
          <Tabs.Tab value={PATHS.reimbursementTypes}>Reimbursement Types</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
