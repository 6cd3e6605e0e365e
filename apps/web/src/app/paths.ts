/** Paths of the route table (platform §2.1) that code links to. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  emailSent: '/email-sent-notify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyUser: '/verify-user',
  forbidden: '/403-Forbidden',
  restricted: '/403-Restricted',
  accessDenied: '/access-denied',
  noSubscription: '/no-subscription',
  requiredDetails: '/required-details',
  organizationSetup: '/required-details/organization',
  organizationDetails: '/org/organization-details',
  logoBranding: '/org/logo-branding',
  profile: '/profile',
  /** The signed-in user's own profile and documents (every role; our design, issue 4 item 6). */
  myProfile: '/my-profile',
  /** User management (people spec §2.5) and departments (§2.4), under platform §2.1's users area. */
  myPeople: '/users/my-people',
  departments: '/users/departments',
  importUsers: '/users/import',
  myAttendance: '/my-attendance',
  attendanceSettings: '/attendance/settings',
  shifts: '/attendance/shifts',
  attendanceRequests: '/attendance/requests',
  teamAttendance: '/my-team/attendance',
  teamRequests: '/my-team/requests',
  teamApprovals: '/my-team/approvals',
  teamLeaves: '/my-team/leaves',
  myLeaves: '/leaves/my-leaves',
  leaveApprovals: '/leaves/my-approvals',
  leaveTypes: '/leaves/leave-types',
  holidays: '/holidays',
  /** The invited user's set-password page (our design; the spec does not show it). */
  acceptInvite: '/accept-invite',
  /** The plans page (administrators and moderators); the access screens' plan button points here. */
  subscription: '/my-subscription',
  /** Payroll (issue 10; platform §2.1): the open month, history and payslips. */
  payrollRun: '/payroll/payroll-run',
  payrollHistory: '/payroll/payroll-history',
  payrollPayslips: '/payroll/payslips',
  payslips: '/payslips',
  payrollSetup: '/payroll-setup',
} as const;

export function profilePath(userId: string): string {
  return `${PATHS.profile}?userId=${encodeURIComponent(userId)}`;
}

/** A payslip as administrators open it (platform §2.1 payroll/details/{id}). */
export function payrollDetailsPath(payslipId: string): string {
  return `/payroll/details/${encodeURIComponent(payslipId)}`;
}

/** A past run, read-only (our route under the history page). */
export function payrollHistoryRunPath(runId: string): string {
  return `${PATHS.payrollHistory}/${encodeURIComponent(runId)}`;
}
