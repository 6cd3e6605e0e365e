import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import type { Clock } from './platform/clock';
import type { TokenService } from './platform/auth/tokens';
import type { FileStorage } from './platform/files/file-storage';
import type { JobQueue } from './platform/jobs/job-queue';
import type { JobPayloads } from './platform/jobs/jobs';
import type { UnitOfWork } from './platform/unit-of-work';
import type { LoginThrottle } from './platform/auth/login-throttle';
import { AccountService } from './modules/account/account.service';
import { OidcProviders } from './platform/auth/oidc';
import { TenantService } from './modules/tenants/tenants.service';
import { SubscriptionService } from './modules/subscriptions/subscriptions.service';
import { LocalPaymentProvider } from './modules/subscriptions/payments/local.provider';
import { RazorpayProvider } from './modules/subscriptions/payments/razorpay.provider';
import type { PaymentProvider } from './modules/subscriptions/payments/payment-provider';
import { UserService } from './modules/users/users.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { TaxService } from './modules/tax/tax.service';
import { PayrollCalculatorService } from './modules/payroll-calculator/payroll-calculator.service';
import { AttendanceService } from './modules/attendance/attendance.service';
import { ShiftService } from './modules/shifts/shifts.service';
import { AttendanceSettingsService } from './modules/attendance-settings/attendance-settings.service';
import { RequestService } from './modules/requests/requests.service';
import { LeaveService } from './modules/leave/leave.service';
import { ExceptionLogService } from './modules/exception-logs/exception-logs.service';
import { NotificationService, type NotificationPush } from './modules/notifications/notifications.service';
import { DepartmentService } from './modules/departments/departments.service';
import { DocumentService } from './modules/documents/documents.service';
import { EmployeeService } from './modules/employees/employees.service';
import { SalaryService } from './modules/salary/salary.service';
import { SalaryComponentsService } from './modules/salary/salary-components.service';
import { SalaryRevisionService } from './modules/salary/salary-revisions.service';
import { PeopleImportService } from './modules/people-import/people-import.service';
import { PayrollLockService } from './modules/payroll-locks/payroll-locks.service';
import { PayrollReportService } from './modules/payroll-reports/payroll-reports.service';
import { PayrollBankService } from './modules/payroll-bank/payroll-bank.service';
import { PayrollFilingsService } from './modules/payroll-filings/payroll-filings.service';
import { PayslipDocumentService } from './modules/payroll/payslip-documents.service';
import { PayrollSettingsService } from './modules/payroll/payroll-settings.service';
import { PayrollRunService } from './modules/payroll/payroll-run.service';
import { PayslipService } from './modules/payroll/payslips.service';
import { SettlementService } from './modules/payroll/settlement.service';
import { LoanService } from './modules/payroll/loans.service';
import { PreferencesService } from './modules/preferences/preferences.service';
import { UserSettingsService } from './modules/user-settings/user-settings.service';
import { SkillService } from './modules/skills/skills.service';
import { AttendanceClientService } from './modules/attendance-clients/attendance-clients.service';
import { MyTeamService } from './modules/my-team/my-team.service';
import { TaxWindowService } from './modules/tax-declarations/tax-declarations.service';
import { ReimbursementService } from './modules/reimbursements/reimbursements.service';
import { InvoiceService } from './modules/invoices/invoices.service';
import { Form16Service } from './modules/form16/form16.service';
import { Form16PartBService } from './modules/form16/form16-part-b.service';
import { DeclarationService } from './modules/declarations/declarations.service';
import { RegimeService } from './modules/declarations/regime.service';
import { DeclarationCommentService } from './modules/declaration-comments/declaration-comments.service';
import { ProofService } from './modules/proofs/proofs.service';
import { TeamReviewService } from './modules/proofs/team-review.service';
import { EmploymentSettingsService } from './modules/employment-settings/employment-settings.service';
import { ExitRequestService } from './modules/exits/exit-requests.service';

/**
 * The composition root: every module's service, built once. Services hold no database handle: each
 * call receives the scope its unit of work opened (DESIGN §9). A service may call another module's
 * service, passing its scope along; side effects after commit are jobs.
 */
