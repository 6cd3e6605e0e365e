/** Paths of the route table (platform §2.1) that code links to. */
export const PATHS = {
  home: '/',
  login: '/login',
  /** After login, for an account in several organisations: pick one (our route, docs/decisions/). */
  selectOrganization: '/select-organization',
  /** Google / Microsoft sign-in returns here (platform §2.1 /auth/callback/{provider}). */
  oauthCallback: '/auth/callback',
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
  /** The signed-in user's own profile and documents (every role; our design). */
  myProfile: '/my-profile',
  /** User management (people spec §2.5) and departments (§2.4), under platform §2.1's users area. */
  myPeople: '/users/my-people',
  departments: '/users/departments',
  importUsers: '/users/import',
  /** Issue 15 item 7. */
  roles: '/users/roles',
  skills: '/users/skills-management',
  userSettings: '/users/settings',
  /** Issue 15 item 8. */
  attendanceClients: '/attendance/clients',
  /** Issue 15 item 9. */
  teamOverview: '/my-team/overview',
  teamReports: '/my-team/reports',
  myAttendance: '/my-attendance',
  attendanceSettings: '/attendance/settings',
  shifts: '/attendance/shifts',
  attendanceRequests: '/attendance/requests',
  teamAttendance: '/my-team/attendance',
  teamRequests: '/my-team/requests',
  teamApprovals: '/my-team/approvals',
  teamLeaves: '/my-team/leaves',
  /** Exit requests (platform §2.1): the team's, and the employee's own. */
  teamExit: '/my-team/exit',
  myExitRequests: '/exit/my-requests',
  /** Employment Type Settings (platform §2.8). */
  employmentSettings: '/org/employment-settings',
  /** Work locations: their state decides each employee's PT and LWF (issue 28). */
  workLocations: '/org/work-locations',
  myLeaves: '/leaves/my-leaves',
  leaveApprovals: '/leaves/my-approvals',
  leaveTypes: '/leaves/leave-types',
  leaveRequests: '/leaves/requests',
  customizeBalance: '/leaves/customize-balance',
  leavePolicies: '/leaves/policies',
  leaveSettings: '/leaves/settings',
  /** Administrators and moderators (platform §2.1, §6). */
  exceptionLogs: '/exception-logs',
  holidays: '/holidays',
  /** The invited user's set-password page (our design; the spec does not show it). */
  acceptInvite: '/accept-invite',
  /** The plans page (administrators and moderators); the access screens' plan button points here. */
  subscription: '/my-subscription',
  /** Sales invoices to the organisation's clients (platform spec §2.1). */
  invoices: '/invoices/allInvoices',
  /** The Payroll area (platform §2.1; payroll spec §2 "Payroll tab labels"). */
  payroll: '/payroll',
  payrollRun: '/payroll/payroll-run',
  payrollHistory: '/payroll/payroll-history',
  /** Exits and their full and final settlement (our route, the spec has none). */
  exits: '/payroll/exits',
  payrollDetails: '/payroll/details',
  /** Loans and salary advances (our route): the administrators' list, and each employee's own. */
  loans: '/payroll/loans',
  myLoans: '/payroll/my-loans',
  payslips: '/payroll/payslips',
  payrollPayslips: '/payroll/payslips',
  /** An employee's own payslips outside the Payroll area (platform §2.1). */
  myPayslips: '/payslips',
  payrollComponents: '/payroll/payroll-components',
  salaryComponents: '/payroll/payroll-components/salary',
  statutoryComponents: '/payroll/payroll-components/statutory',
  reimbursementTypes: '/payroll/payroll-components/reimbursement-types',
  myInvestments: '/payroll/taxes',
  /** Regime comparison and switch (payroll spec §2 "Tax calculator and regime comparison"). */
  taxCalculator: '/payroll/taxes/taxCalculator',
  payrollRequests: '/payroll/requests',
  /** Form 16 management (payroll spec §2) and the employee's Form 16 page, the default of /payroll/taxes. */
  form16: '/payroll/form16',
  myForm16: '/payroll/taxes/form16',
  lockUnlock: '/payroll/lock-unlock',
  lockUnlockDeclarations: '/payroll/lock-unlock/declarations',
  lockUnlockProofs: '/payroll/lock-unlock/proofs',
  reimbursementRequests: '/payroll/reimbursement-requests',
  payrollSettings: '/payroll/settings',
  /** Settings > Preferences (payroll spec §1: Sender Email Preferences). */
  settingsPreferences: '/settings/preferences',
  /** Settings > Audit log (administrators): who changed what, and the chain check. */
  auditLog: '/settings/audit-log',
  bankChanges: '/settings/bank-changes',
  /** Every payroll output generated per month. */
  payrollReports: '/payroll/reports',
  /** The journal's ledger accounts, a tab of the payroll settings. */
  ledgerAccounts: '/payroll/settings/ledger-accounts',
  /** The payroll setup checklist (platform §2.6). */
  payrollSetup: '/payroll-setup',
  /** The public marketing pages (platform §2.1 "Marketing pages"), open without a login. */
  pricing: '/pricing',
  checkout: '/checkout',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  refundPolicy: '/cancellation-and-refund-policy',
} as const;

/** The checkout page for a plan of the catalogue (by name) and a billing cycle. */
export function checkoutPath(planName: string, cycle: 'monthly' | 'yearly'): string {
  return `${PATHS.checkout}?plan=${encodeURIComponent(planName.toLowerCase())}&cycle=${cycle}`;
}

/** The checklist's links (platform §2.6): the spec's query parameters pick the Components tab and its sub-tab. */
export const PAYROLL_SETUP_LINKS = {
  salaryComponents: `${PATHS.salaryComponents}?activeTab=2&activeSubTab=0`,
  statutoryComponents: `${PATHS.statutoryComponents}?activeTab=2&activeSubTab=1`,
  settings: PATHS.payrollSettings,
} as const;

export function profilePath(userId: string): string {
  return `${PATHS.profile}?userId=${encodeURIComponent(userId)}`;
}

/** A payslip as administrators open it (platform §2.1 payroll/details/{id}). */
export function payrollDetailsPath(payslipId: string): string {
  return `/payroll/details/${encodeURIComponent(payslipId)}`;
}

/** The ledger accounts, listing a month's components too (the journal's "Map ledger accounts" link). */
export function ledgerAccountsPath(runId?: string): string {
  return runId ? `${PATHS.ledgerAccounts}?runId=${encodeURIComponent(runId)}` : PATHS.ledgerAccounts;
}

/** A past run, read-only (our route under the history page). */
export function exitSettlementPath(id: string): string {
  return `${PATHS.exits}/${encodeURIComponent(id)}`;
}

export function payrollHistoryRunPath(runId: string): string {
  return `${PATHS.payrollHistory}/${encodeURIComponent(runId)}`;
}
