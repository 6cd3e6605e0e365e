import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/** One printed line of a settlement statement (domain SettlementLine, amounts in paise). */
export interface StoredSettlementLine {
  code: string;
  section: 'payable' | 'recovery';
  label: string;
  amountPaise: number;
  explanation: string[];
}

/** What the statement prints besides its lines: the employee and the figures the lines were computed from. */
export interface StoredSettlementFacts {
  employee: { name: string; employeeNumber: string | null; designation: string | null; department: string | null; pan: string | null; dateOfJoining: string };
  servicePeriod: string;
  monthlyBasicPaise: number;
  monthlyDaPaise: number;
  monthlyGrossPaise: number;
  financialYear: string;
  regime: 0 | 1;
  /** How the final month's salary is paid (the payroll run of that month). */
  finalSalaryNote: string;
}

/**
 * Exits and their full-and-final settlement: draft (recorded, recomputed on every
 * change) → approved (figures frozen; users.date_of_leaving set, so the runs after the last working
 * day leave the employee out) → settled (paid on a date with a reference). One per employee.
 */
export const exitSettlements = pgTable(
  'exit_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'approved', 'settled'] }).notNull().default('draft'),
    reason: text('reason', { enum: ['resignation', 'termination', 'retirement', 'death', 'disablement'] }).notNull(),
    resignationDate: date('resignation_date', { mode: 'string' }),
    lastWorkingDay: date('last_working_day', { mode: 'string' }).notNull(),
    noticeRequiredDays: integer('notice_required_days').notNull().default(0),
    noticeServedDays: integer('notice_served_days').notNull().default(0),
    remarks: text('remarks'),
    payablePaise: bigint('payable_paise', { mode: 'number' }).notNull().default(0),
    recoveriesPaise: bigint('recoveries_paise', { mode: 'number' }).notNull().default(0),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull().default(0),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull().default(0),
    exemptPaise: bigint('exempt_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<StoredSettlementLine[]>().notNull().default([]),
    facts: jsonb('facts').$type<StoredSettlementFacts>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    settledOn: date('settled_on', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('exit_settlements_tenant_user_key').on(t.tenantId, t.userId), index('exit_settlements_tenant_status_idx').on(t.tenantId, t.status, t.lastWorkingDay)],
);