export interface Services {
  account: AccountService;
  /** Google and Microsoft sign-in: the provider round trip (no database). */
  oidc: OidcProviders;
  tenants: TenantService;
  subscriptions: SubscriptionService;
  users: UserService;
  dashboard: DashboardService;
  tax: TaxService;
  payrollCalculator: PayrollCalculatorService;
  attendance: AttendanceService;
  shift: ShiftService;
  attendanceSettings: AttendanceSettingsService;
  request: RequestService;
  leave: LeaveService;
  exceptionLogs: ExceptionLogService;
  notification: NotificationService;
  department: DepartmentService;
  document: DocumentService;
  employee: EmployeeService;
  salary: SalaryService;
  salaryComponents: SalaryComponentsService;
  salaryRevisions: SalaryRevisionService;
  peopleImport: PeopleImportService;
  payrollLocks: PayrollLockService;
  payrollReports: PayrollReportService;
  payrollBank: PayrollBankService;
  payrollFilings: PayrollFilingsService;
  payslipDocuments: PayslipDocumentService;
  payrollSettings: PayrollSettingsService;
  payrollRun: PayrollRunService;
  payslip: PayslipService;
  settlement: SettlementService;
  loans: LoanService;
  preferences: PreferencesService;
  userSettings: UserSettingsService;
  skills: SkillService;
  attendanceClients: AttendanceClientService;
  myTeam: MyTeamService;
  taxWindows: TaxWindowService;
  reimbursements: ReimbursementService;
  invoices: InvoiceService;
  form16: Form16Service;
  form16PartB: Form16PartBService;
  declarations: DeclarationService;
  regime: RegimeService;
  declarationComments: DeclarationCommentService;
  proofs: ProofService;
  teamReview: TeamReviewService;
  employmentSettings: EmploymentSettingsService;
  exitRequests: ExitRequestService;
}

export interface ServiceDeps {
  config: Config;
  clock: Clock;
  tokens: TokenService;
  files: FileStorage;
  push: NotificationPush;
  loginThrottle: LoginThrottle;
}

/** Razorpay when its keys are set (all three, config.ts), else the local test provider (DESIGN §2). */
export function paymentProvider(config: Config): PaymentProvider {
  const { RAZORPAY_KEY_ID: id, RAZORPAY_KEY_SECRET: secret, RAZORPAY_WEBHOOK_SECRET: webhook } = config;
  return id && secret && webhook ? new RazorpayProvider(id, secret, webhook) : new LocalPaymentProvider();
}

