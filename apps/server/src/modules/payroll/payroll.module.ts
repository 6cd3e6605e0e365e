import { defineModule, provide } from '../module';
import { PayslipDocumentService } from './payslip-documents.service';
import { PayrollSettingsService } from './payroll-settings.service';
import { PayrollRunService, processJobRunId } from './payroll-run.service';
import { PayslipService } from './payslips.service';
import { SettlementService } from './settlement.service';
import { LoanService } from './loans.service';
import { payslipDocumentRoutes } from './payslip-documents.routes';
import { payrollRoutes } from './payroll.routes';
import { settlementRoutes } from './settlement.routes';
import { loanRoutes } from './loans.routes';

declare module '../module' {
  interface Services {
    payslipDocuments: PayslipDocumentService;
    payrollSettings: PayrollSettingsService;
    payrollRun: PayrollRunService;
    payslip: PayslipService;
    settlement: SettlementService;
    loans: LoanService;
  }
}

/** Payroll settings, the run (DESIGN §10), payslips and their PDFs, loans, exits and settlement. */
export const payrollModule = defineModule({
  name: 'payroll',
  services: {
    payslipDocuments: provide(
      ['payrollReports'],
      ({ clock, files, config, payrollReports }) => new PayslipDocumentService({ clock, files, config, reports: payrollReports }),
    ),
    payrollSettings: provide([], ({ clock }) => new PayrollSettingsService({ clock })),
    payrollRun: provide(
      [
        'payrollSettings',
        'salary',
        'salaryRevisions',
        'reimbursements',
        'attendance',
        'leave',
        'payrollLocks',
        'payslipDocuments',
        'declarations',
        'payrollBank',
      ],
      (d) =>
        new PayrollRunService({
          clock: d.clock,
          settings: d.payrollSettings,
          salary: d.salary,
          revisions: d.salaryRevisions,
          reimbursements: d.reimbursements,
          attendance: d.attendance,
          leave: d.leave,
          locks: d.payrollLocks,
          documents: d.payslipDocuments,
          declarations: d.declarations,
          payments: d.payrollBank,
          stallSeconds: d.config.PAYROLL_STALL_SECONDS,
          processJobs: d.config.PAYROLL_PROCESS_JOBS,
          ...(d.config.PAYROLL_CHUNK_SIZE ? { chunkSize: d.config.PAYROLL_CHUNK_SIZE } : {}),
        }),
    ),
    payslip: provide([], () => new PayslipService()),
    settlement: provide(
      ['leave', 'payrollRun', 'payrollReports', 'reimbursements', 'loans', 'salary', 'employmentSettings'],
      ({ clock, salary, leave, payrollRun, payrollReports, files, reimbursements, loans, employmentSettings }) =>
        new SettlementService({ clock, salary, leave, runs: payrollRun, reports: payrollReports, files, reimbursements, loans, employmentSettings }),
    ),
    loans: provide(['payrollRun'], ({ clock, payrollRun }) => new LoanService({ clock, runs: payrollRun })),
  },
  routes: [payslipDocumentRoutes, payrollRoutes, settlementRoutes, loanRoutes],
  jobs: ({ uow, queue, services, log, config }) => {
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
    // Payslip passwords changed: a rerender job per stored PDF of an issued month it touches.
    uow.defineTenantJob(queue, 'payroll.payslips.reprotect', async (scope, data) => void (await services.payslipDocuments.reprotectPayslips(scope, data)));
    // Payroll (DESIGN §10): processing in chunks, each chunk its own transaction (resumable).
    // At shutdown the chunk in flight commits and the job is handed back (retried from the committed chunks).
    uow.defineSteppedTenantJob(queue, 'payroll.process', (steps, data) => services.payrollRun.processRun(steps, data.runId), {
      retryLimit: 3,
      expireInSeconds: 30 * 60,
      handBackAtShutdown: true,
    });
    // A run whose processing job died with its process (kill -9, a crash, a deploy) is found by its stale
    // heartbeat and resumed: at start (again once the stall time has passed, so a quick restart is
    // covered too) and every minute for a process that died while others kept running (DESIGN §10).
    // Its dead job, still 'active' in pg-boss until it expires, is cancelled in the same transaction.
    uow.defineGlobalJob(
      queue,
      'payroll.resumeStalled',
      async (scope) => {
        const jobs = await queue.unfinishedJobs(scope.global, 'payroll.process');
        const waiting = new Set(jobs.filter((j) => j.state !== 'active').map((j) => processJobRunId(j.key)));
        const outcomes = await services.payrollRun.resumeStalledRuns(scope, waiting);
        const dead = jobs.filter((j) => j.state === 'active' && outcomes.some((o) => o.runId === processJobRunId(j.key))).map((j) => j.id);
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
  },
});
