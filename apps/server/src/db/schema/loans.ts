import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';
import { payrollRuns, payslips } from './payroll';

/**
 * Loans and salary advances to employees. Terms only: the schedule is computed
 * from them (domain computeLoanSchedule) and what was recovered lives in loan_recoveries. Rates are
 * basis points a year (850 = 8.50%), never a float. Status: active (repaid through the run), closed
 * (every instalment recovered in finalized months), cancelled (before anything was recovered).
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['loan', 'advance'] }).notNull(),
    purpose: text('purpose', { enum: ['personal', 'vehicle', 'housing', 'education', 'medical', 'other'] }).notNull(),
    principalPaise: bigint('principal_paise', { mode: 'number' }).notNull(),
    /** 'YYYY-MM': the first month whose run takes an instalment. */
    startMonth: text('start_month').notNull(),
    /** How the administrator gave the terms: the number of instalments, or the EMI. */
    termsBy: text('terms_by', { enum: ['instalments', 'emi'] }).notNull(),
    /** The schedule's length and regular instalment (both stored whichever was given). */
    instalments: smallint('instalments').notNull(),
    emiPaise: bigint('emi_paise', { mode: 'number' }).notNull(),
    annualRateBps: integer('annual_rate_bps').notNull().default(0),
    /** SBI's rate on 1 April for loans of the same purpose (rule 3(7)(i)); null when not recorded. */
    sbiRateBps: integer('sbi_rate_bps'),
    status: text('status', { enum: ['active', 'closed', 'cancelled'] }).notNull().default('active'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [tenantIsolation(), index('loans_tenant_user_idx').on(t.tenantId, t.userId, t.status)],
);

/**
 * What a payroll month did with a loan's instalment: recovered (amount, principal and interest
 * parts, balance after) or deferred (the pay could not cover it). Written with the payslip, removed
 * with it when a draft is processed again (ON DELETE CASCADE), frozen with the finalized month
 * (the payroll child guard of migration 0016). One row per loan and month, and an instalment is
 * recovered once: both are unique indexes, so the database itself refuses a second deduction.
 */
export const loanRecoveries = pgTable(
  'loan_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    payslipId: uuid('payslip_id')
      .notNull()
      .references(() => payslips.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' of the run. */
    month: text('month').notNull(),
    instalmentNo: smallint('instalment_no').notNull(),
    status: text('status', { enum: ['recovered', 'deferred'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    principalPaise: bigint('principal_paise', { mode: 'number' }).notNull(),
    interestPaise: bigint('interest_paise', { mode: 'number' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    /** The month's taxable value of the loan, s.17(2)(viii) with rule 3(7)(i). */
    perquisitePaise: bigint('perquisite_paise', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('loan_recoveries_loan_month_key').on(t.loanId, t.month),
    uniqueIndex('loan_recoveries_loan_instalment_key').on(t.loanId, t.instalmentNo).where(sql`status = 'recovered'`),
    index('loan_recoveries_tenant_user_idx').on(t.tenantId, t.userId, t.month),
    index('loan_recoveries_run_idx').on(t.runId),
  ],
);
