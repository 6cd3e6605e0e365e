import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * The organisation's employment-type settings (platform §3 "Saved value"): a value of a catalogue
 * setting (packages/contracts employment-settings.contract.ts) for a set of employment types (the
 * options of the Employment Type field). A setting may have several rows with different types.
 */
export const employmentTypeSettingValues = pgTable(
  'employment_type_setting_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    settingId: smallint('setting_id').notNull(),
    employmentTypeIds: uuid('employment_type_ids').array().notNull(),
    value: text('value').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), index('employment_type_setting_values_tenant_idx').on(t.tenantId, t.settingId)],
);

/**
 * An employee's resignation (docs/decisions/0143-exit-requests.md): pending → approved (with the last
 * working day) → relieved (the daily schedule, after the last working day); or pending → rejected /
 * withdrawn. At most one pending or approved request per employee (partial unique index).
 */
export const exitRequests = pgTable(
  'exit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    resignationDate: date('resignation_date', { mode: 'string' }).notNull(),
    noticePeriodDays: smallint('notice_period_days').notNull(),
    proposedLastWorkingDay: date('proposed_last_working_day', { mode: 'string' }).notNull(),
    requestedLastWorkingDay: date('requested_last_working_day', { mode: 'string' }).notNull(),
    lastWorkingDay: date('last_working_day', { mode: 'string' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionRemarks: text('decision_remarks'),
    relievedAt: timestamp('relieved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    index('exit_requests_tenant_status_idx').on(t.tenantId, t.status),
    index('exit_requests_user_idx').on(t.tenantId, t.userId),
    uniqueIndex('exit_requests_one_open_key').on(t.tenantId, t.userId).where(sql`status IN ('pending', 'approved')`),
    check('exit_requests_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected', 'withdrawn', 'relieved')`),
    check('exit_requests_approved_has_day', sql`${t.status} NOT IN ('approved', 'relieved') OR ${t.lastWorkingDay} IS NOT NULL`),
  ],
);
