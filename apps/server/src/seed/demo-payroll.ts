import { WorkLocationService } from '../modules/work-locations/work-locations.service';
import { sql } from 'drizzle-orm';
import {
  PAY_DAY_TYPES,
  PAY_PERIOD_TYPES,
  Role,
  featuresForRole,
  parseFeatureKeys,
  loanInputSchema,
  payrollAdjustmentInputSchema,
  payrollHoldInputSchema,
  payrollMarkPaidInputSchema,
  payrollSettingsInputSchema,
  type PayrollAdjustmentInput,
  type PayrollRun,
} from '@tankha/contracts';
import { addDaysToDate, addMonthsToMonth, dateInZone } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../platform/clock';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { Enqueue } from '../platform/jobs/jobs';
import type { RequestContext, Scope } from '../platform/tenancy';
import { UnitOfWork } from '../platform/unit-of-work';
import { AttendanceService } from '../modules/attendance/attendance.service';
import { LeaveService } from '../modules/leave/leave.service';
import { PayrollLockService } from '../modules/payroll-locks/payroll-locks.service';
import { PayrollBankService } from '../modules/payroll-bank/payroll-bank.service';
import { LoanService } from '../modules/payroll/loans.service';
import { PayrollRunService } from '../modules/payroll/payroll-run.service';
import { PayrollSettingsService } from '../modules/payroll/payroll-settings.service';
import type { PayslipDocumentService } from '../modules/payroll/payslip-documents.service';
import { SalaryRevisionService } from '../modules/salary/salary-revisions.service';
import { SalaryService } from '../modules/salary/salary.service';
import { ReimbursementService } from '../modules/reimbursements/reimbursements.service';
import type { FileStorage } from '../platform/files/file-storage';
import { seedDemoClaims, seedDemoReimbursementTypes, type DemoClaim } from './demo-reimbursements';
import { declarationsForRun } from '../modules/declarations/declarations.service';

/** What the demo's payroll needs of the running app: its job queue, and the payslip documents' start. */
export interface DemoPayrollDeps {
  jobs: JobQueue;
  documents: Pick<PayslipDocumentService, 'progress' | 'progressOfRuns'>;
}

/** `since`: the first month Tankha ran (default: the month before last); the months before the last two are run plainly. */
export interface DemoPayrollOptions {
  since?: string;
}

interface Person extends Record<string, unknown> {
  id: string;
  email: string;
  department: string | null;
}

/** The demo's other flows start from these people untouched (the leave and shift seeds skip them too). */
const KEEP_PLAIN = ['anita.rao@', 'vikram.nair@', 'rahul.sharma@', 'aditi.agarwal@', 'priya.iyer@', 'arjun.mehta@'];

/** An instant on a calendar date in the demo's zone (Asia/Kolkata, UTC+05:30, no daylight saving). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

/**
 * The demo organisation's payroll: set up through the checklist with the last
 * payroll month three months back, so that the two months before this one are run — each opened,
 * given one-time items (and, in the older one, a payout hold), processed, finalized (its payslip
 * PDFs and e-mails are then jobs of the running app) — the older one marked paid, and this month
 * left open as a draft.
 *
 * Everything goes through the payroll services, in units of work as the routes and the processing
 * job run them; the services get a clock the seed moves to each step's day (three working days
 * before the pay date, then the pay date), so the history reads as months run on time. Processing
 * is the 'payroll.process' job's own function (`processRun`), called here in its steps rather than
 * waited for on the queue. Nothing depends on the figures the month calculation produces.
 */
