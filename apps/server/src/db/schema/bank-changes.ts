import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantIdColumn } from './platform';
import { users } from './people';
import { tenantIsolation } from './rls';

/**
 * A change of an employee's bank details waiting for a second person (issue 30 §4,
 * modules/bank-changes). The employee record keeps the details being paid; the requested ones live
 * here until a different administrator approves them, or — with no other administrator — until
 * `effective_at` (the 48-hour cooling period) passes and the job applies them. `current_*` are the
 * details the request replaced (what the bank file paid until then).
 *
 * status: pending → approved | rejected | applied (cooling period over) | superseded (a newer request).
 * At most one pending change per employee.
 */
export const bankDetailChanges = pgTable(
  'bank_detail_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    bankAccountNumber: text('bank_account_number'),
    bankName: text('bank_name'),
    ifscCode: text('ifsc_code'),
    accountHolderName: text('account_holder_name'),
    currentBankAccountNumber: text('current_bank_account_number'),
    currentBankName: text('current_bank_name'),
    currentIfscCode: text('current_ifsc_code'),
    currentAccountHolderName: text('current_account_holder_name'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** Set when no other administrator could approve: the change applies itself at this instant. */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** When the employee record took the requested details (approval or the cooling period's end). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('bank_detail_changes_one_pending_key').on(t.tenantId, t.userId).where(sql`status = 'pending'`),
    index('bank_detail_changes_tenant_status_idx').on(t.tenantId, t.status, t.requestedAt),
    index('bank_detail_changes_applied_idx').on(t.tenantId, t.userId, t.appliedAt),
  ],
);
