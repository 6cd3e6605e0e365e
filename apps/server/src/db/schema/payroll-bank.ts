import { bigint, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BankFileFormat } from '@tankha/domain';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';
import { payrollRuns, payslips } from './payroll';

/**
 * The bank transfer of a finalized month. The payslips themselves never change
 * after finalize; what happens to their money lives here.
 */

/** One row per organisation, created on first save: the bank file's layout and the account salaries are debited from. */
export const payrollBankSettings = pgTable(
  'payroll_bank_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    template: text('template', { enum: ['plainCsv', 'controlCsv', 'xlsx'] })
      .notNull()
      .default('plainCsv'),
    debitAccountNumber: text('debit_account_number'),
    debitIfsc: text('debit_ifsc'),
    /** The bank file format the file is written in instead of the template: a bank preset's key, or one of the organisation's formats. */
    presetFormat: text('preset_format'),
    customFormatId: uuid('custom_format_id').references(() => payrollBankFormats.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/** An organisation's own bank file format (issue 28): the layout as data, rendered by the domain's renderBankFile. */
export const payrollBankFormats = pgTable(
  'payroll_bank_formats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<BankFileFormat>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('payroll_bank_formats_tenant_idx').on(t.tenantId)],
);

/**
 * One payment attempt of one payslip: created when a bank file first carries it ('sent'), and set
 * to 'paid' or 'failed' by the bank's return file. A failed payment re-exported is a new attempt
 * with a new reference; the latest attempt is the payslip's payment state. `reference` is what the
 * bank file and the return file name the payment by (SAL + YYMM + line + attempt).
 */
export const payrollPayments = pgTable(
  'payroll_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    payslipId: uuid('payslip_id')
      .notNull()
      .references(() => payslips.id, { onDelete: 'restrict' }),
    attempt: smallint('attempt').notNull(),
    reference: text('reference').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Where the money was sent: the masked account and the IFSC as the file carried them. */
    accountMasked: text('account_masked').notNull(),
    ifsc: text('ifsc').notNull(),
    status: text('status', { enum: ['sent', 'paid', 'failed'] })
      .notNull()
      .default('sent'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    /** The date the bank gave with the status, if any. */
    statusDate: date('status_date', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    statusRecordedAt: timestamp('status_recorded_at', { withTimezone: true }),
    statusRecordedBy: uuid('status_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The return file the status came from. */
    returnFileName: text('return_file_name'),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('payroll_payments_payslip_attempt_key').on(t.payslipId, t.attempt),
    uniqueIndex('payroll_payments_tenant_reference_key').on(t.tenantId, t.reference),
    index('payroll_payments_run_idx').on(t.tenantId, t.runId),
  ],
);

/**
 * A payout hold released after the month was finalized (payroll-rules §1a "Held salary is released
 * later"; DESIGN §10 "Payout holds outlive finalize"). The payslip and the hold stay as they were
 * (a finalized month never changes); this row says when and by whom the net pay was let go, and the
 * payment goes out in the month's "released" bank file. One release a payslip; never changed.
 */
export const payrollPayoutReleases = pgTable(
  'payroll_payout_releases',
  {
    tenantId: tenantIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'restrict' }),
    payslipId: uuid('payslip_id')
      .primaryKey()
      .references(() => payslips.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [tenantIsolation(), index('payroll_payout_releases_run_idx').on(t.tenantId, t.runId)],
);