export async function seedDemoPayroll(db: Db, tenantId: string, now: Date, deps: DemoPayrollDeps, options: DemoPayrollOptions = {}): Promise<void> {
  let instant = now;
  const clock: Clock = { now: () => instant };
  const locks = new PayrollLockService({ clock });
  const settings = new PayrollSettingsService({ clock });
  const salary = new SalaryService({ clock, workLocations: new WorkLocationService({ locks }) });
  // The seed stores no receipts: no file is ever written through this storage.
  const noFiles: FileStorage = { putPending: () => Promise.reject(new Error('demo seed stores no files')), promote: () => Promise.resolve(false), get: () => Promise.resolve(null), open: () => Promise.resolve(null), remove: () => Promise.resolve(), list: () => Promise.resolve([]) };
  const reimbursements = new ReimbursementService({ clock, files: noFiles, locks });
  // Marking a month paid records its payments paid (no bank file is downloaded in the seed: nothing is logged).
  const payments = new PayrollBankService({ clock, reports: { record: () => Promise.reject(new Error('the demo seed logs no bank files')) }, bankChanges: { recentlyChanged: () => Promise.resolve(new Set<string>()) } });
  const runs = new PayrollRunService({
    clock,
    settings,
    salary,
    revisions: new SalaryRevisionService({ clock, salary, locks }),
    reimbursements,
    attendance: new AttendanceService({ clock, locks }),
    leave: new LeaveService({ clock, locks }),
    locks,
    documents: deps.documents,
    declarations: { forRun: declarationsForRun },
    payments,
  });
  const loans = new LoanService({ clock, runs });
  const uow = new UnitOfWork(db, deps.jobs);

  const ctx = await administratorContext(db, tenantId);
  const request = <T>(fn: (scope: Scope) => Promise<T>): Promise<T> => uow.tenant(ctx, fn);
  const thisMonth = dateInZone(now, ctx.timeZone).slice(0, 7);
  const months = [addMonthsToMonth(thisMonth, -2), addMonthsToMonth(thisMonth, -1)] as const;
  const first = options.since !== undefined && options.since < months[0] ? options.since : months[0];
  const lastRunElsewhere = addMonthsToMonth(first, -1);

  const people = await queryRows<Person>(db, sql`
    SELECT u.id, u.email, d.name AS department
      FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE u.tenant_id = ${tenantId} AND u.status = 1 ORDER BY u.employee_number`);
  const of = (department: string) => people.filter((p) => p.department === department && !KEEP_PLAIN.some((prefix) => p.email.startsWith(prefix)));
  const [engineerA, engineerB] = of('Engineering');
  const [salesA, salesB, salesC] = of('Sales');
  const [finance] = of('Finance').slice(-1);

  // The checklist: settings (days in month, paid on the last working day), the three steps, then
  // 'Complete Payroll Setup', a little before the first month's pay day.
  instant = at(`${first}-20`, '10:00');
  await request(async (scope) => {
    await settings.save(
      scope,
      payrollSettingsInputSchema.parse({
        payPeriodType: PAY_PERIOD_TYPES.DaysInMonth,
        payDayType: PAY_DAY_TYPES.LastWorkingDay,
        lastPayrollRunMonth: Number(lastRunElsewhere.slice(5, 7)),
        lastPayrollYear: Number(lastRunElsewhere.slice(0, 4)),
      }),
    );
    await settings.completeStep(scope, 'salaryComponents');
    if (ctx.planFeatures.includes('StatutoryComponents')) await settings.completeStep(scope, 'statutoryComponents');
    await settings.markCompleted(scope);
    await runs.completeSetup(scope);
  });
  const reimbursementTypes = await request((scope) => seedDemoReimbursementTypes(scope, reimbursements));
  const approve = { status: 2 as const, remarks: 'Bills checked' };

  // The months before the month before last (with `since`): each processed, finalized and paid on
  // time, nothing added — the last financial year complete for its Form 16.
  for (let month = first; month < months[0]; month = addMonthsToMonth(month, 1)) {
    const open = await request((scope) => runs.current(scope));
    if (open.month !== month) throw new Error(`demo payroll: expected ${month} to be the open month, found ${open.month}`);
    instant = at(addDaysToDate(open.payDate, -3), '11:00');
    await processMonth(open.id);
    instant = at(addDaysToDate(open.payDate, -2), '16:30');
    await request((scope) => runs.finalize(scope, open.id));
    instant = at(open.payDate, '10:15');
    await request((scope) => runs.markPaid(scope, open.id, payrollMarkPaidInputSchema.parse({ paidOn: open.payDate, reference: `HDFC NEFT batch SAL${month.replace('-', '')}-0427` })));
  }

  // Loans and advances, repaid from the first month Tankha runs: a vehicle loan below
  // the SBI rate (a perquisite for tax), an interest-free salary advance, and a medical loan (no perquisite).
  await request(async (scope) => {
    const demoLoans: [Person | undefined, Record<string, unknown>][] = [
      [engineerA, { kind: 'loan', purpose: 'vehicle', amount: 1_50_000, termsBy: 'instalments', instalments: 24, interestRate: 6, sbiRate: 9.25, note: 'Two-wheeler purchase' }],
      [salesB, { kind: 'advance', purpose: 'personal', amount: 30_000, termsBy: 'emi', emi: 10_000, interestRate: 0, sbiRate: 11.5, note: 'Festival advance' }],
      [finance, { kind: 'loan', purpose: 'medical', amount: 60_000, termsBy: 'instalments', instalments: 12, interestRate: 0, note: 'Treatment of a parent' }],
    ];
    for (const [who, terms] of demoLoans) if (who) await loans.create(scope, loanInputSchema.parse({ ...terms, userId: who.id, startMonth: months[0] }));
  });

  interface MonthPlan {
    month: string;
    items: [Person | undefined, Omit<PayrollAdjustmentInput, 'userId'>][];
    hold?: [Person | undefined, string];
    remark?: [Person | undefined, string];
    paid: boolean;
    /** Claimed and decided five days before the pay day: the month's run pays the approved ones. */
    claims: DemoClaim[];
  }
  const plans: MonthPlan[] = [
    {
      month: months[0],
      items: [
        [engineerA, { kind: 'earning', category: 'bonus', label: 'Performance bonus', amount: 15_000 }],
        [salesA, { kind: 'earning', category: 'incentive', label: 'Sales incentive', amount: 12_500 }],
        [salesB, { kind: 'earning', category: 'incentive', label: 'Sales incentive', amount: 8_000 }],
      ],
      hold: [finance, 'Salary account change awaiting the bank’s confirmation'],
      paid: true,
      claims: [
        { userId: engineerA?.id, type: 'Travel', amount: 3_450, reason: 'Cab fares for the Hosur plant visit', decision: approve },
        { userId: salesA?.id, type: 'Internet & Phone', amount: 999, reason: 'Mobile bill, client calls', decision: approve },
      ],
    },
    {
      month: months[1],
      items: [
        [salesA, { kind: 'earning', category: 'incentive', label: 'Sales incentive', amount: 9_500 }],
        [salesC, { kind: 'earning', category: 'incentive', label: 'Sales incentive', amount: 14_000 }],
        [engineerB, { kind: 'deduction', category: 'loanRecovery', label: 'Salary advance recovery', amount: 5_000 }],
      ],
      remark: [salesC, 'Incentive for two enterprise renewals closed this quarter'],
      paid: false,
      claims: [
        { userId: salesB?.id, type: 'Travel', amount: 2_180.5, reason: 'Train tickets to Mysuru for the distributor meeting', decision: approve },
        { userId: engineerB?.id, type: 'Fuel', amount: 4_000, reason: 'Own car to the data centre, 3 trips', decision: approve },
      ],
    },
  ];

  for (const plan of plans) {
    const { month } = plan;
    const open = await request((scope) => runs.current(scope));
    if (open.month !== month) throw new Error(`demo payroll: expected ${month} to be the open month, found ${open.month}`);
    // Reviewed and processed three days before the pay day, finalized two days before, paid on it.
    const payDate = open.payDate;
    instant = at(addDaysToDate(payDate, -5), '12:00');
    await seedDemoClaims(request, reimbursements, reimbursementTypes, plan.claims);
    instant = at(addDaysToDate(payDate, -3), '11:00');
    await request(async (scope) => {
      for (const [who, item] of plan.items) if (who) await runs.addAdjustment(scope, open.id, payrollAdjustmentInputSchema.parse({ ...item, userId: who.id }));
      if (plan.hold?.[0]) await runs.setHold(scope, open.id, plan.hold[0].id, payrollHoldInputSchema.parse({ kind: 'payout', reason: plan.hold[1] }));
    });
    await processMonth(open.id);
    if (plan.remark?.[0]) {
      const [who, remark] = plan.remark;
      await request((scope) => runs.setRemark(scope, open.id, who.id, remark));
    }
    instant = at(addDaysToDate(payDate, -2), '16:30');
    // Finalizing enqueues 'payroll.finalized', whose job starts the PDFs and e-mails once the app's workers run.
    await request((scope) => runs.finalize(scope, open.id));
    if (plan.paid) {
      instant = at(payDate, '10:15');
      const reference = `HDFC NEFT batch SAL${month.replace('-', '')}-0427`;
      await request((scope) => runs.markPaid(scope, open.id, payrollMarkPaidInputSchema.parse({ paidOn: payDate, reference })));
    }
  }

  // This month: an approved claim the draft will pay, two pending and one rejected.
  instant = new Date(now.getTime() - 2 * 60 * 60 * 1000);
  await seedDemoClaims(request, reimbursements, reimbursementTypes, [
    { userId: engineerA?.id, type: 'Travel', amount: 5_600, reason: 'Flight to Pune for the customer workshop', decision: approve },
    { userId: salesA?.id, type: 'Fuel', amount: 2_000, reason: 'Weekend drive to Coorg', decision: { status: 3, remarks: 'Personal trip, not official travel' } },
    { userId: salesC?.id, type: 'Meals', amount: 1_250, reason: 'Dinner with the Infotech buyers after the demo' },
    { userId: finance?.id, type: 'Internet & Phone', amount: 800, reason: 'Broadband bill while working from home' },
  ]);
  instant = now;
  const draft = await request((scope) => runs.current(scope));
  if (draft.month !== thisMonth || draft.status !== 'draft') throw new Error(`demo payroll: expected a draft for ${thisMonth}, found ${draft.month} (${draft.status})`);

  /** POST /PayrollRuns/:id/process, then the job's work in its own steps (the seed does not wait on the queue). */
  async function processMonth(runId: string): Promise<PayrollRun> {
    await request((scope) => runs.startProcessing(withoutProcessJob(scope), runId));
    await runs.processRun((fn) => uow.tenantJob(tenantId, fn), runId);
    const run = await request((scope) => runs.get(scope, runId));
    if (run.status !== 'processed') throw new Error(`demo payroll: ${run.month} did not process: ${run.lastError ?? run.status}`);
    return run;
  }
}