export function buildServices({ config, clock, tokens, files, push, loginThrottle }: ServiceDeps): Services {
  const tenants = new TenantService({ clock, files, config });
  const salary = new SalaryService({ clock });
  // Every input of pay marks the processed month stale (payroll-locks markChanged).
  const payrollLocks = new PayrollLockService({ clock });
  const salaryRevisions = new SalaryRevisionService({ clock, salary, locks: payrollLocks });
  const userSettings = new UserSettingsService({ clock });
  const employee = new EmployeeService({ clock, config, salary, userSettings, locks: payrollLocks });
  const users = new UserService({ clock, files, employees: employee, userSettings });
  const attendanceClients = new AttendanceClientService({ clock });
  const attendance = new AttendanceService({ clock, locks: payrollLocks, sites: attendanceClients });
  const leave = new LeaveService({ clock, locks: payrollLocks });
  const request = new RequestService({ clock, locks: payrollLocks });
  const payrollSettings = new PayrollSettingsService({ clock });
  const payrollReports = new PayrollReportService({ clock });
  const salaryComponents = new SalaryComponentsService({ clock });
  const payslipDocuments = new PayslipDocumentService({ clock, files, config, reports: payrollReports });
  const reimbursements = new ReimbursementService({ clock, files, locks: payrollLocks });
  const preferences = new PreferencesService({ clock });
  const payslip = new PayslipService();
  const taxWindows = new TaxWindowService({ clock, config, preferences });
  const declarations = new DeclarationService({ clock, windows: taxWindows, salary, payslips: payslip });
  const form16 = new Form16Service({ clock, files });
  // Reminders go only to employees who have not submitted (tax-declarations/declaration-status.ts).
  taxWindows.connectDeclarationStatus(declarations);
  // Proof of investment, item comments and the team review.
  const declarationComments = new DeclarationCommentService({ clock, declarations });
  const proofs = new ProofService({ clock, files, windows: taxWindows, declarations, comments: declarationComments, locks: payrollLocks });
  const teamReview = new TeamReviewService({ clock, declarations, proofs, locks: payrollLocks });
  const payrollBank = new PayrollBankService({ clock, reports: payrollReports });
  const payrollRun = new PayrollRunService({
    clock,
    settings: payrollSettings,
    salary,
    revisions: salaryRevisions,
    reimbursements,
    attendance,
    leave,
    locks: payrollLocks,
    documents: payslipDocuments,
    declarations,
    payments: payrollBank,
    stallSeconds: config.PAYROLL_STALL_SECONDS,
    ...(config.PAYROLL_CHUNK_SIZE ? { chunkSize: config.PAYROLL_CHUNK_SIZE } : {}),
  });
  const loans = new LoanService({ clock, runs: payrollRun });
  const notification = new NotificationService({ clock, push, attendance });
  const employmentSettings = new EmploymentSettingsService({ clock });
  return {
    account: new AccountService({ clock, tokens, config, tenants, users, employees: employee, loginThrottle }),
    oidc: new OidcProviders(config, { clock, tokens, appUrl: config.appUrl }),
    tenants,
    subscriptions: new SubscriptionService({ clock, config, provider: paymentProvider(config), users }),
    users,
    dashboard: new DashboardService({ clock }),
    tax: new TaxService(),
    payrollCalculator: new PayrollCalculatorService(),
    attendance,
    shift: new ShiftService({ clock, locks: payrollLocks }),
    attendanceSettings: new AttendanceSettingsService({ clock }),
    request,
    leave,
    exceptionLogs: new ExceptionLogService(),
    notification,
    department: new DepartmentService(),
    document: new DocumentService({ clock, files, users }),
    employee,
    salary,
    salaryComponents,
    salaryRevisions,
    peopleImport: new PeopleImportService({ clock, employees: employee }),
    payrollLocks,
    payrollReports,
    payrollBank,
    payrollFilings: new PayrollFilingsService({ clock, reports: payrollReports, components: salaryComponents, declarations }),
    payslipDocuments,
    payrollSettings,
    payrollRun,
    payslip,
    settlement: new SettlementService({ clock, salary, leave, runs: payrollRun, reports: payrollReports, files, reimbursements, loans }),
    loans,
    preferences,
    userSettings,
    skills: new SkillService({ clock }),
    attendanceClients,
    myTeam: new MyTeamService({ attendance, leave, requests: request }),
    taxWindows,
    declarations,
    reimbursements,
    invoices: new InvoiceService({ clock }),
    form16,
    form16PartB: new Form16PartBService({ clock, form16 }),
    regime: new RegimeService({ clock, windows: taxWindows, declarations, runs: payrollRun }),
    declarationComments,
    proofs,
    teamReview,
    employmentSettings,
    exitRequests: new ExitRequestService({ clock, settings: employmentSettings, notifications: notification }),
  };
}

/**
 * Every job of every module, on the one queue. Tenant jobs run in their organisation's transaction;
 * the schedules (cron in UTC) fan out to per-organisation jobs so one organisation's failure does
 * not stop the others.
 */
