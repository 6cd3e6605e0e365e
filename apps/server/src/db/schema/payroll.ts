import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { files, users } from './people';

/**
 * Payroll settings and setup state (people spec §2.9, §3 "Payroll settings"; platform spec §2.6).
 * One row per organisation, created on first save. Pay day -1 is the last working day.
 * lastPayrollRunMonth/Year are set once (confirm dialog) and read-only afterwards.
 */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    /** 1 days in month, 2 fixed range. */
    payPeriodType: smallint('pay_period_type').notNull().default(1),
    payStartDay: smallint('pay_start_day'),
    payEndDay: smallint('pay_end_day'),
    /** 0 last working day, 1 day of month. */
    payDayType: smallint('pay_day_type').notNull().default(0),
    payDay: smallint('pay_day').notNull().default(-1),
    lastPayrollRunMonth: smallint('last_payroll_run_month'),
    lastPayrollYear: smallint('last_payroll_year'),
    /** Setup checklist steps (platform §2.6): each marked done by its page. */
    salaryComponentsDone: boolean('salary_components_done').notNull().default(false),
    statutoryComponentsDone: boolean('statutory_components_done').notNull().default(false),
    settingsDone: boolean('settings_done').notNull().default(false),
    /** 'Complete Payroll Setup' sets it; the payroll run is available only when true. */
    isPayrollEnabled: boolean('is_payroll_enabled').notNull().default(false),
    /**
     * Payslip PDFs (downloaded and e-mailed) open only with the employee's password: the first five
     * letters of the PAN and the date of birth as DDMM. Stored PDFs are rendered with it.
     */
    protectPayslipPdfs: boolean('protect_payslip_pdfs').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/**
 * One payroll month (DESIGN §10): draft → processing → processed → finalized → paid. Totals are
 * paise, written when processing ends. Once finalized, only the move to paid (paid_on,
 * payment_reference) may change a row, and nothing may be deleted (trigger, migration 0016).
 */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    payDate: date('pay_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'processing', 'processed', 'finalized', 'paid'] })
      .notNull()
      .default('draft'),
    employeeCount: integer('employee_count').notNull().default(0),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull().default(0),
    deductionsPaise: bigint('deductions_paise', { mode: 'number' }).notNull().default(0),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull().default(0),
    employerCostPaise: bigint('employer_cost_paise', { mode: 'number' }).notNull().default(0),
    /** Live progress of processing: employees done of total. */
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** Why the last processing failed, if it did (shown on the run page). */
    lastError: text('last_error'),
    /**
     * The processing job's last sign of life: set when processing starts or is resumed and by every
     * chunk it commits. A run processing with this older than PAYROLL_STALL_SECONDS and none of its
     * chunks (payroll_run_chunks) claimed by a live transaction lost its jobs (their processes died)
     * and is resumed by 'payroll.resumeStalled'.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** When processing was last resumed by itself after its job stopped, and where it stood then. */
    autoResumedAt: timestamp('auto_resumed_at', { withTimezone: true }),
    autoResumedFrom: integer('auto_resumed_from'),
    /** Automatic resumes since a chunk last committed: a run that dies at the same place again and again stops after three. */
    autoResumes: integer('auto_resumes').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    finalizedBy: uuid('finalized_by').references(() => users.id, { onDelete: 'set null' }),
    paidOn: date('paid_on', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('payroll_runs_tenant_month_key').on(t.tenantId, t.month)],
);

/**
 * A hold on one employee in one run (payroll-rules §1): 'payout' keeps the employee in PF/ESI/PT/TDS
 * and holds only the transfer; 'processing' leaves the employee out of the month.
 */
