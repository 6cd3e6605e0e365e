import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The challans (ITNS 281) the organisation deposited its salary TDS with: Form 24Q reports each
 * employee's deduction under one of them (Annexure I). `months` are the payroll months ('YYYY-MM',
 * one quarter) whose TDS the challan deposits. Amounts in paise.
 */
export const tdsChallans = pgTable(
  'tds_challans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    bsrCode: text('bsr_code').notNull(),
    depositedOn: date('deposited_on', { mode: 'string' }).notNull(),
    serialNumber: text('serial_number').notNull(),
    minorHead: text('minor_head', { enum: ['200', '400'] }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    surchargePaise: bigint('surcharge_paise', { mode: 'number' }).notNull(),
    cessPaise: bigint('cess_paise', { mode: 'number' }).notNull(),
    interestPaise: bigint('interest_paise', { mode: 'number' }).notNull(),
    feePaise: bigint('fee_paise', { mode: 'number' }).notNull(),
    othersPaise: bigint('others_paise', { mode: 'number' }).notNull(),
    months: text('months').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('tds_challans_identity').on(t.tenantId, t.bsrCode, t.depositedOn, t.serialNumber),
    index('tds_challans_tenant_deposited').on(t.tenantId, t.depositedOn),
  ],
);
