import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * How many years after a relieved employee's last working day the organisation keeps their personal data
 * before an administrator may erase it (packages/domain org/data-retention.ts). One row per organisation
 * once saved; before that RETENTION_YEARS.default applies.
 */
export const dataRetentionSettings = pgTable(
  'data_retention_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    retentionYears: smallint('retention_years').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), check('data_retention_settings_years_check', sql`${t.retentionYears} BETWEEN 3 AND 20`)],
);

/** A relieved employee whose personal data was erased: when and by whom (the audit log has the entry too). */
export const personalDataErasures = pgTable(
  'personal_data_erasures',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
    erasedBy: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.tenantId, t.userId] })],
);
