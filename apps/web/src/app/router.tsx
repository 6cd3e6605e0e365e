import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/RequireAuth';
import { RequiredDetailsGuard } from './guards/RequiredDetailsGuard';
import { RequirePermission } from './guards/RequirePermission';
import { SetupGate } from './guards/SetupGate';
import { AppLayout } from './layout/AppLayout';
import { lazyPage } from './lazy-page';
import { setNavigator } from './navigation';
import { PATHS } from './paths';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

const account = () => import('../features/account');
const access = () => import('../features/access');
const organization = () => import('../features/organization');

const LoginPage = lazyPage(account, 'LoginPage');
const RegisterPage = lazyPage(account, 'RegisterPage');
const EmailSentPage = lazyPage(account, 'EmailSentPage');
const VerifyUserPage = lazyPage(account, 'VerifyUserPage');
const ForgotPasswordPage = lazyPage(account, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(account, 'ResetPasswordPage');
const AcceptInvitePage = lazyPage(account, 'AcceptInvitePage');
const ForbiddenPage = lazyPage(access, 'ForbiddenPage');
const RestrictedPage = lazyPage(access, 'RestrictedPage');
const AccessDeniedPage = lazyPage(access, 'AccessDeniedPage');
const NoSubscriptionPage = lazyPage(access, 'NoSubscriptionPage');
const NotFoundPage = lazyPage(access, 'NotFoundPage');
const WelcomePage = lazyPage(organization, 'WelcomePage');
const OrganizationSetupPage = lazyPage(organization, 'OrganizationSetupPage');
const OrganizationLayout = lazyPage(organization, 'OrganizationLayout');
const OrganizationDetailsPage = lazyPage(organization, 'OrganizationDetailsPage');
const LogoBrandingPage = lazyPage(organization, 'LogoBrandingPage');
const DashboardPage = lazyPage(() => import('../features/dashboard'), 'DashboardPage');
const ProfilePage = lazyPage(() => import('../features/profile'), 'ProfilePage');
const MyProfilePage = lazyPage(() => import('../features/profile'), 'MyProfilePage');
const SubscriptionPage = lazyPage(() => import('../features/subscription'), 'SubscriptionPage');
const UsersPage = lazyPage(() => import('../features/people'), 'UsersPage');
const DepartmentsPage = lazyPage(() => import('../features/departments'), 'DepartmentsPage');
const ImportUsersPage = lazyPage(() => import('../features/people-import'), 'ImportUsersPage');

/**
 * The route table of platform §2.1, limited to the screens that exist so far; every other path
 * falls through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'email-sent-notify', element: <EmailSentPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'reset-password/:token/:email', element: <ResetPasswordPage /> },
      { path: 'accept-invite/:token/:email', element: <AcceptInvitePage /> },
      { path: 'verify-user', element: <VerifyUserPage /> },
      { path: 'verify-user/:token/:email', element: <VerifyUserPage /> },
      { path: '403-Forbidden', element: <ForbiddenPage /> },
      { path: '403-Restricted', element: <RestrictedPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'required-details',
            element: <RequiredDetailsGuard />,
            children: [
              { index: true, element: <WelcomePage /> },
              { path: 'organization', element: <OrganizationSetupPage /> },
            ],
          },
          {
            element: <SetupGate />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  {
                    path: 'profile',
                    element: (
                      <RequirePermission action="users.viewProfile" fallback={PATHS.forbidden}>
                        <ProfilePage />
                      </RequirePermission>
                    ),
                  },
                  {
                    path: 'users',
                    element: (
                      <RequirePermission action="users.list" fallback={PATHS.accessDenied}>
                        <Outlet />
                      </RequirePermission>
                    ),
                    children: [
                      { index: true, element: <Navigate to="my-people" replace /> },
                      { path: 'my-people', element: <UsersPage /> },
                      {
                        path: 'import',
                        element: (
                          <RequirePermission action="users.import" fallback={PATHS.accessDenied}>
                            <ImportUsersPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'departments',
                        element: (
                          <RequirePermission action="departments.list" fallback={PATHS.accessDenied}>
                            <DepartmentsPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                  { path: 'my-profile', element: <MyProfilePage /> },
                  { path: 'access-denied', element: <AccessDeniedPage /> },
                  { path: 'no-subscription', element: <NoSubscriptionPage /> },
                  {
                    path: 'my-subscription',
                    element: (
                      <RequirePermission action="subscription.view" fallback={PATHS.accessDenied}>
                        <SubscriptionPage />
                      </RequirePermission>
                    ),
                  },
                  {
                    path: 'org',
                    element: (
                      <RequirePermission action="org.update" fallback={PATHS.accessDenied}>
                        <OrganizationLayout />
                      </RequirePermission>
                    ),
                    children: [
                      { index: true, element: <Navigate to="organization-details" replace /> },
                      { path: 'organization-details', element: <OrganizationDetailsPage /> },
                      {
                        path: 'logo-branding',
                        element: (
                          <RequirePermission action="org.logo" fallback={PATHS.organizationDetails}>
                            <LogoBrandingPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}
