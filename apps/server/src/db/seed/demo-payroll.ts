import { sql } from 'drizzle-orm';
import {
  PAY_DAY_TYPES,
  PAY_PERIOD_TYPES,
  Role,
  featuresForRole,
  parseFeatureKeys,
  payrollAdjustmentInputSchema,
  payrollHoldInputSchema,
  payrollMarkPaidInputSchema,
  payrollSettingsInputSchema,
  type PayrollAdjustmentInput,
  type PayrollRun,
} from '@tankha/contracts';
import { addDaysToDate, addMonthsToMonth, dateInZone } from '@tankha/domain';
import { queryRows, type Db } from '../client';
import type { Clock } from '../../platform/clock';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Enqueue } from '../../platform/jobs/jobs';
import type { RequestContext, Scope } from '../../platform/tenancy';
import { UnitOfWork } from '../../platform/unit-of-work';
import { AttendanceService } from '../../modules/attendance/attendance.service';
import { LeaveService } from '../../modules/leave/leave.service';
import { PayrollLockService } from '../../modules/payroll-locks/payroll-locks.service';
import { PayrollRunService } from '../../modules/payroll/payroll-run.service';
import { PayrollSettingsService } from '../../modules/payroll/payroll-settings.service';
import type { PayslipDocumentService } from '../../modules/payroll/payslip-documents.service';
import { SalaryRevisionService } from '../../modules/salary/salary-revisions.service';
import { SalaryService } from '../../modules/salary/salary.service';
import { declarationsForRun } from '../../modules/declarations/declarations.service';

/** What the demo's payroll needs of the running app: its job queue, and the payslip documents' start. */
export interface DemoPayrollDeps {
  jobs: JobQueue;
  documents: Pick<PayslipDocumentService, 'progress' | 'progressOfRuns'>;
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
 * The demo organisation's payroll (issue 10 item 9): set up through the checklist with the last
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
export async function seedDemoPayroll(db: Db, tenantId: string, now: Date, deps: DemoPayrollDeps): Promise<void> {
  let instant = now;
  const clock: Clock = { now: () => instant };
  const locks = new PayrollLockService({ clock });
  const settings = new PayrollSettingsService({ clock });
  const salary = new SalaryService({ clock });
  const runs = new PayrollRunService({ clock, settings, salary, revisions: new SalaryRevisionService({ clock, salary }), attendance: new AttendanceService({ clock, locks }), leave: new LeaveService({ clock, locks }), locks, documents: deps.documents, declarations: { forRun: declarationsForRun } });
  const uow = new UnitOfWork(db, deps.jobs);

  const ctx = await administratorContext(db, tenantId);
  const request = <T>(fn: (scope: Scope) => Promise<T>): Promise<T> => uow.tenant(ctx, fn);
  const thisMonth = dateInZone(now, ctx.timeZone).slice(0, 7);
  const months = [addMonthsToMonth(thisMonth, -2), addMonthsToMonth(thisMonth, -1)] as const;
  const lastRunElsewhere = addMonthsToMonth(thisMonth, -3);

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
  instant = at(`${months[0]}-20`, '10:00');
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

  interface MonthPlan {
    month: string;
    items: [Person | undefined, Omit<PayrollAdjustmentInput, 'userId'>][];
    hold?: [Person | undefined, string];
    remark?: [Person | undefined, string];
    paid: boolean;
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
    },
  ];

  for (const plan of plans) {
    const { month } = plan;
    const open = await request((scope) => runs.current(scope));
    if (open.month !== month) throw new Error(`demo payroll: expected ${month} to be the open month, found ${open.month}`);
    // Reviewed and processed three days before the pay day, finalized two days before, paid on it.
    const payDate = open.payDate;
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
async function administratorContext(db: Db, tenantId: string): Promise<RequestContext> {
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
