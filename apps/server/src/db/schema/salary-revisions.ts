import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';
import { payrollRuns } from './payroll';

/**
 * Salary revisions: each change of an employee's salary structure made with an
 * effective date. The current tables (users.annual_ctc_paise, user_earnings, user_deductions) keep the
 * latest structure; this row keeps what it replaced and what it became (`previous`, `next`: the
 * structure engine's earnings and deductions with their monthly amounts), so the payroll run can
 * recompute finalized months since `effective_from` and pay the difference as arrears.
 * `arrears_run_id` is the run that paid them, set when that run is finalized (once: a revision's
 * arrears are paid once; re-processing a draft recomputes them).
 */
export const salaryRevisions = pgTable(
  'salary_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    previousAnnualCtcPaise: bigint('previous_annual_ctc_paise', { mode: 'number' }),
    annualCtcPaise: bigint('annual_ctc_paise', { mode: 'number' }).notNull(),
    /** SalarySnapshot (salary-revisions.service.ts) of the structure before the revision; null when there was none. */
    previous: jsonb('previous'),
    /** SalarySnapshot of the structure from effective_from. */
    next: jsonb('next').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    arrearsRunId: uuid('arrears_run_id').references(() => payrollRuns.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' of the run that paid the arrears. */
    arrearsMonth: text('arrears_month'),
    /** Σ arrears earnings on that run's payslip for the employee. */
    arrearsPaise: bigint('arrears_paise', { mode: 'number' }),
  },
  (t) => [tenantIsolation(), index('salary_revisions_user_idx').on(t.tenantId, t.userId, t.effectiveFrom)],
);