/** The scope with the 'payroll.process' job left out: the seed runs that job's function itself. */
function withoutProcessJob(scope: Scope): Scope {
  const enqueue: Enqueue = (name, data, options) => {
    if (name !== 'payroll.process') scope.enqueue(name, data, options);
  };
  return { ...scope, enqueue };
}

/** The demo administrator's request context, as a signed-in request of theirs would have it. */
export async function administratorContext(db: Db, tenantId: string): Promise<RequestContext> {
  const [row] = await queryRows<{ user_id: string; account_id: string; time_zone: string; feature_keys: string[] | null }>(db, sql`
    SELECT u.id AS user_id, u.account_id, t.time_zone, p.feature_keys
      FROM users u
      JOIN tenants t ON t.id = u.tenant_id
      LEFT JOIN subscriptions s ON s.tenant_id = t.id AND s.status = 'active'
      LEFT JOIN plans p ON p.id = s.plan_id
     WHERE u.tenant_id = ${tenantId} AND u.role_id = ${Role.Administrator} AND u.account_id IS NOT NULL
     ORDER BY u.employee_number LIMIT 1`);
  if (!row) throw new Error('demo payroll: the demo has no administrator');
  const planFeatures = parseFeatureKeys(row.feature_keys);
  return {
    tenantId,
    userId: row.user_id,
    accountId: row.account_id,
    sessionId: 'demo-seed',
    roleId: Role.Administrator,
    planFeatures,
    features: featuresForRole(planFeatures, Role.Administrator),
    hasActiveSubscription: row.feature_keys !== null,
    timeZone: row.time_zone,
  };
}
