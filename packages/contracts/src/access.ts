import { Role, type RoleId } from './enums';

/**
 * Feature keys carried by plans (DESIGN §3). A user's accessableFeatures are the tenant plan's
 * keys that the user's role may use (ROLE_FEATURES below).
 */
export const FEATURES = [
  'Dashboard',
  'People',
  'Departments',
  'Attendance',
  'Leave',
  'Holidays',
  'Payroll',
  'Payslips',
  'StatutoryComponents',
  'Settings',
  'ITDeclaration',
  'POI',
  'Form16',
  'UserDeclarations',
  'ReimbursementRequests',
  'Reimbursement',
  'EmploymentTypeSettings',
  'Branding',
  'Invoices',
  'Reports',
  'AdvancedShifts',
  'AttendanceSettings',
  'AttendanceRequests',
  'ExitManagement',
] as const;
export type FeatureKey = (typeof FEATURES)[number];

const ALL_ROLES: readonly RoleId[] = [Role.Administrator, Role.Moderator, Role.Member];
const ADMINS: readonly RoleId[] = [Role.Administrator, Role.Moderator];

/** Which roles may use a feature at all, whatever the plan. Members use the personal features. */
export const ROLE_FEATURES: Record<FeatureKey, readonly RoleId[]> = {
  Dashboard: ALL_ROLES,
  People: ADMINS,
  Departments: ADMINS,
  Attendance: ALL_ROLES,
  Leave: ALL_ROLES,
  Holidays: ALL_ROLES,
  Payroll: ADMINS,
  Payslips: ALL_ROLES,
  StatutoryComponents: ADMINS,
  Settings: ADMINS,
  ITDeclaration: ALL_ROLES,
  POI: ALL_ROLES,
  Form16: ALL_ROLES,
  UserDeclarations: ADMINS,
  ReimbursementRequests: ALL_ROLES,
  Reimbursement: ADMINS,
  EmploymentTypeSettings: ADMINS,
  Branding: ADMINS,
  Invoices: ADMINS,
  Reports: ADMINS,
  AdvancedShifts: ADMINS,
  AttendanceSettings: ADMINS,
  AttendanceRequests: ALL_ROLES,
  ExitManagement: ALL_ROLES,
};

const KNOWN_FEATURES = new Set<string>(FEATURES);

/** A plan's stored feature keys, keeping only the ones this code knows. */
export function parseFeatureKeys(keys: readonly string[] | null): FeatureKey[] {
  return (keys ?? []).filter((k): k is FeatureKey => KNOWN_FEATURES.has(k));
}

export function featuresForRole(planFeatures: readonly FeatureKey[], roleId: RoleId): FeatureKey[] {
  return planFeatures.filter((f) => ROLE_FEATURES[f].includes(roleId));
}

/**
 * Who may do what: one line per rule (STYLE "Authorisation as one-line rules"). The server answers
 * 403 from this table; the web hides or disables with the same table.
 */