export function registerJobs(uow: UnitOfWork, queue: JobQueue, services: Services, clock: Clock, log: FastifyInstance['log'], files: FileStorage, config: Pick<Config, 'PAYROLL_STALL_SECONDS'>): void {
  uow.defineTenantJob(queue, 'attendance.recompute', (scope, data) => services.attendance.recompute(scope, data));
  uow.defineGlobalJob(queue, 'attendance.reminders', (scope) => services.notification.scheduleAttendanceReminders(scope, clock.now()), {
    // 06:00 in every organisation's zone falls on a quarter hour in every zone India's customers use.
    cron: { expression: '*/15 * * * *', tz: 'UTC' },
    retryLimit: 2,
  });
  uow.defineTenantJob(queue, 'attendance.reminders.tenant', (scope, data) => services.notification.sendAttendanceReminders(scope, new Date(data.now)));
  uow.defineGlobalJob(queue, 'users.removed', (scope, data) => services.users.cleanUpRemoved(scope, data));
  // Stored files: promoted after the commit that names them, removed after the one that
  // drops them; they touch no database, so they open no transaction.
  queue.define({ name: 'files.stored', run: async (job) => void (await files.promote((job.data as JobPayloads['files.stored']).storageKey)) });
  queue.define({
    name: 'files.stored.batch',
    run: async (job) => {
      for (const storageKey of (job.data as JobPayloads['files.stored.batch']).storageKeys) await files.promote(storageKey);
    },
  });
  queue.define({ name: 'files.removed', run: (job) => files.remove((job.data as JobPayloads['files.removed']).storageKey) });
  uow.defineGlobalJob(queue, 'files.sweep', async (scope) => {
    const documents = await services.document.sweepStoredFiles(scope);
    const logos = await services.tenants.sweepLogoFiles(scope);
    const payslips = await services.payslipDocuments.sweepStoredFiles(scope);
    const receipts = await services.reimbursements.sweepStoredFiles(scope);
    const form16 = await services.form16.sweepStoredFiles(scope);
    const proofs = await services.proofs.sweepStoredFiles(scope);
    log.info({ documents, logos, payslips, receipts, form16, proofs }, 'stored files swept');
  }, { cron: { expression: '23 * * * *', tz: 'UTC' }, retryLimit: 2 });
  // Payslip PDFs and e-mails after finalize: chunks of payslips, each its own transaction.
  // Rendering holds no transaction: read in one, render and store outside, write in a second (stepped).
  uow.defineSteppedTenantJob(queue, 'payroll.payslips.render', async (steps, data) => {
    const stats = await services.payslipDocuments.renderPayslips(steps, data);
    const perPayslipMs = stats.rendered > 0 ? Math.round(((stats.renderMs + stats.storeMs) / stats.rendered) * 10) / 10 : 0;
    log.info({ runId: data.runId, ...stats, perPayslipMs }, 'payslip PDFs rendered');
  });
  uow.defineTenantJob(queue, 'payroll.payslips.email', async (scope, data) => void (await services.payslipDocuments.emailPayslips(scope, data)));
  // A held payout released or paid after finalize: its stored PDF is rendered again with the dates (held, released, paid).
  uow.defineSteppedTenantJob(queue, 'payroll.payslips.rerender', async (steps, data) => void (await services.payslipDocuments.rerenderPayslip(steps, data)));
  // Payroll (DESIGN §10): processing in chunks, each chunk its own transaction (resumable).
  uow.defineSteppedTenantJob(queue, 'payroll.process', (steps, data) => services.payrollRun.processRun(steps, data.runId), { retryLimit: 3, expireInSeconds: 30 * 60 });
  // A run whose processing job died with its process (kill -9, a crash, a deploy) is found by its stale
  // heartbeat and resumed: at start (again once the stall time has passed, so a quick restart is
  // covered too) and every minute for a process that died while others kept running (DESIGN §10).
  // Its dead job, still 'active' in pg-boss until it expires, is cancelled in the same transaction.
  uow.defineGlobalJob(
    queue,
    'payroll.resumeStalled',
    async (scope) => {
      const jobs = await queue.unfinishedJobs(scope.global, 'payroll.process');
      const waiting = new Set(jobs.filter((j) => j.state !== 'active').map((j) => j.key));
      const outcomes = await services.payrollRun.resumeStalledRuns(scope, waiting);
      const dead = jobs.filter((j) => j.state === 'active' && outcomes.some((o) => o.runId === j.key)).map((j) => j.id);
      await queue.cancelDeadJobs(scope.global, 'payroll.process', dead);
      if (outcomes.length > 0) log.warn({ outcomes, cancelledJobs: dead }, 'payroll processing had lost its job: resumed or stopped');
    },
    { cron: { expression: '* * * * *', tz: 'UTC' }, retryLimit: 1, runAtStartAfterSeconds: [0, config.PAYROLL_STALL_SECONDS + 2] },
  );
  // After the finalize commit (never before it): the payslip PDFs and e-mails, as render and e-mail jobs.
  uow.defineTenantJob(queue, 'payroll.finalized', async (scope, data) => {
    const started = await services.payslipDocuments.startPayslipDocuments(scope, data.runId);
    log.info({ tenantId: scope.tenantId, runId: data.runId, ...started }, 'payroll finalized: payslip documents started');
  });
  // Tax declaration and POI windows: the 06:00 run per organisation (lock
  // windows past their lock date, send the reminders due today) and the release / lock notices.
  uow.defineGlobalJob(queue, 'taxWindows.schedule', async (scope) => void (await services.taxWindows.scheduleWindows(scope, clock.now())), {
    cron: { expression: '*/15 * * * *', tz: 'UTC' },
    retryLimit: 2,
  });
  uow.defineTenantJob(queue, 'taxWindows.tenant', async (scope, data) => {
    const done = await services.taxWindows.runTenantSchedule(scope, new Date(data.now));
    if (done.locked + done.sent > 0) log.info({ tenantId: scope.tenantId, ...done }, 'tax windows: locked and reminded');
  });
  uow.defineTenantJob(queue, 'taxWindows.notice', async (scope, data) => void (await services.taxWindows.sendNotice(scope, data)));
  // Exception logs: written after the failed request rolled back; kept 90 days.
  uow.defineTenantJob(queue, 'exceptionLogs.record', (scope, data) => services.exceptionLogs.record(scope, data), { retryLimit: 3 });
  uow.defineGlobalJob(queue, 'exceptionLogs.purge', async (scope) => {
    const deleted = await services.exceptionLogs.purge(scope, clock.now());
    if (deleted > 0) log.info({ deleted }, 'exception logs older than 90 days deleted');
  }, { cron: { expression: '41 1 * * *', tz: 'UTC' }, retryLimit: 2 });
  // Subscriptions: provider cancellations after the commit, the local provider's webhooks
  // through the same handler as Razorpay's, and the period ends every 15 minutes.
  queue.define({ name: 'subscriptions.providerCancel', run: (job) => services.subscriptions.providerCancel(job.data as JobPayloads['subscriptions.providerCancel']) });
  uow.defineGlobalJob(queue, 'subscriptions.localWebhook', async (scope, data) => {
    const result = await services.subscriptions.handleWebhook(scope, Buffer.from(data.rawBodyBase64, 'base64'), data.signature, data.eventId);
    log.debug({ eventId: data.eventId, result }, 'local payment webhook');
  });
  uow.defineGlobalJob(queue, 'subscriptions.lapse', async (scope) => {
    const changed = await services.subscriptions.lapse(scope);
    if (changed > 0) log.info({ changed }, 'subscriptions lapsed');
  }, { cron: { expression: '*/15 * * * *', tz: 'UTC' }, retryLimit: 2 });
  // Exit requests: at 06:00 IST every day, approved exits whose last working day has passed become relieved.
  uow.defineGlobalJob(queue, 'exits.relieve', async (scope) => void (await services.exitRequests.scheduleRelief(scope, clock.now())), {
    cron: { expression: '30 0 * * *', tz: 'UTC' },
    retryLimit: 2,
  });
  uow.defineTenantJob(queue, 'exits.relieve.tenant', async (scope, data) => {
    const relieved = await services.exitRequests.relieveDue(scope, data.today);
    if (relieved > 0) log.info({ tenantId: scope.tenantId, relieved }, 'exits relieved');
  });
  uow.defineTenantJob(queue, 'notifications.push', async (scope, data) => {
    services.notification.push(scope, data);
    log.debug({ tenantId: scope.tenantId, userId: data.userId }, 'notification pushed');
  });
}
