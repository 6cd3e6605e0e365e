import { useEffect } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/RequireAuth';
import { RequiredDetailsGuard } from './guards/RequiredDetailsGuard';
import { RequireFeature } from './guards/RequireFeature';
import { RequireMyTeam } from './guards/RequireMyTeam';
import { RequirePermission } from './guards/RequirePermission';
import { lookupTeam } from '../features/attendance/team.api';
import { SetupGate } from './guards/SetupGate';
import { AppLayout } from './layout/AppLayout';
import { lazyPage, lazyPagesIn } from './lazy-page';
import { setNavigator } from './navigation';
import { PATHS } from './paths';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteError';
import { form16ManagementRoute, taxesForm16Routes } from './form16-routes';

const account = () => import('../features/account');
const access = () => import('../features/access');
const organization = () => import('../features/organization');
const publicPages = () => import('../features/public');
const legalPages = () => import('../features/public/legal');

const LoginPage = lazyPage(account, 'LoginPage');
const RegisterPage = lazyPage(account, 'RegisterPage');
const EmailSentPage = lazyPage(account, 'EmailSentPage');
const VerifyUserPage = lazyPage(account, 'VerifyUserPage');
const ForgotPasswordPage = lazyPage(account, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(account, 'ResetPasswordPage');
const AcceptInvitePage = lazyPage(account, 'AcceptInvitePage');
const OAuthCallbackPage = lazyPage(account, 'OAuthCallbackPage');
const SelectOrganizationPage = lazyPage(account, 'SelectOrganizationPage');
const ForbiddenPage = lazyPage(access, 'ForbiddenPage');
const RestrictedPage = lazyPage(access, 'RestrictedPage');
const AccessDeniedPage = lazyPage(access, 'AccessDeniedPage');
const NoSubscriptionPage = lazyPage(access, 'NoSubscriptionPage');
const NotFoundPage = lazyPage(access, 'NotFoundPage');
const PublicLayout = lazyPage(publicPages, 'PublicLayout');
const PricingPage = lazyPage(publicPages, 'PricingPage');
const CheckoutPage = lazyPage(publicPages, 'CheckoutPage');
const AboutUsPage = lazyPage(publicPages, 'AboutUsPage');
const ContactUsPage = lazyPage(publicPages, 'ContactUsPage');
const PrivacyPolicyPage = lazyPage(legalPages, 'PrivacyPolicyPage');
const TermsPage = lazyPage(legalPages, 'TermsPage');
const RefundPolicyPage = lazyPage(legalPages, 'RefundPolicyPage');
const WelcomePage = lazyPage(organization, 'WelcomePage');
const OrganizationSetupPage = lazyPage(organization, 'OrganizationSetupPage');
const OrganizationLayout = lazyPage(organization, 'OrganizationLayout');
const OrganizationDetailsPage = lazyPage(organization, 'OrganizationDetailsPage');
const LogoBrandingPage = lazyPage(organization, 'LogoBrandingPage');
const exits = () => import('../features/exits');
const MyExitRequestsPage = lazyPage(exits, 'MyExitRequestsPage');
const TeamExitPage = lazyPage(exits, 'TeamExitPage');
const EmploymentSettingsPage = lazyPage(() => import('../features/employment-settings'), 'EmploymentSettingsPage');
const WorkLocationsPage = lazyPage(() => import('../features/work-locations'), 'WorkLocationsPage');
const DashboardPage = lazyPage(() => import('../features/dashboard'), 'DashboardPage');
const ProfilePage = lazyPage(() => import('../features/profile'), 'ProfilePage');
const MyProfilePage = lazyPage(() => import('../features/profile'), 'MyProfilePage');
const SubscriptionPage = lazyPage(() => import('../features/subscription'), 'SubscriptionPage');
const LocalCheckoutPage = lazyPage(() => import('../features/subscription'), 'LocalCheckoutPage');
const invoicesFeature = () => import('../features/invoices');
const InvoicesLayout = lazyPage(invoicesFeature, 'InvoicesLayout');
const AllInvoicesPage = lazyPage(invoicesFeature, 'AllInvoicesPage');
const BusinessesPage = lazyPage(invoicesFeature, 'BusinessesPage');
const InvoiceClientsPage = lazyPage(invoicesFeature, 'ClientsPage');
const InvoiceFormPage = lazyPage(invoicesFeature, 'InvoiceFormPage');
const InvoiceDetailPage = lazyPage(invoicesFeature, 'InvoiceDetailPage');
const CustomizeInvoicePage = lazyPage(invoicesFeature, 'CustomizeInvoicePage');
const UsersPage = lazyPage(() => import('../features/people'), 'UsersPage');
const DepartmentsPage = lazyPage(() => import('../features/departments'), 'DepartmentsPage');
const ImportUsersPage = lazyPage(() => import('../features/people-import'), 'ImportUsersPage');
// An employee's everyday pages load their own module, not their feature's barrel: the barrel's chunk
// would bring the administrator's screens of that feature into the employee's first load.
const MyAttendancePage = lazyPage(() => import('../features/attendance/MyAttendancePage'), 'MyAttendancePage');
const AttendanceSettingsPage = lazyPage(() => import('../features/attendance'), 'AttendanceSettingsPage');
const TeamAttendancePage = lazyPage(() => import('../features/attendance'), 'TeamAttendancePage');
const TeamApprovalsPage = lazyPage(() => import('../features/attendance'), 'TeamApprovalsPage');
const ShiftsPage = lazyPage(() => import('../features/shifts'), 'ShiftsPage');
const RequestsPage = lazyPage(() => import('../features/regularization'), 'RequestsPage');
const TeamRequestsPage = lazyPage(() => import('../features/regularization'), 'TeamRequestsPage');
const MyLeavesPage = lazyPage(() => import('../features/leave/MyLeavesPage'), 'MyLeavesPage');
const LeaveApprovalsPage = lazyPage(() => import('../features/leave'), 'LeaveApprovalsPage');
const LeaveTypesPage = lazyPage(() => import('../features/leave'), 'LeaveTypesPage');
const HolidaysPage = lazyPage(() => import('../features/leave'), 'HolidaysPage');
const TeamLeavesPage = lazyPage(() => import('../features/leave'), 'TeamLeavesPage');
const CustomizeBalancePage = lazyPage(() => import('../features/leave'), 'CustomizeBalancePage');
const LeavePoliciesPage = lazyPage(() => import('../features/leave'), 'LeavePoliciesPage');
const LeaveSettingsPage = lazyPage(() => import('../features/leave'), 'LeaveSettingsPage');
const LeaveRequestsPage = lazyPage(() => import('../features/leave'), 'LeaveRequestsPage');
const ExceptionLogsPage = lazyPage(() => import('../features/exception-logs'), 'ExceptionLogsPage');
const AuditLogPage = lazyPage(() => import('../features/audit-log'), 'AuditLogPage');
const BankChangesPage = lazyPage(() => import('../features/bank-changes'), 'BankChangesPage');
const TaxCalculatorPage = lazyPage(() => import('../features/tax-calculator'), 'TaxCalculatorPage');
const payroll = () => import('../features/payroll');
const PayrollRunPage = lazyPage(payroll, 'PayrollRunPage');
const PayrollHistoryPage = lazyPage(payroll, 'PayrollHistoryPage');
const ExitsPage = lazyPage(payroll, 'ExitsPage');
const ExitSettlementPage = lazyPage(payroll, 'ExitSettlementPage');
const PayrollHistoryRunPage = lazyPage(payroll, 'PayrollHistoryRunPage');
const PayrollDetailsPage = lazyPage(payroll, 'PayrollDetailsPage');
const PayslipsPage = lazyPage(() => import('../features/payroll/PayslipsPage'), 'PayslipsPage');
const PayrollReportsPage = lazyPage(payroll, 'PayrollReportsPage');
const MyPayslipPage = lazyPage(payroll, 'MyPayslipPage');
const LedgerAccountsPage = lazyPage(payroll, 'LedgerAccountsPage');
const LoansPage = lazyPage(payroll, 'LoansPage');
const MyLoansPage = lazyPage(payroll, 'MyLoansPage');
const payrollSetup = () => import('../features/payroll-setup');
const payrollComponents = () => import('../features/payroll-components');
const reimbursements = () => import('../features/reimbursements');
const ReimbursementTypesPage = lazyPage(reimbursements, 'ReimbursementTypesPage');
const MyReimbursementRequestsPage = lazyPage(reimbursements, 'MyReimbursementRequestsPage');
const ReimbursementApprovalsPage = lazyPage(reimbursements, 'ReimbursementApprovalsPage');
// The Payroll area's layout wraps every /payroll page an employee opens (My Investments, My Loans): its own
// chunk, without the settings and setup pages' forms and dialogs.
const payrollLayout = () => import('../features/payroll-setup/PayrollLayout');
const PayrollLayout = lazyPage(payrollLayout, 'PayrollLayout');
const PayrollHome = lazyPage(payrollLayout, 'PayrollHome');
const PayrollComingSoon = lazyPage(payrollSetup, 'PayrollComingSoon');
const PayrollSettingsPage = lazyPage(payrollSetup, 'PayrollSettingsPage');
const PayrollSetupPage = lazyPage(payrollSetup, 'PayrollSetupPage');
const ComponentsLayout = lazyPage(payrollComponents, 'ComponentsLayout');
const taxWindows = () => import('../features/tax-windows');
const LockUnlockLayout = lazyPage(taxWindows, 'LockUnlockLayout');
const declarations = () => import('../features/declarations');
const DeclarationLandingPage = lazyPage(() => import('../features/declarations/DeclarationLandingPage'), 'DeclarationLandingPage');
const DeclarationFormPage = lazyPage(declarations, 'DeclarationFormPage');
// The summary is where a member with a declaration lands (the landing redirects there): its own chunk, without the form.
const DeclarationSummaryPage = lazyPage(() => import('../features/declarations/DeclarationSummaryPage'), 'DeclarationSummaryPage');
const DeclarationsTab = lazyPage(taxWindows, 'DeclarationsTab');
const ProofsTab = lazyPage(taxWindows, 'ProofsTab');
const proofs = () => import('../features/proofs');
const PoiLandingPage = lazyPage(proofs, 'PoiLandingPage');
const PoiFormPage = lazyPage(proofs, 'PoiFormPage');
const PoiSummaryPage = lazyPage(proofs, 'PoiSummaryPage');
const teamReview = () => import('../features/team-review');
const TeamReviewPage = lazyPage(teamReview, 'TeamReviewPage');
const Form16ManagementPage = lazyPage(() => import('../features/form16'), 'Form16ManagementPage');
const TeamDeclarationPage = lazyPage(teamReview, 'TeamDeclarationPage');
const RolesPage = lazyPage(() => import('../features/roles'), 'RolesPage');
const SkillsPage = lazyPage(() => import('../features/skills'), 'SkillsPage');
const UserSettingsPage = lazyPage(() => import('../features/user-settings'), 'UserSettingsPage');
const AttendanceClientsPage = lazyPage(() => import('../features/attendance-clients'), 'ClientsPage');
const MyTeamOverviewPage = lazyPage(() => import('../features/my-team'), 'MyTeamOverviewPage');
const MyTeamReportsPage = lazyPage(() => import('../features/my-team'), 'MyTeamReportsPage');
// My Investments' section tabs: only its own pages need Mantine's Tabs, so not every page's first load.
const InvestmentsArea = lazyPage(() => import('../features/investments/InvestmentsArea'), 'InvestmentsArea');
const PreferencesPage = lazyPage(() => import('../features/preferences'), 'PreferencesPage');
const SalaryComponentsPage = lazyPage(payrollComponents, 'SalaryComponentsPage');
const StatutoryComponentsPage = lazyPage(payrollComponents, 'StatutoryComponentsPage');

/**
 * The route table of platform §2.1, limited to the screens that exist so far; every other path
 * falls through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
      { path: 'auth/callback/:provider', element: <OAuthCallbackPage /> },
      { path: '403-Forbidden', element: <ForbiddenPage /> },
      { path: '403-Restricted', element: <RestrictedPage /> },
      {
        // The marketing pages (platform §2.1), open to everyone, signed in or not.
        element: <PublicLayout />,
        children: [
          { path: 'pricing', element: <PricingPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'about-us', element: <AboutUsPage /> },
          { path: 'contact-us', element: <ContactUsPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'terms-and-conditions', element: <TermsPage /> },
          { path: 'cancellation-and-refund-policy', element: <RefundPolicyPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'select-organization', element: <SelectOrganizationPage /> },
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
                      // Issue 15 item 7: roles (the permission table, read-only), skills and user settings.
                      {
                        path: 'roles',
                        element: (
                          <RequirePermission action="users.roles.view" fallback={PATHS.accessDenied}>
                            <RolesPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'skills-management',
                        element: (
                          <RequirePermission action="skills.manage" fallback={PATHS.accessDenied}>
                            <SkillsPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'settings',
                        element: (
                          <RequirePermission action="users.settings.view" fallback={PATHS.accessDenied}>
                            <UserSettingsPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                  { path: 'my-profile', element: <MyProfilePage /> },
                  { path: 'my-attendance', element: <MyAttendancePage /> },
                  { path: 'holidays', element: <HolidaysPage /> },
                  {
                    path: 'attendance',
                    element: (
                      <RequirePermission action="attendance.settings.view" fallback={PATHS.accessDenied}>
                        <Outlet />
                      </RequirePermission>
                    ),
                    children: [
                      { index: true, element: <Navigate to="my-attendance" replace /> },
                      { path: 'my-attendance', element: <MyAttendancePage /> },
                      { path: 'requests', element: <RequestsPage /> },
                      {
                        path: 'settings',
                        element: (
                          <RequireFeature feature="AttendanceSettings">
                            <AttendanceSettingsPage />
                          </RequireFeature>
                        ),
                      },
                      { path: 'shifts', element: <ShiftsPage /> },
                      {
                        // Issue 15 item 8: client sites and geofences (administrators and moderators, platform §2.1).
                        path: 'clients',
                        element: (
                          <RequirePermission action="attendance.clients.manage" fallback={PATHS.accessDenied}>
                            <AttendanceClientsPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                  {
                    path: 'my-team',
                    element: (
                      <RequireMyTeam lookupTeam={lookupTeam}>
                        <Outlet />
                      </RequireMyTeam>
                    ),
                    children: [
                      // Platform §2.1: my-team redirects to my-team/overview.
                      { index: true, element: <Navigate to="overview" replace /> },
                      { path: 'overview', element: <MyTeamOverviewPage /> },
                      { path: 'reports', element: <MyTeamReportsPage /> },
                      { path: 'attendance', element: <TeamAttendancePage /> },
                      { path: 'requests', element: <TeamRequestsPage /> },
                      { path: 'approvals', element: <TeamApprovalsPage /> },
                      { path: 'leaves', element: <TeamLeavesPage /> },
                      {
                        path: 'exit',
                        element: (
                          <RequireFeature feature="ExitManagement">
                            <TeamExitPage />
                          </RequireFeature>
                        ),
                      },
                    ],
                  },
                  {
                    path: 'exception-logs',
                    element: (
                      <RequirePermission action="exceptionLogs.view" fallback={PATHS.accessDenied}>
                        <ExceptionLogsPage />
                      </RequirePermission>
                    ),
                  },
                  {
                    // An employee's resignation (platform §2.1 exit/my-requests).
                    path: 'exit/my-requests',
                    element: (
                      <RequireFeature feature="ExitManagement">
                        <MyExitRequestsPage />
                      </RequireFeature>
                    ),
                  },
                  {
                    // Platform §2.8: Employment Type Settings, its own page beside the Organization tabs.
                    path: 'org/employment-settings',
                    element: (
                      <RequirePermission action="employmentSettings.view" fallback={PATHS.accessDenied}>
                        <RequireFeature feature="EmploymentTypeSettings">
                          <EmploymentSettingsPage />
                        </RequireFeature>
                      </RequirePermission>
                    ),
                  },
                  {
                    // Work locations (issue 28): the Administrator keeps them; their state decides PT and LWF.
                    path: 'org/work-locations',
                    element: (
                      <RequirePermission action="workLocations.manage" fallback={PATHS.accessDenied}>
                        <WorkLocationsPage />
                      </RequirePermission>
                    ),
                  },
                  {
                    path: 'leaves',
                    children: [
                      { index: true, element: <Navigate to="my-leaves" replace /> },
                      { path: 'my-leaves', element: <MyLeavesPage /> },
                      { path: 'holidays', element: <HolidaysPage /> },
                      { path: 'my-approvals', element: <LeaveApprovalsPage /> },
                      {
                        path: 'leave-types',
                        element: (
                          <RequirePermission action="leave.types.manage" fallback={PATHS.accessDenied}>
                            <LeaveTypesPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'requests',
                        element: (
                          <RequirePermission action="leave.requests.all" fallback={PATHS.accessDenied}>
                            <LeaveRequestsPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'customize-balance',
                        element: (
                          <RequirePermission action="leave.balances.manage" fallback={PATHS.accessDenied}>
                            <CustomizeBalancePage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'policies',
                        element: (
                          <RequirePermission action="leave.policies.manage" fallback={PATHS.accessDenied}>
                            <LeavePoliciesPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'settings',
                        element: (
                          <RequirePermission action="leave.settings.manage" fallback={PATHS.accessDenied}>
                            <LeaveSettingsPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                  {
                    // The Payroll area (platform §2.1; payroll spec §2 tab labels). Pages without a route of their
                    // own yet fall to the '*' child.
                    path: 'payroll',
                    element: <PayrollLayout />,
                    children: [
                      { index: true, element: <PayrollHome /> },
                      {
                        path: 'payroll-components',
                        element: (
                          <RequirePermission action="salary.components.view" fallback={PATHS.accessDenied}>
                            <ComponentsLayout />
                          </RequirePermission>
                        ),
                        children: [
                          { index: true, element: <Navigate to="salary" replace /> },
                          { path: 'salary', element: <SalaryComponentsPage /> },
                          { path: 'statutory', element: <StatutoryComponentsPage /> },
                          // Payroll spec §2 "Reimbursement Types admin": on a plan without Reimbursement the page says 'Upgrade to premium'.
                          { path: 'reimbursement-types', element: <ReimbursementTypesPage /> },
                        ],
                      },
                      {
                        // Payroll spec §2 "My Reimbursement Requests" (ReimbursementRequests gate): every role's own claims.
                        path: 'reimbursement-requests',
                        element: (
                          <RequireFeature feature="ReimbursementRequests">
                            <MyReimbursementRequestsPage />
                          </RequireFeature>
                        ),
                      },
                      {
                        path: 'settings',
                        element: (
                          <RequirePermission action="payroll.settings.view" fallback={PATHS.accessDenied}>
                            <RequireFeature feature="Settings">
                              <PayrollSettingsPage />
                            </RequireFeature>
                          </RequirePermission>
                        ),
                      },
                      {
                        // My Investments (payroll spec §2 "Employee screens"): the IT declaration, behind ITDeclaration.
                        path: 'taxes',
                        element: (
                          <RequireFeature feature="ITDeclaration">
                            <InvestmentsArea />
                          </RequireFeature>
                        ),
                        children: [
                          // The bare /payroll/taxes goes to form16 (platform §2.1); 'declaration' is the declaration's landing.
                          { path: 'declaration', element: <Navigate to="../employeeITDeclaration" replace /> },
                          { path: 'employeeITDeclaration', element: <DeclarationLandingPage /> },
                          { path: 'employeeITDeclaration/overallSummary', element: <DeclarationSummaryPage /> },
                          { path: 'employeeDeclaration', element: <DeclarationFormPage /> },
                        ],
                      },
                      {
                        // Payroll spec §2 "Lock/unlock settings page": Declarations (ITDeclaration) and Proofs (POI).
                        path: 'lock-unlock',
                        element: (
                          <RequirePermission action="taxWindows.manage" fallback={PATHS.accessDenied}>
                            <LockUnlockLayout />
                          </RequirePermission>
                        ),
                        children: [
                          { index: true, element: <Navigate to="declarations" replace /> },
                          {
                            path: 'declarations',
                            element: (
                              <RequireFeature feature="ITDeclaration">
                                <DeclarationsTab />
                              </RequireFeature>
                            ),
                          },
                          {
                            path: 'proofs',
                            element: (
                              <RequireFeature feature="POI">
                                <ProofsTab />
                              </RequireFeature>
                            ),
                          },
                        ],
                      },
                      {
                        // Proof of investment (payroll spec §2 "Employee POI landing", "POI form", "POI overall summary").
                        path: 'taxes',
                        element: (
                          <RequireFeature feature="POI">
                            <InvestmentsArea />
                          </RequireFeature>
                        ),
                        children: [
                          { path: 'proofOfInvestment', element: <Navigate to="../initialemployeePOI" replace /> },
                          { path: 'initialemployeePOI', element: <PoiLandingPage /> },
                          { path: 'employeePOI', element: <PoiFormPage /> },
                          { path: 'summaryPOI', element: <PoiSummaryPage /> },
                        ],
                      },
                      {
                        // Team review of declarations and proofs (payroll spec §2 "Team IT declarations", §6).
                        path: 'requests',
                        element: (
                          <RequirePermission action="declarations.review" fallback={PATHS.accessDenied}>
                            <RequireFeature feature="UserDeclarations">
                              <Outlet />
                            </RequireFeature>
                          </RequirePermission>
                        ),
                        children: [
                          {
                            index: true,
                            element: (
                              <TeamReviewPage
                                form16Tab={
                                  <RequireFeature feature="Form16">
                                    <Form16ManagementPage />
                                  </RequireFeature>
                                }
                                reimbursementsTab={
                                  <RequireFeature feature="Reimbursement">
                                    <ReimbursementApprovalsPage />
                                  </RequireFeature>
                                }
                              />
                            ),
                          },
                          { path: 'declarations/:employeeId', element: <TeamDeclarationPage /> },
                        ],
                      },
                      {
                        // The journal's ledger accounts: a tab of the payroll settings, on a plan with Payroll.
                        path: 'settings/ledger-accounts',
                        element: (
                          <RequirePermission action="payroll.ledger.view" fallback={PATHS.accessDenied}>
                            <RequireFeature feature="Payroll">
                              <LedgerAccountsPage />
                            </RequireFeature>
                          </RequirePermission>
                        ),
                      },
                      {
                        // Administrators and moderators, on a plan with Payroll (platform §2.1).
                        element: (
                          <RequirePermission action="payroll.run.view" fallback={PATHS.accessDenied}>
                            <RequireFeature feature="Payroll">
                              <Outlet />
                            </RequireFeature>
                          </RequirePermission>
                        ),
                        children: [
                          { path: 'payroll-run', element: <PayrollRunPage /> },
                          { path: 'payroll-history', element: <PayrollHistoryPage /> },
                          { path: 'payroll-history/:runId', element: <PayrollHistoryRunPage /> },
                          { path: 'exits', element: <ExitsPage /> },
                          { path: 'exits/:id', element: <ExitSettlementPage /> },
                          { path: 'details/:id', element: <PayrollDetailsPage /> },
                          {
                            // Issue 11 item 4: loans and salary advances.
                            path: 'loans',
                            element: (
                              <RequirePermission action="payroll.loans.view" fallback={PATHS.accessDenied}>
                                <LoansPage />
                              </RequirePermission>
                            ),
                          },
                          {
                            // Issue 11 item 6: every payroll output generated per month.
                            path: 'reports',
                            element: (
                              <RequirePermission action="payroll.reports.view" fallback={PATHS.accessDenied}>
                                <PayrollReportsPage />
                              </RequirePermission>
                            ),
                          },
                        ],
                      },
                      {
                        element: (
                          <RequireFeature feature="Payslips">
                            <Outlet />
                          </RequireFeature>
                        ),
                        children: [
                          { path: 'payslips', element: <PayslipsPage /> },
                          { path: 'payslips/:id', element: <MyPayslipPage /> },
                          { path: 'my-loans', element: <MyLoansPage /> },
                        ],
                      },
                      form16ManagementRoute,
                      { path: 'taxes', element: <InvestmentsArea />, children: [...taxesForm16Routes] },
                      {
                        // Regime comparison and switch: every role, for their own salary and declaration.
                        path: 'taxes/taxCalculator',
                        element: (
                          <RequireFeature feature="ITDeclaration">
                            <InvestmentsArea>
                              <TaxCalculatorPage />
                            </InvestmentsArea>
                          </RequireFeature>
                        ),
                      },
                      { path: '*', element: <PayrollComingSoon /> },
                    ],
                  },
                  {
                    path: 'payroll-setup',
                    element: (
                      <RequirePermission action="payroll.settings.view" fallback={PATHS.accessDenied}>
                        <PayrollSetupPage />
                      </RequirePermission>
                    ),
                  },
                  {
                    path: 'payslips',
                    element: (
                      <RequireFeature feature="Payslips">
                        <Outlet />
                      </RequireFeature>
                    ),
                    children: [
                      { index: true, element: <PayslipsPage /> },
                      { path: ':id', element: <MyPayslipPage /> },
                    ],
                  },
                  {
                    // Settings > Preferences > Sender Email Preferences (payroll spec §1).
                    path: 'settings',
                    element: (
                      <RequirePermission action="preferences.senderEmail" fallback={PATHS.accessDenied}>
                        <Outlet />
                      </RequirePermission>
                    ),
                    children: [
                      { index: true, element: <Navigate to="preferences" replace /> },
                      { path: 'preferences', element: <PreferencesPage /> },
                      {
                        path: 'audit-log',
                        element: (
                          <RequirePermission action="audit.view" fallback={PATHS.accessDenied}>
                            <AuditLogPage />
                          </RequirePermission>
                        ),
                      },
                      {
                        path: 'bank-changes',
                        element: (
                          <RequirePermission action="bankChanges.decide" fallback={PATHS.accessDenied}>
                            <BankChangesPage />
                          </RequirePermission>
                        ),
                      },
                    ],
                  },
                  { path: 'access-denied', element: <AccessDeniedPage /> },
                  { path: 'no-subscription', element: <NoSubscriptionPage /> },
                  // Sales invoices (platform spec §2.1, §2.7): Administrators and Moderators, the Invoices feature.
                  {
                    element: (
                      <RequirePermission action="invoices.manage" fallback={PATHS.accessDenied}>
                        <RequireFeature feature="Invoices">
                          <Outlet />
                        </RequireFeature>
                      </RequirePermission>
                    ),
                    children: [
                      {
                        path: 'invoices',
                        element: <InvoicesLayout />,
                        children: [
                          { index: true, element: <Navigate to="allInvoices" replace /> },
                          { path: 'allInvoices', element: <AllInvoicesPage /> },
                          { path: 'businesses', element: <BusinessesPage /> },
                          { path: 'clients', element: <InvoiceClientsPage /> },
                        ],
                      },
                      { path: 'Invoice/create', element: <InvoiceFormPage /> },
                      { path: 'Invoices/:id', element: <InvoiceDetailPage /> },
                      { path: 'customize-invoice', element: <CustomizeInvoicePage /> },
                    ],
                  },
                  {
                    path: 'my-subscription',
                    element: (
                      <RequirePermission action="subscription.view" fallback={PATHS.accessDenied}>
                        <SubscriptionPage />
                      </RequirePermission>
                    ),
                  },
                  {
                    // The local test provider's checkout, when no Razorpay keys are set.
                    path: 'my-subscription/checkout/:id',
                    element: (
                      <RequirePermission action="subscription.manage" fallback={PATHS.accessDenied}>
                        <LocalCheckoutPage />
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

/**
 * Loads the code of the pages the route table renders at this path (main.tsx waits for it, briefly,
 * before the first render): the page then renders with the header instead of after a fallback.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(lazyPagesIn(matches.map((m) => m.route.element)).map((page) => page.preload()));
}

/**
 * The app's routes under the declarative router (`<BrowserRouter>`): the app uses none of the data
 * router's loaders or actions, and createBrowserRouter's data layer was 16 KB of every page's first load.
 * What its errorElement did, RouteErrorBoundary does: anything a page throws while rendering (or a
 * screen's chunk that fails to load) shows the error screen, cleared by the next navigation.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
