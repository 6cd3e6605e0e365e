import { PERMISSIONS, type PermissionAction } from './access';
import type { RoleId } from './enums';

/**
 * What each action of the permission table means, for Users > Roles. The page shows
 * PERMISSIONS itself — the table the server answers 403 from — grouped and labelled here; a test
 * fails when an action has no label. Areas are the order the page shows them in.
 */
export const PERMISSION_AREAS = ['Organization', 'People', 'Attendance', 'My team', 'Leave', 'Payroll', 'Income tax', 'Reimbursements', 'Other'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_LABELS: Partial<Record<PermissionAction, { area: PermissionArea; label: string }>> = {
  'org.view': { area: 'Organization', label: 'View organization details' },
  'org.update': { area: 'Organization', label: 'Edit organization details' },
  'org.create': { area: 'Organization', label: 'Create another organization' },
  'org.logo': { area: 'Organization', label: 'Logo and branding' },
  'org.softDelete': { area: 'Organization', label: 'Delete the organization' },
  'org.settings': { area: 'Organization', label: 'Organization settings' },
  'audit.view': { area: 'Organization', label: 'Audit log (who changed what) and its chain check' },
  'audit.own': { area: 'Organization', label: 'History of changes to one\'s own record' },
  'dataRights.exportOwn': { area: 'Organization', label: 'Download one\'s own data (DPDP Act)' },
  'dataRights.erase': { area: 'Organization', label: 'Retention period and erasing a relieved employee\'s personal data' },
  'bankChanges.decide': { area: 'People', label: 'Approve or reject bank details changes (not one\'s own)' },
  'bankChanges.own': { area: 'People', label: 'See one\'s own pending bank details change' },
  'subscription.view': {
    area: 'Organization',
    label: 'Subscription and plans',
  },
  'preferences.senderEmail': {
    area: 'Organization',
    label: 'Sender e-mail preferences',
  },
  'dashboard.view': { area: 'Organization', label: 'Dashboard' },
  'dashboard.orgCounts': {
    area: 'Organization',
    label: 'Organization counts on the dashboard',
  },
  'users.list': { area: 'People', label: 'List users' },
  'users.viewProfile': { area: 'People', label: "View an employee's profile" },
  'users.resendInvite': { area: 'People', label: 'Resend an invitation' },
  'users.activeCount': { area: 'People', label: 'Count active users' },
  'users.invite': { area: 'People', label: 'Add and invite users' },
  'users.update': { area: 'People', label: 'Edit users' },
  'users.delete': { area: 'People', label: 'Delete users' },
  'users.setRole': { area: 'People', label: 'Change a user’s role' },
  'users.setStatus': {
    area: 'People',
    label: 'Deactivate and re-activate users',
  },
  'users.sendVerification': {
    area: 'People',
    label: 'Send verification e-mails',
  },
  'users.search': { area: 'People', label: 'Search employees' },
  'users.import': { area: 'People', label: 'Import users' },
  'users.documents.manage': {
    area: 'People',
    label: "Manage employees' documents",
  },
  'users.documents.own': { area: 'People', label: 'Own documents' },
  'users.viewOwnProfile': { area: 'People', label: 'Own profile' },
  'users.roles.view': { area: 'People', label: 'View roles and permissions' },
  'users.settings.view': { area: 'People', label: 'View user settings' },
  'users.settings.manage': { area: 'People', label: 'Change user settings' },
  'skills.manage': {
    area: 'People',
    label: "Skills catalogue and employees' skills",
  },
  'departments.list': { area: 'People', label: 'List departments' },
  'departments.manage': { area: 'People', label: 'Manage departments' },
  'workLocations.list': { area: 'People', label: 'List work locations' },
  'workLocations.manage': { area: 'People', label: 'Manage work locations' },
  'attendance.settings.view': {
    area: 'Attendance',
    label: 'View attendance settings',
  },
  'attendance.settings.update': {
    area: 'Attendance',
    label: 'Change attendance settings',
  },
  'shifts.view': { area: 'Attendance', label: 'View shifts' },
  'shifts.manage': { area: 'Attendance', label: 'Manage shifts' },
  'shifts.assign': { area: 'Attendance', label: 'Assign shifts' },
  'attendance.own': {
    area: 'Attendance',
    label: 'Own attendance and check-in',
  },
  'attendance.team': {
    area: 'Attendance',
    label: 'Team attendance (managers: their reports)',
  },
  'attendance.approve': { area: 'Attendance', label: 'Approve attendance' },
  'attendance.reject': { area: 'Attendance', label: 'Reject attendance' },
  'attendance.clients.manage': {
    area: 'Attendance',
    label: 'Client sites and geofences',
  },
  'requests.own': { area: 'Attendance', label: 'Own regularization requests' },
  'requests.decide': {
    area: 'Attendance',
    label: 'Decide regularization requests (managers: their reports)',
  },
  'myTeam.overview': {
    area: 'My team',
    label: 'Team overview (managers: their reports)',
  },
  'myTeam.reports': {
    area: 'My team',
    label: 'Team reports (managers: their reports)',
  },
  'leave.own': { area: 'Leave', label: 'Own leave' },
  'leave.decide': {
    area: 'Leave',
    label: 'Decide leave (managers: their reports)',
  },
  'leave.types.manage': { area: 'Leave', label: 'Manage leave types' },
  'holidays.view': { area: 'Leave', label: 'View holidays' },
  'holidays.manage': { area: 'Leave', label: 'Manage holidays' },
  'salary.components.view': {
    area: 'Payroll',
    label: 'View salary components',
  },
  'salary.components.manage': {
    area: 'Payroll',
    label: 'Manage salary components',
  },
  'salary.structure.calculate': {
    area: 'Payroll',
    label: 'Calculate salary structures',
  },
  'salary.revisions.view': { area: 'Payroll', label: 'View salary revisions' },
  'salary.revisions.manage': { area: 'Payroll', label: 'Revise salaries' },
  'payroll.settings.view': { area: 'Payroll', label: 'View payroll settings' },
  'payroll.settings.manage': {
    area: 'Payroll',
    label: 'Change payroll settings',
  },
  'payroll.run.view': { area: 'Payroll', label: 'View payroll runs' },
  'payroll.run.manage': {
    area: 'Payroll',
    label: 'Prepare and process payroll',
  },
  'payroll.run.finalize': {
    area: 'Payroll',
    label: 'Finalize payroll and mark it paid',
  },
  'payroll.settlement.view': {
    area: 'Payroll',
    label: 'View exits and settlements',
  },
  'payroll.settlement.manage': {
    area: 'Payroll',
    label: 'Prepare full-and-final settlements',
  },
  'payroll.settlement.approve': {
    area: 'Payroll',
    label: 'Approve settlements',
  },
  'payroll.filings.download': {
    area: 'Payroll',
    label: 'Statutory files and the journal',
  },
  'payroll.ledger.view': { area: 'Payroll', label: 'View ledger accounts' },
  'payroll.ledger.manage': { area: 'Payroll', label: 'Change ledger accounts' },
  'payroll.challans.manage': { area: 'Payroll', label: 'Record TDS challans' },
  'payroll.loans.view': { area: 'Payroll', label: 'View loans and advances' },
  'payroll.loans.manage': {
    area: 'Payroll',
    label: 'Record loans and advances',
  },
  'payroll.reports.view': { area: 'Payroll', label: 'Payroll reports' },
  'payroll.bank.export': { area: 'Payroll', label: 'Bank transfer file' },
  'payroll.bank.import': {
    area: 'Payroll',
    label: "Record the bank's return file",
  },
  'loans.own': { area: 'Payroll', label: 'Own loans' },
  'payslips.own': { area: 'Payroll', label: 'Own payslips' },
  'taxWindows.manage': {
    area: 'Income tax',
    label: 'Release and lock declaration windows',
  },
  'taxWindows.status': {
    area: 'Income tax',
    label: 'Declaration window status',
  },
  'taxWindows.help': {
    area: 'Income tax',
    label: 'Declaration help documents',
  },
  'declarations.own': { area: 'Income tax', label: 'Own IT declaration' },
  'declarations.onBehalf': {
    area: 'Income tax',
    label: "An employee's declaration on their behalf",
  },
  'declarations.review': {
    area: 'Income tax',
    label: 'Review declarations and proofs',
  },
  'declarations.reject': { area: 'Income tax', label: 'Reject declarations' },
  'declarations.comment': {
    area: 'Income tax',
    label: 'Comment on declaration items',
  },
  'proofs.own': { area: 'Income tax', label: 'Own proofs of investment' },
  'form16.manage': { area: 'Income tax', label: 'Manage Form 16' },
  'form16.own': { area: 'Income tax', label: 'Own Form 16' },
  'reimbursements.types.manage': {
    area: 'Reimbursements',
    label: 'Manage reimbursement types',
  },
  'reimbursements.decide': {
    area: 'Reimbursements',
    label: 'Decide reimbursement claims',
  },
  'reimbursements.own': {
    area: 'Reimbursements',
    label: 'Own reimbursement claims',
  },
  'notifications.own': { area: 'Other', label: 'Own notifications' },
  'leave.balances.manage': { area: 'Leave', label: 'Customize leave balances' },
  'leave.policies.manage': { area: 'Leave', label: 'Manage leave policies' },
  'leave.settings.manage': { area: 'Leave', label: 'Leave settings' },
  'leave.requests.all': { area: 'Leave', label: "Every employee's leave requests" },
  'exceptionLogs.view': { area: 'Other', label: 'Exception logs' },
  'subscription.manage': { area: 'Organization', label: 'Buy, change and cancel the subscription' },
  'invoices.manage': { area: 'Other', label: 'Sales invoices, businesses and clients' },
  'employmentSettings.view': { area: 'Organization', label: 'View employment-type settings' },
  'employmentSettings.manage': { area: 'Organization', label: 'Edit employment-type settings' },
  'exits.own': { area: 'People', label: 'Resign and withdraw a resignation' },
  'exits.decide': { area: 'My team', label: "Decide a reportee's resignation" },
  'api.docs': { area: 'Other', label: 'API reference (the OpenAPI document) on a production server' },
};

export interface PermissionRow {
  action: PermissionAction;
  area: PermissionArea;
  label: string;
  /** Per role id: allowed by the table the server enforces. */
  allowed: Record<RoleId, boolean>;
}

/** The permission table as rows for Users > Roles: every action, in area order, from PERMISSIONS itself. */
export function permissionRows(): PermissionRow[] {
  const actions = Object.keys(PERMISSIONS) as PermissionAction[];
  const rows = actions.map((action) => {
    const info = PERMISSION_LABELS[action] ?? {
      area: 'Other' as const,
      label: action,
    };
    const roles = PERMISSIONS[action] as readonly RoleId[];
    return {
      action,
      area: info.area,
      label: info.label,
      allowed: {
        1: roles.includes(1),
        2: roles.includes(2),
        3: roles.includes(3),
      } as Record<RoleId, boolean>,
    };
  });
  return rows.sort((a, b) => PERMISSION_AREAS.indexOf(a.area) - PERMISSION_AREAS.indexOf(b.area));
}
