import type { ModuleManifest } from './module';
import { healthModule } from './health/health.module';
import { accountModule } from './account/account.module';
import { tenantsModule } from './tenants/tenants.module';
import { subscriptionsModule } from './subscriptions/subscriptions.module';
import { usersModule } from './users/users.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { taxModule } from './tax/tax.module';
import { payrollCalculatorModule } from './payroll-calculator/payroll-calculator.module';
import { attendanceModule } from './attendance/attendance.module';
import { shiftsModule } from './shifts/shifts.module';
import { attendanceSettingsModule } from './attendance-settings/attendance-settings.module';
import { requestsModule } from './requests/requests.module';
import { leaveModule } from './leave/leave.module';
import { notificationsModule } from './notifications/notifications.module';
import { departmentsModule } from './departments/departments.module';
import { workLocationsModule } from './work-locations/work-locations.module';
import { documentsModule } from './documents/documents.module';
import { employeesModule } from './employees/employees.module';
import { salaryModule } from './salary/salary.module';
import { peopleImportModule } from './people-import/people-import.module';
import { payrollLocksModule } from './payroll-locks/payroll-locks.module';
import { payrollModule } from './payroll/payroll.module';
import { employmentSettingsModule } from './employment-settings/employment-settings.module';
import { exitsModule } from './exits/exits.module';
import { taxDeclarationsModule } from './tax-declarations/tax-declarations.module';
import { declarationsModule } from './declarations/declarations.module';
import { proofsModule } from './proofs/proofs.module';
import { declarationCommentsModule } from './declaration-comments/declaration-comments.module';
import { preferencesModule } from './preferences/preferences.module';
import { userSettingsModule } from './user-settings/user-settings.module';
import { skillsModule } from './skills/skills.module';
import { attendanceClientsModule } from './attendance-clients/attendance-clients.module';
import { myTeamModule } from './my-team/my-team.module';
import { reimbursementsModule } from './reimbursements/reimbursements.module';
import { payrollBankModule } from './payroll-bank/payroll-bank.module';
import { payrollReportsModule } from './payroll-reports/payroll-reports.module';
import { payrollFilingsModule } from './payroll-filings/payroll-filings.module';
import { form16Module } from './form16/form16.module';
import { exceptionLogsModule } from './exception-logs/exception-logs.module';
import { invoicesModule } from './invoices/invoices.module';
import { auditLogModule } from './audit-log/audit-log.module';
import { dataRightsModule } from './data-rights/data-rights.module';
import { bankChangesModule } from './bank-changes/bank-changes.module';

/**
 * Every module the server runs: the composition root (services.ts) builds their services in the
 * order their needs give, registers their jobs, and app.ts mounts their routes in this order. A new
 * module is its folder with a `<name>.module.ts` and one line here. (modules/dev is not listed: it is
 * the development mailbox, mounted by app.ts only when enabled, on the raw database.)
 */
export const MODULES: readonly ModuleManifest[] = [
  healthModule,
  accountModule,
  tenantsModule,
  subscriptionsModule,
  usersModule,
  dashboardModule,
  taxModule,
  payrollCalculatorModule,
  attendanceModule,
  shiftsModule,
  attendanceSettingsModule,
  requestsModule,
  leaveModule,
  notificationsModule,
  departmentsModule,
  workLocationsModule,
  documentsModule,
  employeesModule,
  salaryModule,
  peopleImportModule,
  payrollLocksModule,
  payrollModule,
  employmentSettingsModule,
  exitsModule,
  taxDeclarationsModule,
  declarationsModule,
  proofsModule,
  declarationCommentsModule,
  preferencesModule,
  userSettingsModule,
  skillsModule,
  attendanceClientsModule,
  myTeamModule,
  reimbursementsModule,
  payrollBankModule,
  payrollReportsModule,
  payrollFilingsModule,
  form16Module,
  exceptionLogsModule,
  invoicesModule,
  auditLogModule,
  dataRightsModule,
  bankChangesModule,
];