export const PERMISSIONS = {
  'org.view': ALL_ROLES,
  'org.update': ADMINS,
  'org.create': [Role.Administrator],
  'org.logo': ADMINS,
  'org.softDelete': [Role.Administrator],
  'org.settings': ADMINS,
  'users.list': ADMINS,
  'users.viewProfile': ADMINS,
  'users.resendInvite': ADMINS,
  'users.activeCount': ADMINS,
  'users.invite': ADMINS,
  'users.update': ADMINS,
  'users.delete': ADMINS,
  'users.setRole': ADMINS,
  'users.setStatus': ADMINS,
  'users.sendVerification': ADMINS,
  'users.search': ADMINS,
  'users.import': ADMINS,
  'users.documents.manage': ADMINS,
  /** Users > Roles: this table, read-only. */
  'users.roles.view': ADMINS,
  /** Users > Settings: employee numbering and the default role of new users. */
  'users.settings.view': ADMINS,
  'users.settings.manage': ADMINS,
  /** Users > Skills management: the catalogue and employees' skills. */
  'skills.manage': ADMINS,
  /** Own documents: every role sees and uploads their own. */
  'users.documents.own': ALL_ROLES,
  'users.viewOwnProfile': ALL_ROLES,
  'departments.list': ADMINS,
  'departments.manage': ADMINS,
  /** Work locations: everyone sees them (the employee form, their own profile); the Administrator keeps them. */
  'workLocations.list': ALL_ROLES,
  'workLocations.manage': [Role.Administrator],
  'salary.components.view': ADMINS,
  'salary.structure.calculate': ADMINS,
  // payroll: components and statutory settings, payroll settings and setup, the run.
  'salary.components.manage': ADMINS,
  /** Salary revisions with arrears: the history for payroll admins; a revision changes pay, so the Administrator's. */
  'salary.revisions.view': ADMINS,
  'salary.revisions.manage': [Role.Administrator],
  'payroll.settings.view': ADMINS,
  'payroll.settings.manage': ADMINS,
  'payroll.run.view': ADMINS,
  'payroll.run.manage': ADMINS,
  /** Finalize and mark paid: the Administrator only (a second person's check on a Moderator's run). */
  'payroll.run.finalize': [Role.Administrator],
  // exits and full-and-final settlement: prepared by payroll admins, approved and settled by the Administrator.
  'payroll.settlement.view': ADMINS,
  'payroll.settlement.manage': ADMINS,
  'payroll.settlement.approve': [Role.Administrator],
  /** Statutory files (ECR, ESIC, PT, LWF) and the journal of a finalized month. */
  'payroll.filings.download': ADMINS,
  /** The ledger accounts the journal posts to: moderators see them, the Administrator sets them (accounting). */
  'payroll.ledger.view': ADMINS,
  'payroll.ledger.manage': [Role.Administrator],
  /** The TDS challans Form 24Q reports deductions under: payroll admins see them (with the 24Q files), the Administrator records them. */
  'payroll.challans.manage': [Role.Administrator],
  /** Loans and salary advances: payroll admins see them; a loan changes pay, so the Administrator records it. */
  'payroll.loans.view': ADMINS,
  'payroll.loans.manage': [Role.Administrator],
  /** Own loans, their schedule and balance: every role. */
  'loans.own': ALL_ROLES,
  /** Own payslips: every role; an administrator's view of anyone's is payroll.run.view. */
  'payslips.own': ALL_ROLES,
  // payroll outputs: the reports log, the bank transfer file and the bank's return file.
  'payroll.reports.view': ADMINS,
  /** Preview and download a finalized month's bank transfer file (payroll admins prepare it; the bank's own maker–checker approves it). */
  'payroll.bank.export': ADMINS,
  /** Record the bank's return file (paid / failed per payment): the Administrator, as for marking a month paid. */
  'payroll.bank.import': [Role.Administrator],
  // attendance (people spec §6): approval by Admin/Moderator, Reject by Administrator only;
  // team views are for Admin/Moderator and, for their reportees, managers (scoped in the service).
  'attendance.settings.view': ADMINS,
  'attendance.settings.update': ADMINS,
  'shifts.view': ADMINS,
  'shifts.manage': ADMINS,
  'shifts.assign': ADMINS,
  'attendance.own': ALL_ROLES,
  'attendance.team': ALL_ROLES,
  'attendance.approve': ADMINS,
  'attendance.reject': [Role.Administrator],
  /** Attendance > Clients (platform §2.1, §6: administrators and moderators): sites, geofences, assignments. */
  'attendance.clients.manage': ADMINS,
  /** My team overview and reports: everyone in the caller's team; managers their reports (scoped in the service). */
  'myTeam.overview': ALL_ROLES,
  'myTeam.reports': ALL_ROLES,
  'requests.own': ALL_ROLES,
  'requests.decide': ALL_ROLES,
  'leave.own': ALL_ROLES,
  'leave.decide': ALL_ROLES,
  'leave.types.manage': ADMINS,
  /** Opening balances and adjustments, the leave policies and settings, every employee's requests. */
  'leave.balances.manage': ADMINS,
  'leave.policies.manage': ADMINS,
  'leave.settings.manage': ADMINS,
  'leave.requests.all': ADMINS,
  /** The organisation's unexpected server errors (platform §2.1 exception-logs, §6). */
  'exceptionLogs.view': ADMINS,
  'holidays.view': ALL_ROLES,
  'holidays.manage': ADMINS,
  'notifications.own': ALL_ROLES,
  'dashboard.view': ALL_ROLES,
  'dashboard.orgCounts': ADMINS,
  'subscription.view': ADMINS,
  // buying, changing and cancelling plans, and their invoices (platform §2.1: my-subscription is for Administrators and Moderators)
  'subscription.manage': ADMINS,
  // income-tax declaration and POI windows (payroll spec §6): release, lock and reminders for
  // Administrators and Moderators; the window's status and the help documents for everyone.
  'taxWindows.manage': ADMINS,
  'taxWindows.status': ALL_ROLES,
  'taxWindows.help': ALL_ROLES,
  // reimbursements (payroll spec §6): types and decisions for Administrators and Moderators;
  // every role claims its own.
  'reimbursements.types.manage': ADMINS,
  'reimbursements.decide': ADMINS,
  'reimbursements.own': ALL_ROLES,
  // Form 16 (payroll spec §6): payroll admins upload and manage everyone's; every employee downloads their own.
  'form16.manage': ADMINS,
  'form16.own': ALL_ROLES,
  /** The employee's own IT declaration and its summary (payroll spec §6). */
  'declarations.own': ALL_ROLES,
  /** Another employee's declaration: see it, and submit it on their behalf (employee profile, Investments). */
  'declarations.onBehalf': ADMINS,
  /** Proof of investment: the employee's own proofs; an administrator's view of anyone's is declarations.onBehalf. */
  'proofs.own': ALL_ROLES,
  /** Team review (payroll spec §6): the list, the detail, status changes and the review of proofs. */
  'declarations.review': ADMINS,
  /** Rejecting a declaration is the Administrator's (as Reject elsewhere, DESIGN §3). */
  'declarations.reject': [Role.Administrator],
  /** Item comments: the employee on their own declaration, reviewers on any. */
  'declarations.comment': ALL_ROLES,
  /** Settings > Preferences > Sender Email Preferences (the primary contact reminders are sent from). */
  'preferences.senderEmail': ADMINS,
  /** Sales invoices, their parties and customization (platform spec §2.1, §6): Administrators and Moderators. */
  'invoices.manage': ADMINS,
  /** Employment-type settings (platform §2.8): the organisation's administrators and moderators. */
  'employmentSettings.view': ADMINS,
  'employmentSettings.manage': ADMINS,
  /** Exit requests: every employee resigns and withdraws their own; deciding is for the reporting manager (scoped in the service), administrators and moderators. */
  'exits.own': ALL_ROLES,
  'exits.decide': ALL_ROLES,
  /** The OpenAPI document (every operation with its access rules) on a production server; elsewhere it is public (docs/decisions/). */
  'api.docs': [Role.Administrator],
  /** The organisation's audit log, its export and its chain check: Administrators only (the log records the moderators' changes too). */
  'audit.view': [Role.Administrator],
  /** The history of changes to one's own record. */
  'audit.own': ALL_ROLES,
  /** Data rights (DPDP Act 2023 s.11): everyone downloads everything the organisation holds about them. */
  'dataRights.exportOwn': ALL_ROLES,
  /** The retention period and erasing a relieved employee's personal data (s.12): the Administrator only. */
  'dataRights.erase': [Role.Administrator],
  /** Bank details changes awaiting a second person: listed, approved and rejected by Administrators (never the requester: the service answers 409). */
  'bankChanges.decide': [Role.Administrator],
  /** One's own pending bank details change, on one's profile. */
  'bankChanges.own': ALL_ROLES,
} as const satisfies Record<string, readonly RoleId[]>;
export type PermissionAction = keyof typeof PERMISSIONS;

export function can(roleId: RoleId, action: PermissionAction): boolean {
  return (PERMISSIONS[action] as readonly RoleId[]).includes(roleId);
}

/**
 * Nobody approves or rejects what they asked for themselves — a leave request, a regularization
 * request or a manual attendance log — administrators included (people spec §6: approval is a
 * second person's check). The one rule for all three; each refuses with "You cannot approve or
 * reject your own …".
 */
export function mayDecideFor(actorUserId: string, requesterUserId: string): boolean {
  return actorUserId !== requesterUserId;
}

/**
 * Rules about the target of an action rather than the action alone (people spec §4):
 * a moderator cannot act on an administrator, and nobody changes their own role.
 */
export function canActOn(actor: { id: string; roleId: RoleId }, target: { id: string; roleId: RoleId }, action: 'view' | 'edit' | 'changeRole'): boolean {
  if (action === 'view') return true;
  if (actor.roleId === Role.Moderator && target.roleId === Role.Administrator) return false;
  if (action === 'changeRole' && actor.id === target.id) return false;
  return true;
}
