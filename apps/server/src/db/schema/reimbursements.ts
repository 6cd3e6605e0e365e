import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { files, users } from './people';
import { payrollRuns } from './payroll';

/**
 * Reimbursement types (payroll spec §3 "Reimbursement type"). `max_limit_paise` 0 is
 * "No Limit"; otherwise the most one employee may claim of the type in a financial year (pending and
 * approved claims count). `is_taxable` is our addition (docs/decisions/): paid as taxable salary.
 * Deleting a type hides it (`deleted_at`): its claims keep their type and their history.
 */
export const reimbursementTypes = pgTable(
  'reimbursement_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    maxLimitPaise: bigint('max_limit_paise', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isTaxable: boolean('is_taxable').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [tenantIsolation(), uniqueIndex('reimbursement_types_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`).where(sql`${t.deletedAt} IS NULL`)],
);

/**
 * An employee's claim (payroll spec §3 "Reimbursement request"): status 1 Pending,
 * 2 Approved, 3 Rejected, decided once. An approved claim is paid by the next payroll run: the run's
 * processing claims it (`claimed_run_id`, re-set on every re-processing of that draft) and its finalize
 * records the paying run (`paid_run_id`, `paid_month`). The database keeps a paid claim as it is, and
 * lets only a finalized run pay it (migration's hand-written part): a claim is paid once, by one run.
 */
export const reimbursementRequests = pgTable(
  'reimbursement_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => reimbursementTypes.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(1),
    /** The claim's date in the organisation's zone; its financial year is the one the type's limit counts in. */
    claimedOn: date('claimed_on', { mode: 'string' }).notNull(),
    financialYear: text('financial_year').notNull(),
    receiptFileId: uuid('receipt_file_id').references(() => files.id, { onDelete: 'restrict' }),
    remarks: text('remarks'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    claimedRunId: uuid('claimed_run_id').references(() => payrollRuns.id, { onDelete: 'restrict' }),
    paidRunId: uuid('paid_run_id').references(() => payrollRuns.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' of the paying run. */
    paidMonth: text('paid_month'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    index('reimbursement_requests_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('reimbursement_requests_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('reimbursement_requests_limit_idx').on(t.tenantId, t.userId, t.typeId, t.financialYear),
    index('reimbursement_requests_unpaid_idx').on(t.tenantId, t.userId).where(sql`${t.status} = 2 AND ${t.paidRunId} IS NULL`),
    index('reimbursement_requests_claimed_idx').on(t.tenantId, t.claimedRunId),
  ],
);
