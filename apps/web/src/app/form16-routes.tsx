import { Navigate, type RouteObject } from 'react-router';
import { RequireFeature } from './guards/RequireFeature';
import { RequirePermission } from './guards/RequirePermission';
import { lazyPage } from './lazy-page';
import { PATHS } from './paths';

const form16 = () => import('../features/form16');
const Form16ManagementPage = lazyPage(form16, 'Form16ManagementPage');
const EmployeeForm16Page = lazyPage(form16, 'EmployeeForm16Page');

/** /payroll/form16: Form 16 management (payroll spec §2; platform §2.1, administrators and moderators, Form16 gate). */
export const form16ManagementRoute: RouteObject = {
  path: 'form16',
  element: (
    <RequirePermission action="form16.manage" fallback={PATHS.accessDenied}>
      <RequireFeature feature="Form16">
        <Form16ManagementPage />
      </RequireFeature>
    </RequirePermission>
  ),
};

/** Children of /payroll/taxes that are Form 16's: the bare path goes to form16 (platform §2.1), the employee's page. */
export const taxesForm16Routes: RouteObject[] = [
  { index: true, element: <Navigate to="form16" replace /> },
  {
    path: 'form16',
    element: (
      <RequireFeature feature="Form16">
        <EmployeeForm16Page />
      </RequireFeature>
    ),
  },
];