export const payrollHolds = pgTable(
  'payroll_holds',
  {
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payout', 'processing'] }).notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.runId, t.userId] }), index('payroll_holds_tenant_idx').on(t.tenantId)],
);

/**
 * The chunks of a run's processing (DESIGN §10): planned when processing starts, one row per range of
 * employee ids (after_user_id, through_user_id], null ends open. Any process's 'payroll.process' job
 * claims the next chunk not done with FOR UPDATE SKIP LOCKED inside the chunk's own transaction, so
 * chunks run in parallel in different processes, a claim dies with its process (its transaction rolls
 * back, the row is free again) and done_at commits with the chunk's payslips. claimed_by names the
 * process that computed it (host:pid): the split between processes, shown.
 */
export const payrollRunChunks = pgTable(
  'payroll_run_chunks',
  {
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    afterUserId: uuid('after_user_id'),
    throughUserId: uuid('through_user_id'),
    /** Employees the chunk went through (with or without a payslip), once done. */
    employees: integer('employees'),
    claimedBy: text('claimed_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.runId, t.seq] }), index('payroll_run_chunks_tenant_idx').on(t.tenantId)],
);

/**
 * Pay of a month an employee was excluded from processing (a processing hold that finalize kept: no
 * payslip that month) brought into a later open month as arrears (DESIGN §10, a month's life): one
 * row per excluded month and employee, so it is brought in once. The paying run computes the lines
 * (payroll-excluded.ts) each time it processes the employee; the excluded month never changes.
 */
export const payrollExcludedPay = pgTable(
  'payroll_excluded_pay',
  {
    tenantId: tenantIdColumn(),
    /** The closed month the employee was excluded from. */
    excludedRunId: uuid('excluded_run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The later month whose payslip pays it. */
    payingRunId: uuid('paying_run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.excludedRunId, t.userId] }), index('payroll_excluded_pay_paying_idx').on(t.tenantId, t.payingRunId)],
);

/** One-time earnings and deductions for one employee in one run (bonus, incentive, loan recovery, other). */
export const payrollAdjustments = pgTable(
  'payroll_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['earning', 'deduction'] }).notNull(),
    category: text('category', { enum: ['bonus', 'incentive', 'loanRecovery', 'other'] }).notNull(),
    label: text('label').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Earnings: counted in taxable salary for TDS. */
    taxable: boolean('taxable').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('payroll_adjustments_run_idx').on(t.tenantId, t.runId, t.userId)],
);

/** The reviewer's reason for an employee's variance against last month. */
export const payrollRemarks = pgTable(
  'payroll_remarks',
  {
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remark: text('remark').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.runId, t.userId] }), index('payroll_remarks_tenant_idx').on(t.tenantId)],
);

/**
 * One employee's month in one run: the output of the one calculation path (DESIGN §10). `employee`
 * is the snapshot printed on the payslip (name, number, designation, department, PAN, UAN, ESI
 * number, masked bank account, date of joining); `ytd` the financial-year totals including this
 * month. Immutable once the run is finalized (trigger, migration 0016).
 */
export const payslips = pgTable(
  'payslips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    month: text('month').notNull(),
    /** 'payout' when the transfer is held; statutory and TDS are still computed. */
    holdKind: text('hold_kind', { enum: ['payout'] }),
    employee: jsonb('employee').notNull(),
    daysInPeriod: numeric('days_in_period', { precision: 5, scale: 1 }).notNull(),
    payableDays: numeric('payable_days', { precision: 5, scale: 1 }).notNull(),
    lopDays: numeric('lop_days', { precision: 5, scale: 1 }).notNull(),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    deductionsPaise: bigint('deductions_paise', { mode: 'number' }).notNull(),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull(),
    employerCostPaise: bigint('employer_cost_paise', { mode: 'number' }).notNull(),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull(),
    taxRegime: smallint('tax_regime').notNull(),
    ytd: jsonb('ytd').notNull(),
    /** How this month's TDS was reached (EmployeeMonthResult.tdsExplanation). */
    tdsExplanation: jsonb('tds_explanation').notNull(),
    /** Statutory wage bases for the returns (ECR, ESIC): { pfWagePaise, epsWagePaise, edliWagePaise, esiWagePaise }. */
    wages: jsonb('wages').notNull(),
    /**
     * The loss of pay per date this payslip paid for: its own month and every earlier finalized month
     * whose LOP it corrected ({ 'YYYY-MM': { 'YYYY-MM-DD': 1 | 0.5 } }). A later month compares a
     * month's LOP now with the latest of these to find what changed after finalize. Null on payslips
     * made before it was kept: those months are not corrected.
     */
    lopByMonth: jsonb('lop_by_month'),
    /**
     * Σ of the payslip's reimbursement lines (earnings REIMBURSEMENT_LINE_CODES), written with the lines:
     * what the run's warnings read (the deduction share's wages) without going through 20 lines a payslip.
     * Null on payslips of months finalized before it was kept (migration 0056): read from the lines then.
     */
    reimbursedPaise: bigint('reimbursed_paise', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('payslips_run_user_key').on(t.runId, t.userId),
    index('payslips_user_month_idx').on(t.tenantId, t.userId, t.month),
  ],
);

/**
 * A payslip's lines in print order. section: 'earning' | 'deduction' | 'employer' (contributions
 * not deducted from pay). `explanation` holds the lines that show how the amount was computed.
 */
export const payslipLines = pgTable(
  'payslip_lines',
  {
    tenantId: tenantIdColumn(),
    payslipId: uuid('payslip_id')
      .notNull()
      .references(() => payslips.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    section: text('section', { enum: ['earning', 'deduction', 'employer'] }).notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    explanation: jsonb('explanation').notNull(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.payslipId, t.seq] }), index('payslip_lines_tenant_idx').on(t.tenantId)],
);

/**
 * The stored PDF of a finalized payslip (rendered once, after the finalize commit, by a job) and
 * when its e-mail went out. Separate from `payslips` so the payslip itself never changes.
 */
export const payslipDocuments = pgTable(
  'payslip_documents',
  {
    tenantId: tenantIdColumn(),
    payslipId: uuid('payslip_id')
      .primaryKey()
      .references(() => payslips.id, { onDelete: 'restrict' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The stored PDF opens only with the employee's password (payroll_settings.protect_payslip_pdfs when it was rendered). */
    passwordProtected: boolean('password_protected').notNull().default(false),
  },
  (t) => [tenantIsolation(), index('payslip_documents_run_idx').on(t.tenantId, t.runId)],
);

/**
 * The reports log: one row per payroll output generated for a month — register,
 * bank transfer file, EPF ECR, ESIC, PT, LWF, journal, bank return file, settlement statement —
 * with who generated it and when. `summary` carries the file's control figures (employees,
 * total) so the Reports page can show them without regenerating the file.
 */
export const payrollReports = pgTable(
  'payroll_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    runId: uuid('run_id').references(() => payrollRuns.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM': the payroll month the output belongs to. */
    month: text('month').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    summary: jsonb('summary').notNull().default({}),
    generatedBy: uuid('generated_by').references(() => users.id, { onDelete: 'set null' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('payroll_reports_tenant_month_idx').on(t.tenantId, t.month, t.generatedAt)],
);
