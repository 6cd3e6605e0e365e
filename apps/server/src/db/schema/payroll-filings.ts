import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * The ledger account each payroll component posts to in the month's journal:
 * one row per organisation and component. `section` is the payslip line's section (earning,
 * deduction, employer) or 'total' for the two lines that are totals (NET_PAY, EMPLOYER_EXPENSE);
 * `code` the line's code. A component without a row is unmapped, and its journal waits for it.
 */
export const payrollLedgerAccounts = pgTable(
  'payroll_ledger_accounts',
  {
    tenantId: tenantIdColumn(),
    section: text('section', { enum: ['earning', 'deduction', 'employer', 'total'] }).notNull(),
    code: text('code').notNull(),
    accountCode: text('account_code').notNull(),
    accountName: text('account_name').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.tenantId, t.section, t.code] })],
);
